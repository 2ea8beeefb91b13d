import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { acmeUrl, dashboardHeading, expectAccessible, newPage, signInWithForm, useBrowser } from './browser.ts';
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
  await page.goto(acmeUrl('/signin'));
  await signInWithForm(page, login);
  await dashboardHeading(page);
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
});
