import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

/** Flags that keep Debian's Chromium quiet and self-contained on a closed network. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Which of the run's servers this file talks to: its worker's own (`VITEST_POOL_ID` is 1 to
 * maxWorkers, and no two files run on the same worker at once). See e2e/global-setup.ts.
 */
function slot(): number {
  const servers = inject('e2ePorts').length;
  return (Number(process.env.VITEST_POOL_ID ?? '1') - 1) % servers;
}
/** The port of this worker's server under test; hosts are `localhost:<port>`, `acme.localhost:<port>`, … */
export const port = () => inject('e2ePorts')[slot()]!;
/** The PostgreSQL database of this worker's server (empty on PGlite, which only the server process may open). */
export const e2eDatabaseUrl = () => inject('e2eDatabaseUrls')[slot()]!;
export const platformUrl = (p = '/') => `http://localhost:${port()}${p}`;
export const acmeUrl = (p = '/') => `http://acme.localhost:${port()}${p}`;
export const globexUrl = (p = '/') => `http://globex.localhost:${port()}${p}`;
export const DEMO_PASSWORD = 'Demo@12345';

/** Launches Debian's Chromium (or CHROMIUM_PATH). */
export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** Content-Security-Policy violations seen in any page of this test file since the last check. */
const cspViolations: string[] = [];

/** Prefix of the console line the pages' violation listener writes (see `newPage`). */
const CSP_REPORT = 'securitypolicyviolation:';

/**
 * Records every Content-Security-Policy violation of the context's pages: Chromium's own console
 * error ("… violates the following Content Security Policy directive …") and each
 * `securitypolicyviolation` event, which a listener installed before any page script reports.
 */
async function watchCsp(context: BrowserContext): Promise<void> {
  await context.addInitScript((prefix) => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`${prefix} ${e.effectiveDirective} blocked ${e.blockedURI || '(inline)'} on ${e.documentURI}`);
    });
  }, CSP_REPORT);
  context.on('console', (msg) => {
    const text = msg.text();
    if (text.startsWith(CSP_REPORT) || /Content[ -]Security[ -]Policy/i.test(text)) {
      cspViolations.push(`${msg.location().url || msg.page()?.url()}: ${text}`);
    }
  });
}

/**
 * One browser for the test file that calls this (launched before its tests, closed after). Each
 * test fails when a page it opened broke the Content-Security-Policy.
 */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());
  afterEach(() => {
    const seen = cspViolations.splice(0);
    expect(seen, 'Content-Security-Policy violations in the console').toEqual([]);
  });
  return () => {
    if (!browser) throw new Error('the browser is used before beforeAll launched it');
    return browser;
  };
}

/** A fresh browser context (its own storage), as a new visitor. */
export async function newPage(
  browser: Browser,
  opts: { mobile?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  // Reduced motion: dialogs open and close without animation (the app honours it), so axe never
  // meets a half-faded dialog whose colours are still changing.
  const context = await browser.newContext(
    opts.mobile
      ? { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, reducedMotion: 'reduce' }
      : { viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' },
  );
  await watchCsp(context);
  const page = await context.newPage();
  return { context, page };
}

/** Waits for menus to close and dialogs to finish their opening transition, so that axe sees them fully drawn. */
export async function settled(page: Page) {
  await expect.poll(() => page.getByRole('menu').count()).toBe(0);
  // Mantine fades and slides dialogs in with CSS transitions: wait until none is running and every
  // open dialog (with its ancestors) and overlay is fully opaque.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const faded = (el: Element) => {
          for (let e: Element | null = el; e; e = e.parentElement) if (getComputedStyle(e).opacity !== '1') return true;
          return false;
        };
        const running = document.getAnimations().filter((a) => a.playState === 'running').length;
        const drawing = [...document.querySelectorAll('[role="dialog"], [class*="-overlay"]')].filter(faded).length;
        return running + drawing;
      }),
    )
    .toBe(0);
}

/**
 * Runs axe on the page and fails on serious or critical violations.
 *
 * A page without frames is checked in one `axe.run` (AxeBuilder's legacy mode): the same rules on
 * the same document, but without the default mode's second step, which opens a new page in the
 * context, loads axe into it again and merges the partial results there (on a loaded machine about
 * half of a check's time). A page with frames (the SCORM player, lesson content on its own origin)
 * keeps the default mode, which also checks cross-origin frames.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const builder = new AxeBuilder({ page });
  const results = await (page.frames().length === 1 ? builder.setLegacyMode(true) : builder).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Signs `login` in through the API and hands this page the session as the sign-in form leaves it
 * (the web app keeps `{ accessToken, expiresAt }` under `compliance.session`), stored before the
 * app's scripts run on the next page it opens on `host`. For journeys about something other than
 * signing in: they skip the sign-in page, its form and the dashboard they did not come for. Stored
 * once per tab, so a sign-out later in the journey stays signed out.
 */
export async function signInByApi(page: Page, host: string, login: string, password = DEMO_PASSWORD): Promise<void> {
  const res = await api<{ accessToken: string; expiresAt: string }>(host, 'POST', '/api/user/signin', {
    body: { userEmail: login, userPassword: password },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  const value = JSON.stringify({ accessToken: res.json.accessToken, expiresAt: res.json.expiresAt });
  await page.addInitScript(
    ({ origin, value }) => {
      if (location.origin !== origin || sessionStorage.getItem('e2e.session-stored')) return;
      localStorage.setItem('compliance.session', value);
      sessionStorage.setItem('e2e.session-stored', '1');
    },
    { origin: `http://${host}`, value },
  );
}

/** Signs in through the page's form. */
export async function signInWithForm(page: Page, login: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel('Email or username').fill(login);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Calls the API as a page on `host` would (Node's fetch cannot set Host; the Origin header decides). */
export async function api<T = Record<string, unknown>>(
  host: string,
  method: string,
  path: string,
  opts: { body?: unknown; token?: string } = {},
): Promise<{ status: number; json: T }> {
  const res = await fetch(`http://127.0.0.1:${port()}${path}`, {
    method,
    headers: {
      origin: `http://${host}`,
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : undefined) as T };
}

export const acmeHost = () => `acme.localhost:${port()}`;
export const globexHost = () => `globex.localhost:${port()}`;
export const platformHost = () => `localhost:${port()}`;

/** The bearer token this page's host keeps, or null when signed out. */
export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('compliance.session');
    return raw ? (JSON.parse(raw) as { accessToken: string }).accessToken : null;
  });
}

/** Waits for the signed-in dashboard and returns its heading (it greets the person by name). */
export async function dashboardHeading(page: Page): Promise<string> {
  await page.waitForURL(/\/dashboard$/);
  const heading = page.getByRole('heading', { level: 1 });
  // The address changes before React has drawn the dashboard: wait for its own heading.
  await expect.poll(() => heading.textContent()).toMatch(/^Welcome/);
  return (await heading.textContent()) ?? '';
}

/** Signs in through the API on Acme's host (a demo account) and answers the bearer token. */
export async function acmeToken(login: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await api<{ accessToken: string }>(acmeHost(), 'POST', '/api/user/signin', {
    body: { userEmail: login, userPassword: password },
  });
  expect(res.status).toBe(200);
  return res.json.accessToken;
}

/** Calls the learning service (`/lms/api…`) on Acme's host with `token`; anything but 200 fails the test. */
export async function lmsCall<T = Record<string, unknown>>(
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await api<T>(acmeHost(), method, `/lms/api${path}`, { token, ...(body ? { body } : {}) });
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.json)}`).toBe(200);
  return res.json;
}

/** How far the page scrolls sideways (0 or less: it fits the viewport). */
export const sideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
