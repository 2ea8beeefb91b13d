import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureSms, codeIn } from '../../../testing/capture.ts';
import { type AWorkspace, aMember, aWorkspace } from '../../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

const sms = captureSms();
let t: TestApp;
/** An Indian workspace (the default country). */
let ws: AWorkspace;
/** A Canadian workspace. */
let ca: AWorkspace;

beforeAll(async () => {
  t = await createTestApp({ sms: sms.sms });
  ws = await aWorkspace(t);
  ca = await aWorkspace(t, { country: 'CA', timeZone: 'America/Toronto' });
});

const digits = (n: number) => String(Math.floor(Math.random() * 10 ** n)).padStart(n, '0');
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

describe('phone numbers: the workspace country’s national way in, E.164 stored', () => {
  it('Canada: a member signs in by SMS with (416) 555-0123-style input; an Indian 10-digit number is not Canadian', async () => {
    const line = digits(4);
    const phone = `+1416555${line}`;
    const member = await aMember(ca, { phone });
    const typed = `(416) 555-${line}`;
    const send = await t.request(ca.host, {
      method: 'POST',
      url: '/api/user/signin-create-sms-otp',
      payload: { contactNumber: typed },
    });
    expect(send.statusCode).toBe(200);
    const code = codeIn((await sms.next(phone, 0)).text);
    const ok = await t.request(ca.host, {
      method: 'POST',
      url: '/api/user/signin-verify-sms-otp',
      payload: { contactNumber: `416-555-${line}`, userOtp: code },
    });
    expect(ok.statusCode).toBe(200);
    expect((await call('GET', '/api/user/details', ok.json().accessToken, undefined, ca.host)).json().user.userId).toBe(
      member.accountId,
    );
    const indian = await t.request(ca.host, {
      method: 'POST',
      url: '/api/user/signin-create-sms-otp',
      payload: { contactNumber: '98123 45678' },
    });
    expect(indian.statusCode).toBe(400);
    expect(indian.json().details[0]).toMatchObject({ code: 'PHONE_INVALID', params: { example: '(416) 555-0123' } });
  });

  it('an administrator’s edit stores the national number in E.164; a bad one changes nothing', async () => {
    const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    const token = await admin.signIn(t);
    const member = await aMember(ws);
    const rest = digits(8);
    const res = await call('POST', `/api/user/update/${member.accountId}`, token, { contactNumber: `98${rest}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().contactNumber).toBe(`+9198${rest}`);
    const bad = await call('POST', '/api/admin/update-user', token, {
      userId: member.accountId,
      contactNumber: '12345',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0]).toMatchObject({ path: 'body.contactNumber', code: 'PHONE_INVALID' });
    const list = await call('POST', '/api/workspace/users/search', token, { searchText: rest });
    expect(list.json().content[0].contactNumber).toBe(`+9198${rest}`);
  });

  it('an invitation by phone in Canada stores +1', async () => {
    const admin = await aMember(ca, { role: 'WORKSPACE_ADMIN' });
    const token = await admin.signIn(t);
    const line = digits(4);
    const res = await call(
      'POST',
      `/api/invite/user/${ca.branchId}`,
      token,
      { contactNumber: `604 555 ${line}`, firstName: 'Chloé' },
      ca.host,
    );
    expect(res.statusCode).toBeLessThan(300);
    expect(res.json().contactNumber).toBe(`+1604555${line}`);
    const bad = await call(
      'POST',
      `/api/invite/user/${ca.branchId}`,
      token,
      { contactNumber: '555', firstName: 'X' },
      ca.host,
    );
    expect(bad.statusCode).toBe(400);
  });
});
