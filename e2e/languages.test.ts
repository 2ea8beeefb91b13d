import { describe, expect, it } from 'vitest';
import {
  acmeHost,
  acmeUrl,
  api,
  DEMO_PASSWORD,
  expectAccessible,
  newPage,
  storedToken,
  useBrowser,
} from './browser.ts';

const browser = useBrowser();

type Details = { user: { firstName: string; lastName: string; language: string | null } };

/** The translation chunks (`i18n-<namespace>-<language>-….js`) a page fetches. */
function textsFetched(page: import('playwright-core').Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const match = request.url().match(/\/i18n-([a-z]+-[a-z]{2})-/);
    if (match?.[1]) seen.push(match[1]);
  });
  return seen;
}

describe('languages', () => {
  it('a person picks Kannada on the sign-in page, and the pages they open afterwards are in Kannada', async () => {
    const { context, page } = await newPage(browser());
    const fetched = textsFetched(page);
    try {
      await page.goto(acmeUrl('/signin'));
      await page.getByLabel('Language').selectOption('kn');
      // The sign-in form redraws in Kannada (its texts are fetched on the switch).
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('ಸೈನ್ ಇನ್');
      expect(await page.locator('html').getAttribute('lang')).toBe('kn');
      await page.getByLabel('ಇಮೇಲ್ ಅಥವಾ ಬಳಕೆದಾರ ಹೆಸರು').fill('admin@acme.test');
      await page.getByLabel('ಪಾಸ್‌ವರ್ಡ್', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'ಸೈನ್ ಇನ್ ಮಾಡಿ' }).click();
      await page.waitForURL(/\/dashboard$/);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^ಸ್ವಾಗತ, /);

      // The users page's texts arrive with it, not with the first page.
      expect(fetched).not.toContain('users-kn');
      await page.getByRole('link', { name: 'ಬಳಕೆದಾರರು' }).click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('ಬಳಕೆದಾರರು');
      await expect.poll(() => fetched).toContain('users-kn');
      await expect(page.getByRole('columnheader', { name: 'ಉದ್ಯೋಗಿ ಐಡಿ' }).isVisible()).resolves.toBe(true);
      await expectAccessible(page);

      // The choice is remembered on this host: a reload stays in Kannada.
      await page.reload();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('ಬಳಕೆದಾರರು');
    } finally {
      await context.close();
    }
  });

  it('the user menu switches a signed-in page to Tamil, and every language is offered', async () => {
    const { context, page } = await newPage(browser());
    let restore: (() => Promise<unknown>) | null = null;
    try {
      await page.goto(acmeUrl('/signin'));
      await page.getByLabel('Language').waitFor();
      const options = await page.getByLabel('Language').locator('option').allTextContents();
      expect(options).toEqual(['English', 'हिन्दी', 'ಕನ್ನಡ', 'తెలుగు', 'தமிழ்', 'मराठी']);
      await page.getByLabel('Email or username').fill('admin@acme.test');
      await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/dashboard$/);
      // The menu saves the choice to the account: put the demo account back for the other browser tests.
      const token = (await storedToken(page))!;
      const { user } = (await api<Details>(acmeHost(), 'GET', '/api/user/details', { token })).json;
      restore = () =>
        api(acmeHost(), 'PUT', '/api/user', {
          token,
          body: { firstName: user.firstName, lastName: user.lastName, language: null },
        });
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'தமிழ்' }).click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^வரவேற்கிறோம், /);
      await expect(page.getByRole('link', { name: 'பயனர்கள்' }).isVisible()).resolves.toBe(true);
      await expect
        .poll(async () => (await api<Details>(acmeHost(), 'GET', '/api/user/details', { token })).json.user.language)
        .toBe('ta');
    } finally {
      await restore?.();
      await context.close();
    }
  });
});
