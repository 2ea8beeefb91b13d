import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../seed/demo.ts';
import { ACME_HOST, GLOBEX_HOST, TEST_PLATFORM_HOST } from '../testing/constants.ts';
import { signIn } from '../testing/factories.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { requestHost } from './tenancy.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('host resolution', () => {
  it('prefers the Origin header, falling back to Host', () => {
    expect(requestHost({ headers: { origin: 'http://ACME.localhost:3000', host: 'x' } })).toBe('acme.localhost:3000');
    expect(requestHost({ headers: { host: 'Globex.localhost:3000' } })).toBe('globex.localhost:3000');
    expect(requestHost({ headers: { origin: 'null', host: 'globex.localhost:3000' } })).toBe('globex.localhost:3000');
  });

  it("a workspace host answers with that workspace's profile", async () => {
    const res = await t.request(ACME_HOST, { method: 'GET', url: `/api/workspace/company-profile/${ACME_HOST}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      companyName: 'Acme Corporation',
      backgroundColor: '1F6FEB',
      workspaceUrl: ACME_HOST,
    });
    // Business units only for a signed-in member (the sign-in page needs none).
    expect(res.json().branchAddressList).toEqual([]);
    const employee = await signIn(t, ACME_HOST, { email: 'employee@acme.test', password: DEMO_PASSWORD });
    const signedIn = await t.request(ACME_HOST, {
      method: 'GET',
      url: `/api/workspace/company-profile/${ACME_HOST}`,
      headers: { authorization: `Bearer ${employee}` },
    });
    expect(signedIn.json().branchAddressList.map((b: { branchName: string }) => b.branchName)).toEqual([
      'Bengaluru HQ',
      'Mumbai',
    ]);
    const globex = await t.request(ACME_HOST, { method: 'GET', url: `/api/workspace/company-profile/${GLOBEX_HOST}` });
    expect(globex.json()).toMatchObject({ companyName: 'Globex Canada', backgroundColor: 'D7263D' });
  });

  it('the platform host is recognised, and is not a workspace', async () => {
    const cfg = await t.request(TEST_PLATFORM_HOST, { method: 'GET', url: '/api/app-config' });
    expect(cfg.json()).toEqual({
      platformHost: TEST_PLATFORM_HOST,
      isPlatformHost: true,
      devMailbox: true,
      oidcProviders: [],
    });
    const onAcme = await t.request(ACME_HOST, { method: 'GET', url: '/api/app-config' });
    expect(onAcme.json().isPlatformHost).toBe(false);
    const profile = await t.request(TEST_PLATFORM_HOST, {
      method: 'GET',
      url: `/api/workspace/company-profile/${TEST_PLATFORM_HOST}`,
    });
    expect(profile.statusCode).toBe(404);
  });

  it('an unknown host gets 404 with a clear message', async () => {
    for (const host of ['nobody.localhost:3000', 'acme.localhost:3001', '']) {
      const res = await t.request(host, {
        method: 'POST',
        url: '/api/user/signin',
        payload: { userEmail: 'admin@acme.test', userPassword: DEMO_PASSWORD },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, code: 'UNKNOWN_HOST' });
      expect(res.json().message).toMatch(/No workspace is served at/);
    }
    const profile = await t.request(ACME_HOST, {
      method: 'GET',
      url: '/api/workspace/company-profile/nobody.localhost:3000',
    });
    expect(profile.json()).toMatchObject({ status: 404, code: 'UNKNOWN_HOST' });
  });

  it("a token issued on one workspace's host is refused on another's, and on the platform host", async () => {
    const token = await signIn(t, ACME_HOST, { email: 'both@demo.test', password: DEMO_PASSWORD });
    const own = await t.request(ACME_HOST, { method: 'GET', url: '/api/user/details', token });
    expect(own.statusCode).toBe(200);
    for (const host of [GLOBEX_HOST, TEST_PLATFORM_HOST]) {
      const res = await t.request(host, { method: 'GET', url: '/api/user/details', token });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    }
    // Origin decides over Host: the same token sent from Globex's page to Acme's address is refused.
    const viaOrigin = await t.request(ACME_HOST, {
      method: 'GET',
      url: '/api/user/details',
      token,
      headers: { origin: `http://${GLOBEX_HOST}` },
    });
    expect(viaOrigin.statusCode).toBe(401);
  });
});
