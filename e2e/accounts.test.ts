import { describe, expect, it } from 'vitest';
import {
  api,
  DEMO_PASSWORD,
  dashboardHeading,
  expectAccessible,
  globexHost,
  globexUrl,
  newPage,
  useBrowser,
} from './browser.ts';
import { codeIn, nextMessage, outboxCount } from './outbox.ts';

const browser = useBrowser();

/** Where the journey's screenshots go (looked at by hand). */
const SHOTS = process.env.E2E_SHOTS ?? '/tmp/e2e-shots';

const noSideScroll = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('accounts', () => {
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
    await page.goto(globexUrl('/signin-mobile'));
    await page.getByLabel('Language').selectOption('hi');
    await page.getByText('जैसे (416) 555-0123।').waitFor();
    await page.getByRole('textbox').first().fill('12');
    await page.getByRole('button', { name: 'मुझे SMS से कोड भेजें' }).click();
    await page.getByText('(416) 555-0123 जैसा फ़ोन नंबर लिखें').waitFor();
    await expectAccessible(page);
    expect(await noSideScroll(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `${SHOTS}/phone-globex-hi-360.png`, fullPage: true });
    await context.close();
  });
});
