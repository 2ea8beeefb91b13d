import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform } from '../../../core/db/tenant.ts';
import { PERMISSIONS } from '../../../core/permissions.ts';
import { asPerson } from '../../../testing/case-access.ts';
import { aCaseWorld, type CaseWorld, fileACase, type Person, someAnswers, unlockKey } from '../../../testing/cases.ts';
import { aBusinessUnit, aMember, anOperator, aWorkspace, TEST_PASSWORD } from '../../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

/*
 * The confidentiality matrix (issue 26, DESIGN §9): over every case route that reads or writes
 * contents, and the file download, each person with no relationship to the case — a workspace admin
 * not on the committee, an employer, a business-unit admin, another committee's member, a member who
 * declared a conflict, another employee, the respondent before being informed, another workspace's
 * admin, the operator — is refused, and the refusal leaves nothing readable and nothing written. The
 * same reads in SQL, as the application role for that person, return no row of any case table. And a
 * permission granted in the matrix widens nothing. Routes of the other parts of issue 26 are tried
 * when they are registered (after the merge: all of them).
 */

const DETAILS = 'Zanzibar-orchid-4417: he cornered me in the records room after the audit';
const EVIDENCE = 'Quetzal-lantern-9023 evidence text';

let t: TestApp;
let w: CaseWorld;
let caseId: string;
let draftId: string;
let ids: { fileId: string; itemId: string; meetingId: string; stepId: string; conflictId: string };
type Outsider = { name: string; token: string; host: string; accountId: string | null; inA: boolean };
const outsiders: Outsider[] = [];
let employer: Person;

const RANDOM = '00000000-0000-4000-8000-000000000001';

beforeAll(async () => {
  t = await createTestApp();
  w = await aCaseWorld(t);
  const person = async (opts: Parameters<typeof aMember>[1]) => {
    const m = await aMember(w.ws, opts);
    const p = Object.assign(m, { token: await m.session() });
    await unlockKey(w, p);
    return p;
  };
  for (const p of [w.po, w.m1, w.m2, w.admin, w.other, w.respondent]) await unlockKey(w, p);
  employer = await person({ role: 'EMPLOYER', firstName: 'Esha', lastName: 'Employer' });
  const unitAdmin = await person({ role: 'BRANCH_ADMIN', firstName: 'Uma', lastName: 'Unitadmin' });
  // Another committee (of another unit), its presiding officer one of our outsiders.
  const unit = await aBusinessUnit(w.ws, { name: 'Plant 2' });
  const [x, y, z] = [
    await person({ firstName: 'Xena', lastName: 'Othercommittee', unit }),
    await person({ firstName: 'Yash', lastName: 'Othercommittee', unit }),
    await person({ firstName: 'Zoya', lastName: 'Othercommittee', unit }),
  ];
  const term = { termStart: '2026-01-01', termEnd: '2028-12-31', external: null };
  const res = await t.request(w.ws.host, {
    method: 'POST',
    url: '/api/committee/create',
    token: w.admin.token,
    payload: {
      kind: 'INTERNAL_COMMITTEE',
      name: 'Plant 2 Committee',
      workspaceWide: false,
      branchIds: [unit.id],
      orderDate: '2026-01-01',
      howToRaise: null,
      effectiveDate: '2026-01-01',
      members: [
        { role: 'PRESIDING_OFFICER', accountId: x.accountId, gender: 'WOMAN', senior: true, ...term },
        { role: 'MEMBER', accountId: y.accountId, gender: 'MAN', senior: false, ...term },
        { role: 'MEMBER', accountId: z.accountId, gender: 'WOMAN', senior: false, ...term },
        {
          role: 'EXTERNAL_MEMBER',
          accountId: null,
          external: { name: 'NGO', organisation: 'Trust', email: 'ngo@example.org', phone: null },
          gender: 'WOMAN',
          senior: false,
          termStart: '2026-01-01',
          termEnd: '2028-12-31',
        },
      ],
    },
  });
  if (res.statusCode !== 200) throw new Error(`committee: ${res.statusCode} ${res.body}`);

  const filed = await fileACase(w, { answers: someAnswers(w, { INCIDENT_DETAILS: DETAILS }) });
  caseId = filed.caseId;
  // A draft of the complainant's (her own until filed).
  const draft = await t.request(w.ws.host, {
    method: 'POST',
    url: '/cms/api/complaint/draft',
    token: w.complainant.token,
    payload: { workflowId: w.workflowId },
  });
  draftId = draft.json().id;
  // What the other parts' routes make, when registered: a file, a form request, a meeting.
  ids = { fileId: RANDOM, itemId: RANDOM, meetingId: RANDOM, stepId: RANDOM, conflictId: RANDOM };
  const steps = await asPerson(w, w.po, (tx) =>
    queryRows<{ id: string; stepKey: string }>(
      tx,
      sql`select id, step_key as "stepKey" from case_steps where case_id = ${caseId} order by created_at`,
    ),
  );
  ids.stepId = steps[0]!.id;
  if (registered('POST', '/cms/api/case/:id/file')) {
    const up = await t.request(w.ws.host, {
      method: 'POST',
      url: `/cms/api/case/${caseId}/file`,
      token: w.complainant.token,
      payload: EVIDENCE,
      headers: { 'content-type': 'text/plain', 'x-file-name': 'evidence.txt' },
    });
    if (up.statusCode === 200) ids.fileId = up.json().id;
  }
  // The member who declares a conflict (their access ends before the matrix runs).
  const declared = await t.request(w.ws.host, {
    method: 'POST',
    url: `/cms/api/case/${caseId}/conflict/declare`,
    token: w.m2.token,
    payload: { reason: 'My cousin' },
  });
  if (declared.statusCode !== 200) throw new Error(`declare: ${declared.body}`);
  ids.conflictId = declared.json().conflictId;

  const b = await aWorkspace(t);
  const adminB = await aMember(b, { role: 'WORKSPACE_ADMIN' });
  const operator = await anOperator(t);
  const a = (name: string, p: Person): Outsider => ({
    name,
    token: p.token,
    host: w.ws.host,
    accountId: p.accountId,
    inA: true,
  });
  outsiders.push(
    a('a workspace admin not on the committee', w.admin),
    a('an employer (EMPLOYER role)', employer),
    a('a business-unit admin', unitAdmin),
    a('another committee’s presiding officer', x),
    a('a member who declared a conflict', w.m2),
    a('another employee', w.other),
    a('the respondent before being informed', w.respondent),
    { name: 'another workspace’s admin', token: await adminB.session(), host: b.host, accountId: null, inA: false },
    { name: 'the operator', token: await operator.signIn(t), host: t.config.platformHost, accountId: null, inA: false },
  );
}, 180_000);
afterAll(() => t?.close());

function registered(method: string, url: string): boolean {
  return t.app.routeConfigs.some((r) => r.method === method && r.url === url);
}

type Route = {
  method: 'GET' | 'POST';
  path: string;
  url: () => string;
  payload?: () => unknown;
  raw?: boolean;
  list?: boolean;
};
const r = (
  method: Route['method'],
  path: string,
  url: () => string,
  payload?: () => unknown,
  extra: Partial<Route> = {},
): Route => ({
  method,
  path,
  url,
  ...(payload ? { payload } : {}),
  ...extra,
});

/** Every case route that reads or writes contents (and the lists, which must leave the case out). */
const ROUTES: Route[] = [
  r('GET', '/cms/api/complaint/draft/:id', () => `/cms/api/complaint/draft/${draftId}`),
  r(
    'POST',
    '/cms/api/complaint/draft/:id',
    () => `/cms/api/complaint/draft/${draftId}`,
    () => ({ answers: {}, revision: 1 }),
  ),
  r(
    'POST',
    '/cms/api/complaint/submit/:id',
    () => `/cms/api/complaint/submit/${draftId}`,
    () => ({ answers: someAnswers(w), revision: 1 }),
  ),
  r('POST', '/cms/api/complaint/draft/delete/:id', () => `/cms/api/complaint/draft/delete/${draftId}`),
  r('GET', '/cms/api/case/:id', () => `/cms/api/case/${caseId}`),
  r(
    'POST',
    '/cms/api/case/:id/message',
    () => `/cms/api/case/${caseId}/message`,
    () => ({ body: 'hello' }),
  ),
  r(
    'POST',
    '/cms/api/case/:id/addition',
    () => `/cms/api/case/${caseId}/addition`,
    () => ({ text: 'more' }),
  ),
  r(
    'POST',
    '/cms/api/case/:id/withdraw',
    () => `/cms/api/case/${caseId}/withdraw`,
    () => ({ reason: '' }),
  ),
  r(
    'POST',
    '/cms/api/case/:id/request',
    () => `/cms/api/case/${caseId}/request`,
    () => ({ stepKey: 'CONCILIATION', text: '' }),
  ),
  r(
    'POST',
    '/cms/api/case/:id/form/:itemId',
    () => `/cms/api/case/${caseId}/form/${ids.itemId}`,
    () => ({ answers: {} }),
  ),
  r(
    'POST',
    '/cms/api/case/:id/file',
    () => `/cms/api/case/${caseId}/file`,
    () => 'an upload',
    { raw: true },
  ),
  r('GET', '/cms/api/case/:id/file/:fileId', () => `/cms/api/case/${caseId}/file/${ids.fileId}`),
  r('POST', '/cms/api/case/:id/file/delete/:fileId', () => `/cms/api/case/${caseId}/file/delete/${ids.fileId}`),
  r('GET', '/cms/api/case/:id/meeting/:meetingId/ics', () => `/cms/api/case/${caseId}/meeting/${ids.meetingId}/ics`),
  r(
    'POST',
    '/cms/api/case/:id/step/:stepId/start',
    () => `/cms/api/case/${caseId}/step/${ids.stepId}/start`,
    () => ({}),
  ),
  r(
    'POST',
    '/cms/api/case/:id/step/:stepId/complete',
    () => `/cms/api/case/${caseId}/step/${ids.stepId}/complete`,
    () => ({}),
  ),
  r(
    'POST',
    '/cms/api/case/:id/sub-status',
    () => `/cms/api/case/${caseId}/sub-status`,
    () => ({ label: 'x' }),
  ),
  r(
    'POST',
    '/cms/api/case/:id/close',
    () => `/cms/api/case/${caseId}/close`,
    () => ({ outcome: 'ACCEPTED', reportOn: '2026-02-01' }),
  ),
  r('GET', '/cms/api/case/:id/trail', () => `/cms/api/case/${caseId}/trail`),
  r('POST', '/cms/api/case/:id/trail/verify', () => `/cms/api/case/${caseId}/trail/verify`),
  r(
    'POST',
    '/cms/api/case/:id/party',
    () => `/cms/api/case/${caseId}/party`,
    () => ({ accountId: w.other.accountId, role: 'WITNESS' }),
  ),
  r(
    'POST',
    '/cms/api/case/:id/meeting',
    () => `/cms/api/case/${caseId}/meeting`,
    () => ({ stepId: ids.stepId, fields: {} }),
  ),
  r(
    'POST',
    '/cms/api/case/:id/meeting/:meetingId',
    () => `/cms/api/case/${caseId}/meeting/${ids.meetingId}`,
    () => ({ status: 'CANCELLED' }),
  ),
  r(
    'POST',
    '/cms/api/case/:id/action/:stepId/:actionKey',
    () => `/cms/api/case/${caseId}/action/${ids.stepId}/ACCEPT_COMPLAINT`,
    () => ({}),
  ),
  r(
    'POST',
    '/cms/api/case/:id/conflict/declare',
    () => `/cms/api/case/${caseId}/conflict/declare`,
    () => ({ reason: '' }),
  ),
  r(
    'POST',
    '/cms/api/case/:id/conflict/:conflictId/clear',
    () => `/cms/api/case/${caseId}/conflict/${ids.conflictId}/clear`,
    () => ({ reason: 'x' }),
  ),
  r('GET', '/cms/api/my-cases', () => '/cms/api/my-cases', undefined, { list: true }),
  r('GET', '/cms/api/committee-cases', () => '/cms/api/committee-cases', undefined, { list: true }),
];

function send(o: Outsider, route: Route, host = o.host): Promise<LightMyRequestResponse> {
  const payload = route.payload?.();
  return t.request(host, {
    method: route.method,
    url: route.url(),
    token: o.token,
    ...(payload !== undefined ? { payload: payload as object } : {}),
    ...(route.raw ? { headers: { 'content-type': 'text/plain', 'x-file-name': 'x.txt' } } : {}),
  });
}

/** What the committee (the presiding officer) counts of the case: every table, and its trail. */
async function caseRows(): Promise<Record<string, number>> {
  return asPerson(w, w.po, async (tx) => {
    const out: Record<string, number> = {};
    for (const table of CASE_TABLES) {
      const col = table === 'cases' ? sql.raw('id') : sql.raw('case_id');
      const [row] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from ${sql.identifier(table)} where ${col} = ${caseId}`,
      );
      out[table] = row!.n;
    }
    const [trail] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from trail_entries where chain_id = ${caseId}`,
    );
    out.trail_entries = trail!.n;
    return out;
  });
}

const CASE_TABLES = [
  'cases',
  'case_access',
  'case_data_keys',
  'case_key_wraps',
  'case_parties',
  'case_conflicts',
  'case_steps',
  'case_items',
  'case_files',
  'case_meetings',
];

describe('the confidentiality matrix', () => {
  it('tries every registered case route (the others join at the merge)', () => {
    const tried = ROUTES.filter((x) => registered(x.method, x.path));
    expect(tried.length).toBeGreaterThanOrEqual(6);
    const caseRoutes = t.app.routeConfigs
      .filter((x) => /^\/cms\/api\/(case\/|complaint\/(draft\/|submit\/)|my-cases|committee-cases)/.test(x.url))
      .map((x) => `${x.method} ${x.url}`);
    const listed = new Set(ROUTES.map((x) => `${x.method} ${x.path}`));
    // Every content route registered is in the matrix.
    expect(caseRoutes.filter((k) => !listed.has(k))).toEqual([]);
  });

  it.each([0, 1, 2, 3, 4, 5, 6, 7, 8])(
    'outsider #%i is refused on every route, and nothing is readable or written',
    async (i) => {
      const o = outsiders[i]!;
      const before = await caseRows();
      for (const route of ROUTES.filter((x) => registered(x.method, x.path))) {
        const res = await send(o, route);
        const label = `${o.name}: ${route.method} ${route.path}: ${res.statusCode} ${res.body.slice(0, 200)}`;
        if (route.list && res.statusCode < 300) expect(res.body, label).not.toContain(caseId);
        else expect([401, 403, 404], label).toContain(res.statusCode);
        expect(res.body, label).not.toContain(DETAILS.slice(0, 20));
        expect(res.body, label).not.toContain(EVIDENCE.slice(0, 20));
        // Another workspace's session and the operator's are not valid on A's host at all.
        if (!o.inA) expect((await send(o, route, w.ws.host)).statusCode, label).toBe(401);
      }
      expect(await caseRows(), `${o.name} changed the case`).toEqual(before);
    },
  );

  it('the same reads in SQL, as the application role for each outsider of A, return no row of any case table', async () => {
    for (const o of outsiders.filter((x) => x.inA)) {
      const seen = await asPerson(w, { accountId: o.accountId! }, async (tx) => {
        const out: Record<string, number> = {};
        for (const table of CASE_TABLES) {
          const [row] = await queryRows<{ n: number }>(
            tx,
            sql`select count(*)::int as n from ${sql.identifier(table)}`,
          );
          out[table] = row!.n;
        }
        const [trail] = await queryRows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from trail_entries where chain_id = ${caseId}`,
        );
        out.trail_entries = trail!.n;
        return out;
      });
      expect(seen, o.name).toEqual(Object.fromEntries([...CASE_TABLES, 'trail_entries'].map((x) => [x, 0])));
    }
  });

  it('a permission granted in the matrix widens nothing: the employer with every permission is refused alike', async () => {
    await withPlatform(t.database.db, { action: 'test.permissions', audit: false }, async (tx) => {
      for (const role of ['EMPLOYER', 'BRANCH_ADMIN', 'EMPLOYEE']) {
        for (const permission of PERMISSIONS) {
          await tx.execute(sql`insert into role_permissions (workspace_id, role, permission, granted)
                               values (${w.ws.id}, ${role}, ${permission}, true)
                               on conflict (workspace_id, role, permission) do update set granted = true`);
        }
      }
    });
    const before = await caseRows();
    for (const o of outsiders.filter((x) => x.inA && x.name !== 'a member who declared a conflict')) {
      for (const route of ROUTES.filter((x) => registered(x.method, x.path))) {
        const res = await send(o, route);
        const label = `${o.name} with every permission: ${route.method} ${route.path}: ${res.statusCode}`;
        if (route.list && res.statusCode < 300) expect(res.body, label).not.toContain(caseId);
        else expect([401, 403, 404], label).toContain(res.statusCode);
        expect(res.body, label).not.toContain(DETAILS.slice(0, 20));
      }
    }
    expect(await caseRows()).toEqual(before);
    // The unlock works for them (their own key), and still opens nothing of the case.
    expect(
      (
        await t.request(w.ws.host, {
          method: 'POST',
          url: '/cms/api/case-key/unlock',
          token: employer.token,
          payload: { secret: TEST_PASSWORD },
        })
      ).statusCode,
    ).toBe(200);
  });
});
