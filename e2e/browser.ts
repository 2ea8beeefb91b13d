import AxeBuilder from '@axe-core/playwright';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';

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

/** A fresh browser context (its own storage), as a new visitor. */
export async function newPage(
  browser: Browser,
  opts: { mobile?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(
    opts.mobile
      ? { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }
      : { viewport: { width: 1280, height: 800 } },
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
