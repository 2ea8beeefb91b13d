import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform } from '../../../core/db/tenant.ts';
import { emit } from '../../../core/events.ts';
import { jobRun } from '../../../core/job-context.ts';
import {
  type AWorkspace,
  aBusinessUnit,
  aMember,
  aWorkspace,
  captureMailer,
  createTestApp,
  type TestApp,
} from '../../../testing/index.ts';
import { aCatalogueCourse } from '../../../testing/lms-fixture.ts';
import { handleEscalate, runDailyPass } from './engine.jobs.ts';
import { syncWorkspace } from './sync.ts';

/**
 * The register engine (issue 24) on a real database: answers and their reasons, occurrences
 * generated once, cancellation, re-application of an edited obligation, the triggers (member
 * events, the daily pass), closes by other modules' records and escalations at both thresholds.
 */
const mail = captureMailer();
let t: TestApp;
let categoryId: string;

beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer });
  categoryId = await platform(async (tx) => {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into compliance_categories (key, name) values (${`ENGINE-${Date.now()}`}, '{"en":"POSH"}') returning id`,
    );
    return row!.id;
  });
});
afterEach(() => t.clock.reset());
afterAll(() => t.close());

function platform<T>(fn: (tx: Parameters<Parameters<typeof withPlatform>[2]>[0]) => Promise<T>): Promise<T> {
  return withPlatform(t.database.db, { action: 'test', audit: false }, fn);
}

let seq = 0;
type ObligationOpts = {
  kind?: string;
  scope?: 'WORKSPACE' | 'UNIT';
  recurrence?: object | null;
  dueRule?: object;
  applicability?: object;
  evidenceSource?: string;
  country?: 'IN' | 'CA';
};
/** An obligation of the catalogue (as the operator's catalogue writes it). */
async function anObligation(o: ObligationOpts = {}): Promise<{ id: string; key: string }> {
  const key = `T${Date.now()}-${++seq}`;
  const kind = o.kind ?? 'PERIODIC';
  const recurrence =
    o.recurrence === undefined
      ? kind === 'PERIODIC'
        ? { every: 1, unit: 'MONTH', alignTo: 'CALENDAR_YEAR' }
        : null
      : o.recurrence;
  const dueRule = o.dueRule ?? {
    anchor: 'PERIOD_END',
    offset: 0,
    unit: 'CALENDAR_DAY',
    onHoliday: 'NONE',
    reference: null,
  };
  const applicability = o.applicability ?? { minHeadcount: null, maxHeadcount: null, jurisdictionCodes: [] };
  return platform(async (tx) => {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into obligations (key, category_id, country, law, section, title, description, evidence, kind, recurrence,
                                   due_rule, applicability, scope, evidence_source)
          values (${key}, ${categoryId}, ${o.country ?? 'IN'}, 'POSH Act 2013', 's.4', ${JSON.stringify({ en: `Title ${key}`, hi: `शीर्षक ${key}` })}::jsonb,
                  '{"en":"d"}', '{"en":"e"}', ${kind}, ${recurrence ? JSON.stringify(recurrence) : null}::jsonb,
                  ${JSON.stringify(dueRule)}::jsonb, ${JSON.stringify(applicability)}::jsonb, ${o.scope ?? 'UNIT'},
                  ${o.evidenceSource ?? 'NONE'})
          returning id`,
    );
    return { id: row!.id, key };
  });
}

/** Writes as the workspace's own transaction (the tenant tables are not the platform path's). */
function tenant<T>(
  ws: AWorkspace,
  fn: (tx: Parameters<Parameters<typeof withPlatform>[2]>[0]) => Promise<T>,
): Promise<T> {
  return jobRun(t.app.deps, `t-${++seq}`).ctx(ws.id).tenant(fn);
}

const sync = (ws: AWorkspace) => syncWorkspace(jobRun(t.app.deps, `sync-${++seq}`).ctx(ws.id), ws.id);

type Occ = {
  id: string;
  branchId: string | null;
  periodStart: string;
  periodEnd: string;
  dueDate: string;
  status: string;
  sourceKind: string | null;
  sourceId: string | null;
};
async function occurrences(ws: AWorkspace, obligationId: string): Promise<Occ[]> {
  return platform((tx) =>
    queryRows<Occ>(
      tx,
      sql`select id, branch_id as "branchId", to_char(period_start, 'YYYY-MM-DD') as "periodStart",
                 to_char(period_end, 'YYYY-MM-DD') as "periodEnd", to_char(due_date, 'YYYY-MM-DD') as "dueDate",
                 status, source_kind as "sourceKind", source_id as "sourceId"
            from obligation_occurrences where workspace_id = ${ws.id} and obligation_id = ${obligationId}
           order by branch_id, period_start`,
    ),
  );
}
type Ans = {
  id: string;
  branchId: string | null;
  applies: boolean;
  reason: { code: string; params: object };
  appliesFrom: string | null;
};
async function answers(ws: AWorkspace, obligationId: string): Promise<Ans[]> {
  return platform((tx) =>
    queryRows<Ans>(
      tx,
      sql`select id, branch_id as "branchId", applies, reason, to_char(applies_from, 'YYYY-MM-DD') as "appliesFrom"
            from obligation_answers where workspace_id = ${ws.id} and obligation_id = ${obligationId}`,
    ),
  );
}

/**
 * Waits until no job of the register (and no mail) is waiting or running; `only` limits it to those
 * queues (the daily pass also queues a sync of every workspace the file made).
 */
async function settle(only?: string[]) {
  const until = Date.now() + 20_000;
  for (;;) {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from pgboss.job
           where (name like 'compliance.%' or name = 'mail.send') and state in ('created', 'retry', 'active')
             and (${only ? `{${only.join(',')}}` : null}::text[] is null or name = any(${only ? `{${only.join(',')}}` : null}::text[]))`,
    );
    if (row!.n === 0) return;
    if (Date.now() > until) {
      const stuck = await queryRows<object>(
        t.database.db,
        sql`select name, state, output, start_after, created_on, now() as db_now, data from pgboss.job
             where (name like 'compliance.%' or name = 'mail.send') and state in ('created', 'retry', 'active')`,
      );
      throw new Error(`jobs did not settle: ${JSON.stringify(stuck).slice(0, 2000)}`);
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function members(
  ws: AWorkspace,
  unit: { id: string; name: string; headquarter: boolean; workspace: AWorkspace },
  n: number,
) {
  const made = [];
  for (let i = 0; i < n; i++) made.push(await aMember(ws, { unit }));
  return made;
}

describe('the sync of a workspace', () => {
  it('answers per unit with the reason, generates 24 months of occurrences once, due on the unit calendar', async () => {
    t.clock.set('2030-01-15T06:00:00Z');
    const ob = await anObligation({ applicability: { minHeadcount: 2, maxHeadcount: null, jurisdictionCodes: [] } });
    const ws = await aWorkspace(t, { name: 'Bharat Textiles' });
    const mumbai = await aBusinessUnit(ws, { name: 'Mumbai' });
    await members(ws, mumbai, 3);
    const first = await sync(ws);
    // The demo catalogue (in every test database) is answered too: this obligation's 25 are among them.
    expect(first.inserted).toBeGreaterThanOrEqual(25);
    const ans = await answers(ws, ob.id);
    expect(ans).toHaveLength(2);
    const m = ans.find((a) => a.branchId === mumbai.id)!;
    expect(m).toMatchObject({ applies: true, appliesFrom: '2030-01-15' });
    expect(m.reason).toEqual({ code: 'HEADCOUNT_AT_LEAST', params: { unit: 'Mumbai', headcount: 3, min: 2 } });
    expect(ans.find((a) => a.branchId === ws.hq.id)!.reason.code).toBe('HEADCOUNT_BELOW');
    const occ = await occurrences(ws, ob.id);
    expect(occ).toHaveLength(25);
    expect(occ[0]).toMatchObject({
      periodStart: '2030-01-01',
      periodEnd: '2030-01-31',
      dueDate: '2030-01-31',
      status: 'OPEN',
    });
    expect(occ.at(-1)!.periodStart).toBe('2032-01-01');

    const again = await sync(ws);
    expect(again).toMatchObject({ inserted: 0, changed: 0, cancelled: 0, closed: 0 });
    expect(await occurrences(ws, ob.id)).toHaveLength(25);

    // A month later the daily pass extends the horizon by one period.
    t.clock.set('2030-02-15T06:00:00Z');
    expect((await sync(ws)).inserted).toBeGreaterThanOrEqual(1);
    expect((await occurrences(ws, ob.id)).at(-1)!.periodStart).toBe('2032-02-01');
  });

  it('s.4: a unit crossing 10 workers starts applying through member.joined, and stops through member.deactivated', async () => {
    t.clock.set('2030-03-10T06:00:00Z');
    const ob = await anObligation({
      kind: 'CONTINUOUS',
      applicability: { minHeadcount: 10, maxHeadcount: null, jurisdictionCodes: [] },
      dueRule: { anchor: 'APPLIES_FROM', offset: 0, unit: 'CALENDAR_DAY', onHoliday: 'NONE', reference: 's.4(1)' },
      evidenceSource: 'COMMITTEE',
    });
    const ws = await aWorkspace(t);
    const pune = await aBusinessUnit(ws, { name: 'Pune' });
    const nine = await members(ws, pune, 9);
    await sync(ws);
    let [a] = (await answers(ws, ob.id)).filter((x) => x.branchId === pune.id);
    expect(a).toMatchObject({
      applies: false,
      reason: { code: 'HEADCOUNT_BELOW', params: { unit: 'Pune', headcount: 9, min: 10 } },
    });
    expect(await occurrences(ws, ob.id)).toEqual([]);

    const tenth = await aMember(ws, { unit: pune });
    const ctx = jobRun(t.app.deps, 'emit').ctx(ws.id);
    await ctx.tenant((tx) => emit(ctx, tx, 'member.joined', { workspaceId: ws.id, accountIds: [tenth.accountId] }));
    await settle();
    [a] = (await answers(ws, ob.id)).filter((x) => x.branchId === pune.id);
    expect(a).toMatchObject({ applies: true, appliesFrom: '2030-03-10' });
    expect(a!.reason.params).toEqual({ unit: 'Pune', headcount: 10, min: 10 });
    expect(await occurrences(ws, ob.id)).toMatchObject([
      { branchId: pune.id, periodStart: '2030-03-10', dueDate: '2030-03-10', status: 'OPEN' },
    ]);

    await platform((tx) => tx.execute(sql`update memberships set active = false where id = ${nine[0]!.membershipId}`));
    await ctx.tenant((tx) =>
      emit(ctx, tx, 'member.deactivated', { workspaceId: ws.id, accountIds: [nine[0]!.accountId], deleted: false }),
    );
    await settle();
    [a] = (await answers(ws, ob.id)).filter((x) => x.branchId === pune.id);
    expect(a).toMatchObject({ applies: false, appliesFrom: null });
    const audit = await platform((tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from audit_log where workspace_id = ${ws.id}
              and action = 'obligation_answer.applicability_changed' and target_id = ${a!.id}`,
      ),
    );
    expect(audit[0]!.n).toBe(2);
  });

  it('cancels the not-started open occurrences of an answer that stops applying or is marked not applicable, never completed ones', async () => {
    t.clock.set('2030-01-15T06:00:00Z');
    const ob = await anObligation({ scope: 'WORKSPACE' });
    const ws = await aWorkspace(t);
    await sync(ws);
    const occ = await occurrences(ws, ob.id);
    // One approved ahead of time, one returned, the current one open.
    await tenant(ws, (tx) =>
      tx.execute(sql`update obligation_occurrences set status = case when period_start = '2030-03-01' then 'APPROVED'
                                                                   when period_start = '2030-04-01' then 'RETURNED' else status end
                      where workspace_id = ${ws.id}`),
    );
    const [a] = await answers(ws, ob.id);
    await tenant(ws, (tx) =>
      tx.execute(
        sql`update obligation_answers set not_applicable = true, justification = 'We are not a company at all.' where id = ${a!.id}`,
      ),
    );
    const counts = await sync(ws);
    expect(counts.cancelled).toBe(occ.length - 2); // all but the current period and the approved one
    const after = await occurrences(ws, ob.id);
    expect(after.find((o) => o.periodStart === '2030-01-01')!.status).toBe('OPEN');
    expect(after.find((o) => o.periodStart === '2030-03-01')!.status).toBe('APPROVED');
    expect(after.find((o) => o.periodStart === '2030-04-01')!.status).toBe('CANCELLED');
    expect((await sync(ws)).cancelled).toBe(0);
  });

  it('a retired obligation stops generating; an edited one re-applies its schedule without touching completed occurrences', async () => {
    t.clock.set('2030-01-15T06:00:00Z');
    const edited = await anObligation({ scope: 'WORKSPACE' });
    const retired = await anObligation({ scope: 'WORKSPACE' });
    const ws = await aWorkspace(t);
    await sync(ws);
    await tenant(ws, (tx) =>
      tx.execute(
        sql`update obligation_occurrences set status = 'APPROVED' where obligation_id = ${edited.id} and period_start = '2030-06-01'`,
      ),
    );
    await platform(async (tx) => {
      await tx.execute(sql`update obligations set status = 'RETIRED', retired_at = app_now() where id = ${retired.id}`);
      await tx.execute(
        sql`update obligations set version = version + 1,
                   due_rule = '{"anchor":"PERIOD_END","offset":15,"unit":"CALENDAR_DAY","onHoliday":"NONE","reference":null}'
             where id = ${edited.id}`,
      );
    });
    const counts = await sync(ws);
    expect(counts.inserted).toBe(0);
    const r = await occurrences(ws, retired.id);
    expect(r.filter((o) => o.status === 'CANCELLED')).toHaveLength(24);
    const e = await occurrences(ws, edited.id);
    expect(e.find((o) => o.periodStart === '2030-02-01')!.dueDate).toBe('2030-03-15');
    expect(e.find((o) => o.periodStart === '2030-06-01')).toMatchObject({ status: 'APPROVED', dueDate: '2030-06-30' });
    expect(e.find((o) => o.periodStart === '2030-01-01')!.dueDate).toBe('2030-01-31'); // started: kept
    const [a] = await answers(ws, edited.id);
    const [v] = await platform((tx) =>
      queryRows<{ v: number }>(tx, sql`select obligation_version as v from obligation_answers where id = ${a!.id}`),
    );
    expect(v!.v).toBe(2);
  });

  it('a new workspace is filled at once (workspace.created), one never filled by the first-sync pass at start', async () => {
    t.clock.set('2030-01-15T06:00:00Z');
    const ob = await anObligation({ scope: 'WORKSPACE' });
    const created = await aWorkspace(t);
    const ctx = jobRun(t.app.deps, 'emit').ctx(created.id);
    await ctx.tenant((tx) => emit(ctx, tx, 'workspace.created', { workspaceId: created.id }));
    await settle();
    expect(await answers(created, ob.id)).toHaveLength(1);

    // A workspace no event told about (a database that had workspaces before the catalogue came).
    const older = await aWorkspace(t);
    expect(await answers(older, ob.id)).toEqual([]);
    expect(await t.app.deps.jobs.fire('compliance.first-sync-pass')).not.toBeNull();
    await settle();
    expect(await answers(older, ob.id)).toHaveLength(1);
    expect((await occurrences(older, ob.id)).length).toBeGreaterThan(0);
  });

  it('EVENT obligations generate nothing; obligations of another country are not answered', async () => {
    t.clock.set('2030-01-15T06:00:00Z');
    const ev = await anObligation({
      kind: 'EVENT',
      dueRule: { anchor: 'EVENT', offset: 90, unit: 'CALENDAR_DAY', onHoliday: 'NONE', reference: null },
    });
    const ca = await anObligation({ country: 'CA' });
    const ws = await aWorkspace(t);
    await sync(ws);
    expect(await occurrences(ws, ev.id)).toEqual([]);
    expect(await answers(ws, ca.id)).toEqual([]);
  });
});

describe('evidence from other modules', () => {
  async function committee(ws: AWorkspace, unitId: string, opts: { lawful: boolean; termEnd?: string }) {
    const admins = [await aMember(ws), await aMember(ws), await aMember(ws)];
    return tenant(ws, async (tx) => {
      const [c] = await queryRows<{ id: string }>(
        tx,
        sql`insert into committees (workspace_id, kind, name) values (${ws.id}, 'INTERNAL_COMMITTEE', 'IC') returning id`,
      );
      await tx.execute(
        sql`insert into committee_units (workspace_id, committee_id, branch_id, kind, from_date)
            values (${ws.id}, ${c!.id}, ${unitId}, 'INTERNAL_COMMITTEE', '2030-01-01')`,
      );
      const end = opts.termEnd ?? '2032-12-31';
      const rows: Array<[string, string | null, string | null, string, boolean]> = [
        ['PRESIDING_OFFICER', admins[0]!.accountId, null, 'WOMAN', opts.lawful],
        ['MEMBER', admins[1]!.accountId, null, 'WOMAN', false],
        ['MEMBER', admins[2]!.accountId, null, 'MAN', false],
        ['EXTERNAL_MEMBER', null, 'Asha NGO', 'MAN', false],
      ];
      for (const [role, account, external, gender, senior] of rows) {
        await tx.execute(
          sql`insert into committee_members (workspace_id, committee_id, role, account_id, external_name, gender, senior, term_start, term_end)
              values (${ws.id}, ${c!.id}, ${role}, ${account}, ${external}, ${gender}, ${senior}, '2030-01-01', ${end})`,
        );
      }
      return c!.id;
    });
  }

  it('s.4: a lawful committee closes the CONTINUOUS occurrence by itself, linked; a lapse opens a new one', async () => {
    t.clock.set('2030-01-15T06:00:00Z');
    const ob = await anObligation({
      kind: 'CONTINUOUS',
      dueRule: { anchor: 'APPLIES_FROM', offset: 0, unit: 'CALENDAR_DAY', onHoliday: 'NONE', reference: 's.4(1)' },
      evidenceSource: 'COMMITTEE',
    });
    const ws = await aWorkspace(t);
    const unlawful = await committee(ws, ws.hq.id, { lawful: false, termEnd: '2030-06-30' });
    await sync(ws);
    expect((await occurrences(ws, ob.id))[0]!.status).toBe('OPEN'); // the presiding officer is not senior
    await tenant(ws, (tx) =>
      tx.execute(
        sql`update committee_members set senior = true where committee_id = ${unlawful} and role = 'PRESIDING_OFFICER'`,
      ),
    );
    const ctx = jobRun(t.app.deps, 'emit-c').ctx(ws.id);
    await ctx.tenant((tx) =>
      emit(ctx, tx, 'committee.changed', { workspaceId: ws.id, committeeId: unlawful, branchIds: [ws.hq.id] }),
    );
    await settle();
    const [closed] = await occurrences(ws, ob.id);
    expect(closed).toMatchObject({ status: 'CLOSED_BY_SOURCE', sourceKind: 'COMMITTEE', sourceId: unlawful });
    const ev = await platform((tx) =>
      queryRows<{ kind: string; sourceId: string; revision: number }>(
        tx,
        sql`select kind, source_id as "sourceId", revision from occurrence_evidence where occurrence_id = ${closed!.id}`,
      ),
    );
    expect(ev).toEqual([{ kind: 'LINK', sourceId: unlawful, revision: 1 }]);

    // The terms end on 30 June: on 1 July the unit has no committee in force, a new occurrence opens.
    t.clock.set('2030-07-01T06:00:00Z');
    await sync(ws);
    const after = await occurrences(ws, ob.id);
    expect(after).toMatchObject([
      { periodStart: '2030-01-15', status: 'CLOSED_BY_SOURCE' },
      { periodStart: '2030-07-01', status: 'OPEN', dueDate: '2030-07-01' },
    ]);
    expect((await sync(ws)).inserted).toBe(0);
  });

  it('training: closed when every active member of the unit completed an evidence course within the period (training.completed)', async () => {
    t.clock.set('2030-01-15T06:00:00Z');
    const ob = await anObligation({
      recurrence: { every: 1, unit: 'YEAR', alignTo: 'CALENDAR_YEAR' },
      evidenceSource: 'TRAINING',
    });
    const ws = await aWorkspace(t);
    const [a, b] = await members(ws, ws.hq, 2);
    const courseId = await aCatalogueCourse(t.database.db, { owner: ws.id, title: 'POSH awareness' });
    await sync(ws);
    const [hq] = (await answers(ws, ob.id)).filter((x) => x.branchId === ws.hq.id);
    await tenant(ws, (tx) =>
      tx.execute(sql`update obligation_answers set evidence_courses = ${`{${courseId}}`}::uuid[] where id = ${hq!.id}`),
    );
    const enrol = (accountId: string, completedAt: string | null) =>
      tenant(ws, async (tx) => {
        const [e] = await queryRows<{ id: string }>(
          tx,
          sql`insert into enrolments (workspace_id, course_id, course_version_id, account_id, completed_at)
              select ${ws.id}, ${courseId}, v.id, ${accountId}, ${completedAt}::timestamptz
                from course_versions v where v.course_id = ${courseId} returning id`,
        );
        return e!.id;
      });
    await enrol(a!.accountId, '2029-12-20T06:00:00Z'); // the previous year: does not count for 2030
    const ctx = jobRun(t.app.deps, 'emit-t').ctx(ws.id);
    const bId = await enrol(b!.accountId, '2030-01-14T06:00:00Z');
    await ctx.tenant((tx) =>
      emit(ctx, tx, 'training.completed', { workspaceId: ws.id, accountId: b!.accountId, courseId, enrolmentId: bId }),
    );
    await settle();
    const current = () =>
      occurrences(ws, ob.id).then((o) => o.find((x) => x.branchId === ws.hq.id && x.periodStart === '2030-01-01')!);
    expect((await current()).status).toBe('OPEN');
    await tenant(ws, (tx) =>
      tx.execute(sql`insert into enrolment_cycles (workspace_id, enrolment_id, cycle, course_version_id, assigned_at, completed_at, ended_reason)
                     select e.workspace_id, e.id, 1, e.course_version_id, e.assigned_at, '2030-01-15T05:00:00Z', 'EXPIRED'
                       from enrolments e where e.account_id = ${a!.accountId} and e.course_id = ${courseId}`),
    );
    await ctx.tenant((tx) =>
      emit(ctx, tx, 'training.completed', { workspaceId: ws.id, accountId: a!.accountId, courseId, enrolmentId: bId }),
    );
    await settle();
    expect(await current()).toMatchObject({ status: 'CLOSED_BY_SOURCE', sourceKind: 'TRAINING' });
    expect((await occurrences(ws, ob.id)).find((x) => x.periodStart === '2031-01-01')!.status).toBe('OPEN');
  });
});

describe('escalation of overdue occurrences', () => {
  it('at the first threshold to the owner and reviewer, at the second to the target, once each, in their language', async () => {
    t.clock.set('2030-01-15T06:00:00Z');
    const ob = await anObligation({
      kind: 'ONE_TIME',
      scope: 'WORKSPACE',
      dueRule: { anchor: 'APPLIES_FROM', offset: 5, unit: 'CALENDAR_DAY', onHoliday: 'NONE', reference: 's.19(b)' },
    });
    const ws = await aWorkspace(t, { name: 'Kaveri Foods' });
    const owner = await aMember(ws, { firstName: 'Meera', language: 'hi' });
    const target = await aMember(ws, { firstName: 'Ravi', role: 'WORKSPACE_ADMIN' });
    const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    await sync(ws);
    const [a] = await answers(ws, ob.id);
    await tenant(ws, async (tx) => {
      await tx.execute(sql`update obligation_answers set owner_id = ${owner.accountId} where id = ${a!.id}`);
      await tx.execute(
        sql`insert into escalation_settings (workspace_id, escalation_type, first_threshold_days, second_threshold_days, target_id)
            values (${ws.id}, 'COMPLIANCE', 3, 10, ${target.accountId})`,
      );
    });
    const [occ] = await occurrences(ws, ob.id);
    expect(occ!.dueDate).toBe('2030-01-20');
    // The catalogue holds the other tests' obligations too: only this one's mails count here.
    const about = (email: string) => mail.to(email).filter((m) => m.subject.includes(ob.key));
    const pass = async (at: string) => {
      t.clock.set(at);
      await runDailyPass({ timeZone: 'Asia/Kolkata' }, jobRun(t.app.deps, `pass-${at}`));
      await settle(['compliance.escalate', 'mail.send']);
    };

    await pass('2030-01-22T06:00:00Z'); // 2 days overdue: nothing yet
    expect(about(owner.email)).toHaveLength(0);
    await pass('2030-01-23T06:00:00Z'); // 3 days: the owner (the reviewer is unset)
    const first = about(owner.email);
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toBe(`समय सीमा बीत गई: शीर्षक ${ob.key}`);
    expect(first[0]!.text).toContain(`/compliance/occurrences/${occ!.id}`);
    expect(about(target.email)).toHaveLength(0);
    expect(about(admin.email)).toHaveLength(0);
    await pass('2030-01-24T06:00:00Z');
    expect(about(owner.email)).toHaveLength(1); // once

    await pass('2030-01-31T06:00:00Z'); // 11 days: the target
    const second = about(target.email);
    expect(second).toHaveLength(1);
    expect(second[0]!.subject).toBe(`Escalation: Title ${ob.key} is overdue`);
    expect(second[0]!.text).toContain('was due on 20 Jan 2030 (11 days ago)');
    await pass('2030-02-01T06:00:00Z');
    expect(about(target.email)).toHaveLength(1);

    // Run by hand again: marked already, nothing sent.
    const again = await handleEscalate(
      { workspaceId: ws.id, occurrenceId: occ!.id, level: 2 },
      jobRun(t.app.deps, 'x'),
    );
    expect(again).toEqual({ skipped: 'escalated already, done, or not overdue' });
  });

  it('with no owner or reviewer, the first threshold reaches those who manage the register for the whole workspace', async () => {
    t.clock.set('2030-01-15T06:00:00Z');
    const ob = await anObligation({
      kind: 'ONE_TIME',
      scope: 'WORKSPACE',
      dueRule: { anchor: 'APPLIES_FROM', offset: 0, unit: 'CALENDAR_DAY', onHoliday: 'NONE', reference: null },
    });
    const ws = await aWorkspace(t);
    const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    const unitAdmin = await aMember(ws, { role: 'BRANCH_ADMIN' });
    const employee = await aMember(ws);
    await sync(ws);
    await tenant(ws, (tx) =>
      tx.execute(
        sql`insert into escalation_settings (workspace_id, escalation_type, first_threshold_days, second_threshold_days, target_id)
            values (${ws.id}, 'COMPLIANCE', 1, 30, null)`,
      ),
    );
    const [occ] = await occurrences(ws, ob.id);
    const about = (email: string) => mail.to(email).filter((m) => m.subject.includes(ob.key));
    t.clock.set('2030-01-17T06:00:00Z');
    await runDailyPass({ timeZone: 'Asia/Kolkata' }, jobRun(t.app.deps, 'pass-fallback'));
    await settle(['compliance.escalate', 'mail.send']);
    expect(about(admin.email)).toHaveLength(1);
    expect(about(admin.email)[0]!.text).toContain(`/compliance/occurrences/${occ!.id}`);
    expect(about(unitAdmin.email)).toHaveLength(0);
    expect(about(employee.email)).toHaveLength(0);
  });
});
