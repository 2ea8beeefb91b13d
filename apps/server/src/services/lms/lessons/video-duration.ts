/**
 * A video's length, read by the server from its container (issue 21 item 19): the learner's player
 * never says how long a video is. MP4/MOV: the movie header (`moov/mvhd`), else the longest track's
 * media header (`moov/trak/mdia/mdhd`), else a fragmented file's `moov/mvex/mehd`. WebM/Matroska:
 * `Segment/Info/Duration` in units of `Info/TimestampScale`. Anything else, or a file that does not
 * say (a live recording without a duration), is `null`: the caller refuses it.
 *
 * Only headers are read, by range: the boxes (elements) are walked by their sizes, so a 500 MB file
 * whose `moov` is at the end costs a few small reads and the `moov` itself.
 */

/** Reads `length` bytes at `offset` (fewer at the end of the file). */
export type RangeReader = { size: number; read: (offset: number, length: number) => Promise<Buffer> };

/** `RangeReader` over bytes in memory. */
export function bufferReader(data: Buffer): RangeReader {
  return { size: data.length, read: async (offset, length) => data.subarray(offset, offset + length) };
}

/** A `moov` larger than this is not read (a real one is a few megabytes for hours of video). */
const MAX_MOOV_BYTES = 64 * 1024 * 1024;
/** At most this many top-level boxes / elements are walked before giving up. */
const MAX_STEPS = 10_000;
/** The longest video accepted (the progress table's limit): 24 hours. */
export const MAX_VIDEO_SECONDS = 86_400;

/** The length in whole seconds (rounded up, at least 1), or null when the container does not say. */
export async function probeVideoSeconds(file: RangeReader): Promise<number | null> {
  let seconds: number | null = null;
  try {
    const head = await file.read(0, 16);
    if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) seconds = await matroskaSeconds(file);
    else if (head.length >= 8) seconds = await mp4Seconds(file);
  } catch (err) {
    if (!(err instanceof RangeError || err instanceof ProbeError)) throw err;
    return null;
  }
  if (seconds === null || !Number.isFinite(seconds) || seconds <= 0) return null;
  const whole = Math.max(1, Math.ceil(seconds - 1e-6));
  return whole > MAX_VIDEO_SECONDS ? null : whole;
}

class ProbeError extends Error {}

// MP4 / MOV (ISO base media file format)

type Box = { type: string; start: number; headerSize: number; size: number };

/** The box header at `offset` of `buf` (sizes: 32-bit, 64-bit when 1, to the end when 0). */
function boxAt(buf: Buffer, offset: number, end: number): Box | null {
  if (offset + 8 > end) return null;
  let size = buf.readUInt32BE(offset);
  const type = buf.toString('latin1', offset + 4, offset + 8);
  let headerSize = 8;
  if (size === 1) {
    if (offset + 16 > end) return null;
    size = Number(buf.readBigUInt64BE(offset + 8));
    headerSize = 16;
  } else if (size === 0) size = end - offset;
  if (size < headerSize || offset + size > end) throw new ProbeError(`box ${type} overruns its parent`);
  return { type, start: offset, headerSize, size };
}

function* children(buf: Buffer, start: number, end: number): Generator<Box> {
  let at = start;
  for (let i = 0; i < MAX_STEPS; i++) {
    const box = boxAt(buf, at, end);
    if (!box) return;
    yield box;
    at += box.size;
  }
}

/** `mvhd` / `mdhd`: version 0 (32-bit times) or 1 (64-bit), then the timescale and the duration. */
function headerSeconds(buf: Buffer, box: Box): number | null {
  const at = box.start + box.headerSize;
  const v1 = buf.readUInt8(at) === 1;
  const timescale = buf.readUInt32BE(at + (v1 ? 20 : 12));
  const raw = v1 ? buf.readBigUInt64BE(at + 24) : BigInt(buf.readUInt32BE(at + 16));
  // All ones: "unknown" (a fragmented file); zero: none.
  if (!timescale || raw === 0n || raw === (v1 ? 0xffffffffffffffffn : 0xffffffffn)) return null;
  return Number(raw) / timescale;
}

const FIRST_BOXES = new Set(['ftyp', 'moov', 'wide', 'free', 'skip', 'mdat']);

async function mp4Seconds(file: RangeReader): Promise<number | null> {
  // Walk the top-level boxes by their headers until `moov`.
  let at = 0;
  for (let i = 0; i < MAX_STEPS && at + 8 <= file.size; i++) {
    const head = await file.read(at, 16);
    if (head.length < 8) return null;
    let size = head.readUInt32BE(0);
    const type = head.toString('latin1', 4, 8);
    let headerSize = 8;
    if (size === 1) {
      if (head.length < 16) return null;
      size = Number(head.readBigUInt64BE(8));
      headerSize = 16;
    } else if (size === 0) size = file.size - at;
    if (size < headerSize || at + size > file.size) throw new ProbeError(`box ${type} overruns the file`);
    if (i === 0 && !FIRST_BOXES.has(type)) throw new ProbeError('not an MP4');
    if (type === 'moov') {
      if (size > MAX_MOOV_BYTES) return null;
      const moov = await file.read(at, size);
      if (moov.length < size) throw new ProbeError('moov is cut short');
      return moovSeconds(moov, headerSize);
    }
    at += size;
  }
  return null;
}

function moovSeconds(moov: Buffer, headerSize: number): number | null {
  let movie: number | null = null;
  let longestTrack: number | null = null;
  let fragments: number | null = null;
  let timescale = 0;
  for (const box of children(moov, headerSize, moov.length)) {
    if (box.type === 'mvhd') {
      const at = box.start + box.headerSize;
      timescale = moov.readUInt32BE(at + (moov.readUInt8(at) === 1 ? 20 : 12));
      movie = headerSeconds(moov, box);
    } else if (box.type === 'trak') {
      for (const mdia of children(moov, box.start + box.headerSize, box.start + box.size)) {
        if (mdia.type !== 'mdia') continue;
        for (const mdhd of children(moov, mdia.start + mdia.headerSize, mdia.start + mdia.size)) {
          if (mdhd.type !== 'mdhd') continue;
          const s = headerSeconds(moov, mdhd);
          if (s !== null && (longestTrack === null || s > longestTrack)) longestTrack = s;
        }
      }
    } else if (box.type === 'mvex') {
      for (const mehd of children(moov, box.start + box.headerSize, box.start + box.size)) {
        if (mehd.type !== 'mehd') continue;
        const at = mehd.start + mehd.headerSize;
        const d = moov.readUInt8(at) === 1 ? Number(moov.readBigUInt64BE(at + 4)) : moov.readUInt32BE(at + 4);
        if (d) fragments = d;
      }
    }
  }
  if (movie) return movie;
  if (longestTrack) return longestTrack;
  if (fragments && timescale) return fragments / timescale;
  return null;
}

// WebM / Matroska (EBML)

const EBML_HEADER = 0x1a45dfa3;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const CLUSTER = 0x1f43b675;
const TIMESTAMP_SCALE = 0x2ad7b1;
const DURATION = 0x4489;

type Element = { id: number; dataStart: number; dataSize: number | null };

/** A variable-length integer at `offset`: its length and value (`keepMarker` for element IDs). */
function vint(buf: Buffer, offset: number, keepMarker: boolean): { length: number; value: number; unknown: boolean } {
  const first = buf.readUInt8(offset);
  let length = 1;
  while (length <= 8 && !(first & (0x80 >> (length - 1)))) length++;
  if (length > (keepMarker ? 4 : 8)) throw new ProbeError('bad EBML number');
  if (offset + length > buf.length) throw new RangeError('EBML number cut short');
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === (keepMarker ? first : 0xff >> length);
  for (let i = 1; i < length; i++) {
    const b = buf.readUInt8(offset + i);
    value = value * 256 + b;
    if (b !== 0xff) allOnes = false;
  }
  return { length, value, unknown: !keepMarker && allOnes };
}

function elementAt(buf: Buffer, offset: number): Element & { headerSize: number } {
  const id = vint(buf, offset, true);
  const size = vint(buf, offset + id.length, false);
  return {
    id: id.value,
    headerSize: id.length + size.length,
    dataStart: offset + id.length + size.length,
    dataSize: size.unknown ? null : size.value,
  };
}

/** The element header at `offset` of the file (IDs are at most 4 bytes, sizes 8). */
async function readElement(file: RangeReader, offset: number): Promise<Element> {
  const head = await file.read(offset, 12);
  const el = elementAt(head, 0);
  return { id: el.id, dataStart: offset + el.dataStart, dataSize: el.dataSize };
}

async function matroskaSeconds(file: RangeReader): Promise<number | null> {
  const header = await readElement(file, 0);
  if (header.id !== EBML_HEADER || header.dataSize === null) throw new ProbeError('no EBML header');
  let at = header.dataStart + header.dataSize;
  // The Segment (possibly after Void elements).
  let segment: Element | null = null;
  for (let i = 0; i < 16 && at < file.size; i++) {
    const el = await readElement(file, at);
    if (el.id === SEGMENT) {
      segment = el;
      break;
    }
    if (el.dataSize === null) return null;
    at = el.dataStart + el.dataSize;
  }
  if (!segment) return null;
  const end = segment.dataSize === null ? file.size : Math.min(file.size, segment.dataStart + segment.dataSize);
  at = segment.dataStart;
  for (let i = 0; i < MAX_STEPS && at < end; i++) {
    const el = await readElement(file, at);
    if (el.id === INFO) {
      if (el.dataSize === null || el.dataSize > 1024 * 1024) return null;
      return infoSeconds(await file.read(el.dataStart, el.dataSize));
    }
    // Info comes before the clusters; a cluster first (or one of unknown size) means there is none to find.
    if (el.id === CLUSTER || el.dataSize === null) return null;
    at = el.dataStart + el.dataSize;
  }
  return null;
}

function infoSeconds(info: Buffer): number | null {
  let scale = 1_000_000; // nanoseconds per tick, the default
  let duration: number | null = null;
  let at = 0;
  for (let i = 0; i < 1000 && at < info.length; i++) {
    const el = elementAt(info, at);
    if (el.dataSize === null || el.dataStart + el.dataSize > info.length) throw new ProbeError('Info overruns');
    if (el.id === TIMESTAMP_SCALE) {
      scale = 0;
      for (let b = 0; b < el.dataSize; b++) scale = scale * 256 + info.readUInt8(el.dataStart + b);
    } else if (el.id === DURATION) {
      if (el.dataSize === 4) duration = info.readFloatBE(el.dataStart);
      else if (el.dataSize === 8) duration = info.readDoubleBE(el.dataStart);
    }
    at = el.dataStart + el.dataSize;
  }
  if (duration === null || !scale) return null;
  return (duration * scale) / 1e9;
}
