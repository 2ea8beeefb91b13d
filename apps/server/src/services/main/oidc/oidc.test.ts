import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../core/crypto.ts';
import { withPlatform } from '../../../core/db/tenant.ts';
import { accountIdentities, auditLog, memberships, oidcLogins, workspaces } from '../../../db/schema.ts';
import { TEST_PLATFORM_HOST } from '../../../testing/constants.ts';
import { newUser, newWorkspace, type TestWorkspace } from '../../../testing/factories.ts';
import { startTestIdp, type TestIdp } from '../../../testing/oidc-provider.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { type BrowserResponse, TestBrowser } from '../../../testing/test-browser.ts';
import { SIGNIN_BINDING_COOKIE } from '../auth/sessions.ts';
import { isSafeRedirectPath } from './oidc.service.ts';

const CALLBACK = `http://${TEST_PLATFORM_HOST}/api/auth/oidc/callback`;

let t: TestApp;
let google: TestIdp;
let microsoft: TestIdp;
let ws: TestWorkspace;
const platform = <T>(fn: Parameters<typeof withPlatform<T>>[2]) =>
  withPlatform(t.database.db, { action: 'test', audit: false }, fn);

async function enable(workspace: TestWorkspace, providers: string[]) {
  await platform((tx) =>
    tx.update(workspaces).set({ socialPlatforms: providers }).where(eq(workspaces.id, workspace.id)),
  );
  t.app.deps.hosts.invalidate();
}

beforeAll(async () => {
  [google, microsoft] = await Promise.all([
    startTestIdp({ name: 'Google (test)', redirectUris: [CALLBACK] }),
    startTestIdp({ name: 'Microsoft (test)', redirectUris: [CALLBACK] }),
  ]);
  const provider = (idp: TestIdp) => ({ issuer: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret });
  t = await createTestApp({
    config: { oidc: { allowInsecureHttp: true, GOOGLE: provider(google), MICROSOFT: provider(microsoft) } },
  });
  ws = await newWorkspace(t.database.db);
  await enable(ws, ['GOOGLE', 'MICROSOFT']);
});
afterAll(async () => {
  await t?.close();
  await Promise.all([google?.close(), microsoft?.close()]);
});

const startUrl = (workspace: TestWorkspace, provider: string, redirect?: string) =>
  `http://${workspace.host}/api/auth/oidc/${provider}/start${redirect === undefined ? '' : `?redirect=${encodeURIComponent(redirect)}`}`;

type Flow = { browser: TestBrowser; start: BrowserResponse; state: string; callbackUrl: string };

/** Starts a sign-in and signs in at the provider as `login`, stopping before the app's callback. */
async function throughProvider(
  idp: TestIdp,
  login: string,
  opts: { workspace?: TestWorkspace; redirect?: string; browser?: TestBrowser } = {},
): Promise<Flow> {
  const browser = opts.browser ?? new TestBrowser(t);
  const workspace = opts.workspace ?? ws;
  const start = await browser.request(
    'GET',
    startUrl(workspace, idp === google ? 'google' : 'microsoft', opts.redirect),
  );
  expect(start.status).toBe(302);
  expect(start.location).toMatch(new RegExp(`^${idp.issuer}/auth\\?`));
  const state = new URL(start.location!).searchParams.get('state')!;
  const form = await browser.follow(start.location!);
  expect(form.body).toContain('Sign in to');
  const posted = await browser.request('POST', `${form.url}/login`, { login });
  const atCallback = await browser.follow(posted.location!, (next) => next.startsWith(CALLBACK));
  expect(atCallback.location).toMatch(new RegExp(`^${CALLBACK}\\?`));
  return { browser, start, state, callbackUrl: atCallback.location! };
}

/** The app's callback: where it sends the browser (302) or its error (400). */
async function callback(flow: Flow, url = flow.callbackUrl) {
  return flow.browser.request('GET', url);
}

/** Exchanges the hand-off in the final location, as the web app on the workspace host does. */
async function exchange(browser: TestBrowser, location: string) {
  const u = new URL(location);
  const id = new URLSearchParams(u.hash.slice(1)).get('handoff');
  expect(id, location).toBeTruthy();
  return browser.request('GET', `${u.origin}/api/session/get/${id}`);
}

/** Signs in end to end and answers the session token's owner (from /api/user/details). */
async function signInAs(idp: TestIdp, login: string, workspace = ws) {
  const flow = await throughProvider(idp, login, { workspace });
  const done = await callback(flow);
  expect(done.location).toMatch(new RegExp(`^http://${workspace.host}/signin#handoff=`));
  const res = await exchange(flow.browser, done.location!);
  expect(res.status, res.body).toBe(200);
  const me = await t.request(workspace.host, {
    method: 'GET',
    url: '/api/user/details',
    token: JSON.parse(res.body).accessToken,
  });
  expect(me.statusCode).toBe(200);
  return me.json().user.userId as string;
}

const oidcError = (location: string | null) => (location ? new URL(location).searchParams.get('oidcError') : null);
const identities = (accountId: string) =>
  platform((tx) => tx.select().from(accountIdentities).where(eq(accountIdentities.accountId, accountId)));

describe('configuration', () => {
  it('app-config lists the configured providers', async () => {
    const res = await t.request(ws.host, { method: 'GET', url: '/api/app-config' });
    expect(res.json().oidcProviders).toEqual(['GOOGLE', 'MICROSOFT']);
  });
});

describe('signing in with Google and Microsoft', () => {
  it('links a verified email on first sign-in, then signs in by subject even after the email changes', async () => {
    const user = await newUser(t.database.db, ws);
    google.addUser({ sub: 'g-first', email: user.email.toUpperCase(), emailVerified: true });
    expect(await signInAs(google, 'g-first')).toBe(user.accountId);
    expect(await identities(user.accountId)).toMatchObject([
      { provider: 'GOOGLE', subject: 'g-first', email: user.email.toUpperCase() },
    ]);

    // The provider now reports another, unverified address: the subject still decides.
    google.addUser({ sub: 'g-first', email: 'renamed@elsewhere.test', emailVerified: false });
    expect(await signInAs(google, 'g-first')).toBe(user.accountId);
    expect((await identities(user.accountId))[0]?.email).toBe('renamed@elsewhere.test');
  });

  it('matches by subject before email: a linked identity whose email now names another account stays with its own', async () => {
    const [a, b] = [await newUser(t.database.db, ws), await newUser(t.database.db, ws)];
    google.addUser({ sub: 'g-subject-wins', email: a.email, emailVerified: true });
    expect(await signInAs(google, 'g-subject-wins')).toBe(a.accountId);
    google.addUser({ sub: 'g-subject-wins', email: b.email, emailVerified: true });
    expect(await signInAs(google, 'g-subject-wins')).toBe(a.accountId);
    expect(await identities(b.accountId)).toEqual([]);
  });

  it('signs in with Microsoft, and keeps a safe redirect path for after sign-in', async () => {
    const user = await newUser(t.database.db, ws);
    microsoft.addUser({ sub: 'ms-1', email: user.email, emailVerified: true });
    const flow = await throughProvider(microsoft, user.email, { redirect: '/courses?tab=due' });
    const done = await callback(flow);
    expect(done.location).toMatch(
      new RegExp(`^http://${ws.host}/signin\\?redirect=${encodeURIComponent('/courses?tab=due')}#handoff=`),
    );
    const res = await exchange(flow.browser, done.location!);
    expect(res.status).toBe(200);
    expect(await identities(user.accountId)).toMatchObject([{ provider: 'MICROSOFT', subject: 'ms-1' }]);
  });

  it.each(['//evil.test/x', '/\\evil.test', 'https://evil.test/', 'javascript:alert(1)', '/\t/evil.test'])(
    'drops a redirect that could leave the host: %j',
    async (redirect) => {
      expect(isSafeRedirectPath(redirect)).toBe(false);
      const user = await newUser(t.database.db, ws);
      google.addUser({ sub: `g-redirect-${user.accountId}`, email: user.email, emailVerified: true });
      const flow = await throughProvider(google, user.email, { redirect });
      const done = await callback(flow);
      expect(done.location).toMatch(new RegExp(`^http://${ws.host}/signin#handoff=`));
    },
  );

  it('answers cancelled when the person cancels at the provider', async () => {
    const browser = new TestBrowser(t);
    const start = await browser.request('GET', startUrl(ws, 'google'));
    const form = await browser.follow(start.location!);
    const cancelled = await browser.request('POST', `${form.url}/abort`, {});
    const atCallback = await browser.follow(cancelled.location!, (next) => next.startsWith(CALLBACK));
    expect(new URL(atCallback.location!).searchParams.get('error')).toBe('access_denied');
    const done = await browser.request('GET', atCallback.location!);
    expect(done.location).toBe(`http://${ws.host}/signin?oidcError=cancelled`);
  });
});

describe('state, nonce and PKCE', () => {
  it('sends state, nonce and an S256 PKCE challenge of the stored verifier; stores only the state hash', async () => {
    const browser = new TestBrowser(t);
    const start = await browser.request('GET', startUrl(ws, 'google'));
    const params = new URL(start.location!).searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('scope')).toBe('openid email profile');
    expect(params.get('redirect_uri')).toBe(CALLBACK);
    expect(params.get('code_challenge_method')).toBe('S256');
    const [row] = await platform((tx) =>
      tx
        .select()
        .from(oidcLogins)
        .where(eq(oidcLogins.stateHash, hashToken(params.get('state')!))),
    );
    expect(row).toBeDefined();
    expect(params.get('nonce')).toBe(row!.nonce);
    expect(params.get('code_challenge')).toBe(createHash('sha256').update(row!.codeVerifier).digest('base64url'));
    expect(JSON.stringify(row)).not.toContain(params.get('state'));
    // The IdP received exactly this request.
    await browser.request('GET', start.location!);
    expect(google.authorizationRequests.at(-1)?.get('code_challenge')).toBe(params.get('code_challenge'));
  });

  it('refuses a tampered state, and a state used once already (replay)', async () => {
    const user = await newUser(t.database.db, ws);
    google.addUser({ sub: 'g-replay', email: user.email, emailVerified: true });
    const flow = await throughProvider(google, 'g-replay');
    const tampered = new URL(flow.callbackUrl);
    tampered.searchParams.set('state', `${flow.state}x`);
    const bad = await callback(flow, tampered.href);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body)).toMatchObject({ code: 'OIDC_SIGNIN_UNKNOWN' });

    expect((await callback(flow)).location).toMatch(/#handoff=/);
    const replay = await callback(flow);
    expect(replay.status).toBe(400);
    expect(JSON.parse(replay.body)).toMatchObject({ code: 'OIDC_SIGNIN_UNKNOWN' });
  });

  it('refuses an expired sign-in', async () => {
    const flow = await throughProvider(google, 'g-replay');
    await platform((tx) =>
      tx
        .update(oidcLogins)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(oidcLogins.stateHash, hashToken(flow.state))),
    );
    expect((await callback(flow)).status).toBe(400);
  });

  // How the nonce check is proven: the IdP puts the nonce it was sent into the ID token; the
  // stored nonce is changed after the redirect, so the token's no longer matches what the app
  // expects, as with an ID token minted for another sign-in. Only the nonce check can catch it.
  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    const flow = await throughProvider(google, 'g-replay');
    await platform((tx) =>
      tx
        .update(oidcLogins)
        .set({ nonce: 'another-nonce' })
        .where(eq(oidcLogins.stateHash, hashToken(flow.state))),
    );
    const done = await callback(flow);
    expect(oidcError(done.location)).toBe('failed');
  });

  // The IdP does not require PKCE (as Google does not for a confidential client), so only the
  // app's own challenge and verifier stop a code from being redeemed with the wrong verifier.
  it('refuses to redeem the code with a verifier other than the one its challenge was made from', async () => {
    const flow = await throughProvider(google, 'g-replay');
    await platform((tx) =>
      tx
        .update(oidcLogins)
        .set({ codeVerifier: 'x'.repeat(43) })
        .where(eq(oidcLogins.stateHash, hashToken(flow.state))),
    );
    expect(oidcError((await callback(flow)).location)).toBe('failed');
  });

  it("refuses a code injected into another browser's sign-in (login CSRF)", async () => {
    const attacker = await throughProvider(google, 'g-replay');
    const victim = await throughProvider(google, 'g-replay');
    const injected = new URL(victim.callbackUrl);
    injected.searchParams.set('code', new URL(attacker.callbackUrl).searchParams.get('code')!);
    expect(oidcError((await callback(victim, injected.href)).location)).toBe('failed');
  });
});

describe('who may sign in', () => {
  it('refuses an unverified email, and links nothing', async () => {
    const user = await newUser(t.database.db, ws);
    google.addUser({ sub: 'g-unverified', email: user.email, emailVerified: false });
    const done = await callback(await throughProvider(google, 'g-unverified'));
    expect(done.location).toBe(`http://${ws.host}/signin?oidcError=email_unverified`);
    expect(await identities(user.accountId)).toEqual([]);
  });

  it('refuses an account that is not a member of this workspace, or whose membership is inactive', async () => {
    const other = await newWorkspace(t.database.db);
    const outsider = await newUser(t.database.db, other);
    const inactive = await newUser(t.database.db, ws, { active: false });
    google.addUser({ sub: 'g-outsider', email: outsider.email, emailVerified: true });
    google.addUser({ sub: 'g-inactive', email: inactive.email, emailVerified: true });
    for (const [sub, accountId] of [
      ['g-outsider', outsider.accountId],
      ['g-inactive', inactive.accountId],
    ] as const) {
      const done = await callback(await throughProvider(google, sub));
      expect(done.location).toBe(`http://${ws.host}/signin?oidcError=no_account`);
      expect(await identities(accountId)).toEqual([]);
    }
  });

  it('refuses a person with no account (social sign-in never creates one)', async () => {
    google.addUser({ sub: 'g-stranger', email: 'stranger@nowhere.test', emailVerified: true });
    const done = await callback(await throughProvider(google, 'g-stranger'));
    expect(oidcError(done.location)).toBe('no_account');
  });

  it('refuses a linked identity once its membership is deactivated', async () => {
    const user = await newUser(t.database.db, ws);
    google.addUser({ sub: 'g-deactivated', email: user.email, emailVerified: true });
    expect(await signInAs(google, 'g-deactivated')).toBe(user.accountId);
    await platform((tx) =>
      tx
        .update(memberships)
        .set({ active: false })
        .where(and(eq(memberships.workspaceId, ws.id), eq(memberships.accountId, user.accountId))),
    );
    expect(oidcError((await callback(await throughProvider(google, 'g-deactivated'))).location)).toBe('no_account');
  });
});

describe('which providers a workspace offers', () => {
  it("refuses a provider missing from the workspace's socialPlatformSet, creating no sign-in", async () => {
    const only = await newWorkspace(t.database.db);
    await enable(only, ['MICROSOFT']);
    const browser = new TestBrowser(t);
    const res = await browser.request('GET', startUrl(only, 'google'));
    expect(res.status).toBe(302);
    expect(res.location).toBe(`http://${only.host}/signin?oidcError=not_enabled`);
    expect(browser.cookieHeader(`http://${only.host}/api/session/get/x`)).toBe('');
    const rows = await platform((tx) => tx.select().from(oidcLogins).where(eq(oidcLogins.workspaceId, only.id)));
    expect(rows).toEqual([]);
  });

  it('refuses at the callback a provider the workspace disabled meanwhile', async () => {
    const later = await newWorkspace(t.database.db);
    await enable(later, ['GOOGLE']);
    const user = await newUser(t.database.db, later);
    google.addUser({ sub: 'g-disabled-later', email: user.email, emailVerified: true });
    const flow = await throughProvider(google, 'g-disabled-later', { workspace: later });
    await enable(later, []);
    expect((await callback(flow)).location).toBe(`http://${later.host}/signin?oidcError=not_enabled`);
  });

  it('refuses a provider the server is not configured for, even when the workspace enables it', async () => {
    const googleOnly = await createTestApp({
      database: t.database,
      config: {
        oidc: {
          allowInsecureHttp: true,
          GOOGLE: { issuer: google.issuer, clientId: google.clientId, clientSecret: google.clientSecret },
        },
      },
    });
    try {
      const res = await googleOnly.request(ws.host, { method: 'GET', url: '/api/auth/oidc/microsoft/start' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/signin?oidcError=not_enabled');
      const config = await googleOnly.request(ws.host, { method: 'GET', url: '/api/app-config' });
      expect(config.json().oidcProviders).toEqual(['GOOGLE']);
    } finally {
      await googleOnly.close();
    }
  });

  it('starts only on a workspace host, and the callback answers only on the platform host', async () => {
    const start = await t.request(TEST_PLATFORM_HOST, { method: 'GET', url: '/api/auth/oidc/google/start' });
    expect(start.statusCode).toBe(404);
    const cb = await t.request(ws.host, { method: 'GET', url: '/api/auth/oidc/callback?state=x&code=y' });
    expect(cb.statusCode).toBe(404);
  });
});

describe('limits', () => {
  it('limits sign-ins started from one IP: 429 with Retry-After, creating no sign-in', async () => {
    const limited = await createTestApp({
      database: t.database,
      config: {
        ...t.config,
        rateLimits: { ...t.config.rateLimits, oidcStartsPerIp: { max: 2, windowSeconds: 900 } },
      },
    });
    try {
      const start = () =>
        limited.request(ws.host, { method: 'GET', url: '/api/auth/oidc/google/start', remoteAddress: '10.77.0.1' });
      expect((await start()).statusCode).toBe(302);
      expect((await start()).statusCode).toBe(302);
      const third = await start();
      expect(third.statusCode).toBe(429);
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await limited.app.close();
    }
  });
});

describe('the hand-off to the workspace host', () => {
  it('sets a browser-binding cookie: HttpOnly, SameSite=Lax, only for /api/session, 10 minutes', async () => {
    const res = await t.request(ws.host, { method: 'GET', url: '/api/auth/oidc/google/start' });
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(new RegExp(`^${SIGNIN_BINDING_COOKIE}=[A-Za-z0-9_-]{40,}; `));
    expect(cookie).toContain('Path=/api/session');
    expect(cookie).toContain('Max-Age=600');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure'); // plain http here; https adds Secure
  });

  it('is single use, and only the browser that started the sign-in can use it', async () => {
    const user = await newUser(t.database.db, ws);
    google.addUser({ sub: 'g-bound', email: user.email, emailVerified: true });

    // Another browser (no binding cookie) cannot use the hand-off; the one that started still can.
    const flow = await throughProvider(google, 'g-bound');
    const done = await callback(flow);
    const stranger = await exchange(new TestBrowser(t), done.location!);
    expect(stranger.status).toBe(401);
    expect(JSON.parse(stranger.body)).toMatchObject({ code: 'INVALID_HANDOFF' });
    expect((await exchange(flow.browser, done.location!)).status).toBe(200);
    expect((await exchange(flow.browser, done.location!)).status).toBe(401);

    // A browser holding a binding cookie of its own sign-in cannot use another's hand-off.
    const second = await throughProvider(google, 'g-bound');
    const secondDone = await callback(second);
    const other = new TestBrowser(t);
    await other.request('GET', startUrl(ws, 'google'));
    expect(other.cookieHeader(`http://${ws.host}/api/session/get/x`)).toContain(SIGNIN_BINDING_COOKIE);
    expect((await exchange(other, secondDone.location!)).status).toBe(401);
  });

  it('audits each outcome with workspace, account, IP and trace id', async () => {
    const user = await newUser(t.database.db, ws);
    google.addUser({ sub: 'g-audited', email: user.email, emailVerified: true });
    const flow = await throughProvider(google, 'g-audited');
    await callback(flow);
    await callback(flow); // replay: unknown state
    google.addUser({ sub: 'g-audited-unverified', email: 'nobody-verified@x.test', emailVerified: false });
    await callback(await throughProvider(google, 'g-audited-unverified'));

    const rows = await platform((tx) =>
      tx
        .select()
        .from(auditLog)
        .where(sql`${auditLog.action} like 'auth.oidc.callback.%'`)
        .orderBy(sql`${auditLog.occurredAt} desc`)
        .limit(3),
    );
    const [unverified, replay, success] = rows;
    expect(success).toMatchObject({
      action: 'auth.oidc.callback.success',
      workspaceId: ws.id,
      actorAccountId: user.accountId,
      ip: '127.0.0.1',
      details: { provider: 'GOOGLE', matchedBy: 'verified_email' },
    });
    expect(success!.traceId).toBeTruthy();
    expect(replay).toMatchObject({
      action: 'auth.oidc.callback.failure',
      workspaceId: null,
      details: { reason: 'unknown_state' },
    });
    expect(unverified).toMatchObject({
      action: 'auth.oidc.callback.failure',
      workspaceId: ws.id,
      details: { provider: 'GOOGLE', reason: 'email_unverified' },
    });
    // The session itself is audited when the hand-off is exchanged, with the method.
    const again = await throughProvider(google, 'g-audited');
    const handoff = await exchange(again.browser, (await callback(again)).location!);
    expect(handoff.status).toBe(200);
    const [signin] = await platform((tx) =>
      tx
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'auth.signin.success'), eq(auditLog.actorAccountId, user.accountId)))
        .orderBy(sql`${auditLog.occurredAt} desc`)
        .limit(1),
    );
    expect(signin).toMatchObject({ workspaceId: ws.id, details: { method: 'google' } });
  });
});
