import { describe, expect, it } from 'vitest';
import {
  acmeHost,
  acmeUrl,
  api,
  dashboardHeading,
  expectAccessible,
  newPage,
  signInWithForm,
  storedToken,
  useBrowser,
} from './browser.ts';

const browser = useBrowser();

type Details = { user: { firstName: string; lastName: string; language: string | null } };

describe('the server’s answers in the reader’s language', () => {
  it('the language menu saves Hindi to the account, and a refused delete is explained in Hindi', async () => {
    const { context, page } = await newPage(browser());
    await page.goto(acmeUrl('/signin'));
    await signInWithForm(page, 'admin@acme.test');
    await dashboardHeading(page);
    const token = (await storedToken(page))!;
    const details = async () => (await api<Details>(acmeHost(), 'GET', '/api/user/details', { token })).json.user;
    const { firstName, lastName } = await details();
    try {
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('hi');
      // Saved to the account: its mail and SMS are now in Hindi too (see the server's tests).
      await expect.poll(async () => (await details()).language).toBe('hi');

      await page.goto(acmeUrl('/business-units'));
      await page.getByTestId('unit-Mumbai').waitFor();
      await page.getByRole('button', { name: 'Mumbai हटाएँ' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('button', { name: 'हटाएँ' }).click();
      const refusal = dialog.getByRole('alert');
      await refusal.waitFor();
      // The server's code and values, said in Hindi (its English message was the only text before).
      expect(await refusal.textContent()).toMatch(/कुछ भी नहीं हटाया गया: "Mumbai" में अभी उपयोगकर्ता \(\d+\)/);
      expect(await refusal.textContent()).not.toMatch(/still has/);
      await expectAccessible(page);
    } finally {
      // The demo account as it was, for the other browser tests.
      await api(acmeHost(), 'PUT', '/api/user', { token, body: { firstName, lastName, language: null } });
      await context.close();
    }
  });
});
