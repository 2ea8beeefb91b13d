import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  acmeHost,
  acmeUrl,
  api,
  dashboardHeading,
  expectAccessible,
  newPage,
  signInByApi,
  storedToken,
  useBrowser,
} from './browser.ts';
import { nextMessage } from './outbox.ts';

const browser = useBrowser();

const HEADER = 'Email,First Name,Last Name,Business Unit,Department,Role,Mobile';
/** Five new people (unique per run); with `broken`, two of them are wrong. */
function peopleCsv(run: string, broken: boolean): string {
  return [
    HEADER,
    `ana-${run}@example.test,Ana,Rao,Bengaluru HQ,Engineering,,`,
    broken
      ? `ben-${run}-at-example.test,Ben,Das,Mumbai,Operations,,`
      : `ben-${run}@example.test,Ben,Das,Mumbai,Operations,,`,
    `chitra-${run}@example.test,Chitra,Nair,mumbai,operations,EMPLOYER,`,
    broken ? `dev-${run}@example.test,Dev,Shah,Atlantis,,,` : `dev-${run}@example.test,Dev,Shah,Bengaluru HQ,,,`,
    `esha-${run}@example.test,"=HYPERLINK(""http://evil.test"")",Iyer,Bengaluru HQ,,,+91 98100 ${run.slice(0, 5).replace(/\D/g, '1').padEnd(5, '1')}`,
  ].join('\n');
}

async function signInAsAdmin(page: Page, login = 'admin@acme.test') {
  // Not a journey about signing in: the session from the API, then the dashboard as after the form.
  await signInByApi(page, acmeHost(), login);
  await page.goto(acmeUrl('/dashboard'));
  await dashboardHeading(page);
}

/** Four new people with dates and roles as an HR head writes them; two rows are wrong (a role, a date). */
function mixedCsv(run: string): string {
  return [
    'Email,First Name,Last Name,Business Unit,Role,Date of joining',
    `gita-${run}@example.test,Gita,,Bengaluru HQ,Employee,15/01/2026`,
    `hari-${run}@example.test,Hari,Kumar,Mumbai,BOSS,`,
    `isha-${run}@example.test,Isha,Menon,Mumbai,Business unit admin,2026-02-01`,
    `jai-${run}@example.test,Jai,Verma,Bengaluru HQ,,31/02/2026`,
  ].join('\n');
}

/** Whether the element's top is inside the window (it was scrolled into view). */
const inView = (page: Page, heading: string) =>
  page.getByRole('heading', { name: heading }).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return r.top >= 0 && r.top < window.innerHeight;
  });

async function xlsxRows(path: string): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await readFile(path)) as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]!.eachRow((row) => {
    rows.push((row.values as unknown[]).slice(1).map((v) => (v == null ? '' : String(v))));
  });
  return rows;
}

async function chooseFile(page: Page, name: string, content: string) {
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
}

describe('bulk invitations from a file', () => {
  it('maps the columns, shows the bad rows, sends the corrected file with progress, and gives the report', async () => {
    const run = Math.random().toString(36).slice(2, 9);
    const { context, page } = await newPage(browser());
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Invitations' }).click();
    await page.waitForURL(/\/invitations$/);
    await page.getByRole('link', { name: 'Import from a file' }).click();
    await page.waitForURL(/\/invitations\/import$/);
    await page.getByRole('heading', { name: 'Invite people from a file', level: 1 }).waitFor();
    await expectAccessible(page);

    await chooseFile(page, 'people.csv', peopleCsv(run, true));
    await page.getByRole('heading', { name: '2. Match the columns' }).waitFor();
    // Guessed from the header names.
    await expect.poll(() => page.getByRole('combobox', { name: 'Email', exact: true }).inputValue()).toBe('A · Email');
    expect(await page.getByRole('combobox', { name: 'Business unit', exact: true }).inputValue()).toBe(
      'D · Business Unit',
    );
    expect(await page.getByRole('combobox', { name: 'Phone number', exact: true }).inputValue()).toBe('G · Mobile');
    await page.getByText(`ana-${run}@example.test`).waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Check the file' }).click();
    await page.getByText('2 rows need correcting').waitFor();
    const errors = page.getByRole('region', { name: '2 errors' });
    await errors.getByRole('cell', { name: `ben-${run}-at-example.test` }).waitFor();
    expect(await errors.textContent()).toContain('No business unit has this name');
    expect(await page.getByRole('button', { name: /^Send/ }).count()).toBe(0);
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/bulk-invite-errors.png', fullPage: true });

    // The corrected file (same header): the mapping stays, the rows pass.
    await chooseFile(page, 'people-fixed.csv', peopleCsv(run, false));
    await page.getByRole('button', { name: 'Check the file' }).click();
    await page.getByText('Every row is fine: 5 people will be invited.').waitFor();
    await page.getByRole('button', { name: 'Send 5 invitations' }).click();
    await page.getByText('5 invitations sent').waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/bulk-invite-done.png', fullPage: true });
    const mail = await nextMessage(`ana-${run}@example.test`, 0);
    expect(mail.bodyText).toContain('/signup?code=');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download detailed report' }).first().click(),
    ]);
    expect(download.suggestedFilename()).toBe('invitation-report.xlsx');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const rows = wb.worksheets[0]!.getSheetValues().slice(2) as unknown[][];
    expect(rows).toHaveLength(5);
    // Every row now has its pending invitation; the formula-like name is neutralised.
    expect(rows.map((r) => r.at(-2) ?? r.at(-1))).toContain('INVITED');
    expect(JSON.stringify(rows)).toContain(`'=HYPERLINK`);

    // The same file again sends nothing.
    await page.getByRole('button', { name: 'Invite from another file' }).click();
    await chooseFile(page, 'people-fixed.csv', peopleCsv(run, false));
    await page.getByRole('button', { name: 'Check the file' }).click();
    await page.getByText('there is nobody new to invite').waitFor();
    expect(await page.getByRole('region', { name: '5 rows skipped' }).textContent()).toContain('Already invited');
    await context.close();
  });

  it('fits a 360-pixel screen', async () => {
    const run = Math.random().toString(36).slice(2, 9);
    const { context, page } = await newPage(browser(), { mobile: true });
    await signInAsAdmin(page);
    await page.goto(acmeUrl('/invitations/import'));
    await chooseFile(page, 'people.csv', peopleCsv(run, true));
    await page.getByRole('button', { name: 'Check the file' }).click();
    await page.getByText('2 rows need correcting').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/bulk-invite-mobile.png', fullPage: true });
    await context.close();
  });

  it('is not offered to an employee, whose navigation has no invitations', async () => {
    const { context, page } = await newPage(browser());
    await signInAsAdmin(page, 'employee@acme.test');
    expect(await page.getByRole('link', { name: 'Invitations' }).count()).toBe(0);
    await page.goto(acmeUrl('/invitations/import'));
    await page.getByRole('heading', { name: 'This page is not available to you' }).waitFor();
    expect(await page.locator('input[type="file"]').count()).toBe(0);
    await context.close();
  });

  it('imports the valid rows and gives the rest back as a file to fix; template; dates as written; roles in words', async () => {
    const run = Math.random().toString(36).slice(2, 9);
    const { context, page } = await newPage(browser());
    await signInAsAdmin(page);
    await page.goto(acmeUrl('/invitations/import'));
    await page.getByRole('heading', { name: 'Invite people from a file', level: 1 }).waitFor();

    const [template] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the template (Excel)' }).click(),
    ]);
    expect(template.suggestedFilename()).toBe('invitation-template.xlsx');
    const sheet = await xlsxRows((await template.path())!);
    expect(sheet[0]).toContain('Date of joining');
    expect(sheet[1]).toContain('01/04/2026');
    expect(sheet).toHaveLength(2);

    await chooseFile(page, 'mixed.csv', mixedCsv(run));
    await page.getByRole('button', { name: 'Check the file' }).click();
    await page.getByText('2 rows need correcting').waitFor();
    await expect.poll(() => inView(page, '3. Check the rows')).toBe(true);
    const errors = page.getByRole('region', { name: '2 errors' });
    expect(await errors.textContent()).toContain(
      'Role must be Employee, Business unit admin, Employer or Workspace admin',
    );
    expect(await errors.textContent()).toContain('Use a date in the form DD/MM/YYYY or YYYY-MM-DD');
    expect(await errors.textContent()).not.toContain('15/01/2026');
    await page.getByRole('radio', { name: 'Invite the 2 valid rows now and give me the rest back' }).check();
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/bulk-invite-partial-check.png', fullPage: true });
    await page.getByRole('button', { name: 'Send 2 invitations' }).click();
    await page.getByText('2 invitations sent').waitFor();
    await page.getByText('2 rows were not imported').waitFor();
    await expect.poll(() => inView(page, '4. Done')).toBe(true);
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/bulk-invite-partial-done.png' });
    expect((await nextMessage(`gita-${run}@example.test`, 0)).bodyText).toContain('/signup?code=');

    const [fix] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the 2 rows to fix' }).click(),
    ]);
    expect(fix.suggestedFilename()).toBe('rows-to-fix.xlsx');
    const back = await xlsxRows((await fix.path())!);
    expect(back[0]).toEqual(['Email', 'First Name', 'Last Name', 'Business Unit', 'Role', 'Date of joining', 'Reason']);
    expect(back.slice(1).map((r) => r[0])).toEqual([`hari-${run}@example.test`, `jai-${run}@example.test`]);
    expect(back[1]![6]).toContain('Role must be');
    await context.close();
  });

  it('in Hindi at 360 and 1280 px: the choice, the role in words and the reasons, wrapped', async () => {
    const run = Math.random().toString(36).slice(2, 9);
    const { context, page } = await newPage(browser(), { mobile: true });
    await signInAsAdmin(page);
    const token = (await storedToken(page))!;
    type Details = { user: { firstName: string; lastName: string } };
    const { firstName, lastName } = (await api<Details>(acmeHost(), 'GET', '/api/user/details', { token })).json.user;
    try {
      await page.getByRole('button', { name: 'User menu' }).click();
      await page.getByRole('menuitem', { name: 'हिन्दी' }).click();
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('hi');
      await page.goto(acmeUrl('/invitations/import'));
      await page.getByRole('button', { name: 'टेम्पलेट डाउनलोड करें (CSV)' }).waitFor();
      await chooseFile(page, 'mixed.csv', mixedCsv(run));
      await page.getByRole('button', { name: 'फ़ाइल जाँचें' }).click();
      const reason = page
        .locator('li')
        .getByText('भूमिका कर्मचारी, बिज़नेस यूनिट एडमिन, नियोक्ता या वर्कस्पेस एडमिन में से एक होनी चाहिए');
      await reason.waitFor();
      // Readable whole: inside the window, wrapped rather than cut off.
      const box = (await reason.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(360);
      expect(await reason.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(
        0,
      );
      await page.getByRole('radio', { name: '2 सही पंक्तियों को अभी आमंत्रित करें और बाक़ी मुझे वापस दें' }).waitFor();
      await expectAccessible(page);
      await page.screenshot({ path: '/tmp/bulk-invite-hi-360.png', fullPage: true });
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByRole('cell', { name: /भूमिका कर्मचारी/ }).waitFor();
      await expectAccessible(page);
      await page.screenshot({ path: '/tmp/bulk-invite-hi-1280.png', fullPage: true });
    } finally {
      await api(acmeHost(), 'PUT', '/api/user', { token, body: { firstName, lastName, language: null } });
      await context.close();
    }
  });
});
