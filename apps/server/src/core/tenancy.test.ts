import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_PLATFORM_HOST } from '../testing/constants.ts';
import {
  type AMember,
  type AUnit,
  type AWorkspace,
  aBusinessUnit,
  addMembership,
  aMember,
  aWorkspace,
} from '../testing/factories.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { requestHost } from './tenancy.ts';

let t: TestApp;
/** Workspace A (two units, an employee) and workspace B, each on its own host. */
let a: AWorkspace;
let unitA: AUnit;
let employeeA: AMember;
let b: AWorkspace;
let A_HOST: string;
let B_HOST: string;
beforeAll(async () => {
  t = await createTestApp();
  a = await aWorkspace(t, { name: 'Alpha Works', color: '1F6FEB' });
  unitA = await aBusinessUnit(a);
  employeeA = await aMember(a);
  b = await aWorkspace(t, { name: 'Beta Works', color: 'D7263D' });
  A_HOST = a.host;
  B_HOST = b.host;
});
afterAll(() => t.close());

describe('host resolution', () => {
  it('prefers the Origin header, falling back to Host', () => {
    expect(requestHost({ headers: { origin: 'http://ACME.localhost:3000', host: 'x' } })).toBe('acme.localhost:3000');
    expect(requestHost({ headers: { host: 'Globex.localhost:3000' } })).toBe('globex.localhost:3000');
    expect(requestHost({ headers: { origin: 'null', host: 'globex.localhost:3000' } })).toBe('globex.localhost:3000');
  });

  it("a workspace host answers with that workspace's profile", async () => {
    const res = await t.request(A_HOST, { method: 'GET', url: `/api/workspace/company-profile/${A_HOST}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      companyName: 'Alpha Works',
      backgroundColor: '1F6FEB',
      workspaceUrl: A_HOST,
    });
    // Business units only for a signed-in member (the sign-in page needs none).
    expect(res.json().branchAddressList).toEqual([]);
    const employee = await employeeA.signIn(t);
    const signedIn = await t.request(A_HOST, {
      method: 'GET',
      url: `/api/workspace/company-profile/${A_HOST}`,
      headers: { authorization: `Bearer ${employee}` },
    });
    expect(signedIn.json().branchAddressList.map((b: { branchName: string }) => b.branchName)).toEqual([
      a.hq.name,
      unitA.name,
    ]);
    const other = await t.request(A_HOST, { method: 'GET', url: `/api/workspace/company-profile/${B_HOST}` });
    expect(other.json()).toMatchObject({ companyName: 'Beta Works', backgroundColor: 'D7263D' });
  });

  it('the platform host is recognised, and is not a workspace', async () => {
    const cfg = await t.request(TEST_PLATFORM_HOST, { method: 'GET', url: '/api/app-config' });
    expect(cfg.json()).toEqual({
      platformHost: TEST_PLATFORM_HOST,
      isPlatformHost: true,
      devMailbox: true,
      oidcProviders: [],
    });
    const onA = await t.request(A_HOST, { method: 'GET', url: '/api/app-config' });
    expect(onA.json().isPlatformHost).toBe(false);
    const profile = await t.request(TEST_PLATFORM_HOST, {
      method: 'GET',
      url: `/api/workspace/company-profile/${TEST_PLATFORM_HOST}`,
    });
    expect(profile.statusCode).toBe(404);
  });

  it('an unknown host gets 404 with a clear message', async () => {
    // A's host on another port is another host.
    for (const host of ['nobody.localhost:3000', `${a.slug}.localhost:3001`, '']) {
      const res = await t.request(host, {
        method: 'POST',
        url: '/api/user/signin',
        payload: { userEmail: employeeA.email, userPassword: employeeA.password },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ status: 404, code: 'UNKNOWN_HOST' });
      expect(res.json().message).toMatch(/No workspace is served at/);
    }
    const profile = await t.request(A_HOST, {
      method: 'GET',
      url: '/api/workspace/company-profile/nobody.localhost:3000',
    });
    expect(profile.json()).toMatchObject({ status: 404, code: 'UNKNOWN_HOST' });
  });

  it("a token issued on one workspace's host is refused on another's, and on the platform host", async () => {
    // A member of both workspaces, signed in on A.
    const both = await aMember(a);
    await addMembership(t.database.db, both, b);
    const token = await both.signIn(t);
    const own = await t.request(A_HOST, { method: 'GET', url: '/api/user/details', token });
    expect(own.statusCode).toBe(200);
    for (const host of [B_HOST, TEST_PLATFORM_HOST]) {
      const res = await t.request(host, { method: 'GET', url: '/api/user/details', token });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    }
    // Origin decides over Host: the same token sent from B's page to A's address is refused.
    const viaOrigin = await t.request(A_HOST, {
      method: 'GET',
      url: '/api/user/details',
      token,
      headers: { origin: `http://${B_HOST}` },
    });
    expect(viaOrigin.statusCode).toBe(401);
  });
});
