import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AWorkspace, aMember, aWorkspace } from '../../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
let ws: AWorkspace;

beforeAll(async () => {
  t = await createTestApp();
  ws = await aWorkspace(t);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PUT' | 'POST', url: string, token: string, payload?: object, host = ws.host) =>
  t.request(host, { method, url, token, ...(payload ? { payload } : {}) });

describe('single names: a last name is optional', () => {
  it('the person themself may clear their last name; a first name stays required', async () => {
    const me = await aMember(ws, { firstName: 'Lakshmi', lastName: 'Menon' });
    const token = await me.signIn(t);
    expect((await call('PUT', '/api/user', token, { firstName: 'Lakshmi', lastName: '' })).statusCode).toBe(200);
    const details = (await call('GET', '/api/user/details', token)).json();
    expect(details.user).toMatchObject({ firstName: 'Lakshmi', lastName: '' });
    const noFirst = await call('PUT', '/api/user', token, { firstName: '', lastName: 'Menon' });
    expect(noFirst.statusCode).toBe(400);
    expect((await call('GET', '/api/user/details', token)).json().user.lastName).toBe('');
  });

  it('an administrator may save a member with one name only (both edit routes)', async () => {
    const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    const token = await admin.signIn(t);
    const member = await aMember(ws, { firstName: 'Gopal', lastName: 'Das' });
    const one = await call('POST', `/api/user/update/${member.accountId}`, token, { lastName: '' });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ firstName: 'Gopal', lastName: '' });
    const two = await call('POST', '/api/admin/update-user', token, {
      userId: member.accountId,
      firstName: 'Gopalan',
      lastName: '   ',
    });
    expect(two.statusCode).toBe(200);
    expect(two.json()).toMatchObject({ firstName: 'Gopalan', lastName: '' });
    const blankFirst = await call('POST', `/api/user/update/${member.accountId}`, token, { firstName: ' ' });
    expect(blankFirst.statusCode).toBe(400);
  });

  it('an invitation needs no last name', async () => {
    const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    const token = await admin.signIn(t);
    const res = await call('POST', `/api/invite/user/${ws.branchId}`, token, {
      email: `one-name-${Date.now()}@example.test`,
      firstName: 'Murugan',
    });
    expect(res.statusCode).toBeLessThan(300);
  });
});
