import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/index.ts';
import { storageDrivers } from '../testing/storage-drivers.ts';
import type { StorageConfig } from './config.ts';
import {
  assertSafeKey,
  type ByteRange,
  createStorage,
  newFileKey,
  safeFileName,
  signFileUrl,
  timestampPrefix,
  verifyFileUrl,
} from './storage.ts';

const WS = '3f1c2b7a-0000-4000-8000-000000000001';

describe('file keys', () => {
  it('are <workspace>/<area>/<yyyyMMddHHmmss>-<random>-<safe name>', () => {
    const key = newFileKey(WS, 'logo', 'Our Logo (final).PNG', new Date('2026-11-21T09:08:07Z'));
    expect(key).toMatch(new RegExp(`^${WS}/logo/20261121090807-[0-9a-f]{8}-Our-Logo-final-.PNG$`));
    expect(newFileKey(WS, 'logo', 'a.png')).not.toBe(newFileKey(WS, 'logo', 'a.png'));
    expect(timestampPrefix(new Date('2026-01-02T03:04:05.678Z'))).toBe('20260102030405');
  });

  it('never carry a path, a traversal or odd characters from the original name', () => {
    expect(safeFileName('../../etc/passwd')).toBe('passwd');
    expect(safeFileName('C:\\Users\\me\\..\\photo.jpg')).toBe('photo.jpg');
    expect(safeFileName('résumé “final”.pdf')).toBe('resume-final-.pdf');
    expect(safeFileName('...')).toBe('file');
    expect(safeFileName('\u0000\u202e')).toBe('file');
    expect(safeFileName(`${'x'.repeat(300)}.png`)).toHaveLength(80);
  });

  it.each([
    '../secret',
    'a/../../b',
    'a/./b',
    '/abs/path',
    'a//b',
    'a/.hidden',
    'a\\b/c',
    'a/b c',
    'single',
    'a/b\u0000',
  ])('refuses the key %j', (key) => {
    expect(() => assertSafeKey(key)).toThrow(/not a valid file name/);
  });

  it('signs local download URLs that expire and cannot be altered', () => {
    const now = Date.now();
    const url = new URL(signFileUrl('s'.repeat(32), `${WS}/logo/a.png`, 60, now), 'http://x');
    const exp = url.searchParams.get('exp')!;
    const sig = url.searchParams.get('sig')!;
    expect(url.pathname).toBe(`/files/${WS}/logo/a.png`);
    expect(verifyFileUrl('s'.repeat(32), `${WS}/logo/a.png`, exp, sig, now)).toBe(true);
    expect(verifyFileUrl('s'.repeat(32), `${WS}/logo/b.png`, exp, sig, now)).toBe(false);
    expect(verifyFileUrl('t'.repeat(32), `${WS}/logo/a.png`, exp, sig, now)).toBe(false);
    expect(verifyFileUrl('s'.repeat(32), `${WS}/logo/a.png`, String(Number(exp) + 1), sig, now)).toBe(false);
    expect(verifyFileUrl('s'.repeat(32), `${WS}/logo/a.png`, exp, sig, now + 61_000)).toBe(false);
  });

  it('keeps a local download URL valid for at least its lifetime, whatever the millisecond it was made', () => {
    const late = 1_800_000_000_999; // a whole second's last millisecond
    const exp = new URL(signFileUrl('s'.repeat(32), `${WS}/logo/a.png`, 1, late), 'http://x').searchParams.get('exp');
    expect(Number(exp) * 1000).toBeGreaterThanOrEqual(late + 1000);
  });
});

const drivers = storageDrivers('cp-files');

describe.each(drivers)('storage on $driver', ({ driver, storage }) => {
  let t: TestApp;
  let storageConfig: StorageConfig;
  beforeAll(async () => {
    storageConfig = storage();
    t = await createTestApp({ config: { storage: storageConfig } });
  });
  afterAll(async () => {
    await t.close();
    if (driver === 'local') rmSync(storageConfig.dir, { recursive: true, force: true });
  });

  /** Downloads a URL as a browser would: this server's `/files/…`, or the bucket's presigned URL. */
  async function download(url: string): Promise<{ status: number; body: Buffer; headers: Record<string, string> }> {
    if (url.startsWith('/')) {
      const res = await t.app.inject({ method: 'GET', url });
      return { status: res.statusCode, body: res.rawPayload, headers: res.headers as Record<string, string> };
    }
    const res = await fetch(url);
    return {
      status: res.status,
      body: Buffer.from(await res.arrayBuffer()),
      headers: Object.fromEntries(res.headers.entries()),
    };
  }

  it('uses the configured driver', () => {
    expect(t.app.deps.storage.driver).toBe(driver);
  });

  it('stores, reads back and deletes a file, from a buffer or a stream', async () => {
    const s = t.app.deps.storage;
    const key = newFileKey(WS, 'reports', 'report.csv');
    await s.put(key, Buffer.from('a,b\n1,2\n'), { contentType: 'text/csv' });
    const got = await s.get(key);
    expect(got?.contentType).toBe('text/csv');
    expect(got?.size).toBe(8);
    expect(Buffer.concat(await got!.stream.toArray()).toString()).toBe('a,b\n1,2\n');

    const { Readable } = await import('node:stream');
    await s.put(key, Readable.from([Buffer.from('x,y\n'), Buffer.from('3,4\n')]), { contentType: 'text/csv' });
    expect(Buffer.concat(await (await s.get(key))!.stream.toArray()).toString()).toBe('x,y\n3,4\n');

    await s.delete(key);
    expect(await s.get(key)).toBeNull();
    await s.delete(key); // deleting again is fine
    expect(await s.get(newFileKey(WS, 'reports', 'never-stored.csv'))).toBeNull();
  });

  it('hands out a download URL that works until it expires', async () => {
    const s = t.app.deps.storage;
    const key = newFileKey(WS, 'reports', 'detailed report.csv');
    await s.put(key, Buffer.from('id,reason\n7,bad email\n'), { contentType: 'text/csv' });
    // A minute: S3 dates a signature to the second, so a one-second URL may be stale by the time it is fetched.
    const url = await s.downloadUrl(key, 60);
    if (driver === 'local') expect(url).toMatch(new RegExp(`^/files/${key}\\?exp=\\d+&sig=`));
    else expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/cp-files\/.*X-Amz-Signature=/);
    const ok = await download(url);
    expect(ok.status).toBe(200);
    expect(ok.body.toString()).toBe('id,reason\n7,bad email\n');
    if (driver === 'local') {
      expect(ok.headers['content-type']).toBe('text/csv');
      expect(ok.headers['content-disposition']).toMatch(
        /^attachment; filename="\d{14}-[0-9a-f]{8}-detailed-report.csv"$/,
      );
      expect(ok.headers['x-content-type-options']).toBe('nosniff');
    }
    // The same storage with its signing clock an hour back: a one-second URL made then has expired
    // now, for this server (local disk) and for the bucket (S3) alike, without waiting for it.
    const anHourAgo = createStorage(storageConfig, t.app.deps.config.authSecret, () => Date.now() - 3_600_000);
    const expired = await download(await anHourAgo.downloadUrl(key, 1));
    expect(expired.status).toBe(403);
    expect(expired.body.toString()).not.toContain('bad email');
  });

  it('refuses a download URL that was tampered with', async () => {
    const s = t.app.deps.storage;
    const key = newFileKey(WS, 'reports', 'a.csv');
    const other = newFileKey(WS, 'reports', 'b.csv');
    await s.put(key, Buffer.from('secret-a'), { contentType: 'text/csv' });
    await s.put(other, Buffer.from('secret-b'), { contentType: 'text/csv' });
    const url = await s.downloadUrl(key, 300);
    // s3rver checks a presigned URL's expiry and access key but not its SigV4 signature (AWS and
    // MinIO do): the altered key and signature are tested on local disk, the altered key id on both.
    const tampered =
      driver === 'local'
        ? [
            url.replace(key, other),
            url.replace(/sig=[^&]+/, (m) => `${m.slice(0, -2)}${m.endsWith('AA') ? 'BB' : 'AA'}`),
            url.replace(/exp=(\d+)/, (_, e) => `exp=${Number(e) + 3600}`),
            url.replace(/&sig=[^&]+/, ''),
          ]
        : [url.replace('X-Amz-Credential=S3RVER', 'X-Amz-Credential=FORGED')];
    for (const bad of tampered) {
      const res = await download(bad);
      expect(res.status, bad).toBe(403);
      expect(res.body.toString()).not.toMatch(/secret-/);
    }
    if (driver === 'local') {
      const res = await t.app.inject({ method: 'GET', url: `/files/${key}` });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 403, code: 'BAD_FILE_SIGNATURE' });
      // An encoded traversal reaches the route and is refused; a plain one is resolved away by the URL parser.
      const encoded = await t.app.inject({ method: 'GET', url: '/files/..%2F..%2Fetc%2Fpasswd?exp=9999999999&sig=x' });
      expect(encoded.statusCode).toBe(403);
      const plain = await t.app.inject({ method: 'GET', url: '/files/../../etc/passwd?exp=9999999999&sig=x' });
      expect(plain.body).not.toContain('root:');
    }
  });

  it('hands out a presigned upload URL on S3 (none on local disk, where uploads go through the API)', async () => {
    const s = t.app.deps.storage;
    const key = newFileKey(WS, 'imports', 'people.csv');
    const url = await s.uploadUrl(key, { contentType: 'text/csv', ttlSeconds: 60 });
    if (driver === 'local') {
      expect(url).toBeNull();
      return;
    }
    const put = await fetch(url!, {
      method: 'PUT',
      body: 'email\na@b.test\n',
      headers: { 'content-type': 'text/csv' },
    });
    expect(put.status).toBe(200);
    const got = await s.get(key);
    expect(Buffer.concat(await got!.stream.toArray()).toString()).toBe('email\na@b.test\n');
  });

  it('reads one byte range, and refuses a range outside the file', async () => {
    const s = t.app.deps.storage;
    const key = newFileKey(WS, 'lms', 'clip.mp4');
    const bytes = Buffer.from('0123456789abcdefghij'); // 20 bytes
    await s.put(key, bytes, { contentType: 'video/mp4' });
    const read = async (range: ByteRange) => {
      const got = await s.get(key, { range });
      return { range: got?.range, size: got?.size, body: Buffer.concat(await got!.stream.toArray()).toString() };
    };
    expect(await read({ start: 2, end: 5 })).toEqual({ range: { start: 2, end: 5 }, size: 20, body: '2345' });
    expect(await read({ start: 15 })).toEqual({ range: { start: 15, end: 19 }, size: 20, body: 'fghij' });
    expect(await read({ start: 18, end: 100 })).toEqual({ range: { start: 18, end: 19 }, size: 20, body: 'ij' });
    expect(await read({ suffix: 3 })).toEqual({ range: { start: 17, end: 19 }, size: 20, body: 'hij' });
    expect(await read({ suffix: 50 })).toEqual({ range: { start: 0, end: 19 }, size: 20, body: bytes.toString() });
    for (const range of [{ start: 20 }, { start: 25, end: 30 }, { start: 5, end: 4 }, { suffix: 0 }]) {
      const err = await s.get(key, { range }).catch((e: unknown) => e);
      expect(err, JSON.stringify(range)).toMatchObject({ status: 416, headers: { 'content-range': 'bytes */20' } });
    }
    expect(await s.get(newFileKey(WS, 'lms', 'missing.mp4'), { range: { start: 0 } })).toBeNull();
    // Without a range, the whole file as before.
    const whole = await s.get(key);
    expect(whole?.range).toBeUndefined();
    expect(Buffer.concat(await whole!.stream.toArray()).toString()).toBe(bytes.toString());
  });

  it('answers Range requests on a download URL: 206 with Content-Range, 416 outside, 200 whole without', async () => {
    const s = t.app.deps.storage;
    const key = newFileKey(WS, 'lms', 'talk.mp4');
    await s.put(key, Buffer.from('abcdefghijklmnopqrstuvwxyz'), { contentType: 'video/mp4' });
    const url = await s.downloadUrl(key, 60);
    const get = async (range?: string) => {
      if (url.startsWith('/')) {
        const res = await t.app.inject({ method: 'GET', url, headers: range ? { range } : {} });
        return { status: res.statusCode, body: res.body, headers: res.headers as Record<string, string> };
      }
      const res = await fetch(url, { headers: range ? { range } : {} });
      return { status: res.status, body: await res.text(), headers: Object.fromEntries(res.headers.entries()) };
    };
    const part = await get('bytes=3-6');
    expect(part.status).toBe(206);
    expect(part.body).toBe('defg');
    expect(part.headers['content-range']).toBe('bytes 3-6/26');
    expect(part.headers['accept-ranges']).toBe('bytes');
    expect(String(part.headers['content-length'])).toBe('4');
    if (driver === 'local') {
      // (s3rver answers a suffix range with the file's first bytes; real S3 does not, and
      // `Storage.get` resolves suffixes itself for that reason.)
      const tail = await get('bytes=-2');
      expect([tail.status, tail.body, tail.headers['content-range']]).toEqual([206, 'yz', 'bytes 24-25/26']);
    }
    const open = await get('bytes=20-');
    expect([open.status, open.body]).toEqual([206, 'uvwxyz']);
    const outside = await get('bytes=26-30');
    expect(outside.status).toBe(416);
    expect(outside.body).not.toContain('abc');
    const whole = await get();
    expect([whole.status, whole.body]).toEqual([200, 'abcdefghijklmnopqrstuvwxyz']);
    if (driver === 'local') {
      expect(outside.headers['content-range']).toBe('bytes */26');
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(part.headers['content-disposition']).toMatch(/^inline/);
      expect(part.headers['x-content-type-options']).toBe('nosniff');
      // Several ranges, another unit or a malformed value: the whole file (RFC 9110 lets a server ignore them).
      for (const range of ['bytes=0-1,4-5', 'items=0-1', 'bytes=x-y', 'bytes=-']) {
        const res = await get(range);
        expect([res.status, res.body], range).toEqual([200, 'abcdefghijklmnopqrstuvwxyz']);
      }
    }
  });

  it('serves images inline and anything else as a download (local)', async () => {
    if (driver !== 'local') return;
    const s = t.app.deps.storage;
    const png = newFileKey(WS, 'logo', 'logo.png');
    await s.put(png, Buffer.from([0x89, 0x50, 0x4e, 0x47]), { contentType: 'image/png' });
    const res = await t.app.inject({ method: 'GET', url: await s.downloadUrl(png, 60) });
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-disposition']).toMatch(/^inline/);
  });
});
