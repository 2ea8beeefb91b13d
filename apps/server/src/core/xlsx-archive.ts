import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

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

/** An entry of the central directory, checked against its local header. */
export type ZipEntry = {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  crc: number;
  compressedSize: number;
  uncompressedSize: number;
  /** Where the entry's local header starts, its compressed bytes start and end, and the entry ends. */
  localOffset: number;
  dataStart: number;
  dataEnd: number;
  entryEnd: number;
};

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
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const DESCRIPTOR = 0x08074b50;

/**
 * The central directory of a zip held in `zip`, each entry checked against its local header: same
 * name and method, same sizes (or, with a data descriptor, a descriptor that agrees); entries must
 * follow one another from the first byte to the directory without gaps or overlaps, so no data can
 * hide where a front-to-back reader would find it. Zip64, split and encrypted archives are refused.
 */
export function readCentralDirectory(zip: Buffer): ZipEntry[] {
  let eocd = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 65_557); i--) {
    if (zip.readUInt32LE(i) === END) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) throw damaged('it has no zip directory');
  const disk = zip.readUInt16LE(eocd + 4);
  const cdDisk = zip.readUInt16LE(eocd + 6);
  const onDisk = zip.readUInt16LE(eocd + 8);
  const count = zip.readUInt16LE(eocd + 10);
  const cdSize = zip.readUInt32LE(eocd + 12);
  const cdOffset = zip.readUInt32LE(eocd + 16);
  if (disk !== 0 || cdDisk !== 0 || onDisk !== count) throw damaged('it is a split zip archive');
  if (count === 0xffff || cdSize === 0xffffffff || cdOffset === 0xffffffff) throw damaged('it is a zip64 archive');
  if (count > MAX_ENTRIES) throw damaged(`it has more than ${MAX_ENTRIES.toLocaleString('en')} entries`);
  if (cdOffset + cdSize > eocd) throw damaged('its zip directory lies outside the file');

  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > cdOffset + cdSize || zip.readUInt32LE(p) !== CENTRAL) throw damaged('its zip directory is cut short');
    const flags = zip.readUInt16LE(p + 8);
    const method = zip.readUInt16LE(p + 10);
    const crc = zip.readUInt32LE(p + 16);
    const compressedSize = zip.readUInt32LE(p + 20);
    const uncompressedSize = zip.readUInt32LE(p + 24);
    const nameLength = zip.readUInt16LE(p + 28);
    const next = p + 46 + nameLength + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
    const localOffset = zip.readUInt32LE(p + 42);
    if (next > cdOffset + cdSize) throw damaged('its zip directory is cut short');
    const nameBytes = zip.subarray(p + 46, p + 46 + nameLength);
    const name = nameBytes.toString('utf8');
    if (flags & 0x41) throw damaged('it is encrypted');
    if (method !== 0 && method !== 8) throw damaged(`${name} uses an unsupported compression method`);
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff || localOffset === 0xffffffff) {
      throw damaged('it is a zip64 archive');
    }
    if (names.has(name)) throw damaged(`it lists ${name} twice`);
    names.add(name);

    // The local header must say the same as the directory.
    if (localOffset + 30 > cdOffset || zip.readUInt32LE(localOffset) !== LOCAL) {
      throw damaged(`the directory points ${name} at no entry`);
    }
    const localFlags = zip.readUInt16LE(localOffset + 6);
    const localNameLength = zip.readUInt16LE(localOffset + 26);
    const dataStart = localOffset + 30 + localNameLength + zip.readUInt16LE(localOffset + 28);
    if (
      localNameLength !== nameLength ||
      !zip.subarray(localOffset + 30, localOffset + 30 + nameLength).equals(nameBytes) ||
      zip.readUInt16LE(localOffset + 8) !== method ||
      (localFlags & 0x08) !== (flags & 0x08)
    ) {
      throw damaged(`the entry at ${name} says something other than the directory`);
    }
    const dataEnd = dataStart + compressedSize;
    let entryEnd = dataEnd;
    if (dataEnd > cdOffset) throw damaged(`${name} runs into the zip directory`);
    const local = [
      zip.readUInt32LE(localOffset + 14),
      zip.readUInt32LE(localOffset + 18),
      zip.readUInt32LE(localOffset + 22),
    ];
    if (flags & 0x08) {
      // Sizes after the data, in a descriptor (with or without its signature).
      const at = zip.readUInt32LE(dataEnd) === DESCRIPTOR && dataEnd + 16 <= cdOffset ? dataEnd + 4 : dataEnd;
      if (at + 12 > cdOffset) throw damaged(`${name} has no data descriptor`);
      const described = [zip.readUInt32LE(at), zip.readUInt32LE(at + 4), zip.readUInt32LE(at + 8)];
      if (described[0] !== crc || described[1] !== compressedSize || described[2] !== uncompressedSize) {
        throw damaged(`the data descriptor of ${name} says something other than the directory`);
      }
      if (local.some((v, i) => v !== 0 && v !== [crc, compressedSize, uncompressedSize][i])) {
        throw damaged(`the entry at ${name} says something other than the directory`);
      }
      entryEnd = at + 12;
    } else if (local[0] !== crc || local[1] !== compressedSize || local[2] !== uncompressedSize) {
      throw damaged(`the entry at ${name} says something other than the directory`);
    }
    entries.push({ name, method, crc, compressedSize, uncompressedSize, localOffset, dataStart, dataEnd, entryEnd });
    p = next;
  }

  // Entries must tile the archive from byte 0 to the directory: nothing unlisted between them.
  let at = 0;
  for (const e of [...entries].sort((a, b) => a.localOffset - b.localOffset)) {
    if (e.localOffset !== at) throw damaged('it holds data that its directory does not list');
    at = e.entryEnd;
  }
  if (at !== cdOffset) throw damaged('it holds data that its directory does not list');
  return entries;
}

/**
 * A sink that counts the bytes written to it and fails as soon as they pass `limit`; `inspect`
 * sees each chunk (to count shared strings). The error is the one `tooMuch` makes.
 */
export class ByteCounter extends Writable {
  bytes = 0;
  private readonly limit: number;
  private readonly tooMuch: () => Error;
  private readonly inspect: ((chunk: Buffer) => Error | undefined) | undefined;
  constructor(limit: number, tooMuch: () => Error, inspect?: (chunk: Buffer) => Error | undefined) {
    super();
    this.limit = limit;
    this.tooMuch = tooMuch;
    this.inspect = inspect;
  }
  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    this.bytes += chunk.length;
    done(this.bytes > this.limit ? this.tooMuch() : (this.inspect?.(chunk) ?? null));
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
  const counter = new ByteCounter(limit, tooMuch, inspect);
  const source = Readable.from([data], { objectMode: false });
  try {
    if (method === 8) await pipeline(source, zlib.createInflateRaw(), counter);
    else await pipeline(source, counter);
  } catch (err) {
    if (err instanceof ArchiveError) throw err;
    if (err instanceof Error && 'code' in err && String(err.code).startsWith('Z_')) {
      throw damaged('its compressed data is corrupt');
    }
    throw err;
  }
  return counter.bytes;
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
  let entries: ZipEntry[];
  try {
    entries = readCentralDirectory(zip);
  } catch (err) {
    if (err instanceof RangeError) throw damaged('it is a damaged zip archive');
    throw err;
  }
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
