import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aCaseWorld, type CaseWorld, type Person } from '../../../testing/cases.ts';
import { aMember } from '../../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

/*
 * The committee's person picker (people.routes.ts): a member of a live committee finds the
 * workspace's active members by name or email; nobody else may (an administrator outside the
 * committee neither: relationship, not role); another workspace's people never appear.
 */

let t: TestApp;
let w: CaseWorld;
let elsewhere: CaseWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await aCaseWorld(t);
  elsewhere = await aCaseWorld(t);
});
afterAll(() => t?.close());

const search = (world: CaseWorld, p: Person, q: string) =>
  t.request(world.ws.host, { method: 'GET', url: `/cms/api/case-people?q=${encodeURIComponent(q)}`, token: p.token });

describe('GET /cms/api/case-people', () => {
  it('finds the workspace’s active members by name or email, case-insensitively, by name, for a committee member', async () => {
    const gone = await aMember(w.ws, { firstName: 'Ravindra', lastName: 'Left', active: false });
    const res = await search(w, w.m1, '  rAVi ');
    expect(res.statusCode).toBe(200);
    const people = res.json().people as Array<{ accountId: string; name: string; email: string; unitName: string }>;
    expect(people.map((p) => p.accountId)).toContain(w.respondent.accountId);
    expect(people.map((p) => p.accountId)).not.toContain(gone.accountId);
    expect(people.map((p) => p.accountId)).not.toContain(elsewhere.respondent.accountId);
    const ravi = people.find((p) => p.accountId === w.respondent.accountId)!;
    expect(ravi).toEqual({
      accountId: w.respondent.accountId,
      name: 'Ravi Respondent',
      email: w.respondent.email,
      unitName: expect.any(String),
    });
    expect(Object.keys(ravi).sort()).toEqual(['accountId', 'email', 'name', 'unitName']);

    const byEmail = await search(w, w.po, w.complainant.email!.toUpperCase());
    expect(byEmail.json().people.map((p: { accountId: string }) => p.accountId)).toEqual([w.complainant.accountId]);

    // `%` and `_` are literal.
    expect((await search(w, w.po, '%%')).json().people).toEqual([]);
  });

  it('answers at most 20 people, by name', async () => {
    for (let i = 0; i < 22; i++)
      await aMember(w.ws, { firstName: `Zed${String(i).padStart(2, '0')}`, lastName: 'Many' });
    const people = (await search(w, w.po, 'many')).json().people as Array<{ name: string }>;
    expect(people).toHaveLength(20);
    expect(people.map((p) => p.name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `Zed${String(i).padStart(2, '0')} Many`),
    );
  });

  it('refuses a caller who sits on no committee, an administrator too (403 FORBIDDEN_CASE_PEOPLE)', async () => {
    for (const p of [w.other, w.complainant, w.admin]) {
      const res = await search(w, p, 'ravi');
      expect(res.statusCode, p.accountId).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
      expect(res.json().params.reason).toBe('FORBIDDEN_CASE_PEOPLE');
      expect(res.body).not.toContain(w.respondent.accountId);
    }
  });

  it('refuses a bad query with 400', async () => {
    for (const q of ['', 'a', '  b  ', 'x'.repeat(101)]) expect((await search(w, w.po, q)).statusCode, q).toBe(400);
    const missing = await t.request(w.ws.host, { method: 'GET', url: '/cms/api/case-people', token: w.po.token });
    expect(missing.statusCode).toBe(400);
  });
});
