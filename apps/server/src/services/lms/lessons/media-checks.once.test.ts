import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createStorage, newFileKey } from '../../../core/storage.ts';
import { xlsxOf, zip } from '../../../testing/bulk-files.ts';
import { bytesOf, checkMedia, MEDIA_RULES, type MediaKind, storedBytes } from './media-checks.ts';

const MB = 1024 * 1024;

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#c33' } })
    .png()
    .toBuffer();
const jpeg = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#3c3' } })
    .jpeg()
    .toBuffer();
const webp = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#33c' } })
    .webp()
    .toBuffer();
/** The start of an MP4: an `ftyp` box (isom), then filler. */
const mp4 = (size = 4096) => {
  const ftyp = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
  return Buffer.concat([ftyp, Buffer.alloc(size - ftyp.length)]);
};
/** The start of a WebM: an EBML header with DocType `webm`. */
const webm = () =>
  Buffer.concat([
    Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810442858102', 'hex'),
    Buffer.alloc(2048),
  ]);
const pdf = () => Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const vtt = (body = 'WEBVTT\n\n00:00.000 --> 00:02.000\nनमस्ते\n') => Buffer.from(body, 'utf8');

/** An Office package with `mainType` as its main part. */
function office(folder: string, mainType: string): Buffer {
  const types = `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/${folder}/main.xml" ContentType="${mainType}"/></Types>`;
  return zip([
    { name: '[Content_Types].xml', data: Buffer.from(types) },
    { name: '_rels/.rels', data: Buffer.from('<Relationships/>') },
    { name: `${folder}/main.xml`, data: Buffer.from('<x/>') },
  ]);
}
const docx = () => office('word', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml');
const pptx = () => office('ppt', 'application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml');
const docm = () => office('word', 'application/vnd.ms-word.document.macroEnabled.main+xml');

const check = (kind: MediaKind, data: Buffer) => checkMedia(kind, bytesOf(data));

describe('upload checks by content', () => {
  it.each([
    ['IMAGE', png, 'image/png'],
    ['IMAGE', jpeg, 'image/jpeg'],
    ['IMAGE', webp, 'image/webp'],
    ['COVER', jpeg, 'image/jpeg'],
    ['VIDEO', () => mp4(), 'video/mp4'],
    ['VIDEO', webm, 'video/webm'],
    ['CAPTIONS', vtt, 'text/vtt'],
    ['RESOURCE', pdf, 'application/pdf'],
    ['RESOURCE', docx, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['RESOURCE', pptx, 'application/vnd.openxmlformats-officedocument.presentationml.presentation'],
    ['RESOURCE', () => xlsxOf([['a', 'b']]), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['RESOURCE', png, 'image/png'],
    ['RESOURCE', jpeg, 'image/jpeg'],
  ] as const)('accepts a %s that is %s', async (kind, make, type) => {
    const out = await check(kind, await make());
    expect(out.contentType).toBe(type);
  });

  it('re-encodes images, dropping what follows the pixels', async () => {
    const withTail = Buffer.concat([await png(), Buffer.from('<script>alert(1)</script>')]);
    const out = await check('IMAGE', withTail);
    expect(out.replacement).not.toBeNull();
    expect(out.replacement!.includes('<script>')).toBe(false);
    expect((await sharp(out.replacement!).metadata()).format).toBe('png');
    expect((await check('VIDEO', mp4())).replacement).toBeNull();
  });

  it.each([
    ['IMAGE', 'a PDF renamed .png', pdf],
    ['IMAGE', 'an SVG', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ['IMAGE', 'an MP4', () => mp4()],
    ['COVER', 'a WebM', webm],
    ['VIDEO', 'a PNG renamed .mp4', png],
    ['VIDEO', 'HTML renamed .mp4', () => Buffer.from('<html><script>alert(1)</script></html>')],
    ['VIDEO', 'a PDF', pdf],
    ['CAPTIONS', 'an SRT file', () => vtt('1\n00:00:00,000 --> 00:00:02,000\nHi\n')],
    ['CAPTIONS', 'a PNG renamed .vtt', png],
    ['CAPTIONS', 'WEBVTT followed by letters', () => vtt('WEBVTTX\n')],
    ['CAPTIONS', 'invalid UTF-8', () => Buffer.concat([Buffer.from('WEBVTT\n\n'), Buffer.from([0xff, 0xfe, 0xfd])])],
    ['RESOURCE', 'a WebP', webp],
    ['RESOURCE', 'an MP4', () => mp4()],
    ['RESOURCE', 'a macro-enabled Word file', docm],
    ['RESOURCE', 'a plain zip', () => zip([{ name: 'a.txt', data: Buffer.from('x') }])],
    [
      'RESOURCE',
      'a Word file whose types say a presentation with a word folder',
      () => office('word', 'application/vnd.openxmlformats-officedocument.drawingml.chart+xml'),
    ],
    ['RESOURCE', 'text renamed .pdf', () => Buffer.from('just text, not a PDF')],
    ['RESOURCE', 'an executable', () => Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200)])],
  ] as const)('refuses as %s: %s', async (kind, _what, make) => {
    await expect(check(kind, await make())).rejects.toMatchObject({ status: 415, code: 'FILE_TYPE_NOT_ALLOWED' });
  });

  it('refuses an Office file that file-type accepts but whose zip directory does not hold up', async () => {
    const honest = docx();
    const types = `<Types><Override PartName="/word/main.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>`;
    // file-type reads local headers front to back; the central directory lists only a plain text file.
    const smuggled = zip([
      { name: '[Content_Types].xml', data: Buffer.from(types), listed: false },
      { name: 'word/main.xml', data: Buffer.from('<x/>') },
    ]);
    const { fileTypeFromBuffer } = await import('file-type');
    expect((await fileTypeFromBuffer(smuggled))?.ext).toBe('docx');
    expect((await fileTypeFromBuffer(honest))?.ext).toBe('docx');
    await expect(check('RESOURCE', smuggled)).rejects.toMatchObject({ status: 415, code: 'FILE_TYPE_NOT_ALLOWED' });
  });

  it.each([
    ['IMAGE', 10],
    ['COVER', 10],
    ['CAPTIONS', 1],
    ['RESOURCE', 50],
    ['VIDEO', 500],
  ] as const)('refuses a %s over %i MB, measured on the bytes received', async (kind, mb) => {
    expect(MEDIA_RULES[kind].maxBytes).toBe(mb * MB);
    // The size is what arrived, whatever the client declared; the content is never even read.
    let read = false;
    const bytes = {
      size: mb * MB + 1,
      head: async () => {
        read = true;
        return Buffer.alloc(0);
      },
      whole: async () => {
        read = true;
        return Buffer.alloc(0);
      },
      at: async () => {
        read = true;
        return Buffer.alloc(0);
      },
    };
    await expect(checkMedia(kind, bytes)).rejects.toMatchObject({
      status: 413,
      code: 'FILE_TOO_LARGE',
      params: { size: `${mb} MB` },
    });
    expect(read).toBe(false);
  });

  it('refuses a real oversize image and an empty file', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(10 * MB)]);
    await expect(check('IMAGE', big)).rejects.toMatchObject({ status: 413, code: 'FILE_TOO_LARGE' });
    await expect(check('CAPTIONS', Buffer.alloc(0))).rejects.toMatchObject({ status: 400, code: 'NO_FILE' });
  });

  it('checks a stored file by its stored bytes (a video read by its header only)', async () => {
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(`${tmpdir()}/media-checks-`);
    try {
      const storage = createStorage({ dir, s3: null }, 's'.repeat(32));
      const key = newFileKey('catalogue', 'lms', 'clip.png'); // named .png, is an MP4
      await storage.put(key, mp4(200_000), { contentType: 'image/png' });
      const stored = await storedBytes(storage, key);
      expect(stored?.size).toBe(200_000);
      expect((await stored!.head(64 * 1024)).length).toBe(64 * 1024);
      expect((await checkMedia('VIDEO', stored!)).contentType).toBe('video/mp4');
      await expect(checkMedia('IMAGE', stored!)).rejects.toMatchObject({ code: 'FILE_TYPE_NOT_ALLOWED' });
      expect(await storedBytes(storage, newFileKey('catalogue', 'lms', 'none.png'))).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
