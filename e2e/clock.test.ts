import { afterEach, describe, expect, it } from 'vitest';
import {
  acmeHost,
  acmeUrl,
  api,
  dashboardHeading,
  newPage,
  platformHost,
  signInByApi,
  signInWithForm,
  storedToken,
  useBrowser,
} from './browser.ts';
import { linkIn, nextMessage, outboxCount } from './outbox.ts';

// Journeys where time matters: the test moves the server's clock (`POST /dev/clock`, test mode only;
// see docs/time.md) instead of back-dating rows or waiting.

const browser = useBrowser();

const HOUR_MS = 3_600_000;

/** Moves the server's clock; `{ reset: true }` lets it follow the real time again. */
async function clock(body: { now: string } | { advanceMs: number } | { reset: true }) {
  const res = await api<{ now: string; frozen: boolean }>(platformHost(), 'POST', '/dev/clock', { body });
  expect(res.status).toBe(200);
  return res.json;
}

describe('time-dependent journeys (the server clock moved through /dev/clock)', () => {
  // Every journey leaves the clock following the real time for the next test file.
  afterEach(async () => {
    await clock({ reset: true });
  });

  it('a session left idle past the limit (12 hours) returns to sign-in', async () => {
    const { context, page } = await newPage(browser());
    await signInByApi(page, acmeHost(), 'employer@acme.test');
    await page.goto(acmeUrl('/dashboard'));
    await page.waitForURL(/\/dashboard$/);
    expect(await dashboardHeading(page)).toBeTruthy();
    // Eleven hours on, the session still works…
    const token = (await storedToken(page))!;
    await clock({ advanceMs: 11 * HOUR_MS });
    expect((await api(acmeHost(), 'GET', '/api/user/details', { token })).status).toBe(200);
    // …and thirteen hours after that last use it is refused: the web returns to sign-in.
    await clock({ advanceMs: 13 * HOUR_MS });
    await page.reload();
    await page.waitForURL(/\/signin/);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    expect((await api(acmeHost(), 'GET', '/api/user/details', { token })).status).toBe(401);
    await context.close();
  });

  it('an invitation expires 7 days after it is sent, and the link then says so', async () => {
    const admin = await newPage(browser());
    await admin.page.goto(acmeUrl('/signin'));
    await signInWithForm(admin.page, 'admin@acme.test');
    await admin.page.waitForURL(/\/dashboard$/);
    const token = (await storedToken(admin.page))!;
    await admin.context.close();
    const profile = await api<{ headQuarterBranchId: string }>(
      acmeHost(),
      'GET',
      `/api/workspace/company-profile/${acmeHost()}`,
      { token },
    );
    const email = `clock-${Date.now()}@acme.test`;
    const seen = await outboxCount(email);
    const invited = await api(acmeHost(), 'POST', `/api/invite/user/${profile.json.headQuarterBranchId}`, {
      token,
      body: { email, firstName: 'Tara' },
    });
    expect(invited.status).toBe(200);
    const link = linkIn(await nextMessage(email, seen), '/signup');

    const { context, page } = await newPage(browser());
    // Six days on, the invitation still works…
    await clock({ advanceMs: 6 * 24 * HOUR_MS });
    await page.goto(link);
    await page.getByRole('heading', { name: 'Accept your invitation' }).waitFor();
    // …a day and a minute later it has expired.
    await clock({ advanceMs: 24 * HOUR_MS + 60_000 });
    await page.goto(link);
    await page.getByRole('heading', { name: 'This invitation has expired' }).waitFor();
    await context.close();
  });

  it('the clock route answers what it was set to', async () => {
    expect(await clock({ now: '2030-03-08T06:59:00.000Z' })).toEqual({ now: '2030-03-08T06:59:00.000Z', frozen: true });
    expect((await clock({ reset: true })).frozen).toBe(false);
  });
});
