import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionFor } from '../testing/admin-fixture.ts';
import { createTestApp, newUser, newWorkspace, type TestApp, type TestWorkspace } from '../testing/index.ts';
import { multipart } from '../testing/multipart.ts';

/**
 * Issue 9, item 11, as an attacker would try it against the unit logo upload: reach another
 * workspace's unit or file, or make the public logo route serve something it should not.
 */
let t: TestApp;
let a: { ws: TestWorkspace; token: string };
let b: { ws: TestWorkspace; token: string };
let logo = '';
beforeAll(async () => {
  t = await createTestApp();
  for (const name of ['a', 'b'] as const) {
    const ws = await newWorkspace(t.database.db);
    const admin = await newUser(t.database.db, ws, { role: 'WORKSPACE_ADMIN' });
    const who = { ws, token: await sessionFor(t.database.db, admin) };
    if (name === 'a') a = who;
    else b = who;
  }
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  const res = await t.request(a.ws.host, {
    method: 'POST',
    url: `/api/workspace/branch/${a.ws.branchId}/logo`,
    token: a.token,
    ...multipart(png, {}, 'x.png'),
  });
  expect(res.statusCode, res.body).toBe(200);
  logo = res.json().branchLogo;
});
afterAll(() => t.close());

describe('unit logos under attack', () => {
  it('a file is served only under its own workspace id', async () => {
    expect((await t.request('anyone.example', { method: 'GET', url: logo })).statusCode).toBe(200);
    const elsewhere = logo.replace(a.ws.id, b.ws.id);
    expect((await t.request('anyone.example', { method: 'GET', url: elsewhere })).statusCode).toBe(404);
  });

  it.each([
    'unit-..%2F..%2Fpackage.json',
    'unit-..',
    'unit-',
    'unit-%2e%2e%2flogo%2fx.png',
    `unit-${'a'.repeat(190)}.png`,
  ])('the public route refuses %s without a 500', async (name) => {
    const res = await t.request('anyone.example', { method: 'GET', url: `/api/workspace/logo/${a.ws.id}/${name}` });
    expect([400, 404]).toContain(res.statusCode);
  });

  it('another workspace cannot point its unit at this file, nor upload to or remove this unit’s logo', async () => {
    const save = await t.request(b.ws.host, {
      method: 'POST',
      url: `/api/workspace/update-branch/${b.ws.branchId}`,
      token: b.token,
      payload: { branchName: 'B unit', backgroundColor: '112233', branchLogo: logo },
    });
    expect(save.statusCode, save.body).toBe(400);
    const remove = await t.request(b.ws.host, {
      method: 'DELETE',
      url: `/api/workspace/branch/${a.ws.branchId}/logo`,
      token: b.token,
    });
    expect(remove.statusCode).toBe(404);
    // B's token on A's host is not valid there.
    const cross = await t.request(a.ws.host, {
      method: 'DELETE',
      url: `/api/workspace/branch/${a.ws.branchId}/logo`,
      token: b.token,
    });
    expect(cross.statusCode).toBe(401);
    expect((await t.request('anyone.example', { method: 'GET', url: logo })).statusCode).toBe(200);
  });
});
