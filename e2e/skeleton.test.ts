import { LIMITS } from '@app/contract';
import { describe, expect, it } from 'vitest';
import {
  acmeUrl,
  DEMO_PASSWORD,
  expectAccessible,
  globexUrl,
  newPage,
  platformUrl,
  port,
  signInWithForm,
  useBrowser,
} from './browser.ts';

const browser = useBrowser();

/** Calls the API as the operator would from the platform host (Node's fetch cannot set Host; Origin decides). */
async function operator(method: string, p: string, body?: unknown) {
  const host = `localhost:${port()}`;
  const signin = await fetch(`http://127.0.0.1:${port()}/api/user/signin`, {
    method: 'POST',
    headers: { origin: `http://${host}`, 'content-type': 'application/json' },
    body: JSON.stringify({ userEmail: 'operator@platform.test', userPassword: DEMO_PASSWORD }),
  });
  const { accessToken } = await signin.json();
  const res = await fetch(`http://127.0.0.1:${port()}${p}`, {
    method,
    headers: {
      origin: `http://${host}`,
      authorization: `Bearer ${accessToken}`,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}

describe('workspace hosts', () => {
  it("shows each demo workspace's branded sign-in page", async () => {
    const { context, page } = await newPage(browser());
    for (const [url, name, rgb] of [
      [acmeUrl('/signin'), 'Acme Corporation', 'rgb(31, 111, 235)'],
      [globexUrl('/signin'), 'Globex Canada', 'rgb(215, 38, 61)'],
    ] as const) {
      await page.goto(url);
      await expect.poll(() => page.title()).toContain(name);
      await expect.poll(() => page.getByText(name).first().isVisible()).toBe(true);
      const button = page.getByRole('button', { name: 'Sign in' });
      await button.waitFor();
      expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe(rgb);
      await expectAccessible(page);
    }
    await context.close();
  });

  it("signs in as Acme's administrator onto the dashboard, and signing out ends the session", async () => {
    const { context, page } = await newPage(browser());
    await page.goto(acmeUrl('/'));
    await page.waitForURL(/\/signin/);
    await signInWithForm(page, 'admin@acme.test');
    await page.waitForURL(/\/dashboard$/);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Asha');
    const main = page.getByRole('main');
    await expect.poll(() => main.textContent()).toContain('Workspace Admin');
    await expect.poll(() => main.textContent()).toContain('Acme Corporation');
    await expectAccessible(page);

    const token = await page.evaluate(() => Object.values(localStorage).join(' '));
    expect(token.length).toBeGreaterThan(40);
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL(/\/signin/);
    expect(await page.evaluate(() => Object.values(localStorage).join(' '))).not.toContain(token.slice(0, 20));

    // The old token is refused by the server.
    const tokens = token.match(/[A-Za-z0-9_-]{43}/g) ?? [];
    expect(tokens.length).toBeGreaterThan(0);
    for (const old of tokens) {
      const res = await fetch(`http://127.0.0.1:${port()}/api/user/details`, {
        headers: { origin: `http://acme.localhost:${port()}`, authorization: `Bearer ${old}` },
      });
      expect(res.status).toBe(401);
    }
    // Going back to the dashboard leads to sign-in again.
    await page.goto(acmeUrl('/dashboard'));
    await page.waitForURL(/\/signin/);
    await context.close();
  });

  it('ignores an absolute redirect target after sign-in and honours a same-host path', async () => {
    const { context, page } = await newPage(browser());
    await page.goto(acmeUrl('/signin?redirect=//evil.example/steal'));
    await signInWithForm(page, 'employee@acme.test');
    await page.waitForURL(acmeUrl('/dashboard'));
    await context.close();
    const second = await newPage(browser());
    await second.page.goto(acmeUrl(`/signin?redirect=${encodeURIComponent('http://evil.example/')}`));
    await signInWithForm(second.page, 'acme-emp-0042');
    await second.page.waitForURL(acmeUrl('/dashboard'));
    await second.context.close();
  });

  it('works on a 360-px-wide phone', async () => {
    const { context, page } = await newPage(browser(), { mobile: true });
    await page.goto(globexUrl('/signin'));
    await signInWithForm(page, 'employee@globex.test');
    await page.waitForURL(/\/dashboard$/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await context.close();
  });

  it('shows the maintenance page within one poll while the flag is on for the workspace, and lifts it by itself', async () => {
    // The product's own flags exist from the first migration, switched off.
    const flags = await operator('GET', '/api/feature-flags');
    expect(flags).toEqual(expect.arrayContaining([{ key: 'maintenance', value: 'false', enabledWorkspaces: [] }]));
    await operator('PUT', '/api/feature-flags/workspaces', {
      key: 'maintenance',
      workspaceUrls: [`acme.localhost:${port()}`],
    });
    // Both browsers get a controllable clock: each poll is brought on by moving it one poll period
    // ahead (the test proves "within one poll" without waiting for it).
    const { context, page } = await newPage(browser());
    await page.clock.install();
    await page.goto(acmeUrl('/signin'));
    await signInWithForm(page, 'employer@acme.test');
    await page.waitForURL(/\/dashboard$/);
    const other = await newPage(browser());
    await other.page.clock.install();
    await other.page.goto(globexUrl('/signin'));
    await signInWithForm(other.page, 'employee@globex.test');
    await other.page.waitForURL(/\/dashboard$/);
    await expect.poll(() => other.page.getByRole('heading', { level: 1 }).textContent()).toContain('Liam');
    const flagsPolled = (p: typeof page) =>
      p.waitForResponse((r) => new URL(r.url()).pathname === '/api/feature-flags' && r.request().method() === 'GET');

    await operator('PUT', '/api/feature-flags', { key: 'maintenance', value: 'true' });
    await page.clock.fastForward(LIMITS.featureFlagPollMs);
    const heading = page.getByRole('heading', { name: 'Under maintenance' });
    await heading.waitFor({ timeout: 5_000 });
    await expectAccessible(page);
    // Globex is not under maintenance: its next poll (the server answers the flag off for Globex)
    // is read, the frame after it drawn, and its dashboard is still there.
    const globexPoll = flagsPolled(other.page);
    await other.page.clock.fastForward(LIMITS.featureFlagPollMs);
    const read = (await (await globexPoll).json()) as Array<{ key: string; value: string }>;
    expect(read.find((f) => f.key === 'maintenance')?.value).toBe('false');
    await other.page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await other.page.getByRole('heading', { name: 'Under maintenance' }).count()).toBe(0);
    await expect.poll(() => other.page.getByRole('heading', { level: 1 }).textContent()).toContain('Liam');

    await operator('PUT', '/api/feature-flags', { key: 'maintenance', value: 'false' });
    await page.clock.fastForward(LIMITS.featureFlagPollMs);
    await heading.waitFor({ state: 'detached', timeout: 5_000 });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toContain('Vikram');
    await context.close();
    await other.context.close();
  });

  it('tells a visitor plainly when no workspace is served at the address', async () => {
    const { context, page } = await newPage(browser());
    await page.goto(`http://nowhere.localhost:${port()}/signin`);
    await expect.poll(() => page.locator('h1').allTextContents()).toEqual([expect.stringMatching(/No workspace/i)]);
    await expectAccessible(page);
    await context.close();
  });
});

describe('platform host', () => {
  it('shows the landing page with a way to the workspace sign-in', async () => {
    const { context, page } = await newPage(browser());
    await page.goto(platformUrl('/'));
    const link = page.locator('a[href="/workspace/signin"]').first();
    await link.waitFor();
    expect(await page.locator('h1').allTextContents()).toHaveLength(1);
    await link.click();
    await page.waitForURL(platformUrl('/workspace/signin'));
    await expectAccessible(page);
    await context.close();
  });
});
