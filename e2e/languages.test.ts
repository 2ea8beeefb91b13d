import { describe, expect, it } from 'vitest';
import {
  acmeHost,
  acmeUrl,
  api,
  DEMO_PASSWORD,
  expectAccessible,
  globexHost,
  globexUrl,
  newPage,
  sideScroll,
  storedToken,
  useBrowser,
} from './browser.ts';

const SHOTS = process.env.E2E_SHOTS ?? '/tmp/e2e-shots';

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

  it('the user menu switches a signed-in page to Tamil, and India’s six languages are offered, not French', async () => {
    const { context, page } = await newPage(browser());
    let restore: (() => Promise<unknown>) | null = null;
    try {
      await page.goto(acmeUrl('/signin'));
      await page.getByLabel('Language').waitFor();
      const options = await page.getByLabel('Language').locator('option').allTextContents();
      expect(options).toEqual(['English', 'हिन्दी', 'ಕನ್ನಡ', 'తెలుగు', 'தமிழ்', 'मराठी']);
      expect(options).not.toContain('Français');
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
      // The menu offers the same six: French is Canada's.
      expect(await page.getByRole('menuitem', { name: 'Français' }).count()).toBe(0);
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

  it('a Globex (Canada) employee switches to French at 360 px and sees French screens; Acme (India) offers no French', async () => {
    const { context, page } = await newPage(browser(), { mobile: true });
    let restore: (() => Promise<unknown>) | null = null;
    try {
      await page.goto(globexUrl('/signin'));
      await page.getByLabel('Language').waitFor();
      // A Canadian workspace offers English and French only.
      expect(await page.getByLabel('Language').locator('option').allTextContents()).toEqual(['English', 'Français']);
      await page.getByLabel('Language').selectOption('fr');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Connexion');
      expect(await page.locator('html').getAttribute('lang')).toBe('fr');
      await page.getByLabel('Courriel ou nom d’utilisateur').fill('employee@globex.test');
      await page.getByLabel('Mot de passe', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Se connecter' }).click();
      await page.waitForURL(/\/dashboard$/);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Bienvenue, /);
      const token = (await storedToken(page))!;
      const { user } = (await api<Details>(globexHost(), 'GET', '/api/user/details', { token })).json;
      restore = () =>
        api(globexHost(), 'PUT', '/api/user', {
          token,
          body: { firstName: user.firstName, lastName: user.lastName, language: null },
        });
      // Who to contact, in French, citing the Regulations as DORS/2020-130.
      await page
        .getByTestId('concerned-authority')
        .getByText(/DORS\/2020-130/)
        .waitFor();
      expect(await sideScroll(page)).toBeLessThanOrEqual(0);
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/globex-fr-dashboard-360.png`, fullPage: true });

      // The user menu offers English and French, and saves French to the account.
      await page.getByRole('button', { name: 'Menu de l’utilisateur' }).click();
      expect(await page.getByRole('menuitem', { name: 'हिन्दी' }).count()).toBe(0);
      await page.getByRole('menuitem', { name: 'Français' }).click();
      await expect
        .poll(async () => (await api<Details>(globexHost(), 'GET', '/api/user/details', { token })).json.user.language)
        .toBe('fr');
      // The server refuses Hindi for this workspace, in French on the page's side (the code is LANGUAGE_NOT_OFFERED).
      const refused = await api<{ code: string }>(globexHost(), 'PUT', '/api/user', {
        token,
        body: { firstName: user.firstName, lastName: user.lastName, language: 'hi' },
      });
      expect(refused.json.code).toBe('LANGUAGE_NOT_OFFERED');

      // My learning, in French.
      await page.goto(globexUrl('/learning'));
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Ma formation');
      expect(await sideScroll(page)).toBeLessThanOrEqual(0);
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/globex-fr-learning-360.png`, fullPage: true });
    } finally {
      await restore?.();
      await context.close();
    }

    // A browser that chose French elsewhere reads English on Acme, whose pages offer no French.
    const acme = await newPage(browser(), { mobile: true });
    try {
      await acme.page.addInitScript(() => localStorage.setItem('compliance.language', 'fr'));
      await acme.page.goto(acmeUrl('/signin'));
      await expect.poll(() => acme.page.getByRole('heading', { level: 1 }).textContent()).toBe('Sign in');
      const options = await acme.page.getByLabel('Language').locator('option').allTextContents();
      expect(options).not.toContain('Français');
      expect(await acme.page.getByLabel('Language').inputValue()).toBe('en');
    } finally {
      await acme.context.close();
    }
  });
});
