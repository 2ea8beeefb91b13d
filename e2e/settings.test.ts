import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { acmeHost, acmeUrl, api, expectAccessible, newPage, signInByApi, storedToken, useBrowser } from './browser.ts';
import { makePng } from './images.ts';

const browser = useBrowser();

/** Puts Acme back as the other journeys expect it: colour 1F6FEB, no logo, every area on, bulk sign-up off. */
async function restoreAcme(token: string) {
  await api(acmeHost(), 'DELETE', '/api/workspace/logo', { token });
  await api(acmeHost(), 'PUT', '/api/workspace/settings', {
    token,
    body: {
      backgroundColor: '1F6FEB',
      bulkSignUpEnabled: false,
      whiteLabel: { cms: true, lms: true, concernedAuthority: true, policies: true, compliance: true },
      timeZone: 'Asia/Kolkata',
    },
  });
}

const bg = (page: Page, testId: string) =>
  page.getByTestId(testId).evaluate((el) => getComputedStyle(el).backgroundColor);

describe('workspace settings', () => {
  it('an administrator uploads a logo, previews a colour, switches an area off, then restores everything', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(page, acmeHost(), 'admin@acme.test');
    await page.goto(acmeUrl('/dashboard'));
    await page.waitForURL(/\/dashboard$/);
    const token = (await storedToken(page))!;
    try {
      await page.getByRole('link', { name: 'Settings' }).click();
      await page.waitForURL(/\/settings$/);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Settings');
      await page.getByText('No logo yet').waitFor();
      await expectAccessible(page);

      // Upload a logo: it shows on the page at once…
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'acme-logo.png', mimeType: 'image/png', buffer: makePng(96, 32, [20, 120, 60]) });
      const preview = page.getByTestId('logo-preview');
      await preview.waitFor();
      const logoUrl = await preview.getAttribute('src');
      expect(logoUrl).toMatch(/^\/api\/workspace\/logo\/[0-9a-f-]{36}\/\d{14}-[0-9a-f]{8}-acme-logo\.png$/);
      await page.getByText('Logo uploaded.').waitFor();

      // …and on Acme's sign-in page for a new visitor.
      const visitor = await newPage(browser());
      await visitor.page.goto(acmeUrl('/signin'));
      const logo = visitor.page.getByRole('img', { name: 'Acme Corporation' });
      await logo.waitFor();
      expect(await logo.getAttribute('src')).toBe(logoUrl);
      await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(96);
      await visitor.context.close();

      // The colour preview follows the picker before anything is saved.
      expect(await bg(page, 'brand-preview-button')).toBe('rgb(31, 111, 235)');
      const colour = page.getByLabel('Brand colour');
      await colour.fill('#C92A2A');
      await expect.poll(() => bg(page, 'brand-preview-button')).toBe('rgb(201, 42, 42)');

      // Areas not built yet have no switch (their stored values and the API stay): only learning's
      // and the concerned authority's. Switch the latter off and save: the home page's contact card goes.
      expect(await page.getByRole('switch', { name: /^Policies/ }).count()).toBe(0);
      await page.getByRole('switch', { name: /^Learning/ }).waitFor();
      await page.getByRole('switch', { name: /^Who to contact about harassment/ }).click();
      await page.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Settings saved.').waitFor();
      const card = await api<{ shown: boolean }>(acmeHost(), 'GET', '/api/workspace/concerned-authority', { token });
      expect(card.json.shown).toBe(false);
      // The hidden switches kept their values.
      const kept = await api(acmeHost(), 'GET', '/api/workspace/settings', { token });
      expect(kept.json.whiteLabel).toEqual({
        cms: true,
        lms: true,
        concernedAuthority: false,
        policies: true,
        compliance: true,
      });
      // The whole app takes the new colour at once.
      await expect
        .poll(() =>
          page.getByRole('button', { name: 'Replace logo' }).evaluate((el) => getComputedStyle(el).backgroundColor),
        )
        .toBe('rgb(201, 42, 42)');
      await expectAccessible(page);
      if (process.env.E2E_SCREENSHOTS) {
        await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/settings-desktop.png`, fullPage: true });
      }

      // The time zone: India's by default (Acme is in India); another is chosen from the list.
      const zone = page.getByRole('combobox', { name: 'Workspace time zone' });
      expect(await zone.inputValue()).toBe('India — Kolkata (IST, UTC+5:30)');
      await zone.click();
      await page.getByRole('option', { name: 'Canada, Pacific — Vancouver' }).click();
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect
        .poll(async () => (await api(acmeHost(), 'GET', '/api/workspace/settings', { token })).json.timeZone)
        .toBe('America/Vancouver');
      await zone.click();
      await page.getByRole('option', { name: 'India — Kolkata (IST, UTC+5:30)' }).click();

      // Restore through the page: colour, the area, the time zone and the logo.
      await colour.fill('#1F6FEB');
      await page.getByRole('switch', { name: /^Who to contact about harassment/ }).click();
      await page.getByRole('button', { name: 'Save changes' }).click();
      await expect.poll(() => page.getByText('Settings saved.').count()).toBeGreaterThan(0);
      await page.getByRole('button', { name: 'Remove logo' }).click();
      await page.getByText('No logo yet').waitFor();
      const settings = await api(acmeHost(), 'GET', '/api/workspace/settings', { token });
      expect(settings.json).toEqual({
        backgroundColor: '1F6FEB',
        companyLogo: null,
        bulkSignUpEnabled: false,
        whiteLabel: { cms: true, lms: true, concernedAuthority: true, policies: true, compliance: true },
        country: 'IN',
        timeZone: 'Asia/Kolkata',
        concernedAuthority: null,
        // Elevate-IP mode (issue 23): no ranges, the flag off, and the address the server sees.
        adminIpRanges: [],
        elevateIpOn: false,
        yourIp: expect.any(String),
      });
      expect((await api(acmeHost(), 'GET', logoUrl!)).status).toBe(404);
    } finally {
      await restoreAcme(token);
      await context.close();
    }
  });

  it('fits a 360 px phone and stays accessible', async () => {
    const { context, page } = await newPage(browser(), { mobile: true });
    await signInByApi(page, acmeHost(), 'admin@acme.test');
    await page.goto(acmeUrl('/dashboard'));
    await page.waitForURL(/\/dashboard$/);
    await page.goto(acmeUrl('/settings'));
    await page.getByTestId('brand-preview').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectAccessible(page);
    if (process.env.E2E_SCREENSHOTS) {
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/settings-360.png`, fullPage: true });
    }
    await context.close();
  });
});
