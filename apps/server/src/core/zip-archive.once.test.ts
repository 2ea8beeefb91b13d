import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildScormPackage, type RawZipEntry, writeZip } from '../testing/scorm/build-package.ts';
import { normaliseZipPath, openZip, readZipDirectory, ZIP_LIMITS, ZipRefused } from './zip-archive.ts';

const MB = 1024 * 1024;

async function reason(zip: Buffer, limits = ZIP_LIMITS): Promise<string> {
  try {
    await openZip(zip, limits);
  } catch (err) {
    if (err instanceof ZipRefused) return err.reason;
    throw err;
  }
  return 'ACCEPTED';
}

const file = (name: string, data: string | Buffer = 'x', extra: Partial<RawZipEntry> = {}): RawZipEntry => ({
  name,
  data,
  ...extra,
});

describe('openZip', () => {
  it('lists the files of an honest archive (folders left out) and reads them back', async () => {
    const zip = buildScormPackage('SCORM_12');
    const checked = await openZip(zip);
    expect(checked.files.map((f) => f.path)).toEqual(['imsmanifest.xml', 'sco/index.html', 'sco/style.css']);
    const css = checked.find('SCO/Style.css')!;
    expect((await checked.read(css)).toString()).toBe('body { font-family: sans-serif; }\n');
    expect(checked.inflatedBytes).toBe(checked.files.reduce((n, f) => n + f.size, 0));
    const streamed: Buffer[] = [];
    for await (const chunk of checked.stream(css)) streamed.push(chunk as Buffer);
    expect(Buffer.concat(streamed).toString()).toContain('sans-serif');
  });

  it('reads stored (method 0) entries', async () => {
    const checked = await openZip(writeZip([file('a.txt', 'hello', { method: 0 })]));
    expect((await checked.read(checked.files[0]!)).toString()).toBe('hello');
  });

  it('refuses more entries than the limit', async () => {
    const entries = Array.from({ length: 11 }, (_, i) => file(`f${i}.txt`, 'x', { method: 0 }));
    expect(await reason(writeZip(entries), { ...ZIP_LIMITS, maxEntries: 10 })).toBe('TOO_MANY_ENTRIES');
    expect(await reason(writeZip(entries.slice(0, 10)), { ...ZIP_LIMITS, maxEntries: 10 })).toBe('ACCEPTED');
  });

  it('refuses an entry packed more than 200:1, but not a small file of spaces', async () => {
    expect(await reason(writeZip([file('zeros.bin', Buffer.alloc(2 * MB))]))).toBe('TOO_LARGE_INFLATED');
    expect(await reason(writeZip([file('spaces.txt', ' '.repeat(60_000))]))).toBe('ACCEPTED');
  });

  it('refuses an entry larger than the per-entry limit, and archives larger than the total', async () => {
    const random = randomBytes(300_000);
    const limits = { ...ZIP_LIMITS, maxEntryInflated: 200_000 };
    expect(await reason(writeZip([file('big.bin', random)]), limits)).toBe('TOO_LARGE_INFLATED');
    const total = { ...ZIP_LIMITS, maxTotalInflated: 500_000 };
    expect(await reason(writeZip([file('a.bin', random), file('b.bin', random)]), total)).toBe('TOO_LARGE_INFLATED');
    expect(await reason(writeZip([file('a.bin', random)]), total)).toBe('ACCEPTED');
  });

  it('stops an entry that unpacks to more than it declares (limits hold on the bytes inflated)', async () => {
    const liar = writeZip([file('zeros.bin', Buffer.alloc(20 * MB), { claimedSize: 1000 })]);
    const started = performance.now();
    expect(await reason(liar)).toBe('TOO_LARGE_INFLATED');
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('refuses an entry that unpacks to less than it declares, or whose checksum is wrong', async () => {
    expect(await reason(writeZip([file('a.txt', 'hello world', { claimedSize: 12 })]))).toBe('DAMAGED_ARCHIVE');
    const zip = writeZip([file('a.txt', 'hello world')]);
    const entry = readZipDirectory(zip, { maxEntries: 10 })[0]!;
    zip.writeUInt32LE((entry.crc ^ 1) >>> 0, entry.localOffset + 14);
    // the central directory's CRC is changed too, so that headers still agree
    const cd = zip.length - 22 - 46 - 5;
    zip.writeUInt32LE((entry.crc ^ 1) >>> 0, cd + 16);
    expect(await reason(zip)).toBe('DAMAGED_ARCHIVE');
  });

  it('accepts only stored and deflated entries, never encrypted ones', async () => {
    expect(await reason(writeZip([file('a.bz2', 'BZh9', { method: 12 })]))).toBe('UNSUPPORTED_COMPRESSION');
    expect(await reason(writeZip([file('a.txt', 'x', { flags: 1 })]))).toBe('UNSUPPORTED_COMPRESSION');
  });

  it.each([
    ['../evil.html'],
    ['a/../../evil.html'],
    ['a/..'],
    ['/etc/passwd'],
    ['C:/evil.html'],
    ['c:evil.html'],
    ['a\\b.html'],
    ['a\u0000b.html'],
    [`${'a/'.repeat(600)}b`],
  ])('refuses the name %#', async (name) => {
    expect(await reason(writeZip([file(name)]))).toBe('BAD_PATH');
  });

  it('refuses names that are not UTF-8, and symbolic links', async () => {
    expect(await reason(writeZip([file('x', 'x', { nameBytes: Buffer.from([0x61, 0xff, 0x2e]) })]))).toBe('BAD_PATH');
    expect(await reason(writeZip([file('link', '/etc/passwd', { unixMode: 0o120777 })]))).toBe('BAD_PATH');
    expect(await reason(writeZip([file('plain.txt', 'x', { unixMode: 0o100644 })]))).toBe('ACCEPTED');
  });

  it('refuses two names alike ignoring case (or exactly alike)', async () => {
    expect(await reason(writeZip([file('a/Index.html'), file('A/index.HTML')]))).toBe('DUPLICATE_PATH');
    expect(await reason(writeZip([file('a.txt'), file('a.txt')]))).toBe('DUPLICATE_PATH');
    expect(await reason(writeZip([file('a.txt'), file('./a.txt')]))).toBe('DUPLICATE_PATH');
  });

  it('refuses what is not a zip, and data hidden between entries', async () => {
    expect(await reason(Buffer.from('not a zip'))).toBe('DAMAGED_ARCHIVE');
    const zip = writeZip([file('a.txt', 'hello')]);
    const cut = zip.subarray(0, zip.length - 30);
    expect(await reason(cut)).toBe('DAMAGED_ARCHIVE');
    const hidden = Buffer.concat([zlib.deflateRawSync(Buffer.from('junk'))]);
    const first = writeZip([file('a.txt', 'hello')]);
    const entry = readZipDirectory(first, { maxEntries: 10 })[0]!;
    const smuggled = Buffer.concat([first.subarray(0, entry.entryEnd), hidden, first.subarray(entry.entryEnd)]);
    expect(await reason(smuggled)).toBe('DAMAGED_ARCHIVE');
  });

  it('normalises names', () => {
    expect(normaliseZipPath('./a//b/./c.html', undefined, 1024)).toBe('a/b/c.html');
    expect(() => normaliseZipPath('a/../b', undefined, 1024)).toThrow(ZipRefused);
  });
});
