/**
 * `npm run bench:first-load`: the web app's first load of the sign-in page (issue 11, target 4).
 * Starts the server as `npm start` does (the web must be built: `npm run build`), then opens
 * `http://acme.localhost:<port>/signin` BENCH_RUNS times in headless Chromium, each time in a fresh
 * context (empty cache) at 360 × 740 px with the network throttled to 1.6 Mbps / 150 ms RTT (CDP
 * `Network.emulateNetworkConditions`), and measures
 *   - the JavaScript and CSS the page fetched: bytes on the wire, and gzipped (node:zlib, level 9)
 *     whatever the server sent;
 *   - largest contentful paint (a PerformanceObserver installed before any page script);
 *   - each asset's Content-Encoding and Cache-Control.
 * Writes the section "First load: sign-in page" of bench/RESULTS.md, keeping earlier runs of other
 * labels (BENCH_LABEL, default "current"; e.g. "before" and "after" a change).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, kib, machine, median, previousRows, SLOW_4G, upsertRow } from './browser.ts';
import { freePort, startServer, writeResults } from './server.ts';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const LABEL = process.env.BENCH_LABEL ?? 'current';
const HEADING = '## First load: sign-in page';

type Asset = {
  path: string;
  type: string;
  status: number;
  wireBytes: number;
  bodyBytes: number;
  gzipBytes: number;
  encoding: string;
  cacheControl: string;
};
type Run = { lcpMs: number; fcpMs: number; readyMs: number; assets: Asset[] };

const port = await freePort();
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'compliance-first-load-'));
const server = await startServer({ port, dataDir });
const url = `http://acme.localhost:${port}/signin`;
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });

/** One cold load of the sign-in page. */
async function coldLoad(): Promise<Run> {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
  });
  await context.addInitScript(() => {
    const w = window as unknown as { __lcp: number; __fcp: number };
    w.__lcp = 0;
    w.__fcp = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__lcp = e.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') w.__fcp = e.startTime;
    }).observe({ type: 'paint', buffered: true });
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);

  const byId = new Map<string, { url: string; type: string; status: number; headers: Record<string, string> }>();
  const wire = new Map<string, number>();
  cdp.on('Network.responseReceived', (e) => {
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(e.response.headers)) headers[k.toLowerCase()] = String(v);
    byId.set(e.requestId, { url: e.response.url, type: e.type, status: e.response.status, headers });
  });
  cdp.on('Network.loadingFinished', (e) => wire.set(e.requestId, e.encodedDataLength));
  const bodies = new Map<string, Buffer>();
  page.on('response', async (r) => {
    if (!r.url().startsWith(`http://acme.localhost:${port}/`)) return;
    bodies.set(r.url(), await r.body().catch(() => Buffer.alloc(0)));
  });

  const started = Date.now();
  await page.goto(url, { waitUntil: 'load' });
  await page.locator('input[type="password"]').waitFor({ state: 'visible', timeout: 120_000 });
  const readyMs = Date.now() - started;
  // Let late chunks (texts, fonts) finish, and let the last paint be recorded.
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  const { lcp, fcp } = await page.evaluate(() => {
    const w = window as unknown as { __lcp: number; __fcp: number };
    return { lcp: w.__lcp, fcp: w.__fcp };
  });
  const assets: Asset[] = [];
  for (const [id, r] of byId) {
    if (!r.url.startsWith(`http://acme.localhost:${port}/`)) continue;
    const body = bodies.get(r.url) ?? Buffer.alloc(0);
    assets.push({
      path: new URL(r.url).pathname,
      type: r.type,
      status: r.status,
      wireBytes: wire.get(id) ?? 0,
      bodyBytes: body.length,
      gzipBytes: body.length ? gzipSync(body, { level: 9 }).length : 0,
      encoding: r.headers['content-encoding'] ?? '—',
      cacheControl: r.headers['cache-control'] ?? '—',
    });
  }
  await context.close();
  return { lcpMs: lcp, fcpMs: fcp, readyMs, assets };
}

try {
  // One warm-up load: the server's first answers (and the OS's file cache) are not what we measure.
  await coldLoad();
  const runs: Run[] = [];
  for (let i = 0; i < RUNS; i++) {
    const run = await coldLoad();
    runs.push(run);
    console.log(`run ${i + 1}: LCP ${run.lcpMs.toFixed(0)} ms, form shown after ${run.readyMs} ms`);
  }
  const last = runs.at(-1) as Run;
  const sum = (assets: Asset[], type: string, key: 'wireBytes' | 'bodyBytes' | 'gzipBytes') =>
    assets.filter((a) => a.type === type).reduce((s, a) => s + a[key], 0);
  const js = { wire: sum(last.assets, 'Script', 'wireBytes'), body: sum(last.assets, 'Script', 'bodyBytes') };
  const jsGz = sum(last.assets, 'Script', 'gzipBytes');
  const css = { wire: sum(last.assets, 'Stylesheet', 'wireBytes'), gz: sum(last.assets, 'Stylesheet', 'gzipBytes') };
  const totalWire = last.assets.reduce((s, a) => s + a.wireBytes, 0);
  const jsFiles = last.assets.filter((a) => a.type === 'Script').length;
  const lcp = median(runs.map((r) => r.lcpMs));
  const fcp = median(runs.map((r) => r.fcpMs));
  const ready = median(runs.map((r) => r.readyMs));
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const row = `| ${LABEL} | ${when} | ${jsFiles} | ${kib(js.body)} | ${kib(jsGz)} | ${kib(js.wire)} | ${kib(css.gz)} | ${kib(css.wire)} | ${kib(totalWire)} | ${fcp.toFixed(0)} | ${lcp.toFixed(0)} | ${ready.toFixed(0)} |`;
  const rows = upsertRow(previousRows(HEADING), LABEL, row);
  const assetRows = last.assets
    .sort((a, b) => b.wireBytes - a.wireBytes)
    .map(
      (a) =>
        `| \`${a.path}\` | ${a.type} | ${a.status} | ${kib(a.wireBytes)} | ${kib(a.bodyBytes)} | ${a.encoding} | ${a.cacheControl} |`,
    );
  const targetMet = jsGz <= 150 * 1024 && lcp <= 2500;
  writeResults({
    heading: HEADING,
    section: `${HEADING}

Written by \`npm run bench:first-load\` (bench/first-load.ts); ${machine()}, Chromium at \`${CHROMIUM_PATH}\`. \`http://acme.localhost:<port>/signin\` opened ${RUNS} times (after one warm-up), each in a fresh browser context (empty cache) at 360 × 740 px, the network throttled by CDP \`Network.emulateNetworkConditions\` to 1.6 Mbps down / 750 kbps up / 150 ms RTT (no CPU throttling). "JS gz" is every script the page fetched, gzipped at level 9 by node:zlib whatever the server sent; "wire" is what crossed the network (headers included). LCP, FCP and "form shown" (the password field visible, from navigation start) are medians. Target 4: JS gz ≤ 150 KiB and LCP ≤ 2,500 ms. Figures from a shared 2-core machine are noisy.

<!-- runs -->
| run | when (UTC) | JS files | JS KiB | JS gz KiB | JS wire KiB | CSS gz KiB | CSS wire KiB | all wire KiB | FCP ms | LCP ms | form shown ms |
|---|---|---|---|---|---|---|---|---|---|---|---|
${rows.join('\n')}

Latest run ("${LABEL}", ${targetMet ? 'target 4 met' : 'target 4 not met'}): every response of the last load, largest first.

| path | type | status | wire KiB | body KiB | content-encoding | cache-control |
|---|---|---|---|---|---|---|
${assetRows.join('\n')}
`,
  });
  console.log(`${LABEL}: JS ${kib(jsGz)} KiB gz (${kib(js.wire)} KiB on the wire), LCP ${lcp.toFixed(0)} ms`);
} finally {
  await browser.close();
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
