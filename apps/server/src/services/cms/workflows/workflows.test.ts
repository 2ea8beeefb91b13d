import type { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform } from '../../../core/db/tenant.ts';
import { type AMember, aMember, aWorkspace } from '../../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

// Complaint workflows through the HTTP interface (issue 25): creating one from scratch and from a
// template, process details and their refusals, every call of the complaint form, locked fields,
// a published workflow refused, another workspace's workflow missing.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Session = { ws: { host: string }; token: string };
const as = async (m: AMember): Promise<Session> => ({ ws: m.workspace, token: await m.session() });
const get = (s: Session, url: string) => t.request(s.ws.host, { method: 'GET', url, token: s.token });
const post = (s: Session, url: string, payload: object) =>
  t.request(s.ws.host, { method: 'POST', url, token: s.token, payload });
const del = (s: Session, url: string) => t.request(s.ws.host, { method: 'DELETE', url, token: s.token });
const rows = <T>(query: ReturnType<typeof sql>) =>
  withPlatform(t.database.db, { action: 'test.read', audit: false }, (tx) => queryRows<T>(tx, query));

async function indianAdmin() {
  const ws = await aWorkspace(t, { name: 'Bharat Textiles', country: 'IN', timeZone: 'Asia/Kolkata' });
  const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
  return { ws, admin, s: await as(admin) };
}

describe('creating a workflow', () => {
  it('from scratch: the spec’s default form in every offered language, one empty stage', async () => {
    const { s } = await indianAdmin();
    const res = await post(s, '/cms/api/workflow/create', { name: 'Our inquiry', jurisdiction: 'IN_POSH' });
    expect(res.statusCode, res.body).toBe(200);
    const b = res.json();
    expect(b.workflow).toMatchObject({
      name: 'Our inquiry',
      jurisdiction: 'IN_POSH',
      status: 'DRAFT',
      filers: ['EMPLOYEE'],
      languages: ['en', 'hi', 'kn', 'te', 'ta', 'mr'],
      handler: { kind: 'UNIT_COMMITTEE' },
      actions: ['edit', 'publish'],
    });
    expect(b.components.map((c: { key: string }) => c.key)).toEqual(['COMPLAINANT', 'RESPONDENT', 'INCIDENT']);
    const attrs = b.components.flatMap((c: { attributes: unknown[] }) => c.attributes);
    expect(attrs).toHaveLength(13);
    const locked = attrs.filter((a: { locked: boolean }) => a.locked).map((a: { key: string }) => a.key);
    expect(locked.sort()).toEqual(['COMPLAINANT_EMAIL', 'COMPLAINANT_NAME', 'INCIDENT_DATE', 'INCIDENT_DETAILS']);
    const gender = attrs.find((a: { key: string }) => a.key === 'COMPLAINANT_GENDER');
    expect(gender.type).toBe('SINGLE_SELECT');
    expect(gender.options.map((o: { key: string }) => o.key)).toContain('WOMAN');
    expect(Object.keys(gender.label).sort()).toEqual(['en', 'hi', 'kn', 'mr', 'ta', 'te']);
    expect(b.stages).toMatchObject([{ key: 'INQUIRY', steps: [] }]);
    const got = await get(s, `/cms/api/workflow/get/${b.workflow.id}`);
    expect(got.json()).toEqual(b);
    const all = await get(s, '/cms/api/workflow/all');
    expect(all.json().content.map((w: { id: string }) => w.id)).toEqual([b.workflow.id]);
  });
});
