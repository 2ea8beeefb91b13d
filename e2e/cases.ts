import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { api } from './browser.ts';
import { linkIn, nextMessage, outboxCount } from './outbox.ts';

/**
 * What the complaint-case journeys share (issue 26): the password of the people they make, a session
 * token through the API, a new member joined through an invitation, and opening the case key on a page.
 */

/** The password of the people the case journeys make. */
export const CASE_PASSWORD = 'tulip harbour 9137';

/** A bearer token for `login` on `host`, through the sign-in route. */
export async function tokenOf(host: string, login: string, password = CASE_PASSWORD): Promise<string> {
  const res = await api<{ accessToken: string }>(host, 'POST', '/api/user/signin', {
    body: { userEmail: login, userPassword: password },
  });
  expect(res.status, JSON.stringify(res.json)).toBe(200);
  return res.json.accessToken;
}

/** A new member of `branchId`, invited by the administrator and joined with CASE_PASSWORD; answers their account id. */
export async function newMember(
  host: string,
  admin: string,
  branchId: string,
  email: string,
  first: string,
  last: string,
): Promise<string> {
  const seen = await outboxCount(email);
  const invited = await api(host, 'POST', `/api/invite/user/${branchId}`, {
    token: admin,
    body: { email, firstName: first, lastName: last },
  });
  expect(invited.status, JSON.stringify(invited.json)).toBeLessThan(300);
  const code = new URL(linkIn(await nextMessage(email, seen), '/signup')).searchParams.get('code') ?? '';
  const claimed = await api<{ accessToken: string }>(host, 'POST', `/api/invite/claim/${code}`, {
    body: { firstName: first, userPassword: CASE_PASSWORD },
  });
  expect(claimed.status, JSON.stringify(claimed.json)).toBe(200);
  const me = await api<{ user: { userId: string } }>(host, 'GET', '/api/user/details', {
    token: claimed.json.accessToken,
  });
  await api(host, 'GET', '/api/user/sign-out', { token: claimed.json.accessToken });
  return me.json.user.userId;
}

/**
 * Opens the page's case key with the sign-in password when the page asks for it (the first time it is
 * set up, and the recovery code shown once is confirmed as saved); waits for the h1 `heading`.
 */
export async function openKey(page: Page, heading: string): Promise<void> {
  const h1 = page.getByRole('heading', { level: 1, name: heading });
  const password = page.getByLabel('Your sign-in password');
  await expect.poll(async () => (await h1.count()) > 0 || (await password.count()) > 0, { timeout: 15_000 }).toBe(true);
  if ((await h1.count()) > 0) return;
  await password.fill(CASE_PASSWORD);
  await page.locator('form button[type="submit"]').click();
  const saved = page.getByRole('checkbox', { name: 'I have saved my recovery code' });
  await expect.poll(async () => (await saved.count()) > 0 || (await h1.count()) > 0, { timeout: 15_000 }).toBe(true);
  if ((await saved.count()) > 0) {
    await saved.check();
    await page.getByRole('button', { name: 'Continue' }).click();
  }
  await h1.waitFor();
}
