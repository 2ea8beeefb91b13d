import { describe, expect, it } from 'vitest';
import {
  acmeUrl,
  DEMO_PASSWORD,
  dashboardHeading,
  expectAccessible,
  newPage,
  signInWithForm,
  useBrowser,
} from './browser.ts';

const browser = useBrowser();

/** Created by an administrator: must choose a password and complete the profile first (only this file uses it). */
const ACCOUNT = 'firstlogin@acme.test';
const OWN_PASSWORD = 'teak lantern 19 river';

describe('first sign-in', () => {
  it('asks an account created by an administrator for its own password and name before the dashboard', async () => {
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
    await page.getByLabel('New password', { exact: true }).fill(OWN_PASSWORD);
    await page.getByLabel('Type the new password again').fill(OWN_PASSWORD);
    await save.click();
    await page.getByText('Enter your last name.').waitFor();
    await page.getByLabel('Last name').fill('Verma');
    await page.getByLabel('New password', { exact: true }).fill('password123');
    await page.getByLabel('Type the new password again').fill('password123');
    await save.click();
    await page.getByText('That password is too common').waitFor();
    await expectAccessible(page);

    await page.getByLabel('New password', { exact: true }).fill(OWN_PASSWORD);
    await page.getByLabel('Type the new password again').fill(OWN_PASSWORD);
    await save.click();
    expect(await dashboardHeading(page)).toContain('Neha Verma');

    // From now on: the person's own password, straight to the dashboard.
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/signin/);
    await signInWithForm(page, ACCOUNT, DEMO_PASSWORD);
    await page.getByRole('alert').filter({ hasText: 'is not right' }).waitFor();
    await signInWithForm(page, ACCOUNT, OWN_PASSWORD);
    expect(await dashboardHeading(page)).toContain('Neha Verma');
    await context.close();
  });
});
