/**
 * Small but well-formed video containers for tests, built by the specifications: an MP4 whose movie
 * header (`moov/mvhd`) and track media header (`mdhd`) give its length, and a WebM whose
 * `Segment/Info/Duration` does. The payload is filler: only the headers are read by the server.
 */

const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};
const u64 = (n: bigint) => {
  const b = Buffer.alloc(8);
  b.writeBigUInt64BE(n);
  return b;
};
const box = (type: string, ...parts: Buffer[]) => {
  const body = Buffer.concat(parts);
  return Buffer.concat([u32(body.length + 8), Buffer.from(type, 'latin1'), body]);
};
/** `mvhd`/`mdhd` body: version, flags, times, timescale, duration (then zeros for the rest). */
const timeHeader = (version: 0 | 1, timescale: number, duration: bigint, rest: number) =>
  version === 1
    ? Buffer.concat([Buffer.from([1, 0, 0, 0]), u64(0n), u64(0n), u32(timescale), u64(duration), Buffer.alloc(rest)])
    : Buffer.concat([
        Buffer.from([0, 0, 0, 0]),
        u32(0),
        u32(0),
        u32(timescale),
        u32(Number(duration)),
        Buffer.alloc(rest),
      ]);

export type Mp4Options = {
  /** The movie header's duration; null: left "unknown" (all ones), as a fragmented file has. */
  movieSeconds?: number | null;
  /** The track's duration (mdhd); default the movie's. */
  trackSeconds?: number | null;
  timescale?: number;
  version?: 0 | 1;
  /** `moov` after the media data (a file not prepared for streaming). */
  moovAtEnd?: boolean;
  /** Bytes of media data (filler). */
  mediaBytes?: number;
};

/** An MP4 of `seconds` (fractional allowed). */
export function anMp4(seconds: number, opts: Mp4Options = {}): Buffer<ArrayBuffer> {
  const timescale = opts.timescale ?? 600;
  const version = opts.version ?? 0;
  const unknown = version === 1 ? 0xffffffffffffffffn : 0xffffffffn;
  const ticks = (s: number | null | undefined) =>
    s === null ? unknown : BigInt(Math.round((s === undefined ? seconds : s) * timescale));
  const movie = opts.movieSeconds === undefined ? seconds : opts.movieSeconds;
  const track = opts.trackSeconds === undefined ? movie : opts.trackSeconds;
  const ftyp = box('ftyp', Buffer.from('isom', 'latin1'), u32(0x200), Buffer.from('isomiso2mp41', 'latin1'));
  const moov = box(
    'moov',
    box('mvhd', timeHeader(version, timescale, ticks(movie), 80)),
    box(
      'trak',
      box('tkhd', Buffer.alloc(84)),
      box('mdia', box('mdhd', timeHeader(version, timescale, ticks(track), 4))),
    ),
  );
  const mdat = box('mdat', Buffer.alloc(opts.mediaBytes ?? 4096, 7));
  return opts.moovAtEnd ? Buffer.concat([ftyp, mdat, moov]) : Buffer.concat([ftyp, moov, mdat]);
}

/** An EBML element, its size written with 8 bytes (the 0x01 marker), as many muxers do. */
const ebml = (id: number[], data: Buffer) => {
  const size = Buffer.alloc(8);
  size.writeBigUInt64BE(BigInt(data.length) | (1n << 56n));
  return Buffer.concat([Buffer.from(id), size, data]);
};
const float64 = (n: number) => {
  const b = Buffer.alloc(8);
  b.writeDoubleBE(n);
  return b;
};
const float32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeFloatBE(n);
  return b;
};

/** The EBML header with DocType `webm` (what the type check reads). */
const WEBM_HEADER = Buffer.from('1a45dfa39f4286810142f7810142f2810442f381084282847765626d4287810442858102', 'hex');

/** A WebM of `seconds`; `duration: null` leaves it out (a live recording's file). */
export function aWebm(
  seconds: number,
  opts: { duration?: 'float64' | 'float32' | null; timestampScale?: number; segmentSizeUnknown?: boolean } = {},
): Buffer<ArrayBuffer> {
  const scale = opts.timestampScale ?? 1_000_000;
  const ticks = (seconds * 1e9) / scale;
  const kind = opts.duration === undefined ? 'float64' : opts.duration;
  const info = Buffer.concat([
    ebml([0x2a, 0xd7, 0xb1], u32(scale)),
    ...(kind === null ? [] : [ebml([0x44, 0x89], kind === 'float32' ? float32(ticks) : float64(ticks))]),
    ebml([0x4d, 0x80], Buffer.from('test', 'latin1')),
  ]);
  const seekHead = ebml([0x11, 0x4d, 0x9b, 0x74], Buffer.alloc(20));
  const cluster = ebml([0x1f, 0x43, 0xb6, 0x75], Buffer.alloc(2048, 7));
  const body = Buffer.concat([seekHead, ebml([0x15, 0x49, 0xa9, 0x66], info), cluster]);
  const segment = opts.segmentSizeUnknown
    ? Buffer.concat([Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), body])
    : ebml([0x18, 0x53, 0x80, 0x67], body);
  return Buffer.concat([WEBM_HEADER, segment]);
}
