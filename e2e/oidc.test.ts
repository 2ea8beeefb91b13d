import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acmeUrl, launch, newPage, platformUrl } from './browser.ts';

/**
 * Until the web app's /signin exchanges `#handoff=` itself (and shows the Google/Microsoft
 * buttons), the journey starts at the start URL and the test exchanges the hand-off from the page,
 * as the web app will. Set to true once it does, and delete `exchangeInPage`.
 */
const WEB_HANDLES_OIDC = false;

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(() => browser?.close());

/** What the web app's /signin will do with `#handoff=`: exchange it (same origin, binding cookie sent) and keep the token. */
async function exchangeInPage(page: Page): Promise<void> {
  await page.waitForURL(/\/signin(\?[^#]*)?#handoff=/);
  const status = await page.evaluate(async () => {
    const id = new URLSearchParams(location.hash.slice(1)).get('handoff');
    const res = await fetch(`/api/session/get/${id}`);
    if (res.ok) {
      const { accessToken, expiresAt } = await res.json();
      localStorage.setItem('compliance.session', JSON.stringify({ accessToken, expiresAt }));
    }
    return res.status;
  });
  expect(status).toBe(200);
  await page.goto(acmeUrl('/dashboard'));
}

/** Starts at Acme's sign-in page with `provider` and signs in at the provider's form as `login`. */
async function signInWith(page: Page, provider: 'Google' | 'Microsoft', login: string): Promise<void> {
  if (WEB_HANDLES_OIDC) {
    await page.goto(acmeUrl('/signin'));
    // A plain link (a top-level navigation to /api/auth/oidc/{provider}/start?redirect=…).
    await page.getByRole('link', { name: `Continue with ${provider}` }).click();
  } else {
    await page.goto(acmeUrl(`/api/auth/oidc/${provider.toLowerCase()}/start`));
  }
  await expect.poll(() => page.getByRole('heading', { name: `Sign in to ${provider} (test)` }).isVisible()).toBe(true);
  await page.getByLabel('Email or subject').fill(login);
  await page.getByRole('button', { name: 'Sign in' }).click();
  if (!WEB_HANDLES_OIDC) await exchangeInPage(page);
}

describe('Google and Microsoft sign-in (against a local OpenID provider)', () => {
  it('signs in to Acme with Google and lands on the dashboard', async () => {
    const { context, page } = await newPage(browser);
    await signInWith(page, 'Google', 'employee@acme.test');
    await page.waitForURL(acmeUrl('/dashboard'));
    const main = page.getByRole('main');
    await expect.poll(() => main.textContent()).toContain('Acme Corporation');
    // The binding cookie was only ever sent to /api/session on Acme's host, and is gone now.
    const cookies = await context.cookies([acmeUrl('/api/session/get/x'), platformUrl('/')]);
    expect(cookies.filter((c) => c.name === 'cp_signin_binding')).toEqual([]);
    await context.close();
  });

  it('signs in to Acme with Microsoft', async () => {
    const { context, page } = await newPage(browser);
    await signInWith(page, 'Microsoft', 'microsoft-admin-1');
    await page.waitForURL(acmeUrl('/dashboard'));
    await expect.poll(() => page.getByRole('main').textContent()).toContain('Workspace Admin');
    await context.close();
  });

  it('comes back to the sign-in page with oidcError=cancelled when the person cancels at the provider', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(acmeUrl('/api/auth/oidc/google/start'));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(acmeUrl('/signin?oidcError=cancelled'));
    expect(await page.evaluate(() => localStorage.getItem('compliance.session'))).toBeNull();
    await context.close();
  });
});
