import type { Locator, Page } from 'playwright-core';
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

type Matrix = { cells: Array<{ role: string; permission: string; granted: boolean }> };

async function adminToken() {
  const res = await api<{ accessToken: string }>(acmeHost(), 'POST', '/api/user/signin', {
    body: { userEmail: 'admin@acme.test', userPassword: DEMO_PASSWORD },
  });
  return res.json.accessToken;
}

/** Whether the server holds `permission` for `role` now. */
async function held(role: string, permission: string) {
  const res = await api<Matrix>(acmeHost(), 'GET', '/api/permission/all', { token: await adminToken() });
  return res.json.cells.find((c) => c.role === role && c.permission === permission)!.granted;
}

async function openMatrix(page: Page) {
  await signInByApi(page, acmeHost(), 'admin@acme.test');
  await page.goto(acmeUrl('/dashboard'));
  await page.waitForURL(/\/dashboard$/);
  await page.goto(acmeUrl('/permissions'));
}

/**
 * Flips a switch as a person does: scrolled to the middle of the window first, so that the bar of
 * unsaved changes fixed at the bottom never covers it.
 */
async function flip(cell: Locator) {
  await cell.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await cell.click({ force: true });
}

const reports = (page: Page, role: string, hi = false) =>
  page.getByRole('switch', { name: new RegExp(`^${hi ? `${role} के लिए रिपोर्ट देखें` : `See reports for ${role}`}`) });

describe('the permission matrix', () => {
  it('reads in Hindi at 1280 pixels and in English on a 360-pixel phone, the first column fixed', async () => {
    for (const [mobile, language, heading] of [
      [false, 'hi', 'भूमिकाएँ और अनुमतियाँ'],
      [true, 'en', 'Roles and permissions'],
    ] as const) {
      const { context, page } = await newPage(browser(), { mobile });
      try {
        await openMatrix(page);
        await page.evaluate((l) => window.localStorage.setItem('compliance.language', l), language);
        await page.reload();
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
        expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
          0,
        );
        const position = await page
          .getByRole('rowheader')
          .first()
          .evaluate((el) => getComputedStyle(el).position);
        expect(position).toBe('sticky');
        await expectAccessible(page);
        await page.screenshot({ path: `/tmp/permissions-${language}-${mobile ? 360 : 1280}.png` });
      } finally {
        await context.close();
      }
    }
  });

  it('keeps changes until they are saved or undone, and hides the areas not built yet', async () => {
    const { context, page } = await newPage(browser());
    try {
      await openMatrix(page);
      await page.getByRole('heading', { level: 1, name: 'Roles and permissions' }).waitFor();
      // Areas that do not exist yet have no rows; the audit log has one.
      // Learning is built: its rows are shown again.
      await page.getByRole('rowheader', { name: /Manage courses/ }).waitFor();
      // Complaints are built (issue 26): filing, and seeing counts and statuses (never a case's contents).
      await page.getByRole('rowheader', { name: /File complaints/ }).waitFor();
      await page.getByRole('rowheader', { name: /See complaint counts and statuses/ }).waitFor();
      await page.getByRole('rowheader', { name: /Read the audit log/ }).waitFor();
      expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

      // Two clicks are two changes, not yet on the server.
      await flip(reports(page, 'Employee'));
      await flip(page.getByRole('switch', { name: /^Manage departments for Employee/ }));
      await page.getByRole('button', { name: 'Save 2 changes' }).waitFor();
      await page.getByText('2 changes not saved yet.').waitFor();
      expect(await held('EMPLOYEE', 'reports.view')).toBe(false);
      await settled(page);
      await expectAccessible(page);

      // Undo puts every switch back; nothing was sent.
      await page.getByRole('button', { name: 'Undo changes' }).click();
      expect(await reports(page, 'Employee').isChecked()).toBe(false);
      expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

      // Switching a cell back is no change either.
      await flip(reports(page, 'Employee'));
      await flip(reports(page, 'Employee'));
      expect(await page.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);

      // Save sends the change.
      await flip(reports(page, 'Employee'));
      await page.getByRole('button', { name: 'Save 1 change' }).click();
      await page.getByText('1 change saved.').waitFor();
      await expect.poll(() => held('EMPLOYEE', 'reports.view')).toBe(true);
      expect(await reports(page, 'Employee').isChecked()).toBe(true);
      await page.screenshot({ path: '/tmp/permissions-en-1280.png', fullPage: true });
    } finally {
      await context.close();
      await api(acmeHost(), 'POST', '/api/permission/update', {
        token: await adminToken(),
        body: { role: 'EMPLOYEE', permission: 'reports.view', granted: false },
      });
    }
  });

  it('on a 360-pixel phone in Hindi, the permission names stay in view while the roles scroll', async () => {
    const { context, page } = await newPage(browser(), { mobile: true });
    try {
      await openMatrix(page);
      await page.evaluate(() => window.localStorage.setItem('compliance.language', 'hi'));
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'भूमिकाएँ और अनुमतियाँ' }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      const name = page.getByRole('rowheader', { name: /रिपोर्ट देखें/ });
      const before = (await name.boundingBox())!;
      // Scroll the matrix to its last role column.
      const scrolled = await page.getByRole('table').evaluate((table) => {
        let box = table.parentElement;
        const scrolls = (e: HTMLElement) => ['auto', 'scroll'].includes(getComputedStyle(e).overflowX);
        while (box && !(scrolls(box) && box.scrollWidth > box.clientWidth)) box = box.parentElement;
        if (!box) return 0;
        box.scrollLeft = box.scrollWidth;
        return box.scrollLeft;
      });
      expect(scrolled).toBeGreaterThan(0);
      const admin = reports(page, 'वर्कस्पेस एडमिन', true);
      await admin.scrollIntoViewIfNeeded();
      const after = (await name.boundingBox())!;
      expect(after.x).toBe(before.x);
      expect((await admin.boundingBox())!.x).toBeGreaterThan(after.x + after.width - 1);
      // Back to the first roles (under the fixed column nothing can be clicked).
      await page.getByRole('table').evaluate((table) => {
        for (let box = table.parentElement; box; box = box.parentElement) box.scrollLeft = 0;
      });
      // Clear of the sticky save bar at the bottom of the screen.
      await reports(page, 'कर्मचारी', true).evaluate((e) => e.scrollIntoView({ block: 'center' }));
      await reports(page, 'कर्मचारी', true).click({ force: true });
      await page.getByRole('button', { name: '1 बदलाव सहेजें' }).waitFor();
      await settled(page);
      await expectAccessible(page);
      await page.screenshot({ path: '/tmp/permissions-hi-360.png' });
      await page.getByRole('button', { name: 'बदलाव वापस लें' }).click();
    } finally {
      await context.close();
    }
  });
});
