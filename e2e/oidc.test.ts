import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { acmeUrl, newPage, platformUrl, useBrowser } from './browser.ts';

const browser = useBrowser();

/**
 * Starts at Acme's sign-in page with `provider` and signs in at the provider's form as `login`;
 * the provider sends the browser back to /signin#handoff=…, which the web app exchanges.
 */
async function signInWith(page: Page, provider: 'Google' | 'Microsoft', login: string, signInPath = '/signin') {
  await page.goto(acmeUrl(signInPath));
  // A plain link (a top-level navigation to /api/auth/oidc/{provider}/start?redirect=…).
  await page.getByRole('link', { name: `Continue with ${provider}` }).click();
  await expect.poll(() => page.getByRole('heading', { name: `Sign in to ${provider} (test)` }).isVisible()).toBe(true);
  await page.getByLabel('Email or subject').fill(login);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('Google and Microsoft sign-in (against a local OpenID provider)', () => {
  it('signs in to Acme with Google and lands on the dashboard', async () => {
    const { context, page } = await newPage(browser());
    await signInWith(page, 'Google', 'employee@acme.test');
    await page.waitForURL(acmeUrl('/dashboard'));
    const main = page.getByRole('main');
    await expect.poll(() => main.textContent()).toContain('Acme Corporation');
    // The binding cookie was only ever sent to /api/session on Acme's host, and is gone now.
    const cookies = await context.cookies([acmeUrl('/api/session/get/x'), platformUrl('/')]);
    expect(cookies.filter((c) => c.name === 'cp_signin_binding')).toEqual([]);
    await context.close();
  });

  it('signs in to Acme with Microsoft, keeping where the person was going', async () => {
    const { context, page } = await newPage(browser());
    await signInWith(page, 'Microsoft', 'microsoft-admin-1', '/signin?redirect=%2Fdashboard%3Fvia%3Dmicrosoft');
    await page.waitForURL(acmeUrl('/dashboard?via=microsoft'));
    await expect.poll(() => page.getByRole('main').textContent()).toContain('Workspace Admin');
    await context.close();
  });

  it('comes back to the sign-in page with oidcError=cancelled when the person cancels at the provider', async () => {
    const { context, page } = await newPage(browser());
    await page.goto(acmeUrl('/signin'));
    await page.getByRole('link', { name: 'Continue with Google' }).click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(acmeUrl('/signin?oidcError=cancelled'));
    await page.getByText('Signing in was cancelled').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('compliance.session'))).toBeNull();
    await context.close();
  });
});
