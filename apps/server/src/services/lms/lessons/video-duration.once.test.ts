import { describe, expect, it } from 'vitest';
import { anMp4, aWebm } from '../../../testing/video-files.ts';
import { bufferReader, probeVideoSeconds, type RangeReader } from './video-duration.ts';

const probe = (data: Buffer) => probeVideoSeconds(bufferReader(data));

/** A reader that counts what it reads (a long file's media data must not be read). */
function counting(data: Buffer): RangeReader & { bytes: () => number } {
  let bytes = 0;
  return {
    size: data.length,
    read: async (offset, length) => {
      const part = data.subarray(offset, offset + length);
      bytes += part.length;
      return part;
    },
    bytes: () => bytes,
  };
}

describe('a video’s length, read from its container', () => {
  it('MP4: the movie header, version 0 and 1, rounded up to whole seconds', async () => {
    expect(await probe(anMp4(22))).toBe(22);
    expect(await probe(anMp4(61.2))).toBe(62);
    expect(await probe(anMp4(0.3))).toBe(1);
    expect(await probe(anMp4(3600, { version: 1, timescale: 90_000 }))).toBe(3600);
  });

  it('MP4: moov after a large media data box is found by walking the box headers, not reading the media', async () => {
    const file = anMp4(125, { moovAtEnd: true, mediaBytes: 5_000_000 });
    const reader = counting(file);
    expect(await probeVideoSeconds(reader)).toBe(125);
    expect(reader.bytes()).toBeLessThan(2_000);
  });

  it('MP4: an unknown movie duration falls back to the longest track; neither → null', async () => {
    expect(await probe(anMp4(40, { movieSeconds: null, trackSeconds: 40 }))).toBe(40);
    expect(await probe(anMp4(40, { movieSeconds: null, trackSeconds: null }))).toBeNull();
    expect(await probe(anMp4(0))).toBeNull();
  });

  it('WebM: Segment/Info/Duration in TimestampScale units, as a 64- or 32-bit float; a live file without it → null', async () => {
    expect(await probe(aWebm(30))).toBe(30);
    expect(await probe(aWebm(30.5, { duration: 'float32' }))).toBe(31);
    expect(await probe(aWebm(90, { timestampScale: 1_000 }))).toBe(90);
    expect(await probe(aWebm(12, { segmentSizeUnknown: true }))).toBe(12);
    expect(await probe(aWebm(30, { duration: null }))).toBeNull();
  });

  it('anything else, a cut-short file, or more than 24 hours → null, never a throw', async () => {
    const mp4 = anMp4(22, { moovAtEnd: true });
    expect(await probe(mp4.subarray(0, mp4.length - 20))).toBeNull();
    const webm = aWebm(30);
    expect(await probe(webm.subarray(0, 60))).toBeNull();
    expect(await probe(Buffer.from('%PDF-1.7 not a video at all'))).toBeNull();
    expect(await probe(Buffer.alloc(0))).toBeNull();
    expect(await probe(Buffer.alloc(64, 0xff))).toBeNull();
    expect(await probe(anMp4(86_401, { version: 1 }))).toBeNull();
  });
});
