import { describe, expect, it } from 'vitest';
import {
  acmeHost,
  acmeUrl,
  api,
  DEMO_PASSWORD,
  expectAccessible,
  newPage,
  signInWithForm,
  storedToken,
  useBrowser,
} from './browser.ts';
import { linkIn, nextMessage, outboxCount } from './outbox.ts';

const browser = useBrowser();

/** Created by an administrator: must choose a password and complete the profile first (only this file uses it). */
const ACCOUNT = 'firstlogin@acme.test';
const OWN_PASSWORD = 'teak lantern 19 river';
/** Where the journey's screenshots go (looked at by hand). */
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/e2e-shots';

describe('first sign-in', () => {
  it('asks an account created by an administrator for its own password and first name (a last name is optional) before the dashboard', async () => {
    const { context, page } = await newPage(browser(), { mobile: true });
    await page.goto(acmeUrl('/signin'));
    await signInWithForm(page, ACCOUNT);
    await page.waitForURL(/\/first-login\?redirect=%2Fdashboard$/);
    await page.getByRole('heading', { name: 'Set up your account' }).waitFor();
    expect(await page.getByLabel('First name').inputValue()).toBe('Neha');
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // The dashboard is out of reach until this is done, even by its address.
    await page.goto(acmeUrl('/dashboard'));
    await page.waitForURL(/\/first-login\?redirect=%2Fdashboard$/);

    // Signing out is offered here too.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/signin$/);
    await signInWithForm(page, ACCOUNT);
    await page.waitForURL(/\/first-login/);

    const save = page.getByRole('button', { name: 'Save and continue' });
    // A person with one name only: the last name stays empty, and is said to be optional.
    expect(await page.getByLabel('Last name').inputValue()).toBe('');
    await page.getByText('Optional. Leave it empty if you have one name only.').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('password123');
    await page.getByLabel('Type the new password again').fill('password123');
    await save.click();
    await page.getByText('That password is too common').waitFor();
    await expectAccessible(page);

    // Reusing the password the administrator gave names that reason, not a length rule.
    await page.getByLabel('New password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel('Type the new password again').fill(DEMO_PASSWORD);
    await save.click();
    await page.getByText('Choose a password different from the one you were given.').waitFor();
    expect(await page.getByText('Use between').count()).toBe(0);
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/first-login-reused-en-360.png`, fullPage: true });

    // The same at 1280 px.
    const wide = await newPage(browser());
    await wide.page.goto(acmeUrl('/signin'));
    await signInWithForm(wide.page, ACCOUNT);
    await wide.page.waitForURL(/\/first-login/);
    await wide.page.getByLabel('New password', { exact: true }).fill(DEMO_PASSWORD);
    await wide.page.getByLabel('Type the new password again').fill(DEMO_PASSWORD);
    await wide.page.getByRole('button', { name: 'Save and continue' }).click();
    await wide.page.getByText('Choose a password different from the one you were given.').waitFor();
    await expectAccessible(wide.page);
    await wide.page.screenshot({ path: `${SHOTS}/first-login-reused-en-1280.png`, fullPage: true });
    await wide.context.close();

    // In Hindi: the same reason, in Hindi, and the optional last name said so.
    await page.getByLabel('Language').selectOption('hi');
    await page.getByText('वैकल्पिक। अगर आपका एक ही नाम है तो इसे खाली छोड़ दें।').waitFor();
    await page.getByRole('button', { name: 'सहेजें और आगे बढ़ें' }).click();
    await page.getByText('जो पासवर्ड आपको दिया गया था, उससे अलग पासवर्ड चुनें।').waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/first-login-reused-hi-360.png`, fullPage: true });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // Only a first name, and a password of one's own: done. The greeting has no trailing space.
    await page.getByLabel('नया पासवर्ड', { exact: true }).fill(OWN_PASSWORD);
    await page.getByLabel('नया पासवर्ड फिर से लिखें').fill(OWN_PASSWORD);
    await page.getByRole('button', { name: 'सहेजें और आगे बढ़ें' }).click();
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Neha$/);

    // Back to English for the rest (the account keeps the language chosen here).
    const token = await storedToken(page);
    await api(acmeHost(), 'PUT', '/api/user', { token: token ?? '', body: { firstName: 'Neha', language: 'en' } });

    // An address an administrator typed is not proven: the dashboard asks to confirm it, by a mailed link;
    // asking for a new link makes the first stop working.
    await page.evaluate(() => localStorage.removeItem('compliance.language'));
    await page.reload();
    const notice = page.getByRole('region', { name: 'Confirm your email address' });
    await notice.waitFor();
    const beforeFirst = await outboxCount(ACCOUNT);
    await notice.getByRole('button', { name: 'Send a new link' }).click();
    await notice.getByText('we have sent it a new link').waitFor();
    const firstLink = linkIn(await nextMessage(ACCOUNT, beforeFirst), '/email-verify/');
    await expectAccessible(page);
    const beforeResend = await outboxCount(ACCOUNT);
    await page.reload();
    await notice.getByRole('button', { name: 'Send a new link' }).click();
    const secondLink = linkIn(await nextMessage(ACCOUNT, beforeResend), '/email-verify/');
    expect(secondLink).not.toBe(firstLink);
    await page.goto(firstLink);
    await page.getByRole('heading', { name: 'This link does not work' }).waitFor();
    await expectAccessible(page);
    await page.goto(secondLink);
    await page.getByRole('heading', { name: 'Email address confirmed' }).waitFor();
    await page.getByText(`${ACCOUNT} is confirmed`).waitFor();
    await expectAccessible(page);

    // From now on: the person's own password, straight to the dashboard.
    await page.goto(acmeUrl('/signin'));
    await page.evaluate(() => localStorage.clear());
    await page.goto(acmeUrl('/signin'));
    await page.waitForURL(/\/signin/);
    await signInWithForm(page, ACCOUNT, DEMO_PASSWORD);
    await page.getByRole('alert').filter({ hasText: 'is not right' }).waitFor();
    await signInWithForm(page, ACCOUNT, OWN_PASSWORD);
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Neha$/);
    await context.close();
  });
});
