import { describe, expect, it } from 'vitest';
import {
  api,
  DEMO_PASSWORD,
  dashboardHeading,
  expectAccessible,
  newPage,
  platformHost,
  port,
  sideScroll,
  useBrowser,
} from './browser.ts';
import { linkIn, nextMessage, outboxCount } from './outbox.ts';

/**
 * Self sign-up through the whitelist (issue 23), on a workspace of its own (so that switching bulk
 * sign-up on touches no other journey): the sign-in page offers "Create an account", the form always
 * ends on the same note, and a whitelisted address's invitation creates the account.
 */
const browser = useBrowser();

const stamp = Date.now().toString(36);
const hostOf = () => `selfco-${stamp}.localhost:${port()}`;
const domain = `selfco-${stamp}.test`;
const PASSWORD = 'lantern monsoon orbit';

async function setUpWorkspace(): Promise<string> {
  const host = hostOf();
  const signin = await api<{ accessToken: string }>(platformHost(), 'POST', '/api/user/signin', {
    body: { userEmail: 'operator@platform.test', userPassword: DEMO_PASSWORD },
  });
  expect(signin.status).toBe(200);
  const operator = signin.json.accessToken;
  const adminEmail = `admin-${stamp}@${domain}`;
  const created = await api<{ workspaceId: string }>(platformHost(), 'POST', '/api/admin/workspace/create', {
    token: operator,
    body: { companyName: `Selfco ${stamp}`, workspaceUrl: host, country: 'IN', adminEmail, adminFirstName: 'Asha' },
  });
  expect(created.status, JSON.stringify(created.json)).toBe(200);
  const code = new URL(linkIn(await nextMessage(adminEmail, 0), '/signup')).searchParams.get('code')!;
  const claim = await api<{ accessToken: string }>(host, 'POST', `/api/invite/claim/${code}`, {
    body: { firstName: 'Asha', userPassword: PASSWORD },
  });
  expect(claim.status, JSON.stringify(claim.json)).toBe(200);
  const on = await api(host, 'PUT', '/api/workspace/settings', {
    token: claim.json.accessToken,
    body: { bulkSignUpEnabled: true },
  });
  expect(on.status, JSON.stringify(on.json)).toBe(200);
  const listed = await api(platformHost(), 'POST', '/api/admin/add-email-to-whitelist', {
    token: operator,
    body: { workspaceId: created.json.workspaceId, entries: [`@${domain}`] },
  });
  expect(listed.status, JSON.stringify(listed.json)).toBe(200);
  return host;
}

describe('self sign-up', () => {
  it('a whitelisted person creates an account from the sign-in page at 360 px, through the mailed invitation', async () => {
    const host = await setUpWorkspace();
    const email = `ravi-${stamp}@${domain}`;
    const { context, page } = await newPage(browser(), { mobile: true });
    await page.goto(`http://${host}/signin`);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(/\/create-account$/);
    await expectAccessible(page);
    const seen = await outboxCount(email);
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('First name').fill('Ravi');
    await page.getByLabel('Last name').fill('Kumar');
    await page.getByRole('button', { name: 'Send me an invitation' }).click();
    await page.getByText(`If this address may join Selfco ${stamp}, we have sent an invitation to it.`).waitFor();
    expect(await sideScroll(page)).toBeLessThanOrEqual(0);
    await expectAccessible(page);

    const link = linkIn(await nextMessage(email, seen), '/signup');
    expect(new URL(link).host).toBe(host);
    await page.goto(link);
    await page.getByLabel('Choose a password').fill(PASSWORD);
    await page.getByLabel('Type the new password again').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create account and join' }).click();
    expect(await dashboardHeading(page)).toContain('Ravi Kumar');
    await context.close();
  });
});
