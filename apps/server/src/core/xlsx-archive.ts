import { Readable } from 'node:stream';
import { countInflatedBytes, readZipDirectory, type ZipEntry, ZipRefused } from './zip-archive.ts';

/**
 * The zip side of reading an uploaded XLSX, so that a hostile archive cannot make the server do
 * unbounded work.
 *
 * exceljs's `WorkbookReader` unzips with `unzipper.Parse`, which reads the archive front to back by
 * its LOCAL headers and trusts their sizes (or scans for a data descriptor), and so can see entries
 * the central directory does not list, and inflate as much as the data holds. So exceljs is never
 * given the upload itself: `openXlsx` reads the central directory, checks that every local header
 * agrees with it and that the entries tile the archive with nothing hidden between them, inflates
 * each part exceljs will read through a counting inflater that stops at the size the directory
 * declares (and at the part's limit), and then `cleanXlsxStream` hands exceljs a new archive made of
 * exactly those parts: truthful local headers, sizes known up front, and the same compressed bytes
 * that were just counted (inflating the same bytes always gives the same output).
 */

export type { ZipEntry } from './zip-archive.ts';
export { ByteCounter } from './zip-archive.ts';

/** Why an archive is refused; spreadsheets.ts turns it into a 4xx. */
export class ArchiveError extends Error {
  readonly kind: 'damaged' | 'too-large' | 'too-many-strings';
  constructor(kind: ArchiveError['kind'], message: string) {
    super(message);
    this.kind = kind;
  }
}

const damaged = (why: string) => new ArchiveError('damaged', why);

/** More entries than any workbook needs (Excel writes a dozen or so). */
const MAX_ENTRIES = 10_000;
const LOCAL = 0x04034b50;
const END = 0x06054b50;

/**
 * The central directory of a zip held in `zip`, checked by zip-archive.ts's reader (local headers
 * agree with it, entries tile the archive, no zip64/split/encrypted archives, methods 0 and 8 only);
 * any refusal is a damaged workbook here.
 */
export function readCentralDirectory(zip: Buffer): ZipEntry[] {
  try {
    return readZipDirectory(zip, { maxEntries: MAX_ENTRIES });
  } catch (err) {
    if (err instanceof ZipRefused) throw damaged(err.message);
    throw err;
  }
}

/**
 * Inflates `data` (an entry's compressed bytes; `method` 0 stored, 8 deflated) without keeping the
 * output, stopping as soon as more than `limit` bytes come out; returns how many bytes came out.
 * Memory stays at one zlib window and one chunk whatever the data says.
 */
export async function countInflated(
  data: Buffer,
  method: number,
  limit: number,
  tooMuch: () => Error,
  inspect?: (chunk: Buffer) => Error | undefined,
): Promise<number> {
  const counted = await countInflatedBytes(data, method, limit, tooMuch, {
    ...(inspect ? { inspect } : {}),
    corrupt: () => damaged('its compressed data is corrupt'),
  });
  return counted.bytes;
}

/** How large each part exceljs reads may be, and how many shared strings it may cache. */
export type XlsxPartLimits = {
  /** All the parts read, together (as they actually inflate). */
  uncompressedBytes: number;
  /** `xl/sharedStrings.xml`, which exceljs holds in memory whole. */
  sharedStringsBytes: number;
  /** Entries (`<si>`) of `xl/sharedStrings.xml`. */
  sharedStrings: number;
};

/** Parts of a workbook other than the sheet and shared strings (relations, workbook, styles). */
const SMALL_PART_BYTES = 5 * 1024 * 1024;

/** Counts `<si>` / `<si …>` elements across chunks (a tag split between two chunks is counted once). */
export function sharedStringCounter(limit: number, tooMany: () => Error): (chunk: Buffer) => Error | undefined {
  let count = 0;
  let tail = Buffer.alloc(0);
  return (chunk) => {
    const buf = tail.length ? Buffer.concat([tail, chunk]) : chunk;
    for (let i = buf.indexOf('<si'); i >= 0 && i + 3 < buf.length; i = buf.indexOf('<si', i + 3)) {
      const next = buf[i + 3]!;
      if (next === 0x3e || next === 0x2f || next === 0x20 || next === 0x09 || next === 0x0a || next === 0x0d) {
        if (++count > limit) return tooMany();
      }
    }
    tail = Buffer.from(buf.subarray(Math.max(0, buf.length - 3)));
    return undefined;
  };
}

const PARTS_FIRST = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/styles.xml', 'xl/sharedStrings.xml'];
const SHEET = /^xl\/worksheets\/sheet\d+\.xml$/;

/** The parts of a checked workbook that exceljs will read, in the order it should read them. */
export type CheckedXlsx = { zip: Buffer; parts: Array<ZipEntry & { inflatedSize: number }> };

/**
 * Checks an XLSX held in `zip` (see readCentralDirectory) and inflates, counting, every part that
 * will be parsed: the workbook, its relations, styles, shared strings and the first worksheet (in
 * archive order). Each must inflate to exactly the size the directory declares, and together to at
 * most `limits.uncompressedBytes`; other entries (images, themes…) are never inflated.
 */
export async function checkXlsx(zip: Buffer, limits: XlsxPartLimits): Promise<CheckedXlsx> {
  const entries = readCentralDirectory(zip);
  const sheet = entries.filter((e) => SHEET.test(e.name)).sort((a, b) => a.localOffset - b.localOffset)[0];
  const chosen = [...PARTS_FIRST.flatMap((name) => entries.filter((e) => e.name === name)), ...(sheet ? [sheet] : [])];
  const tooLarge = (what: string) => new ArchiveError('too-large', what);
  const tooManyStrings = (what: string) => new ArchiveError('too-many-strings', what);
  let total = 0;
  for (const e of chosen) total += e.uncompressedSize;
  if (total > limits.uncompressedBytes) throw tooLarge('the workbook unpacks too large');
  const parts: CheckedXlsx['parts'] = [];
  for (const e of chosen) {
    const shared = e.name === 'xl/sharedStrings.xml';
    const partLimit = e === sheet ? limits.uncompressedBytes : shared ? limits.sharedStringsBytes : SMALL_PART_BYTES;
    if (e.uncompressedSize > partLimit) {
      throw shared ? tooManyStrings('its shared strings are too large') : tooLarge(`${e.name} unpacks too large`);
    }
    const inflatedSize = await countInflated(
      zip.subarray(e.dataStart, e.dataEnd),
      e.method,
      e.uncompressedSize,
      () => damaged(`${e.name} unpacks to more than its zip directory says`),
      shared
        ? sharedStringCounter(limits.sharedStrings, () => tooManyStrings('it has too many shared strings'))
        : undefined,
    );
    if (inflatedSize !== e.uncompressedSize) throw damaged(`${e.name} unpacks to less than its zip directory says`);
    parts.push({ ...e, inflatedSize });
  }
  return { zip, parts };
}

/**
 * A new zip archive, as a stream, of exactly the checked parts: local headers with their true sizes
 * (no data descriptors, no extra fields), the same compressed bytes that were counted, then an end
 * record. This, not the upload, is what exceljs reads.
 */
export function cleanXlsxStream({ zip, parts }: CheckedXlsx): Readable {
  const chunks: Buffer[] = [];
  for (const e of parts) {
    const name = Buffer.from(e.name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(LOCAL, 0);
    header.writeUInt16LE(20, 4);
    header.writeUInt16LE(0x800, 6); // UTF-8 name; sizes known up front
    header.writeUInt16LE(e.method, 8);
    header.writeUInt32LE(e.crc, 14);
    header.writeUInt32LE(e.compressedSize, 18);
    header.writeUInt32LE(e.inflatedSize, 22);
    header.writeUInt16LE(name.length, 26);
    chunks.push(header, name, zip.subarray(e.dataStart, e.dataEnd));
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END, 0);
  chunks.push(end);
  return Readable.from(chunks, { objectMode: false });
}
