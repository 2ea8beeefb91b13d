import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject } from 'vitest';

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

export const port = () => inject('e2ePort');
export const platformUrl = (p = '/') => `http://localhost:${port()}${p}`;
export const acmeUrl = (p = '/') => `http://acme.localhost:${port()}${p}`;
export const globexUrl = (p = '/') => `http://globex.localhost:${port()}${p}`;
export const DEMO_PASSWORD = 'Demo@12345';

/** Launches Debian's Chromium (or CHROMIUM_PATH). */
export function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** One browser for the test file that calls this (launched before its tests, closed after). */
export function useBrowser(): () => Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(() => browser?.close());
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
  const page = await context.newPage();
  return { context, page };
}

/** Runs axe on the page and fails on serious or critical violations. */
export async function expectAccessible(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(bad, `axe violations on ${page.url()}`).toEqual([]);
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
