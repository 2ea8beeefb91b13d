import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  acmeHost,
  acmeUrl,
  api,
  DEMO_PASSWORD,
  dashboardHeading,
  expectAccessible,
  globexUrl,
  newPage,
  platformUrl,
  signInWithForm,
  storedToken,
  useBrowser,
} from './browser.ts';
import { codeIn, nextMessage, outboxCount } from './outbox.ts';

const browser = useBrowser();

const NEW_HIRE_CODE = 'demo-newhire-acme-7f3k9q';
const EXPIRED_CODE = 'demo-expired-acme-2b8d4h';
const JOIN_GLOBEX_CODE = 'demo-join-globex-5c7e1m';
const CODE_SIGNUP_CODE = 'demo-code-acme-4h6j8k';

/** The text of the invitation summary (company, address, role, business unit, department). */
async function summaryText(page: Page): Promise<string> {
  const summary = page.locator('dl').first();
  await summary.waitFor();
  return (await summary.textContent()) ?? '';
}

describe('invitation sign-up', () => {
  it('creates an account from the invitation mail link, confirms its email address, and refuses a second use', async () => {
    const { context, page } = await newPage(browser(), { mobile: true });
    await page.goto(acmeUrl(`/signup?code=${NEW_HIRE_CODE}`));
    await page.getByRole('heading', { name: 'Accept your invitation' }).waitFor();
    const summary = await summaryText(page);
    for (const part of ['Acme Corporation', 'newhire@acme.test', 'Employee', 'Bengaluru HQ']) {
      expect(summary).toContain(part);
    }
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    await page.getByLabel('First name').fill('Meera');
    await page.getByLabel('Last name').fill('Iyer');
    // The one rule is said up front, and checked before sending.
    await page.getByText('At least 8 characters').waitFor();
    await page.getByLabel('Choose a password').fill('short');
    await page.getByLabel('Type the new password again').fill('short');
    await page.getByRole('button', { name: 'Create account and join' }).click();
    await page.getByText('Use at least 8 characters.').waitFor();
    // A common password is refused by the server, next to the field.
    await page.getByLabel('Choose a password').fill('password123');
    await page.getByLabel('Type the new password again').fill('password123');
    await page.getByRole('button', { name: 'Create account and join' }).click();
    await page.getByText('That password is too common').waitFor();
    await expectAccessible(page);

    const seen = await outboxCount('newhire@acme.test');
    await page.getByLabel('Choose a password').fill('monsoon kite ledger');
    await page.getByLabel('Type the new password again').fill('monsoon kite ledger');
    await page.getByRole('button', { name: 'Create account and join' }).click();
    expect(await dashboardHeading(page)).toContain('Meera Iyer');
    await expect.poll(() => page.getByRole('main').textContent()).toContain('Bengaluru HQ');

    // The invitation link was mailed to this address, so it proves it: confirmed already, no second mail.
    const token = await storedToken(page);
    const me = await api<{ user: { emailVerified: boolean; userEmail: string } }>(
      acmeHost(),
      'GET',
      '/api/user/details',
      { token: token ?? '' },
    );
    expect(me.json.user).toMatchObject({ userEmail: 'newhire@acme.test', emailVerified: true });
    await page.getByRole('heading', { name: 'Your account' }).waitFor();
    expect(await page.getByRole('region', { name: 'Confirm your email address' }).count()).toBe(0);
    expect(await outboxCount('newhire@acme.test')).toBe(seen);
    await expectAccessible(page);

    // The invitation cannot be used twice.
    const second = await newPage(browser());
    await second.page.goto(acmeUrl(`/signup?code=${NEW_HIRE_CODE}`));
    await second.page.getByRole('heading', { name: 'This invitation has already been used' }).waitFor();
    await expectAccessible(second.page);
    await second.page.getByRole('link', { name: 'Sign in' }).click();
    await second.page.waitForURL(/\/signin$/);
    await second.context.close();
    await context.close();
  });

  it('explains an expired invitation and asks the administrators for a new one', async () => {
    const { context, page } = await newPage(browser());
    await page.goto(acmeUrl(`/signup?code=${EXPIRED_CODE}`));
    await page.getByRole('heading', { name: 'This invitation has expired' }).waitFor();
    await expectAccessible(page);
    const seen = await outboxCount('admin@acme.test');
    await page.getByRole('button', { name: 'Ask for a new invitation' }).click();
    await page.getByText('We have asked the administrators of Acme Corporation').waitFor();
    const request = await nextMessage('admin@acme.test', seen);
    expect(request.subject).toContain('new invitation');
    await expectAccessible(page);
    await context.close();
  });

  it('says plainly when an invitation code does not exist', async () => {
    const { context, page } = await newPage(browser());
    await page.goto(acmeUrl('/signup?code=no-such-invitation-x7k2p9'));
    await page.getByRole('heading', { name: 'This invitation does not exist' }).waitFor();
    await page.getByRole('link', { name: 'Sign in' }).waitFor();
    await expectAccessible(page);
    await page.goto(acmeUrl('/signup?code=x'));
    await page.getByRole('heading', { name: 'This invitation does not exist' }).waitFor();
    await page.goto(acmeUrl('/signup'));
    await page.getByRole('heading', { name: 'This invitation link is incomplete' }).waitFor();
    await context.close();
  });

  it('signs a new person up with a code mailed to the invited address instead of a password', async () => {
    const { context, page } = await newPage(browser());
    await page.goto(acmeUrl(`/signup?code=${CODE_SIGNUP_CODE}`));
    await page.getByRole('heading', { name: 'Accept your invitation' }).waitFor();
    const seen = await outboxCount('newhire3@acme.test');
    await page.getByRole('button', { name: 'Email me a code instead' }).click();
    const code = codeIn(await nextMessage('newhire3@acme.test', seen));
    await page.getByLabel('First name').fill('Kavya');
    await page.getByLabel('Last name').fill('Reddy');
    await page.getByLabel('6-digit code').fill(code === '000000' ? '000001' : '000000');
    await page.getByRole('button', { name: 'Create account and join' }).click();
    await page.getByText('That code is not right').waitFor();
    await expectAccessible(page);
    await page.getByLabel('6-digit code').fill(code);
    await page.getByRole('button', { name: 'Create account and join' }).click();
    expect(await dashboardHeading(page)).toContain('Kavya Reddy');
    // The code came by mail, so the address is confirmed already: no confirmation notice.
    await expect.poll(() => page.getByRole('main').textContent()).toContain('Mumbai');
    expect(await page.getByRole('region', { name: 'Confirm your email address' }).count()).toBe(0);
    await context.close();
  });

  it('lets an existing account join a second workspace with its password, keeping one account', async () => {
    const { context, page } = await newPage(browser());
    await page.goto(globexUrl(`/signup?code=${JOIN_GLOBEX_CODE}`));
    await page.getByText('You already have an account').waitFor();
    const summary = await summaryText(page);
    expect(summary).toContain('Globex Canada');
    expect(summary).toContain('employee@acme.test');
    // No name or new password is asked for: only the account's own password.
    expect(await page.getByLabel('First name').count()).toBe(0);
    await expectAccessible(page);

    await page.getByLabel('Password', { exact: true }).fill('not my password');
    await page.getByRole('button', { name: 'Join Globex Canada' }).click();
    await page.getByRole('alert').filter({ hasText: 'is not right' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Join Globex Canada' }).click();
    expect(await dashboardHeading(page)).toContain('Rahul');
    await expect.poll(() => page.getByRole('main').textContent()).toContain('Globex Canada');
    await context.close();

    // One account, two memberships: the platform host lists both workspaces.
    const platform = await newPage(browser());
    await platform.page.goto(platformUrl('/workspace/signin'));
    await signInWithForm(platform.page, 'employee@acme.test');
    const list = platform.page.getByRole('list', { name: 'Your workspaces' });
    await list.waitFor();
    await expect
      .poll(() => list.getByRole('button').allTextContents())
      .toEqual([expect.stringContaining('Acme Corporation'), expect.stringContaining('Globex Canada')]);
    await platform.context.close();

    // And the invitation is spent.
    const again = await newPage(browser());
    await again.page.goto(globexUrl(`/signup?code=${JOIN_GLOBEX_CODE}`));
    await again.page.getByRole('heading', { name: 'This invitation has already been used' }).waitFor();
    await again.context.close();
  });
});
