import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform } from '../../../core/db/tenant.ts';
import { aMember, anOperator, aWorkspace, createTestApp, type TestApp } from '../../../testing/index.ts';

// The operator's compliance catalogue (issue 24): the spec's 8 calls, their checks, the sync jobs
// a change enqueues for the workspaces of its country, and the demo catalogue loaded in every database.

let t: TestApp;
let operator: string;
let platform: string;

beforeAll(async () => {
  t = await createTestApp();
  operator = await (await anOperator(t)).signIn(t);
  platform = t.config.platformHost;
}, 60_000);
afterAll(() => t?.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token = operator, host = platform) =>
  t.request(host, { method, url: `/lms/api${url}`, token, ...(payload ? { payload } : {}) });
const uniq = () => Math.random().toString(36).slice(2, 8).toUpperCase();

async function aCategory(): Promise<string> {
  const res = await call('POST', '/admin/compliance-category/create', {
    key: `TEST.CAT.${uniq()}`,
    name: { en: 'Test category', hi: 'परीक्षण श्रेणी' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id;
}

const input = (categoryId: string, over: Record<string, unknown> = {}) => ({
  key: `TEST.OBL.${uniq()}`,
  categoryId,
  country: 'IN',
  jurisdictionId: null,
  law: 'POSH Act 2013',
  section: 's.19(c)',
  title: { en: 'Hold awareness programmes', hi: 'जागरूकता कार्यक्रम आयोजित करें' },
  description: { en: 'Run awareness programmes for the staff.' },
  evidence: { en: 'The workshop record.' },
  kind: 'PERIODIC',
  recurrence: { every: 1, unit: 'YEAR', alignTo: 'CALENDAR_YEAR' },
  dueRule: { anchor: 'PERIOD_END', offset: 0, unit: 'CALENDAR_DAY', onHoliday: 'NONE', reference: 's.19(c)' },
  applicability: { minHeadcount: null, maxHeadcount: null, jurisdictionCodes: [] },
  scope: 'WORKSPACE',
  evidenceSource: 'WORKSHOP',
  ...over,
});

/** The sync jobs queued for a workspace (read as the owner: the jobs schema is not the roles'). */
const syncJobs = (workspaceId: string) =>
  queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from pgboss.job where name = 'compliance.sync-workspace' and data->>'workspaceId' = ${workspaceId}`,
  ).then((r) => r[0]!.n);

const auditOf = (action: string, target: string) =>
  withPlatform(t.database.db, { action: 'test.audit', audit: false }, (tx) =>
    queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from audit_log where action = ${action} and target_id = ${target}`,
    ),
  ).then((r) => r[0]!.n);

describe('categories', () => {
  it('lists 100 a page, newest first; updates by the id in the body; deletes by ?id=', async () => {
    const first = await aCategory();
    const second = await aCategory();
    const page = await call('GET', '/admin/compliance-category/all?pageNo=0&sortBy=ADDED');
    expect(page.statusCode).toBe(200);
    const ids = page.json().content.map((c: { id: string }) => c.id);
    expect(ids.indexOf(second)).toBeLessThan(ids.indexOf(first));
    expect(page.json().pageable.pageSize).toBe(100);

    const upd = await call('POST', '/admin/compliance-category/update', {
      id: first,
      key: `TEST.RENAMED.${uniq()}`,
      name: { en: 'Renamed' },
    });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json()).toMatchObject({ name: { en: 'Renamed' }, actions: ['update', 'delete'] });
    expect(await auditOf('compliance_category.updated', first)).toBe(1);

    const del = await call('DELETE', `/admin/compliance-category/delete?id=${first}`);
    expect(del.statusCode).toBe(200);
    expect(await auditOf('compliance_category.deleted', first)).toBe(1);
    expect((await call('DELETE', `/admin/compliance-category/delete?id=${first}`)).statusCode).toBe(404);
  });

  it('refuses a key in use (409 CATEGORY_EXISTS) and deleting one an obligation is in (409 CATEGORY_IN_USE)', async () => {
    const key = `TEST.DUP.${uniq()}`;
    expect((await call('POST', '/admin/compliance-category/create', { key, name: { en: 'A' } })).statusCode).toBe(200);
    const dup = await call('POST', '/admin/compliance-category/create', { key, name: { en: 'B' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().params.reason).toBe('CATEGORY_EXISTS');

    const category = await aCategory();
    expect((await call('POST', '/admin/compliance/create', input(category, { country: 'CA' }))).statusCode).toBe(200);
    const del = await call('DELETE', `/admin/compliance-category/delete?id=${category}`);
    expect(del.statusCode).toBe(409);
    expect(del.json().params).toMatchObject({ reason: 'CATEGORY_IN_USE', count: 1 });
    const list = await call('GET', '/admin/compliance-category/all');
    const row = list.json().content.find((c: { id: string }) => c.id === category);
    expect(row).toMatchObject({ obligationCount: 1, actions: ['update'] });
  });

  it('refuses bad input with 400 and writes nothing', async () => {
    for (const body of [
      { key: 'lower case', name: { en: 'x' } },
      { key: 'OK', name: { hi: 'केवल हिंदी' } },
      { key: 'OK', name: { en: 'x', de: 'nein' } },
    ]) {
      const res = await call('POST', '/admin/compliance-category/create', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('obligations', () => {
  it('creates one and enqueues a sync for every active workspace of its country, not the others', async () => {
    const india = await aWorkspace(t);
    const canada = await aWorkspace(t, { country: 'CA' });
    const suspended = await aWorkspace(t, { active: false });
    const category = await aCategory();
    const res = await call('POST', '/admin/compliance/create', input(category));
    expect(res.statusCode, res.body).toBe(200);
    const o = res.json();
    expect(o).toMatchObject({ status: 'ACTIVE', version: 1, actions: ['update', 'delete'] });
    expect(await syncJobs(india.id)).toBeGreaterThanOrEqual(1);
    expect(await syncJobs(canada.id)).toBe(0);
    expect(await syncJobs(suspended.id)).toBe(0);
    expect(await auditOf('obligation.created', o.id)).toBe(1);

    // The list: 60 a page, filtered by country, category, status and search.
    const list = await call('POST', '/admin/compliance/all', { categoryId: category, country: 'IN', status: 'ACTIVE' });
    expect(list.statusCode).toBe(200);
    expect(list.json().pageable.pageSize).toBe(60);
    expect(list.json().content.map((x: { id: string }) => x.id)).toEqual([o.id]);
    const search = await call('POST', '/admin/compliance/all', { search: o.key.toLowerCase() });
    expect(search.json().content.map((x: { id: string }) => x.id)).toEqual([o.id]);
    const none = await call('POST', '/admin/compliance/all', { categoryId: category, country: 'CA' });
    expect(none.json().content).toEqual([]);
  });

  it('keeps the key stable, counts versions, and syncs on each edit', async () => {
    const india = await aWorkspace(t);
    const category = await aCategory();
    const body = input(category);
    const o = (await call('POST', '/admin/compliance/create', body)).json();
    const before = await syncJobs(india.id);
    const upd = await call('POST', `/admin/compliance/update/${o.id}`, { ...body, section: 's.19(b)' });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json()).toMatchObject({ version: 2, section: 's.19(b)', key: body.key });
    expect(await syncJobs(india.id)).toBe(before + 1);
    expect(await auditOf('obligation.updated', o.id)).toBe(1);
    const again = await call('POST', `/admin/compliance/update/${o.id}`, { ...body, section: 's.19(c)' });
    expect(again.json().version).toBe(3);

    const rekey = await call('POST', `/admin/compliance/update/${o.id}`, { ...body, key: `TEST.OTHER.${uniq()}` });
    expect(rekey.statusCode).toBe(409);
    expect(rekey.json().params.reason).toBe('OBLIGATION_KEY_STABLE');
    const dup = await call('POST', '/admin/compliance/create', { ...body });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().params.reason).toBe('OBLIGATION_EXISTS');
    expect((await call('POST', `/admin/compliance/update/${crypto.randomUUID()}`, body)).statusCode).toBe(404);
  });

  it('refuses a due anchor that does not fit the kind, a headcount range upside down and a jurisdiction of another country', async () => {
    const category = await aCategory();
    const ca = await call('POST', '/admin/jurisdiction/create', {
      code: `CA-T${uniq()}`,
      name: `Canada ${uniq()}`,
      country: 'CA',
    });
    expect(ca.statusCode, ca.body).toBe(200);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ kind: 'EVENT', recurrence: null }, 'DUE_ANCHOR_KIND'],
      [
        {
          kind: 'ONE_TIME',
          recurrence: null,
          dueRule: { anchor: 'NEXT_PERIOD_START', offset: 2, unit: 'MONTH', onHoliday: 'NONE', reference: null },
        },
        'DUE_ANCHOR_KIND',
      ],
      [
        { dueRule: { anchor: 'EVENT', offset: 2, unit: 'MONTH', onHoliday: 'NONE', reference: null } },
        'DUE_ANCHOR_KIND',
      ],
      [{ applicability: { minHeadcount: 20, maxHeadcount: 10, jurisdictionCodes: [] } }, 'HEADCOUNT_RANGE'],
      [{ jurisdictionId: ca.json().id }, 'JURISDICTION_COUNTRY'],
      [{ categoryId: crypto.randomUUID() }, 'CATEGORY_UNKNOWN'],
    ];
    for (const [over, code] of cases) {
      const res = await call('POST', '/admin/compliance/create', input(category, over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().params.reason).toBe('OBLIGATION_INVALID');
      expect(res.json().details.map((d: { code: string }) => d.code)).toContain(code);
    }
    // zod's own: a periodic obligation without a recurrence, an unknown evidence source, no English title.
    for (const over of [{ recurrence: null }, { evidenceSource: 'EMAIL' }, { title: { hi: 'केवल' } }]) {
      expect((await call('POST', '/admin/compliance/create', input(category, over))).statusCode).toBe(400);
    }
    const list = await call('POST', '/admin/compliance/all', { categoryId: category });
    expect(list.json().totalElements).toBe(0);
    // The matching jurisdiction is taken.
    const ok = await call(
      'POST',
      '/admin/compliance/create',
      input(category, { country: 'CA', jurisdictionId: ca.json().id }),
    );
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('deletes one no workspace answered; retires one answered, which then stops being deletable', async () => {
    const category = await aCategory();
    const fresh = (await call('POST', '/admin/compliance/create', input(category, { country: 'CA' }))).json();
    const gone = await call('DELETE', `/admin/compliance/delete/${fresh.id}`);
    expect(gone.json()).toEqual({ deleted: true, retired: false });
    expect(await auditOf('obligation.deleted', fresh.id)).toBe(1);

    const ws = await aWorkspace(t);
    const used = (await call('POST', '/admin/compliance/create', input(category))).json();
    // A workspace's answer names it (as the engine writes one; here as the owner).
    await t.database.db.execute(sql`insert into obligation_answers (workspace_id, obligation_id, applies, reason)
        values (${ws.id}, ${used.id}, true, '{"code":"COUNTRY","params":{"country":"IN"}}'::jsonb)
        on conflict do nothing`);
    const before = await syncJobs(ws.id);
    const retired = await call('DELETE', `/admin/compliance/delete/${used.id}`);
    expect(retired.statusCode, retired.body).toBe(200);
    expect(retired.json()).toEqual({ deleted: false, retired: true });
    expect(await syncJobs(ws.id)).toBe(before + 1);
    expect(await auditOf('obligation.retired', used.id)).toBe(1);
    const row = (await call('POST', '/admin/compliance/all', { categoryId: category, status: 'RETIRED' })).json();
    expect(row.content[0]).toMatchObject({ id: used.id, status: 'RETIRED', version: 2, actions: ['update'] });
    const twice = await call('DELETE', `/admin/compliance/delete/${used.id}`);
    expect(twice.statusCode).toBe(409);
  });

  it('is the operator’s only: a workspace admin on its host does not reach it', async () => {
    const ws = await aWorkspace(t);
    const admin = await (await aMember(ws, { role: 'WORKSPACE_ADMIN' })).session();
    const res = await t.request(ws.host, {
      method: 'POST',
      url: '/lms/api/admin/compliance/all',
      token: admin,
      payload: {},
    });
    expect([403, 404]).toContain(res.statusCode);
  });
});

describe('jurisdictions and holiday calendars', () => {
  it('lists the calendars with their counts and complete years, and gives a jurisdiction one of its country', async () => {
    const cals = await call('GET', '/admin/holiday-calendar/all');
    expect(cals.statusCode).toBe(200);
    const india = cals.json().calendars.find((c: { code: string }) => c.code === 'IN');
    expect(india).toMatchObject({ country: 'IN', parentCode: null, completeYears: [2026, 2027] });
    expect(india.holidayCount).toBeGreaterThanOrEqual(6);

    const code = `IN-T${uniq()}`;
    const made = await call('POST', '/admin/jurisdiction/create', {
      code,
      name: `Test ${code}`,
      country: 'IN',
      holidayCalendar: 'IN-KA',
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().holidayCalendar).toBe('IN-KA');
    // An update without the field keeps it; null clears it; another country's is refused.
    const kept = await call('POST', `/admin/jurisdiction/update/${made.json().id}`, {
      code,
      name: `Test ${code}`,
      country: 'IN',
    });
    expect(kept.json().holidayCalendar).toBe('IN-KA');
    const wrong = await call('POST', `/admin/jurisdiction/update/${made.json().id}`, {
      code,
      name: `Test ${code}`,
      country: 'IN',
      holidayCalendar: 'CA-FED',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().params.reason).toBe('HOLIDAY_CALENDAR_COUNTRY');
    const unknown = await call('POST', `/admin/jurisdiction/update/${made.json().id}`, {
      code,
      name: `Test ${code}`,
      country: 'IN',
      holidayCalendar: 'XX-NONE',
    });
    expect(unknown.json().params.reason).toBe('HOLIDAY_CALENDAR_UNKNOWN');
    const cleared = await call('POST', `/admin/jurisdiction/update/${made.json().id}`, {
      code,
      name: `Test ${code}`,
      country: 'IN',
      holidayCalendar: null,
    });
    expect(cleared.json().holidayCalendar).toBeNull();
  });
});
