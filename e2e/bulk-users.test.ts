import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
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
import { codeIn, nextMessage, outboxCount } from './outbox.ts';

const browser = useBrowser();

/** Unique per run: the two people created from a file by the first journey and deleted by the second. */
const run = Math.random().toString(36).slice(2, 9);
const ANA = `ana-new-${run}@example.test`;
const BEN = `ben-new-${run}@example.test`;
const CREATE_CSV = [
  'Email,First Name,Last Name,Business Unit,Department',
  `${ANA},Ana,Rao,Bengaluru HQ,Engineering`,
  `${BEN},Ben,Das,Mumbai,Operations`,
].join('\n');

let adminToken: string | null = null;

async function signInAsAdmin(page: Page) {
  // Not a journey about signing in: the session from the API, then the dashboard as after the form.
  await signInByApi(page, acmeHost(), 'admin@acme.test');
  await page.goto(acmeUrl('/dashboard'));
  await dashboardHeading(page);
  adminToken = await storedToken(page);
}

async function chooseFile(page: Page, name: string, content: string) {
  await page.locator('input[type="file"]').setInputFiles({ name, mimeType: 'text/csv', buffer: Buffer.from(content) });
}

// Acme's bulk sign-up is off for every other journey.
afterAll(async () => {
  if (adminToken) {
    await api(acmeHost(), 'PUT', '/api/workspace/settings', { token: adminToken, body: { bulkSignUpEnabled: false } });
  }
});

describe('users from a file', () => {
  it('an administrator switches on bulk sign-up, creates accounts from a file, and a new member signs in by code', async () => {
    const { context, page } = await newPage(browser());
    await signInAsAdmin(page);
    // Without bulk sign-up, the import offers invitations only.
    await page.goto(acmeUrl('/invitations/import'));
    await page.getByRole('heading', { name: 'Invite people from a file', level: 1 }).waitFor();
    expect(await page.getByRole('radio', { name: 'Create accounts now' }).count()).toBe(0);

    await page.getByRole('link', { name: 'Settings' }).click();
    await page.waitForURL(/\/settings$/);
    await page.getByRole('switch', { name: 'Allow bulk sign-up' }).check({ force: true });
    await page.getByRole('button', { name: 'Save changes' }).click();
    await page.getByText('Settings saved.').waitFor();
    await expectAccessible(page);

    await page.goto(acmeUrl('/invitations/import'));
    await page.getByRole('radio', { name: 'Create accounts now' }).check();
    await chooseFile(page, 'new-people.csv', CREATE_CSV);
    await page.getByRole('heading', { name: '2. Match the columns' }).waitFor();
    await page.getByRole('button', { name: 'Check the file' }).click();
    await page.getByText('Every row is fine: 2 people will become members').waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/bulk-users-check.png', fullPage: true });
    const seen = await outboxCount(ANA);
    await page.getByRole('button', { name: 'Create 2 accounts' }).click();
    await page.getByText('2 members added').waitFor();
    const result = page.getByRole('region', { name: 'What happened to 2 rows' });
    expect(await result.textContent()).toContain(BEN);
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/bulk-users-done.png', fullPage: true });
    const welcome = await nextMessage(ANA, seen);
    expect(welcome.bodyText).toContain('/identify');
    await context.close();

    // Ana signs in with a mailed code and is asked to set up her account.
    const visitor = await newPage(browser(), { mobile: true });
    const p = visitor.page;
    await p.goto(acmeUrl('/identify'));
    await p.getByLabel('Email, username or phone number').fill(ANA);
    await p.getByRole('button', { name: 'Continue' }).click();
    const before = await outboxCount(ANA);
    await p.getByRole('button', { name: 'Email me a code' }).click();
    await p.waitForURL(/\/signin-password\?.*method=code/);
    await p.getByLabel('6-digit code').fill(codeIn(await nextMessage(ANA, before)));
    await p.getByRole('button', { name: 'Sign in' }).click();
    await p.waitForURL(/\/first-login/);
    await p.getByRole('heading', { name: 'Set up your account' }).waitFor();
    expect(await p.getByLabel('First name').inputValue()).toBe('Ana');
    await expectAccessible(p);
    await visitor.context.close();
  });

  it('an administrator creates the valid rows of a file with a wrong row, in Hindi role names, and sees the row left out', async () => {
    const { context, page } = await newPage(browser());
    await signInAsAdmin(page);
    // The first journey switched bulk sign-up on.
    await page.goto(acmeUrl('/invitations/import'));
    await page.getByRole('radio', { name: 'Create accounts now' }).check();
    const file = [
      'Email,First Name,Last Name,Business Unit,Department,Role',
      `chitra-${run}@example.test,Chitra,Iyer,Mumbai,Operations,कर्मचारी`,
      `dev-${run}@example.test,Dev,Shah,Mumbai,Operations,बॉस`,
    ].join('\n');
    await chooseFile(page, 'partly-wrong.csv', file);
    await page.getByRole('heading', { name: '2. Match the columns' }).waitFor();
    await page.getByRole('button', { name: 'Check the file' }).click();
    await page.getByText('1 row needs correcting').waitFor();
    await page.getByRole('radio', { name: 'Create the 1 valid row now and leave the rest out' }).check();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create 1 account' }).click();
    await page.getByText('1 row was not created').waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/bulk-users-partial.png', fullPage: true });
    await context.close();
  });

  it('an administrator deletes users named in a file after seeing exactly who and confirming the count', async () => {
    const { context, page } = await newPage(browser());
    await signInAsAdmin(page);
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill(`new-${run}`);
    await page.getByText(ANA).waitFor();

    await page.getByRole('button', { name: 'Delete by file' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete users named in a file' });
    // A file with an unknown row is refused row by row; nothing can be deleted.
    await chooseFile(page, 'leavers.csv', ['Email', ANA, `nobody-${run}@example.test`].join('\n'));
    await dialog.getByText('1 row cannot be used').waitFor();
    expect(await dialog.textContent()).toContain('No user has this email');
    expect(await dialog.getByRole('button', { name: /^Delete \d/ }).count()).toBe(0);
    await expectAccessible(page);

    await chooseFile(page, 'leavers.csv', ['Email', ANA, BEN.toUpperCase()].join('\n'));
    await dialog.getByRole('heading', { name: '2 users will be deleted' }).waitFor();
    expect(await dialog.textContent()).toContain('Mumbai');
    await expectAccessible(page);
    await page.screenshot({ path: '/tmp/delete-by-file-preview.png', fullPage: true });
    await dialog.getByRole('button', { name: 'Delete 2 users' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete 2 users?' });
    await confirm.getByText('2 users named in the file will be deleted').waitFor();
    await expectAccessible(page);
    await confirm.getByRole('button', { name: 'Delete 2 users' }).click();
    await page.getByRole('heading', { name: 'No users match' }).waitFor();
    expect(await page.getByText(ANA).count()).toBe(0);
    await expectAccessible(page);
    await context.close();
  });
});
