import { describe, expect, it } from 'vitest';
import {
  acmeUrl,
  DEMO_PASSWORD,
  dashboardHeading,
  expectAccessible,
  newPage,
  signInWithForm,
  storedToken,
  useBrowser,
} from './browser.ts';
import { codeIn, nextMessage, outboxCount } from './outbox.ts';

const browser = useBrowser();

/** Only this file uses this account, so changing its password leaves the other journeys alone. */
const ACCOUNT = 'branchadmin@acme.test';
const NEW_PASSWORD = 'saffron window 42 tide';

describe('forgot and reset password', () => {
  it('resets the password with a mailed code: the old one stops working and other sessions end', async () => {
    // Another session of the same account, signed in elsewhere.
    const elsewhere = await newPage(browser());
    await elsewhere.page.goto(acmeUrl('/signin'));
    await signInWithForm(elsewhere.page, ACCOUNT);
    expect(await dashboardHeading(elsewhere.page)).toContain('Priya');

    const { context, page } = await newPage(browser(), { mobile: true });
    await page.goto(acmeUrl('/signin'));
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/forgot-password/);
    await expectAccessible(page);
    const seen = await outboxCount(ACCOUNT);
    await page.getByLabel('Email address').fill(ACCOUNT);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByText(`If an account exists for ${ACCOUNT}`).waitFor();
    const code = codeIn(await nextMessage(ACCOUNT, seen));
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    // Mistakes are said next to the field they concern.
    const codeField = page.getByLabel('6-digit code');
    const submit = page.getByRole('button', { name: 'Set new password' });
    await codeField.fill(code);
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Type the new password again').fill(`${NEW_PASSWORD}!`);
    await submit.click();
    await page.getByText('The two passwords are not the same.').waitFor();
    await page.getByLabel('New password', { exact: true }).fill('password123');
    await page.getByLabel('Type the new password again').fill('password123');
    await submit.click();
    await page.getByText('That password is too common').waitFor();
    await expectAccessible(page);
    await codeField.fill(code === '000000' ? '111111' : '000000');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Type the new password again').fill(NEW_PASSWORD);
    await submit.click();
    await page.getByText('That code is not right').waitFor();

    await codeField.fill(code);
    await submit.click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.waitForURL(/\/signin$/);

    // The old password no longer works; the new one does.
    await signInWithForm(page, ACCOUNT, DEMO_PASSWORD);
    await page.getByRole('alert').filter({ hasText: 'is not right' }).waitFor();
    await signInWithForm(page, ACCOUNT, NEW_PASSWORD);
    expect(await dashboardHeading(page)).toContain('Priya');
    await context.close();

    // The other session was ended: its next call gets a 401, which clears the token and reloads to sign-in.
    const refused = elsewhere.page.waitForResponse((r) => r.url().includes('/api/user/details') && r.status() === 401);
    await elsewhere.page.reload();
    await refused;
    await elsewhere.page.waitForURL(/\/signin\?redirect=%2Fdashboard$/);
    await elsewhere.page.getByLabel('Email or username').waitFor();
    expect(await storedToken(elsewhere.page)).toBeNull();
    await elsewhere.context.close();
  });
});
