import { describe, expect, it } from 'vitest';
import {
  acmeHost,
  acmeUrl,
  api,
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

describe('sign-in methods on a workspace host', () => {
  it('identifies a username and signs in with its password, keeping the redirect', async () => {
    const { context, page } = await newPage(browser());
    await page.goto(acmeUrl('/signin?redirect=%2Fdashboard%3Ffrom%3Didentify'));
    await page.getByRole('link', { name: 'Other ways to sign in' }).click();
    await page.waitForURL(/\/identify\?redirect=/);
    await expectAccessible(page);
    await page.getByLabel('Email, username or phone number').fill('acme-emp-0042');
    await page.getByRole('button', { name: 'Continue' }).click();

    // A username has one way in: straight on to its password, the identifier kept.
    await page.waitForURL(/\/signin-password\?/);
    expect(await page.getByLabel('Email or username').inputValue()).toBe('acme-emp-0042');
    expect(await page.getByRole('button', { name: 'Email me a code instead' }).count()).toBe(0);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'is not right' }).waitFor();
    await expectAccessible(page);
    await page.getByLabel('Password', { exact: true }).fill('Demo@12345');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(acmeUrl('/dashboard?from=identify'));
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Sunita');
    await context.close();
  });

  it('signs in with a code mailed to an email address, after a wrong code', async () => {
    const { context, page } = await newPage(browser(), { mobile: true });
    await page.goto(acmeUrl('/identify'));
    await page.getByLabel('Email, username or phone number').fill('employee@acme.test');
    await page.getByRole('button', { name: 'Continue' }).click();
    // An email offers a password and a mailed code.
    await page.getByRole('button', { name: 'Sign in with a password' }).waitFor();
    await expectAccessible(page);
    const seen = await outboxCount('employee@acme.test');
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.waitForURL(/\/signin-password\?.*method=code/);
    const code = codeIn(await nextMessage('employee@acme.test', seen));

    const codeField = page.getByLabel('6-digit code');
    await codeField.fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('That code is not right').waitFor();
    expect(await codeField.getAttribute('aria-invalid')).toBe('true');
    expect(await codeField.getAttribute('autocomplete')).toBe('one-time-code');
    expect(await codeField.getAttribute('inputmode')).toBe('numeric');
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

    await codeField.fill(code);
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await dashboardHeading(page)).toContain('Rahul');
    await context.close();
  });

  it('signs in with a code texted to a phone number', async () => {
    const { context, page } = await newPage(browser(), { mobile: true });
    await page.goto(acmeUrl('/signin'));
    await page.getByRole('link', { name: 'Sign in with a phone number' }).click();
    await page.waitForURL(/\/signin-mobile/);
    await expectAccessible(page);
    // India's example, and a number that is not one refused before anything is sent.
    await page.getByText('For example 98123 45678.').waitFor();
    await page.getByLabel('Phone number').fill('98000 0004');
    await page.getByRole('button', { name: 'Text me a code' }).click();
    await page.getByText('Enter a phone number such as 98123 45678').waitFor();

    // Ten digits, as people in India write their mobile: +91 is understood.
    const seen = await outboxCount('+919800000042');
    await page.getByLabel('Phone number').fill('98000 00042');
    await page.getByRole('button', { name: 'Text me a code' }).click();
    const message = await nextMessage('+919800000042', seen);
    expect(message.channel).toBe('SMS');
    await page.getByLabel('6-digit code').fill(codeIn(message));
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await dashboardHeading(page)).toContain('Sunita');
    await context.close();
  });

  it('counts down when codes are asked for too often', async () => {
    // Use up the sends for an address nobody has (the answer is the same as for a real one).
    const target = 'nobody-here@acme.test';
    let status = 200;
    for (let i = 0; i < 10 && status === 200; i++) {
      status = (await api(acmeHost(), 'POST', '/api/user/signin-create-otp', { body: { userEmail: target } })).status;
    }
    expect(status).toBe(429);
    const { context, page } = await newPage(browser());
    await page.goto(acmeUrl(`/signin-password?identifier=${encodeURIComponent(target)}`));
    await page.getByRole('button', { name: 'Email me a code instead' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Too many attempts' });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/Try again in \d+ seconds/);
    expect(await page.getByRole('button', { name: 'Email me a code instead' }).isDisabled()).toBe(true);
    await expectAccessible(page);
    await context.close();
  });
});

describe('platform host to workspace', () => {
  it('continues signed in on the chosen workspace through a one-time hand-off, then signs out', async () => {
    const { context, page } = await newPage(browser());
    await page.goto(platformUrl('/workspace/signin'));
    await signInWithForm(page, 'both@demo.test');
    const list = page.getByRole('list', { name: 'Your workspaces' });
    await list.waitFor();
    await expect
      .poll(() => list.getByRole('button').allTextContents())
      .toEqual([expect.stringContaining('Acme Corporation'), expect.stringContaining('Globex Canada')]);
    await expectAccessible(page);

    let handoffUrl = '';
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame() && frame.url().includes('#handoff=')) handoffUrl = frame.url();
    });
    await list.getByRole('button', { name: /Globex Canada/ }).click();
    expect(await dashboardHeading(page)).toContain('Jordan');
    expect(page.url()).toBe(globexUrl('/dashboard'));
    await expect.poll(() => page.getByRole('main').textContent()).toContain('Workspace Admin');
    expect(await storedToken(page)).toBeTruthy();

    // The hand-off id worked once; the same link now asks to sign in.
    expect(handoffUrl).toMatch(new RegExp(`^${globexUrl('/signin#handoff=')}`));
    const other = await newPage(browser());
    await other.page.goto(handoffUrl);
    await other.page.getByText('That sign-in link has expired or was already used').waitFor();
    expect(await storedToken(other.page)).toBeNull();
    expect(other.page.url()).not.toContain('handoff');
    await other.context.close();

    // Sign-out on the workspace ends that session.
    const token = await storedToken(page);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/signin/);
    expect(await storedToken(page)).toBeNull();
    const after = await api(`globex.localhost:${new URL(page.url()).port}`, 'GET', '/api/user/details', {
      token: token!,
    });
    expect(after.status).toBe(401);

    // The platform host's own session is untouched and can sign out from the chooser.
    await page.goto(platformUrl('/workspace/signin'));
    await list.waitFor();
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Email or username').waitFor();
    expect(await storedToken(page)).toBeNull();
    await context.close();
  });
});
