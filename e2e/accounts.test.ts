import { describe, expect, it } from 'vitest';
import {
  acmeHost,
  acmeUrl,
  api,
  DEMO_PASSWORD,
  dashboardHeading,
  expectAccessible,
  globexHost,
  globexUrl,
  newPage,
  settled,
  signInWithForm,
  useBrowser,
} from './browser.ts';
import { codeIn, linkIn, nextMessage, outboxCount } from './outbox.ts';

const browser = useBrowser();

/** Where the journey's screenshots go (looked at by hand). */
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/e2e-shots';

const noSideScroll = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

/**
 * A new Acme member of their own (so that other journeys' demo accounts keep their passwords):
 * invited by the administrator, joined with `password` through the invitation.
 */
async function newAcmeMember(email: string, password: string, firstName = 'Kiran'): Promise<void> {
  const admin = await api<{ accessToken: string }>(acmeHost(), 'POST', '/api/user/signin', {
    body: { userEmail: 'admin@acme.test', userPassword: DEMO_PASSWORD },
  });
  const token = admin.json.accessToken;
  const profile = await api<{ headQuarterBranchId: string }>(
    acmeHost(),
    'GET',
    `/api/workspace/company-profile/${acmeHost()}`,
    { token },
  );
  const seen = await outboxCount(email);
  const invited = await api(acmeHost(), 'POST', `/api/invite/user/${profile.json.headQuarterBranchId}`, {
    token,
    body: { email, firstName },
  });
  expect(invited.status).toBeLessThan(300);
  const link = linkIn(await nextMessage(email, seen), '/signup');
  const code = new URL(link).searchParams.get('code') ?? '';
  const claimed = await api<{ accessToken: string }>(acmeHost(), 'POST', `/api/invite/claim/${code}`, {
    body: { firstName, userPassword: password },
  });
  expect(claimed.status).toBe(200);
  // The claim's own session is not one of the journey's.
  await api(acmeHost(), 'GET', '/api/user/sign-out', { token: claimed.json.accessToken });
}

describe('accounts', () => {
  it('changes the password from the user menu: a wrong current one is refused, the other session ends, this one stays', async () => {
    const email = `kiran-${Date.now()}@acme.test`;
    const first = 'harbour violet 42';
    const second = 'saffron bridge 77';
    await newAcmeMember(email, first);

    // Signed in on a phone as well.
    const phone = await newPage(browser(), { mobile: true });
    await phone.page.goto(acmeUrl('/signin'));
    await signInWithForm(phone.page, email, first);
    expect(await dashboardHeading(phone.page)).toContain('Kiran');

    // At 1280 px, in English, from the user menu.
    const { context, page } = await newPage(browser());
    await page.goto(acmeUrl('/signin'));
    await signInWithForm(page, email, first);
    // One name only: no trailing space, no "undefined".
    expect(await dashboardHeading(page)).toMatch(/Kiran$/);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Change password' }).click();
    await page.waitForURL(/\/account\/password$/);
    await page.getByRole('heading', { name: 'Change your password' }).waitFor();
    await expectAccessible(page);

    await page.getByLabel('Current password').fill('not my password');
    await page.getByLabel('New password', { exact: true }).fill(second);
    await page.getByLabel('Type the new password again').fill(second);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your current password is not right.').waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/change-password-wrong-en-1280.png`, fullPage: true });
    // Nothing changed: the phone is still signed in.
    await phone.page.reload();
    expect(await dashboardHeading(phone.page)).toContain('Kiran');

    await page.getByLabel('Current password').fill(first);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Your password is changed.').waitFor();
    await page.getByText('You were signed out on 1 other browser or device.').waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/change-password-done-en-1280.png`, fullPage: true });
    // This session stays.
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    expect(await dashboardHeading(page)).toMatch(/Kiran$/);
    await context.close();

    // The phone's session has ended; the old password no longer works there, the new one does.
    await phone.page.reload();
    await phone.page.waitForURL(/\/signin/);
    await signInWithForm(phone.page, email, first);
    await phone.page.getByRole('alert').filter({ hasText: 'is not right' }).waitFor();

    // At 360 px in Hindi: the page and its refusal in Hindi.
    await phone.page.getByLabel('Language').selectOption('hi');
    await phone.page.getByLabel('ईमेल या यूज़रनेम').fill(email);
    await phone.page.getByLabel('पासवर्ड', { exact: true }).fill(second);
    await phone.page.getByRole('button', { name: 'साइन इन करें' }).click();
    await phone.page.waitForURL(/\/dashboard$/);
    await phone.page.goto(acmeUrl('/account/password'));
    await phone.page.getByRole('heading', { name: 'अपना पासवर्ड बदलें' }).waitFor();
    await phone.page.getByLabel('मौजूदा पासवर्ड').fill('not my password');
    await phone.page.getByLabel('नया पासवर्ड', { exact: true }).fill('monsoon kite ledger');
    await phone.page.getByLabel('नया पासवर्ड फिर से लिखें').fill('monsoon kite ledger');
    await phone.page.getByRole('button', { name: 'पासवर्ड बदलें' }).click();
    await phone.page.getByText('आपका मौजूदा पासवर्ड सही नहीं है।').waitFor();
    await expectAccessible(phone.page);
    expect(await noSideScroll(phone.page)).toBeLessThanOrEqual(0);
    await phone.page.screenshot({ path: `${SHOTS}/change-password-wrong-hi-360.png`, fullPage: true });
    await phone.context.close();
  });

  it('phone numbers in Canada: the Canadian example, (416) 555-0123 typed the national way, stored as +1', async () => {
    // Globex's administrator gives Liam a number written the Canadian way: it is kept in E.164.
    const admin = await api<{ accessToken: string }>(globexHost(), 'POST', '/api/user/signin', {
      body: { userEmail: 'admin@globex.test', userPassword: DEMO_PASSWORD },
    });
    const token = admin.json.accessToken;
    const found = await api<{ content: Array<{ userId: string; userEmail: string }> }>(
      globexHost(),
      'POST',
      '/api/workspace/users/search',
      { token, body: { searchText: 'employee@globex.test' } },
    );
    const liam = found.json.content.find((u) => u.userEmail === 'employee@globex.test')!;
    const saved = await api<{ contactNumber: string }>(globexHost(), 'POST', `/api/user/update/${liam.userId}`, {
      token,
      body: { contactNumber: '(416) 555-0199' },
    });
    expect(saved.status).toBe(200);
    expect(saved.json.contactNumber).toBe('+14165550199');

    // At 1280 px in English: the example is Canadian, not Indian.
    const wide = await newPage(browser());
    await wide.page.goto(globexUrl('/signin-mobile'));
    await wide.page.getByText('For example (416) 555-0123.').waitFor();
    expect(await wide.page.getByText('+91').count()).toBe(0);
    // An Indian mobile without +91 is not a Canadian number.
    await wide.page.getByLabel('Phone number').fill('98123 45678');
    await wide.page.getByRole('button', { name: 'Text me a code' }).click();
    await wide.page.getByText('Enter a phone number such as (416) 555-0123').waitFor();
    await expectAccessible(wide.page);
    await wide.page.screenshot({ path: `${SHOTS}/phone-globex-en-1280.png`, fullPage: true });

    const seen = await outboxCount('+14165550199');
    await wide.page.getByLabel('Phone number').fill('416-555-0199');
    await wide.page.getByRole('button', { name: 'Text me a code' }).click();
    const message = await nextMessage('+14165550199', seen);
    await wide.page.getByLabel('6-digit code').fill(codeIn(message));
    await wide.page.getByRole('button', { name: 'Sign in' }).click();
    expect(await dashboardHeading(wide.page)).toContain('Liam');
    await wide.context.close();

    // At 360 px in Hindi: the same Canadian example.
    const { context, page } = await newPage(browser(), { mobile: true });
    // Globex is in Canada: its pages offer English and French (not Hindi).
    await page.goto(globexUrl('/signin-mobile'));
    await page.getByLabel('Language').selectOption('fr');
    await page.getByText('Par exemple (416) 555-0123.').waitFor();
    await page.getByRole('textbox').first().fill('12');
    await page.getByRole('button', { name: 'M’envoyer un code par texto' }).click();
    await page.getByText('Entrez un numéro de téléphone comme (416) 555-0123').first().waitFor();
    await expectAccessible(page);
    expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/phone-globex-fr-360.png`, fullPage: true });
    await context.close();
  });
  it('an administrator gives a member a one-time password from the users list; the member must then choose their own', async () => {
    const email = `lalitha-${Date.now()}@acme.test`;
    await newAcmeMember(email, 'first secret phrase', 'Lalitha');
    const member = await newPage(browser(), { mobile: true });
    await member.page.goto(acmeUrl('/signin'));
    await signInWithForm(member.page, email, 'first secret phrase');
    expect(await dashboardHeading(member.page)).toMatch(/Lalitha$/);

    // At 1280 px in English: the row's menu, a confirmation, then the password shown once.
    const { context, page } = await newPage(browser());
    await page.goto(acmeUrl('/signin'));
    await signInWithForm(page, 'admin@acme.test');
    await dashboardHeading(page);
    await page.goto(acmeUrl('/users'));
    await page.getByRole('searchbox', { name: 'Search' }).fill(email);
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await page.getByRole('button', { name: 'Actions for Lalitha' }).click();
    await page.getByRole('menuitem', { name: 'One-time password' }).click();
    const dialog = page.getByRole('dialog', { name: 'One-time password for Lalitha' });
    await dialog.getByText('Lalitha will be signed out everywhere.').waitFor();
    await settled(page);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Create a one-time password' }).click();
    const field = dialog.getByLabel('One-time password');
    await field.waitFor();
    const oneTime = await field.inputValue();
    expect(oneTime).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    await dialog.getByText('It is shown only now').waitFor();
    await expectAccessible(page);
    await page.screenshot({ path: `${SHOTS}/one-time-password-en-1280.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await context.close();

    // The same dialog at 360 px in Hindi (opened and cancelled: nothing is issued).
    const narrow = await newPage(browser(), { mobile: true });
    await narrow.page.goto(acmeUrl('/signin'));
    await narrow.page.getByLabel('Language').selectOption('hi');
    await narrow.page.getByLabel('ईमेल या यूज़रनेम').fill('admin@acme.test');
    await narrow.page.getByLabel('पासवर्ड', { exact: true }).fill(DEMO_PASSWORD);
    await narrow.page.getByRole('button', { name: 'साइन इन करें' }).click();
    await narrow.page.waitForURL(/\/dashboard$/);
    await narrow.page.goto(acmeUrl('/users'));
    await narrow.page.getByRole('searchbox', { name: 'खोजें' }).fill(email);
    await expect.poll(() => narrow.page.getByRole('row').count()).toBe(2);
    await narrow.page.getByRole('button', { name: 'Lalitha के लिए कार्य' }).click();
    await narrow.page.getByRole('menuitem', { name: 'एक बार का पासवर्ड' }).click();
    const hiDialog = narrow.page.getByRole('dialog', { name: 'Lalitha के लिए एक बार का पासवर्ड' });
    await hiDialog.getByText('Lalitha हर जगह से साइन आउट हो जाएँगे।').waitFor();
    await settled(narrow.page);
    await expectAccessible(narrow.page);
    expect(await noSideScroll(narrow.page)).toBeLessThanOrEqual(0);
    await narrow.page.screenshot({ path: `${SHOTS}/one-time-password-hi-360.png` });
    await hiDialog.getByRole('button', { name: 'रद्द करें' }).click();
    await narrow.context.close();

    // The member's session has ended; at 360 px in Hindi they sign in with it and must choose their own.
    await member.page.reload();
    await member.page.waitForURL(/\/signin/);
    await member.page.getByLabel('Language').selectOption('hi');
    await member.page.getByLabel('ईमेल या यूज़रनेम').fill(email);
    await member.page.getByLabel('पासवर्ड', { exact: true }).fill(oneTime);
    await member.page.getByRole('button', { name: 'साइन इन करें' }).click();
    await member.page.waitForURL(/\/first-login/);
    await member.page.getByLabel('नया पासवर्ड', { exact: true }).fill(oneTime);
    await member.page.getByLabel('नया पासवर्ड फिर से लिखें').fill(oneTime);
    await member.page.getByRole('button', { name: 'सहेजें और आगे बढ़ें' }).click();
    await member.page.getByText('जो पासवर्ड आपको दिया गया था, उससे अलग पासवर्ड चुनें।').waitFor();
    await expectAccessible(member.page);
    expect(await noSideScroll(member.page)).toBeLessThanOrEqual(0);
    await member.page.getByLabel('नया पासवर्ड', { exact: true }).fill('coconut ferry 31');
    await member.page.getByLabel('नया पासवर्ड फिर से लिखें').fill('coconut ferry 31');
    await member.page.getByRole('button', { name: 'सहेजें और आगे बढ़ें' }).click();
    await member.page.waitForURL(/\/dashboard$/);
    await member.context.close();
  });
  it('an account without email resets its password by SMS from the forgot-password page', async () => {
    // A phone-only member: invited by a number written the Indian way, joined with a password.
    const rest = String(Date.now()).slice(-8);
    const phone = `+9196${rest}`;
    const admin = await api<{ accessToken: string }>(acmeHost(), 'POST', '/api/user/signin', {
      body: { userEmail: 'admin@acme.test', userPassword: DEMO_PASSWORD },
    });
    const profile = await api<{ headQuarterBranchId: string }>(
      acmeHost(),
      'GET',
      `/api/workspace/company-profile/${acmeHost()}`,
      { token: admin.json.accessToken },
    );
    const seenInvite = await outboxCount(phone);
    const invited = await api(acmeHost(), 'POST', `/api/invite/user/${profile.json.headQuarterBranchId}`, {
      token: admin.json.accessToken,
      body: { contactNumber: `96${rest}`, firstName: 'Meena' },
    });
    expect(invited.status).toBeLessThan(300);
    const link = linkIn(await nextMessage(phone, seenInvite), '/signup');
    const claimed = await api<{ accessToken: string }>(
      acmeHost(),
      'POST',
      `/api/invite/claim/${new URL(link).searchParams.get('code')}`,
      { body: { firstName: 'Meena', userPassword: 'first secret phrase' } },
    );
    expect(claimed.status).toBe(200);

    // At 1280 px in Hindi: something that is not an email opens the phone way.
    const wide = await newPage(browser());
    await wide.page.goto(acmeUrl('/signin'));
    await wide.page.getByLabel('Language').selectOption('hi');
    await wide.page.goto(acmeUrl('/forgot-password?email=meena'));
    await wide.page.getByText('आपके खाते में ईमेल पता नहीं है?').waitFor();
    await wide.page.getByText('जैसे 98123 45678।').waitFor();
    await expectAccessible(wide.page);
    await wide.page.screenshot({ path: `${SHOTS}/forgot-phone-hi-1280.png`, fullPage: true });
    await wide.context.close();

    // At 360 px in English: the number the Indian way, the texted code, a new password.
    const { context, page } = await newPage(browser(), { mobile: true });
    await page.goto(acmeUrl('/forgot-password'));
    await page.getByRole('button', { name: 'My account has no email: use my phone number' }).click();
    const seen = await outboxCount(phone);
    await page.getByLabel('Phone number').fill(`96${rest.slice(0, 3)} ${rest.slice(3)}`);
    await page.getByRole('button', { name: 'Text me a code' }).click();
    const message = await nextMessage(phone, seen);
    expect(message.channel).toBe('SMS');
    await page.getByText('we have texted it a 6-digit code').waitFor();
    await page.getByLabel('6-digit code').fill(codeIn(message));
    await page.getByLabel('New password', { exact: true }).fill('coconut ferry 31');
    await page.getByLabel('Type the new password again').fill('coconut ferry 31');
    await expectAccessible(page);
    expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/forgot-phone-en-360.png`, fullPage: true });
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your password is changed').waitFor();
    await expectAccessible(page);
    // The reset ended the member's other session.
    expect((await api(acmeHost(), 'GET', '/api/user/details', { token: claimed.json.accessToken })).status).toBe(401);
    await context.close();
  });
});
