import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  acmeHost,
  acmeUrl,
  api,
  DEMO_PASSWORD,
  expectAccessible,
  newPage,
  settled,
  signInByApi,
  useBrowser,
} from './browser.ts';

const browser = useBrowser();

async function token(login: string) {
  const res = await api<{ accessToken: string }>(acmeHost(), 'POST', '/api/user/signin', {
    body: { userEmail: login, userPassword: DEMO_PASSWORD },
  });
  expect(res.status).toBe(200);
  return res.json.accessToken;
}

async function signIn(page: Page, login: string) {
  await signInByApi(page, acmeHost(), login);
  await page.goto(acmeUrl('/dashboard'));
  await page.waitForURL(/\/dashboard$/);
}

/** Gives EMPLOYEE "See reports" and takes it back: two entries with a before and an after. */
async function changeAPermissionTwice() {
  const admin = await token('admin@acme.test');
  for (const granted of [true, false]) {
    const res = await api(acmeHost(), 'POST', '/api/permission/update', {
      token: admin,
      body: { role: 'EMPLOYEE', permission: 'reports.view', granted },
    });
    expect(res.status).toBe(200);
  }
}

describe('the audit log reads as words (issue 21 item 14)', () => {
  it('labels a change key and shows names for ids, with the raw values one click away', async () => {
    const admin = await token('admin@acme.test');
    const settings = await api<{ backgroundColor: string }>(acmeHost(), 'GET', '/api/workspace/settings', {
      token: admin,
    });
    expect(settings.status).toBe(200);
    const was = settings.json.backgroundColor;
    const next = was.toUpperCase() === '1F6FEB' ? '0B7285' : '1F6FEB';
    for (const color of [next, was]) {
      const res = await api(acmeHost(), 'PUT', '/api/workspace/settings', {
        token: admin,
        body: { backgroundColor: color },
      });
      expect(res.status).toBe(200);
    }
    const { context, page } = await newPage(browser());
    try {
      await signIn(page, 'admin@acme.test');
      await page.goto(acmeUrl('/audit-log'));
      await page.getByRole('combobox', { name: 'Action' }).click();
      await page.getByRole('option', { name: 'Changed workspace settings' }).click();
      const newest = page.locator('tr[data-action="workspace.settings.updated"]').first();
      await newest.getByRole('button', { name: 'Show details' }).click();
      const diff = newest.getByRole('table');
      await diff.getByRole('cell', { name: 'Brand colour' }).waitFor();
      expect(await diff.getByRole('cell', { name: 'backgroundColor' }).count()).toBe(0);
      await newest.getByRole('button', { name: 'Show raw values' }).click();
      await expect.poll(() => newest.getByTestId('audit-raw').textContent()).toContain('"backgroundColor"');
      await settled(page);
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });
});

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('the audit log', () => {
  it('an admin finds who changed a permission, sees the change, and exports the filtered log', async () => {
    await changeAPermissionTwice();
    const { context, page } = await newPage(browser());
    try {
      await signIn(page, 'admin@acme.test');
      await page.getByRole('link', { name: 'Audit log' }).click();
      await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
      await page.getByRole('table', { name: 'Audit log entries' }).waitFor();
      await expectAccessible(page);

      // Filter by action: the permission changes, as words.
      await page.getByRole('combobox', { name: 'Action' }).click();
      await page.getByRole('option', { name: 'Changed a permission' }).click();
      await expect.poll(() => page.locator('tr[data-action]').count()).toBeGreaterThanOrEqual(2);
      await expect.poll(() => page.locator('tr[data-action]:not([data-action="permission.updated"])').count()).toBe(0);
      const newest = page.locator('tr[data-action="permission.updated"]').first();
      await newest.getByText('Asha Rao').filter({ visible: true }).first().waitFor();
      await newest.getByText('Permission: EMPLOYEE:reports.view').filter({ visible: true }).waitFor();

      // The change itself: granted went from true to false.
      await newest.getByRole('button', { name: 'Show details' }).click();
      const diff = newest.getByRole('table');
      await diff.getByRole('cell', { name: 'granted' }).waitFor();
      expect(await diff.locator('del').textContent()).toBe('true');
      expect(await diff.locator('ins').textContent()).toBe('false');
      await settled(page);
      await expectAccessible(page);
      await page.screenshot({ path: '/tmp/audit-log-en-1280.png', fullPage: true });

      // Filter by person (actor or subject): nobody by that name.
      await page.getByLabel('Person').fill('nobody-by-this-name');
      await page.getByText('No entry matches these filters.').waitFor();
      await page.getByLabel('Person').fill('asha');
      await newest.waitFor();

      // Export what is shown: a CSV with the same entries; the export is itself in the log.
      const downloading = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Export CSV' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
      const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
      const lines = csv.trim().split('\r\n');
      expect(lines[0]).toBe(
        'When (UTC),Action,Actor name,Actor email,Actor id,Target type,Target,Target id,IP,Details',
      );
      expect(lines.length).toBeGreaterThanOrEqual(3);
      expect(lines.slice(1).every((l) => l.includes(',permission.updated,Asha Rao,admin@acme.test,'))).toBe(true);
      await page.getByText('The file is downloaded. The export is recorded in this log.').waitFor();
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await page.getByRole('combobox', { name: 'Action' }).click();
      await page.getByRole('option', { name: 'Exported the audit log' }).click();
      await page.locator('tr[data-action="audit.exported"]').first().waitFor();
    } finally {
      await context.close();
    }
  });

  it('reads in Hindi on a 360-pixel phone, without scrolling sideways', async () => {
    await changeAPermissionTwice();
    const { context, page } = await newPage(browser(), { mobile: true });
    try {
      await signIn(page, 'admin@acme.test');
      await page.evaluate(() => window.localStorage.setItem('compliance.language', 'hi'));
      await page.goto(acmeUrl('/audit-log'));
      await page.getByRole('heading', { level: 1, name: 'ऑडिट लॉग' }).waitFor();
      const row = page.locator('tr[data-action="permission.updated"]').first();
      await row.getByText('अनुमति बदली').waitFor();
      // The columns a phone has no room for are said inside the entry.
      await row.getByText('अनुमति: EMPLOYEE:reports.view').filter({ visible: true }).waitFor();
      await row.getByRole('button', { name: 'विवरण दिखाएँ' }).click();
      await row.getByRole('columnheader', { name: 'पहले' }).waitFor();
      expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
      await settled(page);
      await expectAccessible(page);
      await page.screenshot({ path: '/tmp/audit-log-hi-360.png', fullPage: true });
    } finally {
      await context.close();
    }
  });

  it('reads in Hindi at 1280 pixels and in English on a 360-pixel phone', async () => {
    for (const [mobile, language, heading, action] of [
      [false, 'hi', 'ऑडिट लॉग', 'अनुमति बदली'],
      [true, 'en', 'Audit log', 'Changed a permission'],
    ] as const) {
      const { context, page } = await newPage(browser(), { mobile });
      try {
        await signIn(page, 'admin@acme.test');
        await page.evaluate((l) => window.localStorage.setItem('compliance.language', l), language);
        await page.goto(acmeUrl('/audit-log'));
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        await page.locator('tr[data-action="permission.updated"]').first().getByText(action).waitFor();
        expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
        await expectAccessible(page);
        await page.screenshot({ path: `/tmp/audit-log-${language}-${mobile ? 360 : 1280}.png` });
      } finally {
        await context.close();
      }
    }
  });

  it('is not offered to a business unit admin or an employee, and its page refuses them', async () => {
    for (const login of ['branchadmin@acme.test', 'employee@acme.test']) {
      const { context, page } = await newPage(browser());
      try {
        await signIn(page, login);
        expect(await page.getByRole('link', { name: 'Audit log' }).count()).toBe(0);
        await page.goto(acmeUrl('/audit-log'));
        await page.getByRole('heading', { name: 'This page is not available to you' }).waitFor();
        await expectAccessible(page);
      } finally {
        await context.close();
      }
    }
  });
});
