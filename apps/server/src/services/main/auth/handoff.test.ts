import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../../core/crypto.ts';
import { withPlatform } from '../../../core/db/tenant.ts';
import { accounts, memberships, sessionHandoffs } from '../../../db/schema.ts';
import { TEST_PLATFORM_HOST } from '../../../testing/constants.ts';
import { addMembership, newUser, newWorkspace, signIn, type TestWorkspace } from '../../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { createHandoff, SIGNIN_BINDING_COOKIE } from './sessions.ts';

let t: TestApp;
let a: TestWorkspace;
let b: TestWorkspace;

beforeAll(async () => {
  t = await createTestApp();
  a = await newWorkspace(t.database.db);
  b = await newWorkspace(t.database.db);
});
afterAll(() => t.close());

const db = () => t.database.db;
const platform = <T>(fn: Parameters<typeof withPlatform<T>>[2]) =>
  withPlatform(db(), { action: 'test', audit: false }, fn);

async function personInBoth() {
  const user = await newUser(db(), a);
  await addMembership(db(), user, b);
  const token = await signIn(t, TEST_PLATFORM_HOST, { email: user.email, password: user.password });
  return { user, token };
}
const handoff = (token: string, workspaceId: string) =>
  t.request(TEST_PLATFORM_HOST, { method: 'POST', url: '/api/session/handoff', payload: { workspaceId }, token });
const exchange = (host: string, id: string, headers: Record<string, string> = {}) =>
  t.request(host, { method: 'GET', url: `/api/session/get/${id}`, headers });

describe('platform host → workspace hand-off', () => {
  it('continues signed in on the chosen workspace, bound to it', async () => {
    const { user, token } = await personInBoth();
    const res = await handoff(token, b.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ workspaceUrl: b.host, expiresInSeconds: 60 });
    const session = await exchange(b.host, res.json().id);
    expect(session.statusCode).toBe(200);
    const wsToken = session.json().accessToken as string;
    const me = await t.request(b.host, { method: 'GET', url: '/api/user/details', token: wsToken });
    expect(me.json()).toMatchObject({ currentWorkspaceId: b.id, user: { userId: user.accountId } });
    // Bound to that workspace: refused on the other one.
    expect((await t.request(a.host, { method: 'GET', url: '/api/user/details', token: wsToken })).statusCode).toBe(401);
  });

  it('is single use', async () => {
    const { token } = await personInBoth();
    const id = (await handoff(token, a.id)).json().id;
    expect((await exchange(a.host, id)).statusCode).toBe(200);
    const again = await exchange(a.host, id);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe('INVALID_HANDOFF');
  });

  it('works only on the workspace it was made for', async () => {
    const { token } = await personInBoth();
    const id = (await handoff(token, a.id)).json().id;
    expect((await exchange(b.host, id)).statusCode).toBe(401);
    expect((await exchange(a.host, id)).statusCode).toBe(200);
  });

  it('expires within 60 seconds', async () => {
    const { token } = await personInBoth();
    const id = (await handoff(token, a.id)).json().id as string;
    const [row] = await platform((tx) =>
      tx
        .select()
        .from(sessionHandoffs)
        .where(eq(sessionHandoffs.idHash, hashToken(id))),
    );
    expect((row!.expiresAt.getTime() - row!.createdAt.getTime()) / 1000).toBeLessThanOrEqual(60);
    t.clock.advance(61_000);
    try {
      expect((await exchange(a.host, id)).statusCode).toBe(401);
    } finally {
      t.clock.reset();
    }
  });

  it('stores only the hash of the id', async () => {
    const { token } = await personInBoth();
    const id = (await handoff(token, a.id)).json().id as string;
    const rows = await platform((tx) => tx.select().from(sessionHandoffs));
    expect(JSON.stringify(rows)).not.toContain(id);
  });

  it('is refused for a workspace the person is not an active member of', async () => {
    const { user, token } = await personInBoth();
    const c = await newWorkspace(db());
    expect((await handoff(token, c.id)).statusCode).toBe(403);
    await platform((tx) =>
      tx
        .update(memberships)
        .set({ active: false })
        .where(and(eq(memberships.workspaceId, b.id), eq(memberships.accountId, user.accountId))),
    );
    expect((await handoff(token, b.id)).statusCode).toBe(403);
  });

  it('is refused when the membership is deactivated between hand-off and exchange', async () => {
    const { user, token } = await personInBoth();
    const id = (await handoff(token, a.id)).json().id;
    await platform((tx) =>
      tx
        .update(memberships)
        .set({ active: false })
        .where(and(eq(memberships.workspaceId, a.id), eq(memberships.accountId, user.accountId))),
    );
    expect((await exchange(a.host, id)).statusCode).toBe(401);
  });

  it('needs a platform session: a workspace token cannot make hand-offs', async () => {
    const user = await newUser(db(), a);
    const wsToken = await signIn(t, a.host, { email: user.email, password: user.password });
    const res = await t.request(a.host, {
      method: 'POST',
      url: '/api/session/handoff',
      payload: { workspaceId: a.id },
      token: wsToken,
    });
    expect(res.statusCode).toBe(404);
    expect((await handoff('x'.repeat(43), a.id)).statusCode).toBe(401);
  });

  it('a hand-off bound to a browser (Google/Microsoft sign-in) needs that browser’s cookie', async () => {
    const user = await newUser(db(), a);
    const binding = 'browser-binding-value-1234567890';
    const id = await withPlatform(db(), { action: 'test', audit: false }, (tx) =>
      createHandoff(tx, {
        workspaceId: a.id,
        accountId: user.accountId,
        method: 'google',
        bindingHash: hashToken(binding),
      }),
    );
    expect((await exchange(a.host, id)).statusCode).toBe(401);
    expect((await exchange(a.host, id, { cookie: `${SIGNIN_BINDING_COOKIE}=other-value` })).statusCode).toBe(401);
    const ok = await exchange(a.host, id, { cookie: `${SIGNIN_BINDING_COOKIE}=${binding}` });
    expect(ok.statusCode).toBe(200);
    // The binding has done its job: the same cookie (name, path, flags) is cleared.
    const cleared = String(ok.headers['set-cookie']);
    expect(cleared).toMatch(new RegExp(`^${SIGNIN_BINDING_COOKIE}=;`));
    for (const part of ['Max-Age=0', 'Path=/api/session', 'HttpOnly', 'SameSite=Lax']) expect(cleared).toContain(part);
    expect(cleared).not.toContain('Secure');
  });

  it('clears the binding cookie with Secure when the request came over https (behind a trusted proxy)', async () => {
    const proxied = await createTestApp({ database: t.database, config: { trustProxy: true } });
    try {
      const user = await newUser(db(), a);
      const binding = 'browser-binding-value-https-123456789';
      const id = await withPlatform(db(), { action: 'test', audit: false }, (tx) =>
        createHandoff(tx, {
          workspaceId: a.id,
          accountId: user.accountId,
          method: 'google',
          bindingHash: hashToken(binding),
        }),
      );
      const ok = await proxied.request(a.host, {
        method: 'GET',
        url: `/api/session/get/${id}`,
        headers: { cookie: `${SIGNIN_BINDING_COOKIE}=${binding}`, 'x-forwarded-proto': 'https' },
      });
      expect(ok.statusCode).toBe(200);
      expect(String(ok.headers['set-cookie'])).toMatch(/; Secure(;|$)/);
    } finally {
      await proxied.close();
    }
  });
});

describe('first sign-in', () => {
  async function adminCreated(opts: { firstName?: string; lastName?: string } = {}) {
    const user = await newUser(db(), a, {
      firstLogin: true,
      firstName: opts.firstName ?? 'Neha',
      lastName: opts.lastName ?? '',
    });
    const token = await signIn(t, a.host, { email: user.email, password: user.password });
    return { user, token };
  }
  const call = (method: 'PUT' | 'POST', url: string, payload: object, token: string) =>
    t.request(a.host, { method, url, payload, token });

  it('must complete the profile, then set a new password of its own; that ends the first-login state', async () => {
    const { user, token } = await adminCreated({ firstName: '' });
    const me = await t.request(a.host, { method: 'GET', url: '/api/user/details', token });
    expect(me.json().user.firstLogin).toBe(true);

    const early = await call('POST', '/api/user/change-first-login', { userNewPassword: 'my very own secret' }, token);
    expect(early.statusCode).toBe(400);
    expect(early.json().code).toBe('PROFILE_INCOMPLETE');

    expect((await call('PUT', '/api/user', { firstName: 'Neha', lastName: 'Joshi' }, token)).statusCode).toBe(200);
    const same = await call('POST', '/api/user/change-first-login', { userNewPassword: user.password }, token);
    expect(same.statusCode).toBe(400);
    expect(same.json().code).toBe('PASSWORD_UNCHANGED');
    expect(same.json().message).toBe('Choose a password different from the one you were given.');
    expect(same.json().details[0]).toMatchObject({ path: 'body.userNewPassword', code: 'PASSWORD_UNCHANGED' });
    const common = await call('POST', '/api/user/change-first-login', { userNewPassword: 'iloveyou123' }, token);
    expect(common.json().code).toBe('PASSWORD_TOO_COMMON');

    const ok = await call('POST', '/api/user/change-first-login', { userNewPassword: 'my very own secret' }, token);
    expect(ok.statusCode).toBe(200);
    const after = (await t.request(a.host, { method: 'GET', url: '/api/user/details', token })).json();
    expect(after.user).toMatchObject({ firstLogin: false, firstName: 'Neha', lastName: 'Joshi' });
    // The password given by the administrator stops working.
    const old = await t.request(a.host, {
      method: 'POST',
      url: '/api/user/signin',
      payload: { userEmail: user.email, userPassword: user.password },
    });
    expect(old.statusCode).toBe(401);
    const again = await call('POST', '/api/user/change-first-login', { userNewPassword: 'yet another secret' }, token);
    expect(again.statusCode).toBe(409);
  });

  it('a person with one name only completes the first sign-in (the last name is optional)', async () => {
    const { token } = await adminCreated();
    expect((await call('PUT', '/api/user', { firstName: 'Neha' }, token)).statusCode).toBe(200);
    expect((await call('PUT', '/api/user', { firstName: 'Neha', lastName: '  ' }, token)).statusCode).toBe(200);
    const ok = await call('POST', '/api/user/change-first-login', { userNewPassword: 'my very own secret' }, token);
    expect(ok.statusCode).toBe(200);
    const after = (await t.request(a.host, { method: 'GET', url: '/api/user/details', token })).json();
    expect(after.user).toMatchObject({ firstLogin: false, firstName: 'Neha', lastName: '' });
  });

  it('until then the first-login page’s own calls work (details, flags, navigation, setting the password)', async () => {
    const { token } = await adminCreated({ lastName: 'Joshi' });
    const get = (url: string) => t.request(a.host, { method: 'GET', url, token });
    for (const url of ['/api/user/details', '/api/feature-flags', '/api/navigation/v3']) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
    const setPassword = await t.request(a.host, {
      method: 'POST',
      url: '/api/user/change-first-login',
      payload: { userNewPassword: 'my very own secret' },
      token,
    });
    expect(setPassword.statusCode).toBe(200);
    expect((await get('/api/user/details')).statusCode).toBe(200);
  });

  it('an account in its first sign-in gets 403 FIRST_LOGIN_REQUIRED elsewhere', async () => {
    const user = await newUser(db(), a, { firstLogin: true, lastName: 'Joshi' });
    await addMembership(db(), user, b);
    const platformToken = await signIn(t, TEST_PLATFORM_HOST, { email: user.email, password: user.password });
    const res = await handoff(platformToken, b.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FIRST_LOGIN_REQUIRED');
  });

  it('profile changes need a session and a name', async () => {
    const { token, user } = await adminCreated({ lastName: 'X' });
    expect(
      (await t.request(a.host, { method: 'PUT', url: '/api/user', payload: { firstName: 'A', lastName: 'B' } }))
        .statusCode,
    ).toBe(401);
    expect((await call('PUT', '/api/user', { firstName: ' ', lastName: 'B' }, token)).statusCode).toBe(400);
    const [row] = await platform((tx) => tx.select().from(accounts).where(eq(accounts.id, user.accountId)));
    expect(row?.firstName).toBe('Neha');
  });
});
