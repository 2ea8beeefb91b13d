import { describe, expect, it } from 'vitest';
import {
  acmeHost,
  api,
  DEMO_PASSWORD,
  expectAccessible,
  globexHost,
  newPage,
  platformHost,
  platformUrl,
  settled,
  sideScroll,
  signInByApi,
  useBrowser,
} from './browser.ts';

const browser = useBrowser();

async function tokenOn(host: string, login: string) {
  const res = await api<{ accessToken: string }>(host, 'POST', '/api/user/signin', {
    body: { userEmail: login, userPassword: DEMO_PASSWORD },
  });
  expect(res.status).toBe(200);
  return res.json.accessToken;
}

/** The obligation keys in a workspace's compliance register (every answer, applying or not). */
async function registerKeys(host: string, token: string): Promise<string[]> {
  const res = await api<Array<{ obligation: { key: string } }>>(
    host,
    'GET',
    '/lms/api/compliance/register/obligations?applies=ALL',
    { token },
  );
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.map((a) => a.obligation.key);
}

/** Where the journey's screenshots go (looked at by hand). */
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/e2e-shots';

describe('the compliance catalogue (the operator)', () => {
  it('adds an obligation at 1280 px, finds it in the list and in the Indian workspace’s register only; the catalogue reads at 360 px', async () => {
    const key = `E2E.OBL.${Date.now().toString(36).toUpperCase()}`;
    const wide = await newPage(browser());
    try {
      const { page } = wide;
      await signInByApi(page, platformHost(), 'operator@platform.test');
      await page.goto(platformUrl('/dashboard'));
      await page.getByRole('link', { name: 'Compliance catalogue' }).click();
      await page.getByRole('heading', { level: 1, name: 'Compliance catalogue' }).waitFor();
      // The demo catalogue is there from the start.
      const table = page.getByRole('table', { name: 'Obligations' });
      await table.getByText('IN.POSH.S4.COMMITTEE', { exact: false }).waitFor();
      await settled(page);
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/compliance-catalogue-list-en-1280.png`, fullPage: true });

      await page.getByRole('button', { name: 'Add an obligation' }).click();
      const drawer = page.getByRole('dialog', { name: 'New obligation' });
      await drawer.getByRole('textbox', { name: 'Key', exact: true }).fill(key);
      await drawer.getByRole('combobox', { name: 'Category' }).click();
      await page.getByRole('option', { name: 'Awareness and training' }).click();
      await drawer.getByRole('textbox', { name: 'Law', exact: true }).fill('POSH Act 2013');
      await drawer.getByRole('textbox', { name: 'Section', exact: true }).fill('s.19(c)');
      await drawer.getByRole('textbox', { name: 'Title', exact: true }).fill('Run an awareness session each quarter');
      await drawer.getByRole('textbox', { name: 'What the law asks' }).fill('A session for every employee.');
      await drawer.getByRole('textbox', { name: 'Evidence expected' }).fill('The attendance list.');
      // Hindi too: the language picker says which languages are filled in.
      await drawer.getByRole('combobox', { name: 'Language' }).click();
      await page.getByRole('option', { name: 'Hindi' }).click();
      await drawer.getByRole('textbox', { name: 'Title', exact: true }).fill('हर तिमाही जागरूकता सत्र आयोजित करें');
      await drawer.getByRole('textbox', { name: 'Every' }).fill('3');
      await drawer.getByRole('combobox', { name: 'Unit' }).first().click();
      await page.getByRole('option', { name: 'Months' }).click();
      await settled(page);
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/compliance-catalogue-form-en-1280.png`, fullPage: true });
      await drawer.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Obligation added.', { exact: false }).waitFor();

      // In the list, found by its key.
      await page.getByRole('textbox', { name: 'Search' }).fill(key.toLowerCase());
      await page.getByRole('textbox', { name: 'Search' }).press('Enter');
      await table.getByText('Run an awareness session each quarter').waitFor();
      await expect.poll(() => table.getByRole('row').count()).toBe(2);
      await table.getByText('Periodic').waitFor();

      // The catalogue update reaches the applicable workspaces only: Acme (India) has it, Globex (Canada) not.
      const acme = await tokenOn(acmeHost(), 'admin@acme.test');
      const globex = await tokenOn(globexHost(), 'admin@globex.test');
      await expect.poll(() => registerKeys(acmeHost(), acme), { timeout: 30_000, interval: 500 }).toContain(key);
      expect(await registerKeys(globexHost(), globex)).not.toContain(key);

      // Retired or deleted with a confirmation: no workspace answered it yet, so it is deleted.
      await page.getByRole('button', { name: `Retire or delete ${key}` }).click();
      const confirm = page.getByRole('dialog', { name: 'Retire or delete this obligation?' });
      await settled(page);
      await expectAccessible(page);
      await confirm.getByRole('button', { name: 'Retire or delete' }).click();
      await page.getByText(/Obligation (deleted|retired)\./).waitFor();
    } finally {
      await wide.context.close();
    }

    const narrow = await newPage(browser(), { mobile: true });
    try {
      const { page } = narrow;
      await signInByApi(page, platformHost(), 'operator@platform.test');
      await page.goto(platformUrl('/platform/compliance'));
      await page
        .getByRole('table', { name: 'Obligations' })
        .getByText('CA.WHVP.S36.ANNUAL_REPORT', { exact: false })
        .waitFor();
      await settled(page);
      await expectAccessible(page);
      expect(await sideScroll(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/compliance-catalogue-list-en-360.png`, fullPage: true });
      await page.getByRole('tab', { name: 'Categories' }).click();
      await page.getByRole('table', { name: 'Categories' }).getByText('Reports', { exact: true }).waitFor();
      await settled(page);
      await expectAccessible(page);
      expect(await sideScroll(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/compliance-catalogue-categories-en-360.png`, fullPage: true });
      await page.getByRole('tab', { name: 'Obligations' }).click();
      await page.getByRole('button', { name: 'Add an obligation' }).click();
      await page.getByRole('dialog', { name: 'New obligation' }).waitFor();
      await settled(page);
      await expectAccessible(page);
      await page.screenshot({ path: `${SHOTS}/compliance-catalogue-form-en-360.png`, fullPage: true });

      // In Hindi (long words) at 360 px: the list still fits the phone.
      await page.evaluate(() => window.localStorage.setItem('compliance.language', 'hi'));
      await page.goto(platformUrl('/platform/compliance'));
      await page.getByRole('heading', { level: 1, name: 'अनुपालन सूची' }).waitFor();
      await page.getByRole('table', { name: 'दायित्व' }).getByText('IN.POSH.S4.COMMITTEE', { exact: false }).waitFor();
      await settled(page);
      await expectAccessible(page);
      expect(await sideScroll(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `${SHOTS}/compliance-catalogue-list-hi-360.png`, fullPage: true });
    } finally {
      await narrow.context.close();
    }
  });
});
