import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform } from '../../../core/db/tenant.ts';
import {
  aMember,
  aWorkspace,
  createTestApp,
  newUser,
  newWorkspace,
  signIn,
  TEST_PLATFORM_HOST,
  type TestApp,
  type TestWorkspace,
} from '../../../testing/index.ts';

let t: TestApp;
let ws: TestWorkspace;
let admin: string;
let employee: string;

beforeAll(async () => {
  t = await createTestApp();
  ws = await newWorkspace(t.database.db, { name: 'Settings Co', color: '0B7285' });
  const a = await newUser(t.database.db, ws, { role: 'WORKSPACE_ADMIN' });
  const e = await newUser(t.database.db, ws, { role: 'EMPLOYEE' });
  admin = await signIn(t, ws.host, { email: a.email, password: a.password });
  employee = await signIn(t, ws.host, { email: e.email, password: e.password });
});
afterAll(() => t.close());

/** A multipart/form-data body holding `files` under the field name "file". */
function multipart(files: { name: string; type: string; data: Buffer }[]) {
  const boundary = `----cp${Math.random().toString(16).slice(2)}`;
  const parts = files.flatMap((f) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`,
    ),
    f.data,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const upload = (files: { name: string; type: string; data: Buffer }[], token = admin) =>
  t.request(ws.host, { method: 'POST', url: '/api/workspace/logo', token, ...multipart(files) });

const image = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' | 'gif' = 'png') =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } })
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-exif-marker' } } })
    .toFormat(format)
    .toBuffer();

const profile = async () =>
  (await t.request(ws.host, { method: 'GET', url: `/api/workspace/company-profile/${ws.host}` })).json();

async function auditOf(action: string) {
  return withPlatform(t.database.db, { action: 'test.audit', audit: false }, (tx) =>
    queryRows<{ details: { before: Record<string, unknown>; after: Record<string, unknown> } }>(
      tx,
      sql`select details from audit_log where workspace_id = ${ws.id} and action = ${action} order by occurred_at, id`,
    ),
  );
}

describe('workspace settings', () => {
  it('start with the defaults: all areas on, bulk sign-up off, no logo', async () => {
    const res = await t.request(ws.host, { method: 'GET', url: '/api/workspace/settings', token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      backgroundColor: '0B7285',
      companyLogo: null,
      bulkSignUpEnabled: false,
      whiteLabel: { cms: true, lms: true, concernedAuthority: true, policies: true, compliance: true },
      country: 'IN',
      timeZone: 'Asia/Kolkata',
      concernedAuthority: null,
      // Elevate-IP mode (issue 23): no ranges, the flag off, the caller's address as the server sees it.
      adminIpRanges: [],
      elevateIpOn: false,
      yourIp: '127.0.0.1',
    });
    expect((await profile()).whiteLabel).toEqual(res.json().whiteLabel);
  });

  it('change in part, show on the public profile, and are audited with before and after', async () => {
    const res = await t.request(ws.host, {
      method: 'PUT',
      url: '/api/workspace/settings',
      token: admin,
      payload: {
        backgroundColor: 'c92a2a',
        bulkSignUpEnabled: true,
        whiteLabel: { lms: false, concernedAuthority: false },
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      backgroundColor: 'C92A2A',
      bulkSignUpEnabled: true,
      whiteLabel: { cms: true, lms: false, concernedAuthority: false, policies: true, compliance: true },
    });
    expect(await profile()).toMatchObject({ backgroundColor: 'C92A2A', whiteLabel: { lms: false, cms: true } });
    const [entry] = await auditOf('workspace.settings.updated');
    expect(entry?.details).toEqual({
      before: { backgroundColor: '0B7285', bulkSignUpEnabled: false, accessLms: true, accessConcernedAuthority: true },
      after: { backgroundColor: 'C92A2A', bulkSignUpEnabled: true, accessLms: false, accessConcernedAuthority: false },
    });

    // Sending what is already there changes and audits nothing.
    const same = await t.request(ws.host, {
      method: 'PUT',
      url: '/api/workspace/settings',
      token: admin,
      payload: { backgroundColor: 'C92A2A', whiteLabel: { lms: false } },
    });
    expect(same.statusCode).toBe(200);
    expect(await auditOf('workspace.settings.updated')).toHaveLength(1);
  });

  it('refuses a colour that is not six hex digits, and unknown switches', async () => {
    for (const payload of [
      { backgroundColor: '#C92A2A' },
      { backgroundColor: 'red' },
      { whiteLabel: { crm: false } },
    ]) {
      const res = await t.request(ws.host, { method: 'PUT', url: '/api/workspace/settings', token: admin, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('the time zone: an IANA zone is saved and audited; anything else is refused', async () => {
    const put = (timeZone: unknown) =>
      t.request(ws.host, { method: 'PUT', url: '/api/workspace/settings', token: admin, payload: { timeZone } });
    for (const bad of ['Mars/Olympus', '+05:30', 'IST', '', 'Asia/Kolkata; drop table workspaces', 42]) {
      expect((await put(bad)).statusCode, String(bad)).toBe(400);
    }
    const res = await put('America/Vancouver');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ timeZone: 'America/Vancouver', country: 'IN', backgroundColor: 'C92A2A' });
    const audits = await auditOf('workspace.settings.updated');
    expect(audits.at(-1)).toMatchObject({
      details: { before: { timeZone: 'Asia/Kolkata' }, after: { timeZone: 'America/Vancouver' } },
    });
    expect((await put('Asia/Kolkata')).json().timeZone).toBe('Asia/Kolkata');
  });

  it('bulk sign-up is readable by anyone on the host (the sign-in page offers self sign-up), the settings only by an administrator', async () => {
    const res = await t.request(ws.host, { method: 'GET', url: '/api/workspace/bulk-signup-setting', token: employee });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ bulkSignUpEnabled: true });
    const anonymous = await t.request(ws.host, { method: 'GET', url: '/api/workspace/bulk-signup-setting' });
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual({ bulkSignUpEnabled: true });
    // Not on the platform host: it has no workspace.
    expect(
      (await t.request(TEST_PLATFORM_HOST, { method: 'GET', url: '/api/workspace/bulk-signup-setting' })).statusCode,
    ).toBe(404);
    expect(
      (await t.request(ws.host, { method: 'GET', url: '/api/workspace/settings', token: employee })).statusCode,
    ).toBe(403);
  });
});

describe('the concerned authority', () => {
  const contact = {
    name: 'Asha Rao',
    designation: 'Presiding Officer, Internal Committee',
    email: 'ic@example.test',
    phone: '+91 98123-45678',
  };

  it('is set by an admin (validated, audited), read by any member, hidden when switched off', async () => {
    const w = await aWorkspace(t, { country: 'CA' });
    const wsAdmin = await (await aMember(w, { role: 'WORKSPACE_ADMIN' })).session();
    const member = await (await aMember(w)).session();
    const card = async () =>
      t.request(w.host, { method: 'GET', url: '/api/workspace/concerned-authority', token: member });
    const put = (payload: Record<string, unknown>, token = wsAdmin) =>
      t.request(w.host, { method: 'PUT', url: '/api/workspace/settings', token, payload });

    expect((await card()).json()).toEqual({ shown: true, contact: null, country: 'CA' });

    // Bad input: a clear error, and nothing changes.
    for (const bad of [
      { ...contact, email: 'not-an-email' },
      { ...contact, phone: '555 01' },
      { ...contact, phone: 'call reception' },
      { ...contact, phone: '+1234567' },
      { ...contact, phone: '+1234567890123456' },
      { ...contact, name: '  ' },
      { ...contact, email: null, phone: null },
      { ...contact, extra: 'x' },
    ]) {
      const res = await put({ concernedAuthority: bad });
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await card()).json().contact).toBeNull();

    // An employee may not set it.
    expect((await put({ concernedAuthority: contact }, member)).statusCode).toBe(403);

    const saved = await put({ concernedAuthority: contact });
    expect(saved.statusCode, saved.body).toBe(200);
    const stored = { ...contact, phone: '+919812345678' };
    expect(saved.json().concernedAuthority).toEqual(stored);
    expect((await card()).json()).toEqual({ shown: true, contact: stored, country: 'CA' });
    const [entry] = await withPlatform(t.database.db, { action: 'test.audit', audit: false }, (tx) =>
      queryRows<{ details: { before: Record<string, unknown>; after: Record<string, unknown> } }>(
        tx,
        sql`select details from audit_log where workspace_id = ${w.id} and action = 'workspace.settings.updated'`,
      ),
    );
    expect(entry?.details).toEqual({
      before: {
        concernedAuthorityName: null,
        concernedAuthorityDesignation: null,
        concernedAuthorityEmail: null,
        concernedAuthorityPhone: null,
      },
      after: {
        concernedAuthorityName: 'Asha Rao',
        concernedAuthorityDesignation: 'Presiding Officer, Internal Committee',
        concernedAuthorityEmail: 'ic@example.test',
        concernedAuthorityPhone: '+919812345678',
      },
    });

    // Phone alone is enough, typed the Canadian way; the designation may be left out (null).
    const phoneOnly = await put({
      concernedAuthority: { name: 'Asha Rao', designation: null, email: null, phone: '(416) 555-0123' },
    });
    expect(phoneOnly.json().concernedAuthority).toEqual({
      name: 'Asha Rao',
      designation: null,
      email: null,
      phone: '+14165550123',
    });

    // Switched off: no card, and the contact is not given out.
    await put({ whiteLabel: { concernedAuthority: false } });
    expect((await card()).json()).toEqual({ shown: false, contact: null, country: 'CA' });
    await put({ whiteLabel: { concernedAuthority: true } });

    // null removes it.
    expect((await put({ concernedAuthority: null })).json().concernedAuthority).toBeNull();
    expect((await card()).json().contact).toBeNull();
  });

  it('reads a phone number the national way of the workspace’s country', async () => {
    const w = await aWorkspace(t, { country: 'IN' });
    const wsAdmin = await (await aMember(w, { role: 'WORKSPACE_ADMIN' })).session();
    const res = await t.request(w.host, {
      method: 'PUT',
      url: '/api/workspace/settings',
      token: wsAdmin,
      payload: { concernedAuthority: { ...contact, phone: '98123 45678' } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().concernedAuthority.phone).toBe('+919812345678');
    const bad = await t.request(w.host, {
      method: 'PUT',
      url: '/api/workspace/settings',
      token: wsAdmin,
      payload: { concernedAuthority: { ...contact, phone: '12345' } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].path).toBe('concernedAuthority.phone');
  });

  it('another workspace’s user cannot read or set it; a signed-out caller cannot read it', async () => {
    const w = await aWorkspace(t);
    const elsewhere = await aWorkspace(t);
    const foreign = await (await aMember(elsewhere, { role: 'WORKSPACE_ADMIN' })).session();
    expect(
      (await t.request(w.host, { method: 'GET', url: '/api/workspace/concerned-authority', token: foreign }))
        .statusCode,
    ).toBe(401);
    expect(
      (
        await t.request(w.host, {
          method: 'PUT',
          url: '/api/workspace/settings',
          token: foreign,
          payload: { concernedAuthority: contact },
        })
      ).statusCode,
    ).toBe(401);
    expect((await t.request(w.host, { method: 'GET', url: '/api/workspace/concerned-authority' })).statusCode).toBe(
      401,
    );
  });
});

describe('the workspace logo', () => {
  let firstLogo = '';

  it('is checked, resized to 512 px, stripped of metadata and served from a public URL', async () => {
    const res = await upload([{ name: 'Our Logo.png', type: 'image/png', data: await image(1200, 600) }]);
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().companyLogo;
    expect(url).toMatch(new RegExp(`^/api/workspace/logo/${ws.id}/\\d{14}-[0-9a-f]{8}-Our-Logo.png$`));
    expect((await profile()).companyLogo).toBe(url);

    const file = await t.request('anyone.example', { method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(file.rawPayload).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
      format: 'png',
      width: 512,
      height: 256,
    });
    expect(meta.exif).toBeUndefined();
    expect(file.rawPayload.includes('secret-exif-marker')).toBe(false);
    firstLogo = url;
  });

  it.each(['jpeg', 'webp'] as const)('accepts a %s image, whatever its name says, and stores PNG', async (format) => {
    const res = await upload([{ name: 'logo.gif', type: 'image/gif', data: await image(100, 80, format) }]);
    expect(res.statusCode, res.body).toBe(200);
    const file = await t.request(ws.host, { method: 'GET', url: res.json().companyLogo });
    expect((await sharp(file.rawPayload).metadata()).format).toBe('png');
  });

  it('replacing the logo removes the old file', async () => {
    expect((await t.request(ws.host, { method: 'GET', url: firstLogo })).statusCode).toBe(404);
  });

  it.each([
    { what: 'text named .png', name: 'logo.png', data: Buffer.from('<svg onload="alert(1)"></svg>'), status: 415 },
    { what: 'a GIF', name: 'logo.png', data: 'gif' as const, status: 415 },
    { what: 'a PDF', name: 'logo.png', data: Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), status: 415 },
    { what: 'a damaged PNG', name: 'logo.png', data: 'broken' as const, status: 400 },
    { what: 'an empty file', name: 'logo.png', data: Buffer.alloc(0), status: 400 },
  ])('refuses $what ($status) and keeps the current logo', async ({ name, data, status }) => {
    const before = (await profile()).companyLogo;
    const bytes =
      data === 'gif' ? await image(20, 20, 'gif') : data === 'broken' ? (await image(50, 50)).subarray(0, 60) : data;
    const res = await upload([{ name, type: 'image/png', data: bytes }]);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json()).toMatchObject({ status, message: expect.any(String) });
    expect((await profile()).companyLogo).toBe(before);
  });

  it('refuses a file over 2 MB (413), two files, no file, and a JSON body', async () => {
    const big = Buffer.concat([await image(10, 10), Buffer.alloc(2 * 1_048_576 + 10)]);
    const tooBig = await upload([{ name: 'big.png', type: 'image/png', data: big }]);
    expect(tooBig.statusCode, tooBig.body).toBe(413);
    expect(tooBig.json().code).toBe('FILE_TOO_LARGE');
    const png = await image(10, 10);
    const two = await upload([
      { name: 'a.png', type: 'image/png', data: png },
      { name: 'b.png', type: 'image/png', data: png },
    ]);
    expect(two.statusCode, two.body).toBe(400);
    const none = await t.request(ws.host, {
      method: 'POST',
      url: '/api/workspace/logo',
      token: admin,
      ...multipart([]),
    });
    expect(none.statusCode, none.body).toBe(400);
    const json = await t.request(ws.host, {
      method: 'POST',
      url: '/api/workspace/logo',
      token: admin,
      payload: { file: 'x' },
    });
    expect(json.statusCode, json.body).toBe(415);
  });

  it('an employee cannot upload or remove it', async () => {
    expect((await upload([{ name: 'a.png', type: 'image/png', data: await image(10, 10) }], employee)).statusCode).toBe(
      403,
    );
    expect(
      (await t.request(ws.host, { method: 'DELETE', url: '/api/workspace/logo', token: employee })).statusCode,
    ).toBe(403);
  });

  it('can be removed (the file goes too), which is audited; removing none is fine', async () => {
    const current = (await profile()).companyLogo as string;
    const res = await t.request(ws.host, { method: 'DELETE', url: '/api/workspace/logo', token: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json().companyLogo).toBeNull();
    expect((await profile()).companyLogo).toBeNull();
    expect((await t.request(ws.host, { method: 'GET', url: current })).statusCode).toBe(404);
    expect((await t.request(ws.host, { method: 'DELETE', url: '/api/workspace/logo', token: admin })).statusCode).toBe(
      200,
    );
    const removed = await auditOf('workspace.logo.removed');
    expect(removed).toEqual([{ details: { before: { logoUrl: current }, after: { logoUrl: null } } }]);
    expect(await auditOf('workspace.logo.updated')).toHaveLength(3);
  });

  it('the public logo route serves nothing but logos', async () => {
    for (const url of [
      `/api/workspace/logo/${ws.id}/..%2F..%2Fpasswd`,
      `/api/workspace/logo/${ws.id}/.meta`,
      '/api/workspace/logo/not-a-uuid/x.png',
    ]) {
      const res = await t.request(ws.host, { method: 'GET', url });
      expect([400, 404], url).toContain(res.statusCode);
    }
  });
});
