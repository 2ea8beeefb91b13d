import type {
  TAutoAssignResult,
  TAutoAssignState,
  TCourseDetails,
  TEnrolmentCycles,
  TReassignResult,
  TRecurrenceResult,
  TRecurrenceSettings,
} from '@app/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform } from '../../../core/db/tenant.ts';
import { jobRun } from '../../../core/job-context.ts';
import { csv, FIELDS } from '../../../testing/bulk-files.ts';
import {
  type AWorkspace,
  aBusinessUnit,
  aCourse,
  aDepartment,
  aMember,
  anInvitation,
  anItem,
  aWorkspace,
  createTestApp,
  lms,
  type TestApp,
} from '../../../testing/index.ts';
import { aCatalogueCourse, creditState, makeAvailable } from '../../../testing/lms-fixture.ts';
import { multipart } from '../../../testing/multipart.ts';
import { insertCertificate } from '../certificates/certificates.repo.ts';
import { runAutoAssign, runRecurrencePass } from './automation.jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => t.clock.reset());

const platform = <T>(fn: Parameters<typeof withPlatform<T>>[2]) =>
  withPlatform(t.database.db, { action: 'test', audit: false }, fn);

type Enrolment = {
  id: string;
  accountId: string;
  cycle: number;
  dueAt: Date | null;
  completedAt: Date | null;
  expiresAt: Date | null;
  source: string;
  autoRuleId: string | null;
  courseVersionId: string;
};
async function enrolmentsOf(courseId: string): Promise<Enrolment[]> {
  return platform((tx) =>
    queryRows<Enrolment>(
      tx,
      sql`select id, account_id as "accountId", cycle, due_at as "dueAt", completed_at as "completedAt",
                 expires_at as "expiresAt", source, auto_rule_id as "autoRuleId", course_version_id as "courseVersionId"
            from enrolments where course_id = ${courseId} and status = 'ACTIVE' order by created_at`,
    ),
  );
}
const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A published course of the workspace (own), made directly. */
const ownCourse = (ws: AWorkspace) => aCatalogueCourse(t.database.db, { owner: ws.id });

/** Claims an invitation to `ws` (in `unit`/`department`, joining on `joining`) as a new person; answers the account id. */
async function join(
  ws: AWorkspace,
  opts: {
    unit?: Awaited<ReturnType<typeof aBusinessUnit>>;
    department?: Awaited<ReturnType<typeof aDepartment>>;
    joining?: string | null;
  },
): Promise<string> {
  const inv = await anInvitation(ws, { unit: opts.unit, department: opts.department });
  await platform((tx) =>
    tx.execute(sql`update invitations set expires_at = app_now() + interval '7 days', date_of_joining = ${opts.joining ?? null}::date
                   where id = ${inv.id}`),
  );
  const res = await t.request(ws.host, {
    method: 'POST',
    url: `/api/invite/claim/${inv.code}`,
    payload: { firstName: 'New', lastName: 'Joiner', userPassword: 'a long enough secret 42' },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await platform((tx) =>
    queryRows<{ id: string }>(tx, sql`select used_by as id from invitations where id = ${inv.id}`),
  );
  return row!.id;
}

async function adminOf(ws: AWorkspace) {
  const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
  return { admin, token: await admin.session() };
}

/** Marks an enrolment's current cycle completed at the clock's now (as the learner module does), with a certificate. */
async function complete(enrolmentId: string, months: number | null) {
  return platform(async (tx) => {
    const [e] = await queryRows<{ workspaceId: string; cycle: number; accountId: string; courseId: string }>(
      tx,
      sql`update enrolments set started_at = app_now(), completed_at = app_now(), progress_percent = 100, score = 90,
                 expires_at = case when ${months}::int is null then null else app_now() + make_interval(months => ${months}::int) end
           where id = ${enrolmentId}
          returning workspace_id as "workspaceId", cycle, account_id as "accountId", course_id as "courseId"`,
    );
    const cert = await insertCertificate(tx, {
      workspaceId: e!.workspaceId,
      enrolmentId,
      cycle: e!.cycle,
      accountId: e!.accountId,
      courseId: e!.courseId,
      learnerName: 'Test Learner',
      courseTitle: 'Course',
      language: 'en',
      score: 90,
      completedAt: t.clock.now(),
      expiresAt: null,
    });
    return cert.id;
  });
}

describe('auto-assign rules', () => {
  it('a new joiner matching the rule is enrolled, due N days after joining at the end of that day in the workspace’s zone; one not matching is not', async () => {
    // Toronto: clocks go forward on 10 March 2030, so "end of 11 March" is 03:59:59.999Z (EDT).
    t.clock.set('2030-03-05T15:00:00Z');
    const ws = await aWorkspace(t, { country: 'CA', timeZone: 'America/Toronto' });
    const { token } = await adminOf(ws);
    const unit = await aBusinessUnit(ws);
    const dept = await aDepartment(unit);
    const courseId = await ownCourse(ws);

    const set = await lms<TAutoAssignResult>(t, ws.host, token, 'POST', '/course/autoAssign', {
      courseId,
      branchId: unit.id,
      departmentId: dept.id,
      startJoiningDate: '2030-01-01',
      dueDays: 10,
      enabled: true,
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body).toMatchObject({ enrolled: 0, rule: { courseId, branchId: unit.id, dueDays: 10, enabled: true } });
    const got = await lms<TAutoAssignState>(t, ws.host, token, 'GET', `/course/autoAssign?courseId=${courseId}`);
    expect(got.body.rule).toMatchObject({
      departmentId: dept.id,
      startJoiningDate: '2030-01-01',
      endJoiningDate: null,
    });

    const matching = await join(ws, { unit, department: dept, joining: '2030-03-01' });
    const noDate = await join(ws, { unit, department: dept, joining: null });
    const otherUnit = await join(ws, { joining: '2030-03-01' });
    const tooEarly = await join(ws, { unit, department: dept, joining: '2029-12-31' });

    await expect.poll(async () => (await enrolmentsOf(courseId)).length, { timeout: 10_000 }).toBe(2);
    const rows = await enrolmentsOf(courseId);
    const byAccount = new Map(rows.map((r) => [r.accountId, r]));
    expect(iso(byAccount.get(matching)!.dueAt)).toBe('2030-03-12T03:59:59.999Z');
    // Without a joining date: the day they joined (5 March in Toronto) + 10 days.
    expect(iso(byAccount.get(noDate)!.dueAt)).toBe('2030-03-16T03:59:59.999Z');
    expect(byAccount.get(matching)).toMatchObject({ source: 'AUTO', autoRuleId: set.body.rule.id, cycle: 1 });
    expect(byAccount.has(otherUnit)).toBe(false);
    expect(byAccount.has(tooEarly)).toBe(false);

    // The job run again enrols nobody twice.
    await runAutoAssign({ workspaceId: ws.id, accountId: matching }, jobRun(t.app.deps, 'again'));
    expect(await enrolmentsOf(courseId)).toHaveLength(2);
  });

  it('people created from a file are new joiners too: the matching ones are enrolled from their joining date', async () => {
    const ws = await aWorkspace(t, { bulkSignUp: true }); // Asia/Kolkata
    const { token } = await adminOf(ws);
    const other = await aBusinessUnit(ws, { name: `Other ${Date.now().toString(36)}` });
    const courseId = await ownCourse(ws);
    await lms(t, ws.host, token, 'POST', '/course/autoAssign', {
      courseId,
      branchId: ws.branchId,
      dueDays: 5,
      enabled: true,
    });
    const batch = Math.random().toString(36).slice(2, 8);
    const file = csv([
      [`in-${batch}@example.test`, 'In', 'Rule', '', 'Head Office', 'People', '', '2026-01-15'],
      [`out-${batch}@example.test`, 'Out', 'Rule', '', other.name, '', '', '2026-01-15'],
    ]);
    const { payload, headers } = multipart(file, FIELDS);
    const res = await t.request(ws.host, { method: 'POST', url: '/api/user/create/bulk', token, payload, headers });
    expect(res.statusCode, res.body).toBe(200);
    await expect.poll(async () => (await enrolmentsOf(courseId)).length, { timeout: 10_000 }).toBe(1);
    const [row] = await enrolmentsOf(courseId);
    expect(iso(row!.dueAt)).toBe('2026-01-20T18:29:59.999Z');
    const [who] = await platform((tx) =>
      queryRows<{ email: string }>(tx, sql`select email from accounts where id = ${row!.accountId}`),
    );
    expect(who!.email).toBe(`in-${batch}@example.test`);
  });

  it('a disabled rule enrols nobody; reset removes the rule (enrolments stay) and later joiners are not enrolled', async () => {
    const ws = await aWorkspace(t);
    const { token } = await adminOf(ws);
    const courseId = await ownCourse(ws);
    const rule = { courseId, dueDays: 30 };
    expect((await lms(t, ws.host, token, 'POST', '/course/autoAssign', { ...rule, enabled: false })).status).toBe(200);
    const off = await join(ws, {});
    await runAutoAssign({ workspaceId: ws.id, accountId: off }, jobRun(t.app.deps, 'disabled'));
    expect(await enrolmentsOf(courseId)).toHaveLength(0);

    expect((await lms(t, ws.host, token, 'POST', '/course/autoAssign', { ...rule, enabled: true })).status).toBe(200);
    await join(ws, {});
    await expect.poll(async () => (await enrolmentsOf(courseId)).length, { timeout: 10_000 }).toBe(1);

    const reset = await lms(t, ws.host, token, 'POST', '/course/auto/reset', { courseId });
    expect(reset).toMatchObject({ status: 200, body: { removed: true } });
    expect((await lms(t, ws.host, token, 'POST', '/course/auto/reset', { courseId })).body).toEqual({ removed: false });
    expect(
      (await lms<TAutoAssignState>(t, ws.host, token, 'GET', `/course/autoAssign?courseId=${courseId}`)).body,
    ).toEqual({
      rule: null,
    });
    const later = await join(ws, {});
    await runAutoAssign({ workspaceId: ws.id, accountId: later }, jobRun(t.app.deps, 'after-reset'));
    expect(await enrolmentsOf(courseId)).toHaveLength(1);
    const audit = await platform((tx) =>
      queryRows<{ action: string }>(
        tx,
        sql`select action from audit_log where workspace_id = ${ws.id} and target_id = ${courseId} order by occurred_at`,
      ),
    );
    expect(audit.map((a) => a.action)).toEqual([
      'course.auto_assign_set',
      'course.auto_assign_set',
      'course.auto_assign_reset',
    ]);
  });

  it('apply to existing enrols current matching members now (credits as usual); short of credits, nothing is saved', async () => {
    t.clock.set('2031-06-10T08:00:00Z');
    const ws = await aWorkspace(t); // Asia/Kolkata
    const { token } = await adminOf(ws);
    const unit = await aBusinessUnit(ws);
    const a = await aMember(ws, { unit });
    const b = await aMember(ws, { unit });
    await aMember(ws); // another unit
    const courseId = await aCatalogueCourse(t.database.db);
    await makeAvailable(t.database.db, ws.id, courseId, 1);

    const refused = await lms(t, ws.host, token, 'POST', '/course/autoAssign', {
      courseId,
      branchId: unit.id,
      dueDays: 14,
      enabled: true,
      applyToExisting: true,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ params: { reason: 'NO_CREDITS' } });
    expect(
      (await lms<TAutoAssignState>(t, ws.host, token, 'GET', `/course/autoAssign?courseId=${courseId}`)).body.rule,
    ).toBeNull();
    expect(await creditState(t.database.db, ws.id, courseId)).toMatchObject({ balance: 1, enrolments: 0 });

    await makeAvailable(t.database.db, ws.id, courseId, 5);
    const ok = await lms<TAutoAssignResult>(t, ws.host, token, 'POST', '/course/autoAssign', {
      courseId,
      branchId: unit.id,
      dueDays: 14,
      enabled: true,
      applyToExisting: true,
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.enrolled).toBe(2);
    const rows = await enrolmentsOf(courseId);
    expect(rows.map((r) => r.accountId).sort()).toEqual([a.accountId, b.accountId].sort());
    // Joined today (their membership was made now): due at the end of 24 June in Kolkata.
    expect(iso(rows[0]!.dueAt)).toBe('2031-06-24T18:29:59.999Z');
    expect(await creditState(t.database.db, ws.id, courseId)).toMatchObject({ balance: 4, spends: 2 });
  });

  it('a new joiner on a catalogue course without credits: nothing enrolled, recorded in the audit log', async () => {
    const ws = await aWorkspace(t);
    const { token } = await adminOf(ws);
    const courseId = await aCatalogueCourse(t.database.db);
    await makeAvailable(t.database.db, ws.id, courseId, 0);
    const own = await ownCourse(ws);
    for (const id of [courseId, own])
      expect(
        (await lms(t, ws.host, token, 'POST', '/course/autoAssign', { courseId: id, dueDays: 5, enabled: true }))
          .status,
      ).toBe(200);
    const joiner = await join(ws, {});
    await expect
      .poll(
        async () =>
          (
            await platform((tx) =>
              queryRows(
                tx,
                sql`select 1 from audit_log where workspace_id = ${ws.id} and action = 'course.auto_assign_failed'
                     and details->'after'->>'accountId' = ${joiner} and details->'after'->>'reason' = 'NO_CREDITS'`,
              ),
            )
          ).length,
        { timeout: 10_000 },
      )
      .toBe(1);
    // The other rule's course (the workspace's own, no credits needed) still enrolled them (the same
    // job, in a transaction of its own: it may commit after the refusal's entry).
    await expect
      .poll(async () => (await enrolmentsOf(own)).map((e) => e.accountId), { timeout: 10_000 })
      .toEqual([joiner]);
    expect(await enrolmentsOf(courseId)).toHaveLength(0);
  });
});

describe('recurring training', () => {
  describe('a completion that expires starts a new cycle', () => {
    // A Toronto workspace: a business-unit rule enrols its one member (one credit); the course recurs
    // every 36 months. The rules below follow that enrolment through three years, in order.
    let ws: Awaited<ReturnType<typeof aWorkspace>>;
    let admin: Awaited<ReturnType<typeof adminOf>>['admin'];
    let unit: Awaited<ReturnType<typeof aBusinessUnit>>;
    let courseId: string;
    let e: Awaited<ReturnType<typeof enrolmentsOf>>[number] | undefined;
    let certificateId: Awaited<ReturnType<typeof complete>>;
    beforeAll(async () => {
      t.clock.set('2030-01-15T10:00:00Z');
      ws = await aWorkspace(t, { country: 'CA', timeZone: 'America/Toronto' });
      ({ admin } = await adminOf(ws));
      unit = await aBusinessUnit(ws);
      await aMember(ws, { unit }); // the one member the business-unit rule enrols
      courseId = await aCatalogueCourse(t.database.db);
      await makeAvailable(t.database.db, ws.id, courseId, 1);
    });

    it('by default a course does not recur; a new cycle and the expiry notice get 30 days', async () => {
      t.clock.set('2030-01-15T10:00:00Z');
      const token = await admin.session();
      const defaults = await lms<TRecurrenceSettings>(t, ws.host, token, 'GET', `/course/${courseId}/recurrence`);
      expect(defaults.body).toEqual({
        recurrenceMonths: null,
        recurrenceDueDays: 30,
        expiryNoticeDays: 30,
        retrainOnUpdate: false,
      });
    });

    it('setting the recurrence gives a completion its expiry: 15 January 2030 + 36 months', async () => {
      t.clock.set('2030-01-15T10:00:00Z');
      const token = await admin.session();
      const assign = await lms<TAutoAssignResult>(t, ws.host, token, 'POST', '/course/autoAssign', {
        courseId,
        branchId: unit.id,
        dueDays: 90,
        enabled: true,
        applyToExisting: true,
      });
      expect(assign.body.enrolled).toBe(1);
      [e] = await enrolmentsOf(courseId);
      certificateId = await complete(e!.id, null);

      // Setting the recurrence gives the completion its expiry: 15 January 2030 + 36 months.
      const put = await lms<TRecurrenceResult>(t, ws.host, token, 'PUT', `/course/${courseId}/recurrence`, {
        recurrenceMonths: 36,
        recurrenceDueDays: 20,
        expiryNoticeDays: 30,
        retrainOnUpdate: false,
      });
      expect(put.status, JSON.stringify(put.body)).toBe(200);
      expect(put.body).toMatchObject({ recurrenceMonths: 36, completionsUpdated: 1 });
      expect(iso((await enrolmentsOf(courseId))[0]!.expiresAt)).toBe('2033-01-15T10:00:00.000Z');
    });

    it('the next cycle opens as many days before the expiry as it is given (20), once, due on the expiry day, spending no credit', async () => {
      // The next cycle opens ahead of the expiry, as many days before it as a new cycle is given (20),
      // so that nobody is out of compliance at the 3-year mark. 21 days before: nothing.
      t.clock.set('2032-12-25T12:00:00Z');
      expect(await runRecurrencePass({ timeZone: 'America/Toronto' }, jobRun(t.app.deps, 'p0'))).toEqual({
        started: 0,
      });
      // 20 days before: cycle 2, due on the expiry day (its end in Toronto); twice → once.
      t.clock.set('2032-12-26T12:00:00Z');
      await t.app.deps.jobs.fire('lms.recurrence-pass', 'America/Toronto');
      await expect.poll(async () => (await enrolmentsOf(courseId))[0]!.cycle, { timeout: 10_000 }).toBe(2);
      expect(await runRecurrencePass({ timeZone: 'America/Toronto' }, jobRun(t.app.deps, 'p2'))).toEqual({
        started: 0,
      });
      const [now] = await enrolmentsOf(courseId);
      expect(now).toMatchObject({ cycle: 2, completedAt: null, expiresAt: null });
      expect(iso(now!.dueAt)).toBe('2033-01-16T04:59:59.999Z');
      expect(await creditState(t.database.db, ws.id, courseId)).toMatchObject({ balance: 0, spends: 1, enrolments: 1 });
    });

    it('the learner stays compliant until the completion expires, and is overdue only after the new cycle’s due day', async () => {
      // Three years on, the administrator signs in again: the learner is still compliant (completed)
      // until the completion expires, and overdue only after the new cycle's due day.
      const statusAt = async (at: string) => {
        t.clock.set(at);
        const res = await lms<{ content: Array<{ status: string; cycle: number }> }>(
          t,
          ws.host,
          await admin.session(),
          'POST',
          '/course/members',
          { courseId, pageNo: 0 },
        );
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body.content.map((m) => `${m.cycle} ${m.status}`);
      };
      expect(await statusAt('2032-12-27T12:00:00Z')).toEqual(['2 COMPLETED']);
      expect(await statusAt('2033-01-15T09:59:00Z')).toEqual(['2 COMPLETED']);
      expect(await statusAt('2033-01-15T12:00:00Z')).toEqual(['2 DUE_SOON']);
      expect(await statusAt('2033-01-16T06:00:00Z')).toEqual(['2 OVERDUE']);
    });

    it('the history keeps the expired cycle with its score and certificate', async () => {
      t.clock.set('2033-01-16T12:00:00Z');
      const token = await admin.session();
      const history = await lms<TEnrolmentCycles>(t, ws.host, token, 'GET', `/course/enrolment/${e!.id}/cycles`);
      expect(history.status).toBe(200);
      expect(history.body.cycles).toMatchObject([
        { cycle: 1, score: 90, certificateId, endedReason: 'EXPIRED', completedAt: '2030-01-15T10:00:00.000Z' },
        { cycle: 2, endedReason: null, completedAt: null, certificateId: null, dueAt: '2033-01-16T04:59:59.999Z' },
      ]);
    });

    it('the new cycle’s notice is a job for the reminders module', async () => {
      // The NEW_CYCLE notice is a job for the reminders module.
      const notices = await queryRows(
        t.database.db,
        sql`select 1 from pgboss.job where name = 'lms.course-notice' and data->>'enrolmentId' = ${e!.id}
            and data->>'kind' = 'NEW_CYCLE' and (data->>'cycle')::int = 2`,
      );
      expect(notices).toHaveLength(1);
    });

    it('clearing the recurrence removes the expiry of a completed cycle', async () => {
      t.clock.set('2033-01-16T12:00:00Z');
      const token = await admin.session();
      // Cycle 2 completed, then the recurrence cleared: no expiry any more.
      await complete(e!.id, 36);
      const cleared = await lms<TRecurrenceResult>(t, ws.host, token, 'PUT', `/course/${courseId}/recurrence`, {
        recurrenceMonths: null,
        recurrenceDueDays: 20,
        expiryNoticeDays: 30,
        retrainOnUpdate: false,
      });
      expect(cleared.body.completionsUpdated).toBe(1);
      expect((await enrolmentsOf(courseId))[0]!.expiresAt).toBeNull();
    });
  });

  it('higher-risk departments: a member moved into one who completed the course starts a new cycle, due the new-cycle days later', async () => {
    t.clock.set('2030-01-15T10:00:00Z');
    const ws = await aWorkspace(t, { country: 'CA', timeZone: 'America/Toronto' });
    const { admin, token } = await adminOf(ws);
    const unit = await aBusinessUnit(ws);
    const office = await aDepartment(unit, { name: 'Office' });
    const warehouse = await aDepartment(unit, { name: 'Night warehouse' });
    const done = await aMember(ws, { unit, department: office });
    const notDone = await aMember(ws, { unit, department: office });
    const courseId = await ownCourse(ws);
    await lms(t, ws.host, token, 'PUT', `/course/${courseId}/recurrence`, {
      recurrenceMonths: 36,
      recurrenceDueDays: 14,
      expiryNoticeDays: 30,
      retrainOnUpdate: true,
    });
    const assign = await lms<TAutoAssignResult>(t, ws.host, token, 'POST', '/course/autoAssign', {
      courseId,
      branchId: unit.id,
      dueDays: 90,
      enabled: true,
      applyToExisting: true,
    });
    expect(assign.body.enrolled).toBe(2);
    const byAccount = new Map((await enrolmentsOf(courseId)).map((e) => [e.accountId, e]));
    await complete(byAccount.get(done.accountId)!.id, 36);

    // Marking: an unknown department is refused and nothing is saved; then the warehouse.
    const path = `/course/${courseId}/higher-risk`;
    expect((await lms(t, ws.host, token, 'PUT', path, { departmentIds: [warehouse.id, courseId] })).status).toBe(404);
    expect((await lms(t, ws.host, token, 'GET', path)).body).toEqual({ departmentIds: [] });
    const employee = await (await aMember(ws)).session();
    expect((await lms(t, ws.host, employee, 'PUT', path, { departmentIds: [warehouse.id] })).status).toBe(403);
    const marked = await lms(t, ws.host, token, 'PUT', path, { departmentIds: [warehouse.id, warehouse.id] });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(marked.body).toEqual({ departmentIds: [warehouse.id] });

    // A year later both are moved into the warehouse (the existing "edit user" path).
    t.clock.set('2031-02-01T15:00:00Z');
    const adminToken = await admin.session();
    for (const m of [done, notDone]) {
      const moved = await t.request(ws.host, {
        method: 'POST',
        url: `/api/user/update/${m.accountId}`,
        token: adminToken,
        payload: { departmentId: warehouse.id },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    // The move is a core event ("member moved"), which learning hears in a job of its own.
    await expect
      .poll(async () => (await enrolmentsOf(courseId)).find((e) => e.accountId === done.accountId)!.cycle, {
        timeout: 10_000,
      })
      .toBe(2);
    const after = new Map((await enrolmentsOf(courseId)).map((e) => [e.accountId, e]));
    // The one who had completed takes it again: cycle 2, due 14 days later at the end of the day in Toronto.
    expect(after.get(done.accountId)).toMatchObject({ cycle: 2, completedAt: null });
    expect(iso(after.get(done.accountId)!.dueAt)).toBe('2031-02-16T04:59:59.999Z');
    // The one still in their first cycle keeps it as it was.
    expect(after.get(notDone.accountId)).toMatchObject({ cycle: 1, completedAt: null });
    expect(iso(after.get(notDone.accountId)!.dueAt)).toBe(iso(byAccount.get(notDone.accountId)!.dueAt));
    // Moved within the same department again: nothing more.
    const again = await t.request(ws.host, {
      method: 'POST',
      url: `/api/user/update/${done.accountId}`,
      token: adminToken,
      payload: { departmentId: warehouse.id },
    });
    expect(again.statusCode).toBe(200);
    expect((await enrolmentsOf(courseId)).find((e) => e.accountId === done.accountId)!.cycle).toBe(2);
  });

  it('retrain on update: publishing a new version starts a new cycle for completions of the older one', async () => {
    const ws = await aWorkspace(t);
    const { token } = await adminOf(ws);
    const unit = await aBusinessUnit(ws);
    const done = await aMember(ws, { unit });
    const training = await aMember(ws, { unit });
    const course = await aCourse(t, ws.host, token);
    await anItem(t, course.draftVersionId!);
    expect((await lms(t, ws.host, token, 'POST', `/course/publish/${course.id}`)).status).toBe(200);
    await lms(t, ws.host, token, 'POST', '/course/autoAssign', {
      courseId: course.id,
      branchId: unit.id,
      dueDays: 30,
      enabled: true,
      applyToExisting: true,
    });
    const rows = await enrolmentsOf(course.id);
    const doneEnrolment = rows.find((r) => r.accountId === done.accountId)!;
    await complete(doneEnrolment.id, null);
    await lms(t, ws.host, token, 'PUT', `/course/${course.id}/recurrence`, {
      recurrenceMonths: null,
      recurrenceDueDays: 15,
      expiryNoticeDays: 0,
      retrainOnUpdate: true,
    });

    const edited = await lms(t, ws.host, token, 'POST', `/course/update/${course.id}`, {
      language: 'en',
      title: 'Version 2',
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const published = await lms<TCourseDetails>(t, ws.host, token, 'POST', `/course/publish/${course.id}`);
    expect(published.status, JSON.stringify(published.body)).toBe(200);
    const v2 = published.body.publishedVersion!.id;

    await expect
      .poll(async () => (await enrolmentsOf(course.id)).find((r) => r.accountId === done.accountId)!.cycle, {
        timeout: 10_000,
      })
      .toBe(2);
    const after = await enrolmentsOf(course.id);
    expect(after.find((r) => r.accountId === done.accountId)).toMatchObject({ courseVersionId: v2, completedAt: null });
    // Still training on version 1: left alone.
    expect(after.find((r) => r.accountId === training.accountId)).toMatchObject({ cycle: 1 });
    const history = await lms<TEnrolmentCycles>(
      t,
      ws.host,
      token,
      'GET',
      `/course/enrolment/${doneEnrolment.id}/cycles`,
    );
    expect(history.body.cycles.map((c) => [c.cycle, c.versionNumber, c.endedReason])).toEqual([
      [1, 1, 'UPDATED'],
      [2, 2, null],
    ]);
  });

  it('reassign: a new cycle now for learners who completed; others are skipped', async () => {
    const ws = await aWorkspace(t);
    const { token } = await adminOf(ws);
    const unit = await aBusinessUnit(ws);
    const done = await aMember(ws, { unit });
    const training = await aMember(ws, { unit });
    const stranger = await aMember(ws);
    const courseId = await ownCourse(ws);
    await lms(t, ws.host, token, 'POST', '/course/autoAssign', {
      courseId,
      branchId: unit.id,
      dueDays: 30,
      enabled: true,
      applyToExisting: true,
    });
    const doneEnrolment = (await enrolmentsOf(courseId)).find((r) => r.accountId === done.accountId)!;
    await complete(doneEnrolment.id, 12);
    const res = await lms<TReassignResult>(t, ws.host, token, 'POST', '/course/reassign', {
      courseId,
      userIds: [done.accountId, training.accountId, stranger.accountId],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.reassigned).toEqual([{ userId: done.accountId, enrolmentId: doneEnrolment.id, cycle: 2 }]);
    expect(res.body.skipped.sort()).toEqual([training.accountId, stranger.accountId].sort());
    const history = await lms<TEnrolmentCycles>(
      t,
      ws.host,
      token,
      'GET',
      `/course/enrolment/${doneEnrolment.id}/cycles`,
    );
    expect(history.body.cycles.map((c) => c.endedReason)).toEqual(['REASSIGNED', null]);
    // Reassigned again before completing: nothing to retrain.
    const again = await lms<TReassignResult>(t, ws.host, token, 'POST', '/course/reassign', {
      courseId,
      userIds: [done.accountId],
    });
    expect(again.body).toEqual({ reassigned: [], skipped: [done.accountId] });
  });

  it('nobody retrains themselves: a reassign naming the caller (alone or in a list) is refused whole; nothing changes', async () => {
    const ws = await aWorkspace(t);
    const { admin, token } = await adminOf(ws);
    const colleague = await aMember(ws);
    const courseId = await ownCourse(ws);
    await lms(t, ws.host, token, 'POST', '/course/autoAssign', {
      courseId,
      dueDays: 30,
      enabled: true,
      applyToExisting: true,
    });
    const all = await enrolmentsOf(courseId);
    const mine = all.find((r) => r.accountId === admin.accountId)!;
    const theirs = all.find((r) => r.accountId === colleague.accountId)!;
    await complete(mine.id, 12);
    await complete(theirs.id, 12);
    for (const userIds of [[admin.accountId], [colleague.accountId, admin.accountId]]) {
      const res = await lms<{ params: { reason: string }; details: Array<{ path: string; code: string }> }>(
        t,
        ws.host,
        token,
        'POST',
        '/course/reassign',
        { courseId, userIds },
      );
      expect(res.status, JSON.stringify(res.body)).toBe(403);
      expect(res.body.params.reason).toBe('FORBIDDEN_ACT_ON_OWN_ENROLMENT');
      expect(res.body.details[0]).toMatchObject({ code: 'OWN_ENROLMENT' });
    }
    expect((await enrolmentsOf(courseId)).filter((r) => r.cycle !== 1)).toEqual([]);
    const res = await lms<TReassignResult>(t, ws.host, token, 'POST', '/course/reassign', {
      courseId,
      userIds: [colleague.accountId],
    });
    expect(res.body.reassigned).toEqual([{ userId: colleague.accountId, enrolmentId: theirs.id, cycle: 2 }]);
  });
});

describe('authorisation and bad input', () => {
  it('another workspace, an EMPLOYEE, a BRANCH_ADMIN (even granted courses.manage) are refused; nothing changes', async () => {
    const ws = await aWorkspace(t);
    const other = await aWorkspace(t);
    const { token } = await adminOf(ws);
    const { token: otherToken } = await adminOf(other);
    const employee = await (await aMember(ws)).session();
    const branchAdmin = await (await aMember(ws, { role: 'BRANCH_ADMIN' })).session();
    await platform((tx) =>
      tx.execute(sql`insert into role_permissions (workspace_id, role, permission, granted)
                     values (${ws.id}, 'BRANCH_ADMIN', 'courses.manage', true)`),
    );
    const courseId = await ownCourse(ws);
    const learner = await aMember(ws);
    await lms(t, ws.host, token, 'POST', '/course/autoAssign', {
      courseId,
      dueDays: 7,
      enabled: true,
      applyToExisting: true,
    });
    const enrolment = (await enrolmentsOf(courseId)).find((e) => e.accountId === learner.accountId)!;

    const calls: Array<[method: 'GET' | 'POST', url: string, body?: object]> = [
      ['GET', `/course/autoAssign?courseId=${courseId}`],
      ['POST', '/course/autoAssign', { courseId, dueDays: 1, enabled: false }],
      ['POST', '/course/auto/reset', { courseId }],
      ['GET', `/course/${courseId}/recurrence`],
      ['POST', '/course/reassign', { courseId, userIds: [learner.accountId] }],
      ['GET', `/course/enrolment/${enrolment.id}/cycles`],
    ];
    for (const [method, url, body] of calls) {
      expect((await lms(t, ws.host, employee, method, url, body)).status, `${method} ${url}`).toBe(403);
      expect((await lms(t, ws.host, branchAdmin, method, url, body)).status, `${method} ${url}`).toBe(403);
      // Another workspace's administrator: its token does not work here, and on its own host the course is not found.
      expect((await lms(t, ws.host, otherToken, method, url, body)).status, `${method} ${url}`).toBeGreaterThanOrEqual(
        401,
      );
      expect((await lms(t, other.host, otherToken, method, url, body)).status, `${method} ${url}`).toBe(404);
    }
    for (const tok of [employee, branchAdmin]) {
      const put = await t.request(ws.host, {
        method: 'PUT',
        url: `/lms/api/course/${courseId}/recurrence`,
        token: tok,
        payload: { recurrenceMonths: 1, recurrenceDueDays: 1, expiryNoticeDays: 0, retrainOnUpdate: true },
      });
      expect(put.statusCode).toBe(403);
    }
    const put = await t.request(other.host, {
      method: 'PUT',
      url: `/lms/api/course/${courseId}/recurrence`,
      token: otherToken,
      payload: { recurrenceMonths: 1, recurrenceDueDays: 1, expiryNoticeDays: 0, retrainOnUpdate: true },
    });
    expect(put.statusCode).toBe(404);
    // Nothing changed.
    expect(
      (await lms<TAutoAssignState>(t, ws.host, token, 'GET', `/course/autoAssign?courseId=${courseId}`)).body.rule,
    ).toMatchObject({
      dueDays: 7,
      enabled: true,
    });
    expect(
      (await lms<TRecurrenceSettings>(t, ws.host, token, 'GET', `/course/${courseId}/recurrence`)).body
        .recurrenceMonths,
    ).toBeNull();
    expect((await enrolmentsOf(courseId)).find((e) => e.id === enrolment.id)!.cycle).toBe(1);
  });

  it('refuses bad input with a clear error and saves nothing', async () => {
    const ws = await aWorkspace(t);
    const other = await aWorkspace(t);
    const { token } = await adminOf(ws);
    const courseId = await ownCourse(ws);
    const unit = await aBusinessUnit(ws);
    const foreignDept = await aDepartment(other.hq);
    const unpublished = await aCatalogueCourse(t.database.db, { owner: ws.id, published: false });
    const post = (body: object) =>
      lms<{ code: string; params?: { reason?: string } }>(t, ws.host, token, 'POST', '/course/autoAssign', body);

    expect(
      (
        await post({
          courseId,
          dueDays: 5,
          enabled: true,
          startJoiningDate: '2030-02-01',
          endJoiningDate: '2030-01-01',
        })
      ).status,
    ).toBe(400);
    expect((await post({ courseId, dueDays: 0, enabled: true })).status).toBe(400);
    expect((await post({ courseId, dueDays: 366, enabled: true })).status).toBe(400);
    expect((await post({ courseId, dueDays: 5, enabled: true, startJoiningDate: '1 Jan 2030' })).status).toBe(400);
    expect(await post({ courseId, dueDays: 5, enabled: true, branchId: other.branchId })).toMatchObject({
      status: 404,
      body: { params: { reason: 'BRANCH_NOT_FOUND' } },
    });
    expect(await post({ courseId, dueDays: 5, enabled: true, departmentId: foreignDept.id })).toMatchObject({
      status: 404,
      body: { params: { reason: 'DEPARTMENT_NOT_FOUND' } },
    });
    // A department of another unit than the rule's.
    expect(
      (await post({ courseId, dueDays: 5, enabled: true, branchId: unit.id, departmentId: ws.departmentId })).status,
    ).toBe(404);
    expect(await post({ courseId: unpublished, dueDays: 5, enabled: true })).toMatchObject({
      status: 409,
      body: { params: { reason: 'COURSE_NOT_PUBLISHED' } },
    });
    expect(
      (await lms<TAutoAssignState>(t, ws.host, token, 'GET', `/course/autoAssign?courseId=${courseId}`)).body.rule,
    ).toBeNull();

    for (const payload of [
      { recurrenceMonths: 0, recurrenceDueDays: 30, expiryNoticeDays: 30, retrainOnUpdate: false },
      { recurrenceMonths: 121, recurrenceDueDays: 30, expiryNoticeDays: 30, retrainOnUpdate: false },
      { recurrenceMonths: 12, recurrenceDueDays: 0, expiryNoticeDays: 30, retrainOnUpdate: false },
      { recurrenceMonths: 12, recurrenceDueDays: 30, expiryNoticeDays: 181, retrainOnUpdate: false },
      { recurrenceMonths: 12, recurrenceDueDays: 30, expiryNoticeDays: 30 },
    ]) {
      const res = await t.request(ws.host, {
        method: 'PUT',
        url: `/lms/api/course/${courseId}/recurrence`,
        token,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect((await lms(t, ws.host, token, 'POST', '/course/reassign', { courseId, userIds: [] })).status).toBe(400);
    expect(
      (await lms(t, ws.host, token, 'GET', '/course/enrolment/00000000-0000-4000-8000-000000000000/cycles')).body,
    ).toMatchObject({
      params: { reason: 'ENROLMENT_NOT_FOUND' },
    });
  });
});
