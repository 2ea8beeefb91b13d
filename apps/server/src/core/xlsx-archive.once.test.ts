import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { unzip, xlsxOf, zip } from '../testing/bulk-files.ts';
import {
  ArchiveError,
  ByteCounter,
  checkXlsx,
  cleanXlsxStream,
  countInflated,
  readCentralDirectory,
  sharedStringCounter,
} from './xlsx-archive.ts';

const MB = 1024 * 1024;
const limits = { uncompressedBytes: 50 * MB, sharedStringsBytes: 32 * MB, sharedStrings: 1000 };
const stop = () => new Error('limit');

describe('counting inflater', () => {
  it('counts the bytes a deflated entry really unpacks to', async () => {
    const data = Buffer.from('abc'.repeat(100_000));
    expect(await countInflated(zlib.deflateRawSync(data), 8, 1e9, stop)).toBe(data.length);
    expect(await countInflated(data, 0, 1e9, stop)).toBe(data.length);
  });

  it('stops within one chunk of the limit, whatever the data would unpack to', async () => {
    const bomb = zlib.deflateRawSync(Buffer.alloc(64 * MB)); // 64 KB that unpack to 64 MB
    expect(bomb.length).toBeLessThan(100_000);
    const counter = new ByteCounter(1 * MB, stop);
    await expect(pipeline(Readable.from([bomb]), zlib.createInflateRaw(), counter)).rejects.toThrow('limit');
    expect(counter.bytes).toBeGreaterThan(1 * MB);
    expect(counter.bytes).toBeLessThanOrEqual(1 * MB + 64 * 1024);
    await expect(countInflated(bomb, 8, 1 * MB, stop)).rejects.toThrow('limit');
  });

  it('calls broken compressed data a damaged archive', async () => {
    const broken = zlib.deflateRawSync(Buffer.from('x'.repeat(10_000) + Math.random())).subarray(0, 8);
    await expect(countInflated(broken, 8, 1e9, stop)).rejects.toMatchObject({ kind: 'damaged' });
  });

  it('counts <si> elements, also when a tag is split between chunks', () => {
    const count = (chunks: string[], limit: number) => {
      const inspect = sharedStringCounter(limit, stop);
      return chunks.map((c) => inspect(Buffer.from(c))).find(Boolean);
    };
    expect(count(['<sst><si><t>a</t></si><si', '><t>b</t></si><sis/>'], 2)).toBeUndefined();
    expect(count(['<sst><si><t>a</t></si><s', 'i><t>b</t></si><si/>'], 2)).toBeInstanceOf(Error);
    expect(count(['<si>', '<si>', '<si ', 'x="1"/>'], 3)).toBeUndefined();
  });
});

describe('checking an archive', () => {
  const parts = async () => unzip(await xlsxOf([['Email'], ['a@example.test']]));

  it('passes an honest workbook and hands exceljs only the parts it reads', async () => {
    const checked = await checkXlsx(await xlsxOf([['Email'], ['a@example.test']]), limits);
    expect(checked.parts.map((p) => p.name)).toEqual([
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/styles.xml',
      'xl/sharedStrings.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const values: unknown[] = [];
    for await (const sheet of new ExcelJS.stream.xlsx.WorkbookReader(cleanXlsxStream(checked), {})) {
      for await (const row of sheet as unknown as AsyncIterable<ExcelJS.Row>) values.push(row.values);
    }
    expect(values).toEqual([
      [undefined, 'Email'],
      [undefined, 'a@example.test'],
    ]);
  });

  it('refuses an entry that unpacks to more, or less, than the directory says', async () => {
    const honest = await parts();
    const lie = (claimedSize: number) =>
      checkXlsx(zip(honest.map((p) => (p.name === 'xl/styles.xml' ? { ...p, claimedSize } : p))), limits);
    const real = honest.find((p) => p.name === 'xl/styles.xml')!.data.length;
    await expect(lie(real - 1)).rejects.toMatchObject({ kind: 'damaged', message: /more than/ });
    await expect(lie(real + 1)).rejects.toMatchObject({ kind: 'damaged', message: /less than/ });
  });

  it('refuses parts that together claim more than the limit, before inflating anything', async () => {
    const p = (await parts()).map((e) =>
      e.name === 'xl/worksheets/sheet1.xml' ? { ...e, claimedSize: 50 * MB + 1 } : e,
    );
    await expect(checkXlsx(zip(p), limits)).rejects.toMatchObject({ kind: 'too-large' });
  });

  it('refuses a local header whose sizes differ from the directory', async () => {
    const archive = zip(await parts());
    const first = readCentralDirectory(archive)[0]!;
    archive.writeUInt32LE(first.uncompressedSize + 1, first.localOffset + 22);
    expect(() => readCentralDirectory(archive)).toThrow(ArchiveError);
  });

  it('refuses bytes between entries that the directory does not account for', async () => {
    const p = await parts();
    const smuggled = zip([
      ...p.slice(0, 2),
      { name: 'hidden.xml', data: Buffer.from('<x/>'), listed: false },
      ...p.slice(2),
    ]);
    expect(() => readCentralDirectory(smuggled)).toThrow(/does not list/);
  });
});
