import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  acmeHost,
  acmeUrl,
  api,
  DEMO_PASSWORD,
  expectAccessible,
  newPage,
  port,
  settled,
  signInByApi,
  signInWithForm,
  useBrowser,
} from './browser.ts';

const browser = useBrowser();

type Row = { userId: string; designation: string | null; active: boolean; department: unknown };

/** Signs in through the API on Acme's host. */
async function token(login: string) {
  const res = await api<{ accessToken: string }>(acmeHost(), 'POST', '/api/user/signin', {
    body: { userEmail: login, userPassword: DEMO_PASSWORD },
  });
  expect(res.status).toBe(200);
  return res.json.accessToken;
}

/** The employer demo account as the API lists it (the journey changes it and puts it back). */
async function employer(adminToken: string): Promise<Row> {
  const res = await api<{ content: Row[] }>(acmeHost(), 'POST', '/api/workspace/users/search', {
    token: adminToken,
    body: { searchText: 'employer@acme.test' },
  });
  return res.json.content[0]!;
}

/**
 * Opens `path` signed in as Acme's admin (the session from the API: these journeys are not about
 * signing in, which `accounts.test.ts` and `home.test.ts` walk through the form).
 */
async function signInAsAdmin(page: Page, path = '/dashboard') {
  await signInByApi(page, acmeHost(), 'admin@acme.test');
  await page.goto(acmeUrl(path));
  if (path === '/dashboard') await page.waitForURL(/\/dashboard$/);
}

/**
 * Makes throwaway members of Acme through the API (accounts created from a file, with bulk sign-up
 * switched on just for the call), for the journeys that delete users.
 */
async function throwawayMembers(adminToken: string, people: Array<{ email: string; firstName: string }>) {
  const setting = (on: boolean) =>
    api(acmeHost(), 'PUT', '/api/workspace/settings', { token: adminToken, body: { bulkSignUpEnabled: on } });
  expect((await setting(true)).status).toBe(200);
  try {
    const form = new FormData();
    const csv = ['Email,First name,Last name', ...people.map((p) => `${p.email},${p.firstName},Temp`)].join('\n');
    form.set('email', '1');
    form.set('firstName', '2');
    form.set('lastName', '3');
    form.set('file', new Blob([csv], { type: 'text/csv' }), 'people.csv');
    const res = await fetch(`http://127.0.0.1:${port()}/api/user/create/bulk`, {
      method: 'POST',
      headers: { origin: `http://${acmeHost()}`, authorization: `Bearer ${adminToken}` },
      body: form,
    });
    expect(res.status, await res.clone().text()).toBe(200);
  } finally {
    await setting(false);
  }
}

/** The row of the users table that names `text`. */
const rowOf = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

describe('user administration', () => {
  it('searches and filters, edits a designation and department, deactivates and reactivates, and confirms before deleting', async () => {
    const adminToken = await token('admin@acme.test');
    const original = await employer(adminToken);
    const { context, page } = await newPage(browser());
    try {
      await signInAsAdmin(page);
      await page.getByRole('link', { name: 'Users' }).click();
      await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
      await rowOf(page, 'Asha Rao').waitFor();
      await expect.poll(() => page.getByText('Pending invitations').isVisible()).toBe(true);
      await expectAccessible(page);

      // Search: a username-only employee is found by her employee id, case aside.
      await page.getByRole('searchbox', { name: 'Search' }).fill('acme-0042');
      await expect.poll(() => page.getByRole('row').count()).toBe(2); // header + one
      await rowOf(page, 'Sunita Patil').waitFor();
      await page.getByRole('searchbox', { name: 'Search' }).fill('');

      // Filters: Mumbai's business unit admins.
      await page.getByRole('combobox', { name: 'Business unit' }).click();
      await page.getByRole('option', { name: 'Mumbai' }).click();
      await page.getByRole('combobox', { name: 'Role' }).click();
      await page.getByRole('option', { name: 'Business Unit Admin' }).click();
      await expect.poll(() => page.getByRole('row').count()).toBe(2);
      await rowOf(page, 'Priya Nair').waitFor();
      // Nothing matches: an empty state that offers to clear the filters.
      await page.getByRole('searchbox', { name: 'Search' }).fill('nobody-by-this-name');
      await page.getByRole('heading', { name: 'No users match' }).waitFor();
      await expectAccessible(page);
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await rowOf(page, 'Vikram Mehta').waitFor();

      // Edit the employer's designation and department.
      await page.getByRole('button', { name: 'Actions for Vikram Mehta' }).click();
      await page.getByRole('menuitem', { name: 'Edit' }).click();
      const drawer = page.getByRole('dialog', { name: 'Edit Vikram Mehta' });
      await drawer.waitFor();
      await drawer.getByLabel('Designation').fill('Director, People');
      await drawer.getByRole('combobox', { name: 'Department' }).click();
      await page.getByRole('option', { name: 'Human Resources' }).click();
      await expect.poll(() => page.getByRole('listbox').count()).toBe(0);
      await settled(page);
      await expectAccessible(page);
      await drawer.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Changes to Vikram Mehta saved.').waitFor();
      await rowOf(page, 'Director, People').filter({ hasText: 'Human Resources' }).waitFor();

      // Deactivate, then reactivate.
      await page.getByRole('button', { name: 'Actions for Vikram Mehta' }).click();
      await page.getByRole('menuitem', { name: 'Deactivate' }).click();
      // Asked first, naming the person; cancelling changes nothing.
      const ask = page.getByRole('dialog', { name: 'Deactivate Vikram Mehta?' });
      await ask.waitFor();
      await settled(page);
      await expectAccessible(page);
      await ask.getByRole('button', { name: 'Cancel' }).click();
      await expect.poll(() => ask.count()).toBe(0);
      expect(await rowOf(page, 'Vikram Mehta').getByText('Deactivated').count()).toBe(0);
      await page.getByRole('button', { name: 'Actions for Vikram Mehta' }).click();
      await page.getByRole('menuitem', { name: 'Deactivate' }).click();
      await ask.getByRole('button', { name: 'Deactivate' }).click();
      await page.getByText('Vikram Mehta is deactivated and signed out.').waitFor();
      await rowOf(page, 'Vikram Mehta').getByText('Deactivated').waitFor();
      expect(
        (
          await api(acmeHost(), 'POST', '/api/user/signin', {
            body: { userEmail: 'employer@acme.test', userPassword: DEMO_PASSWORD },
          })
        ).status,
      ).toBe(401);
      await page.getByRole('button', { name: 'Actions for Vikram Mehta' }).click();
      await page.getByRole('menuitem', { name: 'Reactivate' }).click();
      await page.getByText('Vikram Mehta can sign in again.').waitFor();
      await rowOf(page, 'Vikram Mehta').getByText('Active').waitFor();

      // Delete asks first; cancelling keeps the user (the next journey deletes throwaway users).
      await page.getByRole('button', { name: 'Actions for Vikram Mehta' }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this user?' });
      await confirm.getByText('Vikram Mehta will be removed from this workspace').waitFor();
      await settled(page);
      await expectAccessible(page);
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'hidden' });
      // Selecting rows offers deleting the selection, with the same confirmation.
      await page.getByRole('checkbox', { name: 'Select Vikram Mehta' }).check();
      await page.getByRole('button', { name: 'Delete 1 user' }).click();
      await page.getByRole('dialog', { name: 'Delete this user?' }).getByRole('button', { name: 'Cancel' }).click();
      expect((await employer(adminToken)).active).toBe(true);
    } finally {
      await context.close();
      // Put the demo account back as it was.
      await api(acmeHost(), 'POST', '/api/admin/update-user', {
        token: adminToken,
        body: { userId: original.userId, designation: original.designation, departmentId: null, active: true },
      });
    }
  });

  it('deletes one user from its row menu and then a selection, each after a confirmation', async () => {
    const adminToken = await token('admin@acme.test');
    const run = Math.random().toString(36).slice(2, 8);
    const people = ['Ishaan', 'Jaya', 'Kabir'].map((firstName) => ({
      firstName: `${firstName}${run}`,
      email: `${firstName.toLowerCase()}-${run}@example.test`,
    }));
    await throwawayMembers(adminToken, people);
    const [one, two, three] = people as [(typeof people)[0], (typeof people)[0], (typeof people)[0]];
    const { context, page } = await newPage(browser());
    try {
      await signInAsAdmin(page, '/users');
      await page.getByRole('searchbox', { name: 'Search' }).fill(run);
      await rowOf(page, three.email).waitFor();

      await page.getByRole('button', { name: `Actions for ${one.firstName} Temp` }).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this user?' });
      await confirm.getByRole('button', { name: /^Delete/ }).click();
      await confirm.waitFor({ state: 'hidden' });
      await expect.poll(() => rowOf(page, one.email).count()).toBe(0);
      await expectAccessible(page);

      await page.getByRole('checkbox', { name: `Select ${two.firstName} Temp` }).check();
      await page.getByRole('checkbox', { name: `Select ${three.firstName} Temp` }).check();
      await page.getByRole('button', { name: 'Delete 2 users' }).click();
      const many = page.getByRole('dialog', { name: /Delete 2 users/ });
      await settled(page);
      await expectAccessible(page);
      await many.getByRole('button', { name: /^Delete/ }).click();
      await many.waitFor({ state: 'hidden' });
      await expect.poll(() => rowOf(page, run).count()).toBe(0);

      // Gone from the workspace for the server too.
      const left = await api<{ totalElements: number }>(acmeHost(), 'POST', '/api/workspace/users/search', {
        token: adminToken,
        body: { searchText: run },
      });
      expect(left.json.totalElements).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('takes a permission from employers in the matrix, which their navigation and the server follow, and gives it back', async () => {
    // The employer demo account (branchadmin@acme.test's password is changed by the recovery journey).
    const employerToken = await token('employer@acme.test');
    const menus = async () => {
      const res = await api<{ menu: string; enabled: boolean }[]>(acmeHost(), 'GET', '/api/navigation/v3', {
        token: employerToken,
      });
      return Object.fromEntries(res.json.map((i) => [i.menu, i.enabled]));
    };
    expect((await menus()).USERS).toBe(true);
    const { context, page } = await newPage(browser());
    const cell = () => page.getByRole('switch', { name: 'Manage users for Employer' });
    try {
      await signInAsAdmin(page);
      await page.getByRole('link', { name: 'Permissions' }).click();
      await page.getByRole('heading', { level: 1, name: 'Roles and permissions' }).waitFor();
      await expectAccessible(page);
      // A workspace admin's own access to this page is locked on.
      const locked = page.getByRole('switch', { name: /Change these permissions for Workspace Admin/ });
      expect(await locked.isDisabled()).toBe(true);
      expect(await locked.isChecked()).toBe(true);

      expect(await cell().isChecked()).toBe(true);
      await cell().click({ force: true });
      await page.getByRole('button', { name: 'Save 1 change' }).click();
      await page.getByText('1 change saved.').waitFor();
      await expect.poll(async () => (await menus()).USERS).toBe(false);
      expect((await api(acmeHost(), 'POST', '/api/workspace/users', { token: employerToken, body: {} })).status).toBe(
        403,
      );

      await cell().click({ force: true });
      await page.getByRole('button', { name: 'Save 1 change' }).click();
      await expect.poll(() => page.getByText('1 change saved.').count()).toBeGreaterThan(0);
      await expect.poll(async () => (await menus()).USERS).toBe(true);
      expect(await cell().isChecked()).toBe(true);
    } finally {
      await context.close();
      await api(acmeHost(), 'POST', '/api/permission/update', {
        token: await token('admin@acme.test'),
        body: { role: 'EMPLOYER', permission: 'users.manage', granted: true },
      });
    }
  });

  it('shows an employee neither the menus nor the pages', async () => {
    const { context, page } = await newPage(browser());
    try {
      await page.goto(acmeUrl('/signin'));
      await signInWithForm(page, 'employee@acme.test');
      await page.waitForURL(/\/dashboard$/);
      expect(await page.getByRole('link', { name: 'Users' }).count()).toBe(0);
      for (const path of ['/users', '/permissions']) {
        await page.goto(acmeUrl(path));
        await page.getByRole('heading', { name: 'This page is not available to you' }).waitFor();
      }
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });

  it('works on a 360-pixel screen', async () => {
    const { context, page } = await newPage(browser(), { mobile: true });
    try {
      await signInAsAdmin(page, '/users');
      await rowOf(page, 'Asha Rao').waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });

  it('invites someone from the users page, choosing the business unit', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signInAsAdmin(page, '/users');
      await rowOf(page, 'Asha Rao').waitFor();
      const email = `from-users-${Date.now()}@example.test`;
      await page.getByRole('button', { name: 'Invite someone' }).click();
      const dialog = page.getByRole('dialog', { name: 'Invite someone', exact: true });
      await dialog.getByRole('combobox', { name: 'Business unit' }).click();
      await page.getByRole('option', { name: 'Mumbai' }).click();
      await dialog.getByLabel('Email address').fill(email);
      await dialog.getByLabel('First name').fill('Sana');
      await settled(page);
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Send invitation' }).click();
      await page.getByText(`Invitation sent to ${email}.`).waitFor();
      const adminToken = await token('admin@acme.test');
      const found = await api<{ content: Array<{ email: string; branchName: string }> }>(
        acmeHost(),
        'POST',
        '/api/invite/all',
        { token: adminToken, body: { status: 'UNUSED', searchText: email } },
      );
      expect(found.json.content).toEqual([expect.objectContaining({ email, branchName: 'Mumbai' })]);
    } finally {
      await context.close();
    }
  });

  it('in Hindi at 360 and 1280 px: deactivation asks first, naming the person', async () => {
    const { context, page } = await newPage(browser(), { mobile: true });
    const adminToken = await token('admin@acme.test');
    type Details = { user: { firstName: string; lastName: string } };
    const { firstName, lastName } = (await api<Details>(acmeHost(), 'GET', '/api/user/details', { token: adminToken }))
      .json.user;
    try {
      await signInAsAdmin(page);
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('hi');
      await page.goto(acmeUrl('/users'));
      await rowOf(page, 'Vikram Mehta').waitFor();
      // The order choice, in Hindi.
      await page.getByRole('combobox', { name: 'क्रम' }).click();
      await page.getByRole('option', { name: 'नाम, Z से A' }).click();
      await rowOf(page, 'Vikram Mehta').waitFor();
      await page.screenshot({ path: '/tmp/users-sorted-hi-360.png', fullPage: true });
      await page.getByRole('button', { name: 'Vikram Mehta के लिए कार्य' }).click();
      await page.getByRole('menuitem', { name: 'निष्क्रिय करें' }).click();
      const ask = page.getByRole('dialog', { name: 'Vikram Mehta को निष्क्रिय करें?' });
      await ask.waitFor();
      await settled(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await expectAccessible(page);
      await page.screenshot({ path: '/tmp/users-deactivate-hi-360.png' });
      await page.setViewportSize({ width: 1280, height: 800 });
      await expectAccessible(page);
      await page.screenshot({ path: '/tmp/users-deactivate-hi-1280.png' });
      await ask.getByRole('button', { name: 'रद्द करें' }).click();
      await expect.poll(() => ask.count()).toBe(0);
      expect((await employer(adminToken)).active).toBe(true);
    } finally {
      await api(acmeHost(), 'PUT', '/api/user', { token: adminToken, body: { firstName, lastName, language: null } });
      await context.close();
    }
  });

  it('exports the filtered list as CSV and Excel', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signInAsAdmin(page, '/users');
      await rowOf(page, 'Asha Rao').waitFor();
      await page.getByRole('combobox', { name: 'Role' }).click();
      await page.getByRole('option', { name: 'Employer' }).click();
      await expect.poll(() => rowOf(page, 'Asha Rao').count()).toBe(0);
      const [csv] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      expect(csv.suggestedFilename()).toBe('users.csv');
      const text = await readFile((await csv.path())!, 'utf8');
      const lines = text
        .replace(/^\ufeff/, '')
        .trimEnd()
        .split('\r\n');
      expect(lines[0]).toMatch(/^First name,Last name,Email,/);
      expect(lines.slice(1).every((l) => l.includes(',Employer,'))).toBe(true);
      expect(text).toContain('Vikram,Mehta,employer@acme.test');
      const [xlsx] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export Excel' }).click(),
      ]);
      expect(xlsx.suggestedFilename()).toBe('users.xlsx');
      await expectAccessible(page);
    } finally {
      await context.close();
    }
  });

  it('sorts by a column, the server’s order, either way', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signInAsAdmin(page, '/users');
      await rowOf(page, 'Asha Rao').waitFor();
      const adminToken = await token('admin@acme.test');
      const firstOf = async (body: object) =>
        (
          await api<{ content: Array<{ firstName: string; lastName: string }> }>(
            acmeHost(),
            'POST',
            '/api/workspace/users/search?pageNo=0&pageSize=20',
            { token: adminToken, body: { searchText: '', status: 'ALL', ...body } },
          )
        ).json.content.slice(0, 3);
      const shown = () =>
        page
          .getByRole('table')
          .getByRole('row')
          .evaluateAll((rows) => rows.slice(1, 4).map((r) => r.textContent ?? ''));
      for (const [label, body] of [
        ['Employee ID, descending', { sortBy: 'EMPLOYEE_ID', sortDirection: 'DESC' }],
        ['Status, deactivated first', { sortBy: 'STATUS', sortDirection: 'ASC' }],
        ['Name, Z to A', { sortBy: 'NAME', sortDirection: 'DESC' }],
      ] as const) {
        await page.getByRole('combobox', { name: 'Sort by' }).click();
        await page.getByRole('option', { name: label }).click();
        const expected = await firstOf(body);
        await expect
          .poll(async () => {
            const rows = await shown();
            return expected.every((u, i) => rows[i]?.includes(`${u.firstName} ${u.lastName}`.trim()));
          })
          .toBe(true);
      }
      await expectAccessible(page);
      await page.screenshot({ path: '/tmp/users-sorted-1280.png' });
    } finally {
      await context.close();
    }
  });

  /** The first three names the API gives for an order, and whether the table shows them first. */
  async function showsOrder(page: Page, body: object) {
    const adminToken = await token('admin@acme.test');
    const expected = (
      await api<{ content: Array<{ firstName: string; lastName: string }> }>(
        acmeHost(),
        'POST',
        '/api/workspace/users/search?pageNo=0&pageSize=20',
        { token: adminToken, body: { searchText: '', status: 'ALL', ...body } },
      )
    ).json.content.slice(0, 3);
    await expect
      .poll(async () => {
        const rows = await page
          .getByRole('table')
          .getByRole('row')
          .evaluateAll((rs) => rs.slice(1, 4).map((r) => r.textContent ?? ''));
        return expected.every((u, i) => rows[i]?.includes(`${u.firstName} ${u.lastName}`.trim()));
      })
      .toBe(true);
  }

  it('sorts by clicking a column header (up, then down), with aria-sort and an arrow; at 1280 in English', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signInAsAdmin(page, '/users');
      await rowOf(page, 'Asha Rao').waitFor();
      const header = (name: string) => page.getByRole('columnheader', { name });
      // The list starts in name order: the Name header says so.
      await expect.poll(() => header('Name').getAttribute('aria-sort')).toBe('ascending');
      for (const [column, sortBy] of [
        ['Business unit', 'BUSINESS_UNIT'],
        ['Department', 'DEPARTMENT'],
        ['Role', 'ROLE'],
      ] as const) {
        await header(column).getByRole('button', { name: column }).click();
        await expect.poll(() => header(column).getAttribute('aria-sort')).toBe('ascending');
        expect(await header('Name').getAttribute('aria-sort')).toBeNull();
        await showsOrder(page, { sortBy, sortDirection: 'ASC' });
        // Again: the other way. By keyboard this time (the header is a button).
        await header(column).getByRole('button', { name: column }).focus();
        await page.keyboard.press('Enter');
        await expect.poll(() => header(column).getAttribute('aria-sort')).toBe('descending');
        await showsOrder(page, { sortBy, sortDirection: 'DESC' });
        expect(await header(column).locator('svg').count()).toBe(1);
      }
      // The "Sort by" choice follows the headers.
      await expect
        .poll(() => page.getByRole('combobox', { name: 'Sort by' }).inputValue())
        .toBe('Role, workspace admins first');
      // The export follows the order on screen.
      const [csv] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Export CSV' }).click(),
      ]);
      const exported = (await readFile((await csv.path())!, 'utf8'))
        .replace(/^\ufeff/, '')
        .trimEnd()
        .split('\r\n')
        .slice(1)
        .map((l) => l.split(',').slice(0, 2).join(' ').trim());
      const onScreen = await page
        .getByRole('table')
        .getByRole('row')
        .evaluateAll((rs) => rs.slice(1).map((r) => r.textContent ?? ''));
      expect(exported.length).toBe(onScreen.length);
      expect(exported.every((name, i) => onScreen[i]?.includes(name))).toBe(true);
      await settled(page);
      await expectAccessible(page);
      await page.screenshot({ path: '/tmp/users-header-sort-1280.png' });
    } finally {
      await context.close();
    }
  });

  it('sorts by a visible header at 360 px in Hindi', async () => {
    const { context, page } = await newPage(browser(), { mobile: true });
    const adminToken = await token('admin@acme.test');
    type Details = { user: { firstName: string; lastName: string } };
    const { firstName, lastName } = (await api<Details>(acmeHost(), 'GET', '/api/user/details', { token: adminToken }))
      .json.user;
    try {
      await signInAsAdmin(page);
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('hi');
      await page.goto(acmeUrl('/users'));
      await rowOf(page, 'Vikram Mehta').waitFor();
      const status = page.getByRole('columnheader', { name: 'स्थिति' });
      await status.getByRole('button', { name: 'स्थिति' }).click();
      await expect.poll(() => status.getAttribute('aria-sort')).toBe('ascending');
      await showsOrder(page, { sortBy: 'STATUS', sortDirection: 'ASC' });
      await status.getByRole('button', { name: 'स्थिति' }).click();
      await expect.poll(() => status.getAttribute('aria-sort')).toBe('descending');
      await showsOrder(page, { sortBy: 'STATUS', sortDirection: 'DESC' });
      // Columns hidden at this width: the "Sort by" choice still offers them.
      await page.getByRole('combobox', { name: 'क्रम' }).click();
      await page.getByRole('option', { name: 'विभाग, A से Z' }).click();
      await showsOrder(page, { sortBy: 'DEPARTMENT', sortDirection: 'ASC' });
      expect(await status.getAttribute('aria-sort')).toBeNull();
      await settled(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await expectAccessible(page);
      await page.screenshot({ path: '/tmp/users-header-sort-hi-360.png', fullPage: true });
    } finally {
      await api(acmeHost(), 'PUT', '/api/user', { token: adminToken, body: { firstName, lastName, language: null } });
      await context.close();
    }
  });
});
