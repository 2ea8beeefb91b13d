import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/db/database.ts';
import { withPlatform } from '../../core/db/tenant.ts';
import { insertCertificate } from '../../services/lms/certificates/certificates.repo.ts';
import {
  type ADepartment,
  type AMember,
  type AUnit,
  type AWorkspace,
  aBusinessUnit,
  aDepartment,
  aMember,
  anOperator,
  aWorkspace,
} from '../factories.ts';
import { aLearningCourse, anEnrolment, type LearningCourse } from '../learning.ts';
import { aCatalogueCourse, makeAvailable } from '../lms-fixture.ts';
import type { TestApp } from '../test-app.ts';

/**
 * The cast of the table-driven authorization suites (`testing/authz/*.table.ts`), built once per
 * test file. Workspace A has two business units: its headquarters (where `unitAdminOutside` works)
 * and `target` (where the learner, the other employee and `unitAdminTarget` are, and at which every
 * request aims). Workspace B is another customer, with a course of its own. The operator works on
 * the platform host.
 */
export type AuthzFixture = {
  t: TestApp;
  a: AWorkspace;
  b: AWorkspace;
  target: { unit: AUnit; department: ADepartment };
  people: Record<Caller, { member: AMember | null; accountId: string; token: string; host: string }>;
  /** A's own published course (lesson, quiz, last lesson) and the learner's enrolment on it. */
  course: LearningCourse;
  learnerEnrolment: string;
  /** unitAdminTarget's own enrolment on `course` (what it may not grant itself). */
  unitAdminEnrolment: string;
  /** A catalogue course made available to A with credits; one available with none; one not available. */
  catalogue: { withCredits: string; noCredits: string; unavailable: string };
  /** B's own published course. */
  bCourse: LearningCourse;
};

/** Who may send a request in the tables. */
export type Caller = 'adminA' | 'adminB' | 'unitAdminOutside' | 'unitAdminTarget' | 'learner' | 'employee' | 'operator';

/** What each caller is, for the tests' names. */
export const CALLER_NAMES: Record<Caller, string> = {
  adminA: "A's workspace admin",
  adminB: "B's workspace admin",
  unitAdminOutside: "a business-unit admin of A's headquarters (outside the target unit)",
  unitAdminTarget: "the target unit's business-unit admin",
  learner: 'the learner (an employee of the target unit, enrolled)',
  employee: 'an employee of the target unit (not enrolled)',
  operator: 'the platform operator',
};

/** Builds the cast: two workspaces, the people, A's course and enrolments, catalogue courses, B's course. */
export async function authzFixture(t: TestApp): Promise<AuthzFixture> {
  const db = t.database.db;
  const a = await aWorkspace(t);
  const b = await aWorkspace(t);
  const unit = await aBusinessUnit(a, { name: 'Target Unit' });
  const department = await aDepartment(unit, { name: 'Target Department' });
  const m = async (ws: AWorkspace, role: AMember['role'], inTarget: boolean) => {
    const member = await aMember(ws, { role, ...(inTarget ? { unit, department } : {}) });
    return { member, accountId: member.accountId, token: await member.session(), host: ws.host };
  };
  const operator = await anOperator(t);
  const people: AuthzFixture['people'] = {
    adminA: await m(a, 'WORKSPACE_ADMIN', false),
    adminB: await m(b, 'WORKSPACE_ADMIN', false),
    unitAdminOutside: await m(a, 'BRANCH_ADMIN', false),
    unitAdminTarget: await m(a, 'BRANCH_ADMIN', true),
    learner: await m(a, 'EMPLOYEE', true),
    employee: await m(a, 'EMPLOYEE', true),
    operator: {
      member: null,
      accountId: operator.accountId,
      token: await operator.signIn(t),
      host: t.config.platformHost,
    },
  };
  const course = await aLearningCourse(db, a.id, { title: 'A course of A' });
  const enrol = (accountId: string) => anEnrolment(db, { workspaceId: a.id, ...course, accountId });
  const withCredits = await aCatalogueCourse(db, { title: 'Catalogue with credits' });
  const noCredits = await aCatalogueCourse(db, { title: 'Catalogue without credits' });
  const unavailable = await aCatalogueCourse(db, { title: 'Catalogue not available to A' });
  await makeAvailable(db, a.id, withCredits, 50);
  await makeAvailable(db, a.id, noCredits, 0);
  return {
    t,
    a,
    b,
    target: { unit, department },
    people,
    course,
    learnerEnrolment: await enrol(people.learner.accountId),
    unitAdminEnrolment: await enrol(people.unitAdminTarget.accountId),
    catalogue: { withCredits, noCredits, unavailable },
    bCourse: await aLearningCourse(db, b.id, { title: 'A course of B' }),
  };
}

/** Tables whose rows belong to no request (sessions, the audit trail, rate limits, sign-in codes). */
const NOT_SNAPSHOTTED = new Set([
  'sessions',
  'audit_log',
  'rate_limit_events',
  'one_time_codes',
  'oidc_logins',
  'session_handoffs',
]);

/**
 * Everything of workspace A and of the platform's own data (rows with no workspace: the catalogue,
 * jurisdictions), as one digest per table (how many rows, and the newest row version): a refused request must leave every one as it was. The
 * other workspaces' rows are left out (B's admin may legitimately act in B).
 */
export async function snapshot(f: AuthzFixture): Promise<Record<string, string>> {
  await settled(f);
  return withPlatform(f.t.database.db, { action: 'test.snapshot', audit: false }, async (tx) => {
    const tables = await queryRows<{ table: string; scoped: boolean }>(
      tx,
      sql`select c.relname as "table",
                 exists (select 1 from information_schema.columns i
                          where i.table_schema = 'public' and i.table_name = c.relname and i.column_name = 'workspace_id') as scoped
            from pg_class c join pg_namespace n on n.oid = c.relnamespace
           where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relname not like '\\_\\_%'
             -- The platform role reads no case-security table (keystore, trail: DESIGN §9); those are
             -- left out here, and their own tests (core/keystore, core/trail) check who writes them.
             and has_table_privilege(current_user, c.oid, 'SELECT')
           order by 1`,
    );
    const parts = tables
      .filter((x) => !NOT_SNAPSHOTTED.has(x.table))
      .map((x) => {
        const id = sql.identifier(x.table);
        const where =
          x.table === 'workspaces'
            ? sql`where r.id = ${f.a.id}`
            : x.table === 'accounts'
              ? sql`where r.id in (select account_id from memberships where workspace_id = ${f.a.id}) or r.platform_role is not null`
              : x.scoped
                ? sql`where r.workspace_id = ${f.a.id} or r.workspace_id is null`
                : sql``;
        // Rows counted, and the newest row version: an insert or an update writes a newer one, a delete lowers the count.
        return sql`select ${x.table}::text as t, count(*) || ':' || coalesce(max(r.xmin::text::bigint), 0) as d from ${id} r ${where}`;
      });
    const rows = await queryRows<{ t: string; d: string }>(tx, sql.join(parts, sql` union all `));
    return Object.fromEntries(rows.map((r) => [r.t, r.d]));
  });
}

/**
 * Waits until no job is due or running (a previous control's mail or auto-assignment), so that a
 * snapshot is not moved by work a refused request did not cause.
 */
export async function settled(f: AuthzFixture): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [row] = await queryRows<{ n: number }>(
      f.t.database.db,
      sql`select count(*)::int as n from pgboss.job
           where state = 'active' or (state in ('created', 'retry') and start_after <= now())`,
    );
    if (row!.n === 0) return;
    if (Date.now() > deadline) throw new Error(`jobs still due after 20 s: ${row!.n}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A new published course of workspace A (lesson with a video, quiz, last lesson). */
export function aFreshCourse(f: AuthzFixture, title = 'A fresh course'): Promise<LearningCourse> {
  return aLearningCourse(f.t.database.db, f.a.id, { title });
}

/** Enrols `who` on `course` of workspace A; answers the enrolment id. */
export function enrol(f: AuthzFixture, course: { courseId: string; versionId: string }, who: Caller): Promise<string> {
  const { courseId, versionId } = course;
  return anEnrolment(f.t.database.db, { workspaceId: f.a.id, courseId, versionId, accountId: f.people[who].accountId });
}

/** The SCORM packages of a course version. */
export async function packagesOf(f: AuthzFixture, versionId: string): Promise<string[]> {
  const rows = await withPlatform(f.t.database.db, { action: 'test.fixture', audit: false }, (tx) =>
    queryRows<{ id: string }>(tx, sql`select id from scorm_packages where course_version_id = ${versionId}`),
  );
  return rows.map((r) => r.id);
}

/**
 * A published course of A whose first lesson is text only with no minimum reading time, so that a
 * learner completes it at once (then the quiz opens).
 */
export async function aQuickCourse(f: AuthzFixture): Promise<LearningCourse> {
  const course = await aFreshCourse(f, 'A quick course');
  await withPlatform(f.t.database.db, { action: 'test.fixture', audit: false }, async (tx) => {
    // A published version is frozen: open it as a draft for the change, and publish it again.
    await tx.execute(sql`update course_versions set status = 'DRAFT' where id = ${course.versionId}`);
    await tx.execute(sql`delete from course_texts where entity_id = ${course.videoBlockId}`);
    await tx.execute(sql`delete from lesson_blocks where id = ${course.videoBlockId}`);
    await tx.execute(sql`update course_items set min_reading_seconds = 0 where id = ${course.lessonId}`);
    await tx.execute(sql`update course_versions set status = 'PUBLISHED' where id = ${course.versionId}`);
  });
  return course;
}

/**
 * `who`'s enrolment on `course` (an `aQuickCourse`), its first lesson opened; `lessonDone`: that
 * lesson completed, so the quiz is open; `failedAttempts`: that many wrong quiz answers submitted.
 */
export async function aReadyEnrolment(
  f: AuthzFixture,
  who: Caller,
  course: LearningCourse,
  opts: { lessonDone?: boolean; failedAttempts?: number } = {},
): Promise<string> {
  const enrolmentId = await enrol(f, course, who);
  const me = f.people[who];
  const call = async (method: 'GET' | 'POST', url: string, payload?: object, headers?: Record<string, string>) => {
    const res = await f.t.request(me.host, {
      method,
      url: `/lms/api${url}`,
      token: me.token,
      ...(payload ? { payload } : {}),
      ...(headers ? { headers } : {}),
    });
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  };
  await call('GET', `/user-course-content/lesson/${course.lessonId}?enrolmentId=${enrolmentId}`);
  if (opts.lessonDone || opts.failedAttempts)
    await call('POST', '/user-course-content/complete', { enrolmentId, itemId: course.lessonId });
  for (let i = 0; i < (opts.failedAttempts ?? 0); i++) {
    await call(
      'POST',
      `/user-course-content/quiz/${course.quizId}/submit`,
      { enrolmentId, answers: [{ questionId: course.questionId, selected: [course.wrong] }] },
      { 'idempotency-key': `authz-${i}-${enrolmentId}` },
    );
  }
  return enrolmentId;
}

/** `who`'s completed enrolment on a new course of A, with its certificate; answers the ids and the code. */
export async function aCertificate(f: AuthzFixture, who: Caller): Promise<{ enrolmentId: string; code: string }> {
  const course = await aFreshCourse(f, 'A completed course');
  const accountId = f.people[who].accountId;
  return withPlatform(f.t.database.db, { action: 'test.fixture', audit: false }, async (tx) => {
    const [e] = await queryRows<{ id: string }>(
      tx,
      sql`insert into enrolments (workspace_id, course_id, course_version_id, account_id, completed_at, progress_percent)
          values (${f.a.id}, ${course.courseId}, ${course.versionId}, ${accountId}, app_now(), 100) returning id`,
    );
    const c = await insertCertificate(tx, {
      workspaceId: f.a.id,
      enrolmentId: e!.id,
      cycle: 1,
      accountId,
      courseId: course.courseId,
      learnerName: 'Test Learner',
      courseTitle: 'A completed course',
      language: 'en',
      score: 90,
      completedAt: new Date(),
      expiresAt: null,
    });
    return { enrolmentId: e!.id, code: c.code };
  });
}

/**
 * A workshop of A's target unit under way now (its session code open), trained by the target
 * unit's admin, with the learner invited; answers its id.
 */
export async function aWorkshop(f: AuthzFixture): Promise<string> {
  return withPlatform(f.t.database.db, { action: 'test.fixture', audit: false }, async (tx) => {
    const [w] = await queryRows<{ id: string }>(
      tx,
      sql`insert into workshops (workspace_id, branch_id, title, starts_at, duration_minutes, location, trainer_id,
                                 capacity, audience)
          values (${f.a.id}, ${f.target.unit.id}, 'Authz workshop', app_now() - interval '10 minutes', 120, 'Room 1',
                  ${f.people.unitAdminTarget.accountId}, 10,
                  ${JSON.stringify({ departmentId: f.target.department.id })}::jsonb)
          returning id`,
    );
    await tx.execute(sql`insert into workshop_invitations (workspace_id, workshop_id, account_id)
        values (${f.a.id}, ${w!.id}, ${f.people.learner.accountId})`);
    return w!.id;
  });
}
