import { Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

/**
 * A checked reader of zip archives that come from people (SCORM packages, and through
 * xlsx-archive.ts spreadsheets), so that a hostile archive cannot make the server do unbounded work
 * or write outside where it is told.
 *
 * The archive is read by its CENTRAL DIRECTORY, and every local header must agree with it; entries
 * must tile the archive with nothing hidden between them (a front-to-back reader would otherwise see
 * other entries than we checked). `openZip` then checks names (UTF-8, relative, no `..`, no
 * backslash, no NUL, ≤ 1024 characters, no two alike ignoring case, no symbolic links) and sizes (the
 * limits below, on the sizes declared), and inflates every entry through a counting inflater that
 * stops as soon as more comes out than declared: so the limits hold on the bytes actually inflated,
 * and each entry's CRC is checked. Reading an entry later inflates the same bytes through the same
 * stop.
 */

/** Why an archive (or the package in it) is refused: the `params.reason` of SCORM_INVALID. */
export const ZIP_REFUSALS = [
  'NO_MANIFEST',
  'BAD_MANIFEST',
  'TOO_MANY_ENTRIES',
  'TOO_LARGE_INFLATED',
  'BAD_PATH',
  'DUPLICATE_PATH',
  'UNSUPPORTED_COMPRESSION',
  'MISSING_RESOURCE',
  'DAMAGED_ARCHIVE',
] as const;
export type ZipRefusal = (typeof ZIP_REFUSALS)[number];

/** A refused archive, with the reason code and an English explanation for logs. */
export class ZipRefused extends Error {
  readonly reason: ZipRefusal;
  constructor(reason: ZipRefusal, message: string) {
    super(message);
    this.name = 'ZipRefused';
    this.reason = reason;
  }
}

const refuse = (reason: ZipRefusal, message: string) => new ZipRefused(reason, message);
const damaged = (why: string) => refuse('DAMAGED_ARCHIVE', why);

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
  /** Upper byte of "version made by" (3 = Unix) and the external attributes (Unix mode in the top 16 bits). */
  madeBy: number;
  externalAttributes: number;
};

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const END = 0x06054b50;
const DESCRIPTOR = 0x08074b50;

/**
 * The central directory of a zip held in `zip`, each entry checked against its local header: same
 * name and method, same sizes (or, with a data descriptor, a descriptor that agrees); entries must
 * follow one another from the first byte to the directory without gaps or overlaps, so no data can
 * hide where a front-to-back reader would find it. Zip64, split and encrypted archives are refused,
 * as are methods other than stored and deflated, and more than `maxEntries` entries.
 */
export function readZipDirectory(zip: Buffer, opts: { maxEntries: number }): ZipEntry[] {
  try {
    return readDirectory(zip, opts.maxEntries);
  } catch (err) {
    if (err instanceof RangeError) throw damaged('it is a damaged zip archive');
    throw err;
  }
}

function readDirectory(zip: Buffer, maxEntries: number): ZipEntry[] {
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
  if (count > maxEntries) {
    throw refuse('TOO_MANY_ENTRIES', `it has more than ${maxEntries.toLocaleString('en')} entries`);
  }
  if (cdOffset + cdSize > eocd) throw damaged('its zip directory lies outside the file');

  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  let p = cdOffset;
  for (let n = 0; n < count; n++) {
    if (p + 46 > cdOffset + cdSize || zip.readUInt32LE(p) !== CENTRAL) throw damaged('its zip directory is cut short');
    const madeBy = zip.readUInt16LE(p + 4) >> 8;
    const flags = zip.readUInt16LE(p + 8);
    const method = zip.readUInt16LE(p + 10);
    const crc = zip.readUInt32LE(p + 16);
    const compressedSize = zip.readUInt32LE(p + 20);
    const uncompressedSize = zip.readUInt32LE(p + 24);
    const nameLength = zip.readUInt16LE(p + 28);
    const next = p + 46 + nameLength + zip.readUInt16LE(p + 30) + zip.readUInt16LE(p + 32);
    const externalAttributes = zip.readUInt32LE(p + 38);
    const localOffset = zip.readUInt32LE(p + 42);
    if (next > cdOffset + cdSize) throw damaged('its zip directory is cut short');
    const nameBytes = zip.subarray(p + 46, p + 46 + nameLength);
    const name = nameBytes.toString('utf8');
    if (flags & 0x41) throw refuse('UNSUPPORTED_COMPRESSION', 'it is encrypted');
    if (method !== 0 && method !== 8) {
      throw refuse('UNSUPPORTED_COMPRESSION', `${name} uses an unsupported compression method`);
    }
    if (compressedSize === 0xffffffff || uncompressedSize === 0xffffffff || localOffset === 0xffffffff) {
      throw damaged('it is a zip64 archive');
    }
    if (names.has(name)) throw refuse('DUPLICATE_PATH', `it lists ${name} twice`);
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
    entries.push({
      name,
      method,
      crc,
      compressedSize,
      uncompressedSize,
      localOffset,
      dataStart,
      dataEnd,
      entryEnd,
      madeBy,
      externalAttributes,
    });
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
 * sees each chunk. The error is the one `tooMuch` makes.
 */
export class ByteCounter extends Writable {
  bytes = 0;
  crc = 0;
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
    if (this.bytes > this.limit) {
      done(this.tooMuch());
      return;
    }
    this.crc = zlib.crc32(chunk, this.crc);
    done(this.inspect?.(chunk) ?? null);
  }
}

/**
 * Inflates `data` (an entry's compressed bytes; `method` 0 stored, 8 deflated) without keeping the
 * output, stopping as soon as more than `limit` bytes come out; returns how many bytes came out and
 * their CRC-32. Memory stays at one zlib window and one chunk whatever the data says. Broken deflate
 * data throws what `corrupt` makes.
 */
export async function countInflatedBytes(
  data: Buffer,
  method: number,
  limit: number,
  tooMuch: () => Error,
  opts: { inspect?: (chunk: Buffer) => Error | undefined; corrupt?: () => Error } = {},
): Promise<{ bytes: number; crc: number }> {
  const counter = new ByteCounter(limit, tooMuch, opts.inspect);
  const source = Readable.from([data], { objectMode: false });
  try {
    if (method === 8) await pipeline(source, zlib.createInflateRaw(), counter);
    else await pipeline(source, counter);
  } catch (err) {
    if (err instanceof Error && 'code' in err && String(err.code).startsWith('Z_')) {
      throw (opts.corrupt ?? (() => damaged('its compressed data is corrupt')))();
    }
    throw err;
  }
  return { bytes: counter.bytes, crc: counter.crc >>> 0 };
}

/** What an archive read by `openZip` may hold (design §4). */
export type ZipLimits = {
  maxEntries: number;
  /** All entries together, as they actually inflate. */
  maxTotalInflated: number;
  maxEntryInflated: number;
  /** Inflated ÷ compressed, per entry (beyond `ratioFloorBytes`). */
  maxRatio: number;
  /** An entry may always inflate to this much whatever its ratio (a tiny file of spaces is no bomb). */
  ratioFloorBytes: number;
  maxPathLength: number;
};

const MB = 1024 * 1024;
export const ZIP_LIMITS: ZipLimits = {
  maxEntries: 5000,
  maxTotalInflated: 1024 * MB,
  maxEntryInflated: 200 * MB,
  maxRatio: 200,
  ratioFloorBytes: 64 * 1024,
  maxPathLength: 1024,
};

/** One file of a checked archive; `path` is its normalised name. */
export type ZipFile = { path: string; size: number; entry: ZipEntry };

/** A checked archive: its files (directories left out), and readers that keep to the checks. */
export type CheckedZip = {
  files: ZipFile[];
  /** The bytes all files inflated to (checked, not declared). */
  inflatedBytes: number;
  /** The file at `path` (normalised, compared ignoring case), or undefined. */
  find(path: string): ZipFile | undefined;
  /** The file's bytes (inflated again through the same stop, CRC checked). */
  read(file: ZipFile): Promise<Buffer>;
  /** The file's bytes as a stream (fails if they differ in size or CRC from what was checked). */
  stream(file: ZipFile): Readable;
};

const UTF8 = new TextDecoder('utf-8', { fatal: true });
const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/**
 * `name` as a relative path with `/` separators and no `.` or empty segments; refuses (BAD_PATH)
 * names that are not UTF-8, absolute, with a drive letter, a backslash, a NUL, a `..` segment, or
 * longer than `maxLength`.
 */
export function normaliseZipPath(name: string, nameBytes: Buffer | undefined, maxLength: number): string {
  const bad = (why: string) => refuse('BAD_PATH', `${JSON.stringify(name.slice(0, 200))} ${why}`);
  if (nameBytes) {
    try {
      UTF8.decode(nameBytes);
    } catch {
      throw bad('is not UTF-8');
    }
  }
  if (name.includes('\u0000')) throw bad('holds a NUL');
  if (name.includes('\\')) throw bad('holds a backslash');
  if (name.startsWith('/')) throw bad('is absolute');
  if (/^[A-Za-z]:/.test(name)) throw bad('starts with a drive letter');
  if (name.length > maxLength) throw bad(`is longer than ${maxLength} characters`);
  const segments = name.split('/').filter((s) => s !== '' && s !== '.');
  if (segments.some((s) => s === '..')) throw bad('climbs out of the package');
  if (segments.length === 0) throw bad('is empty');
  return segments.join('/');
}

/**
 * Reads and checks the archive in `zip` (see the comment at the top): every name, every declared
 * size against `limits`, then inflates every entry counting (stopping at its declared size) and
 * checks its CRC. Throws ZipRefused with the reason.
 */
export async function openZip(zip: Buffer, limits: ZipLimits = ZIP_LIMITS): Promise<CheckedZip> {
  const entries = readZipDirectory(zip, { maxEntries: limits.maxEntries });
  const files: ZipFile[] = [];
  const byFolded = new Map<string, ZipFile>();
  let declared = 0;
  for (const entry of entries) {
    const nameBytes = zip.subarray(entry.localOffset + 30, entry.localOffset + 30 + Buffer.byteLength(entry.name));
    const isDirectory = entry.name.endsWith('/');
    const path = normaliseZipPath(entry.name, nameBytes, limits.maxPathLength);
    const unixMode = entry.externalAttributes >>> 16;
    if ((entry.madeBy === 3 || entry.madeBy === 19) && (unixMode & S_IFMT) === S_IFLNK) {
      throw refuse('BAD_PATH', `${path} is a symbolic link`);
    }
    if (isDirectory) {
      if (entry.uncompressedSize !== 0) throw damaged(`the folder ${path} holds data`);
      continue;
    }
    const folded = path.normalize('NFC').toLowerCase();
    if (byFolded.has(folded)) throw refuse('DUPLICATE_PATH', `${path} is in the archive twice`);
    const size = entry.uncompressedSize;
    if (size > limits.maxEntryInflated) throw refuse('TOO_LARGE_INFLATED', `${path} unpacks too large`);
    if (size > Math.max(limits.ratioFloorBytes, entry.compressedSize * limits.maxRatio)) {
      throw refuse('TOO_LARGE_INFLATED', `${path} unpacks more than ${limits.maxRatio} times its packed size`);
    }
    if (entry.method === 0 && entry.compressedSize !== size) throw damaged(`${path} is stored but changes size`);
    declared += size;
    if (declared > limits.maxTotalInflated) throw refuse('TOO_LARGE_INFLATED', 'the archive unpacks too large');
    const file = { path, size, entry };
    byFolded.set(folded, file);
    files.push(file);
  }

  // Every entry inflates to exactly what it declares (so the limits above held on the real bytes).
  let inflatedBytes = 0;
  for (const file of files) {
    const { bytes, crc } = await countInflatedBytes(
      zip.subarray(file.entry.dataStart, file.entry.dataEnd),
      file.entry.method,
      file.size,
      () => refuse('TOO_LARGE_INFLATED', `${file.path} unpacks to more than its zip directory says`),
    );
    if (bytes !== file.size) throw damaged(`${file.path} unpacks to less than its zip directory says`);
    if (crc !== file.entry.crc) throw damaged(`${file.path} does not match its checksum`);
    inflatedBytes += bytes;
  }

  const stream = (file: ZipFile): Readable => {
    const data = zip.subarray(file.entry.dataStart, file.entry.dataEnd);
    let bytes = 0;
    let crc = 0;
    const check = new Transform({
      transform(chunk: Buffer, _enc, done) {
        bytes += chunk.length;
        if (bytes > file.size) {
          done(refuse('TOO_LARGE_INFLATED', `${file.path} unpacks too large`));
          return;
        }
        crc = zlib.crc32(chunk, crc);
        done(null, chunk);
      },
      flush(done) {
        done(bytes === file.size && crc >>> 0 === file.entry.crc ? null : damaged(`${file.path} changed`));
      },
    });
    const source = Readable.from([data], { objectMode: false });
    const stages: NodeJS.ReadWriteStream[] = file.entry.method === 8 ? [zlib.createInflateRaw(), check] : [check];
    let out: NodeJS.ReadableStream = source;
    for (const stage of stages) {
      out.on('error', (err: Error) => stage.emit('error', err));
      out = out.pipe(stage);
    }
    return check;
  };

  return {
    files,
    inflatedBytes,
    find: (path) => byFolded.get(path.normalize('NFC').toLowerCase()),
    stream,
    read: async (file) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream(file)) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks);
    },
  };
}
