import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PLATFORM_HOST, type TestApp } from '../testing/index.ts';

const INDEX = `<!doctype html><html lang="en"><head><title>Shell</title><link rel="preload" href="/api/app-config" as="fetch" crossorigin="anonymous"><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div>${' '.repeat(2000)}</body></html>`;
const SCRIPT = `console.log(${JSON.stringify('app '.repeat(500))});`;
const SIGNIN = INDEX.replace(
  '</head>',
  '<link rel="modulepreload" crossorigin href="/assets/sign-in.page-Ef56Gh78.js"></head>',
);
const ROBOTS = 'User-agent: *\nAllow: /\nDisallow: /api/\n';

/** A web build as apps/web's `vite build` writes it: each text file with its `.br` and `.gz` copies. */
function fakeWebBuild(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'cp-web-assets-'));
  mkdirSync(path.join(dir, 'assets'));
  const files: [string, string][] = [
    ['index.html', INDEX],
    ['assets/index-Ab12Cd34.js', SCRIPT],
    ['signin.html', SIGNIN],
    ['robots.txt', ROBOTS],
  ];
  for (const [name, body] of files) {
    writeFileSync(path.join(dir, name), body);
    writeFileSync(path.join(dir, `${name}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dir, `${name}.gz`), gzipSync(body));
  }
  return dir;
}

describe('the web build as served', () => {
  let t: TestApp;
  let webDir: string;
  const get = (url: string, acceptEncoding?: string) =>
    t.request(TEST_PLATFORM_HOST, {
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });
  beforeAll(async () => {
    webDir = fakeWebBuild();
    t = await createTestApp({ config: { webDistDir: webDir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('hashed assets: brotli or gzip as the browser accepts, cached a year as immutable', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    // A client that accepts no compression gets the file itself.
    const plain = await get('/assets/index-Ab12Cd34.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('index.html, for every SPA route: compressed when accepted, never used without asking the server', async () => {
    for (const url of ['/', '/identify', '/users?page=2', '/signin/x', '/index']) {
      const br = await get(url, 'gzip, br');
      expect({ url, status: br.statusCode }).toEqual({ url, status: 200 });
      expect(br.headers['content-type']).toMatch(/^text\/html/);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(INDEX);
    }
    const gz = await get('/identify', 'gzip;q=1, br;q=0');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(INDEX);
    const plain = await get('/identify');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('no-cache');
    expect(plain.body).toBe(INDEX);
  });

  it('a first page with its own copy (signin.html) gets it at /signin, compressed as index.html is', async () => {
    for (const url of ['/signin', '/signin?next=%2Fusers']) {
      const br = await get(url, 'gzip, br');
      expect({ url, status: br.statusCode }).toEqual({ url, status: 200 });
      expect(br.headers['content-type']).toMatch(/^text\/html/);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SIGNIN);
    }
    const gz = await get('/signin', 'gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SIGNIN);
    expect((await get('/signin')).body).toBe(SIGNIN);
  });

  it('on a workspace host the page preloads its company profile (Link header); the platform host does not', async () => {
    for (const url of ['/', '/signin']) {
      const workspace = await t.request('Acme.Example.test:8443', { method: 'GET', url });
      expect(workspace.headers.link).toBe(
        '</api/workspace/company-profile/acme.example.test%3A8443>; rel=preload; as=fetch; crossorigin',
      );
      const platform = await get(url, 'gzip, br');
      expect(platform.headers.link).toBeUndefined();
    }
  });

  it('robots.txt is the text file, not the app, and is revalidated', async () => {
    const res = await get('/robots.txt', 'gzip, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(ROBOTS);
  });
});
