import { AppError } from '../../../core/errors.ts';
import { openZip, ZipRefused } from '../../../core/zip-archive.ts';

/*
 * What a case file is, decided from its bytes alone (never its name or the type the browser claims):
 * what a complainant has on a phone as evidence — a PDF, a photo or a screenshot (PNG, JPEG, GIF,
 * WebP, HEIC), a Word or Excel document (checked through core/zip-archive.ts: no zip bomb, no
 * macros), a voice note or call recording (MP3, M4A/AAC, OGG, WAV, AMR), a video (MP4, MOV, 3GP), or
 * plain UTF-8 text (an exported chat). Anything else: 415 `FILE_TYPE_NOT_ALLOWED`.
 */

const MB = 1024 * 1024;

/** An office document is small once unpacked. */
const OFFICE_LIMITS = {
  maxEntries: 2000,
  maxTotalInflated: 100 * MB,
  maxEntryInflated: 60 * MB,
  maxRatio: 100,
  ratioFloorBytes: 64 * 1024,
  maxPathLength: 260,
};

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The types accepted, as people read them (the refusal names them). */
export const CASE_FILE_TYPES_ALLOWED =
  'PDF, JPEG, PNG, GIF, WebP, HEIC, DOCX, XLSX, MP3, M4A, OGG, WAV, AMR, MP4, MOV, TXT';

export const fileTypeNotAllowed = (reason = 'FILE_TYPE_NOT_ALLOWED') =>
  new AppError(
    415,
    'FILE_TYPE_NOT_ALLOWED',
    `This kind of file is not accepted. Upload one of: ${CASE_FILE_TYPES_ALLOWED}.`,
    {
      params: { reason, allowed: CASE_FILE_TYPES_ALLOWED },
    },
  );

const at = (data: Buffer, offset: number, text: string) =>
  data.length >= offset + text.length && data.subarray(offset, offset + text.length).toString('latin1') === text;
const starts = (data: Buffer, bytes: number[]) => data.length >= bytes.length && bytes.every((b, i) => data[i] === b);

/** ISO base media brands (the `ftyp` box) by what they hold. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1', 'heim', 'heis']);
const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'F4A ']);
const VIDEO_BRANDS = new Set([
  'isom',
  'iso2',
  'iso4',
  'iso5',
  'iso6',
  'mp41',
  'mp42',
  'avc1',
  'M4V ',
  'dash',
  'mmp4',
  'MSNV',
  'f4v ',
]);

/** The content type of `data`, or a 415 refusal. */
export async function caseFileTypeOf(data: Buffer): Promise<string> {
  if (data.length === 0) throw new AppError(400, 'NO_FILE', 'The file is empty.', { params: { reason: 'FILE_EMPTY' } });
  if (at(data, 0, '%PDF-')) return 'application/pdf';
  if (starts(data, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts(data, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (at(data, 0, 'GIF87a') || at(data, 0, 'GIF89a')) return 'image/gif';
  if (at(data, 0, 'RIFF') && at(data, 8, 'WEBP')) return 'image/webp';
  if (at(data, 0, 'RIFF') && at(data, 8, 'WAVE')) return 'audio/wav';
  if (at(data, 0, 'OggS')) return 'audio/ogg';
  if (at(data, 0, '#!AMR')) return 'audio/amr';
  if (at(data, 0, 'ID3')) return 'audio/mpeg';
  if (at(data, 4, 'ftyp')) {
    const brand = data.subarray(8, 12).toString('latin1');
    if (HEIF_BRANDS.has(brand)) return 'image/heic';
    if (AUDIO_BRANDS.has(brand)) return 'audio/mp4';
    if (brand === 'qt  ') return 'video/quicktime';
    if (brand.startsWith('3g')) return 'video/3gpp';
    if (VIDEO_BRANDS.has(brand)) return 'video/mp4';
    throw fileTypeNotAllowed();
  }
  // An MPEG audio frame (MP3 without a tag) or an ADTS AAC frame: 11 sync bits.
  if (data.length >= 2 && data[0] === 0xff && (data[1]! & 0xe0) === 0xe0) {
    if ((data[1]! & 0x06) !== 0) return 'audio/mpeg';
    if ((data[1]! & 0xf6) === 0xf0) return 'audio/aac';
  }
  if (starts(data, [0x50, 0x4b, 0x03, 0x04])) return officeTypeOf(data);
  if (isPlainText(data)) return 'text/plain; charset=utf-8';
  throw fileTypeNotAllowed();
}

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** UTF-8 text without control characters other than tab, line feed, form feed and carriage return. */
function isPlainText(data: Buffer): boolean {
  let text: string;
  try {
    text = UTF8.decode(data);
  } catch {
    return false;
  }
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if ((ch < 0x20 && ch !== 0x09 && ch !== 0x0a && ch !== 0x0c && ch !== 0x0d) || ch === 0x7f) return false;
  }
  return true;
}

async function officeTypeOf(data: Buffer): Promise<string> {
  let zip: Awaited<ReturnType<typeof openZip>>;
  try {
    zip = await openZip(data, OFFICE_LIMITS);
  } catch (err) {
    if (err instanceof ZipRefused) throw fileTypeNotAllowed('BAD_ARCHIVE');
    throw err;
  }
  const types = zip.find('[Content_Types].xml');
  if (!types) throw fileTypeNotAllowed();
  const declared = (await zip.read(types)).toString('utf8');
  if (/macroEnabled/i.test(declared) || zip.files.some((f) => /(^|\/)vbaProject\.bin$/i.test(f.path)))
    throw fileTypeNotAllowed('MACROS');
  if (zip.find('word/document.xml') && declared.includes(`${DOCX}.main+xml`)) return DOCX;
  if (zip.find('xl/workbook.xml') && declared.includes('spreadsheetml.sheet.main+xml')) return XLSX;
  throw fileTypeNotAllowed();
}
