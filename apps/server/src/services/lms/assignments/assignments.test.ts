import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform } from '../../../core/db/tenant.ts';
import {
  aBusinessUnit,
  aDepartment,
  aMember,
  anItem,
  aWorkspace,
  createTestApp,
  lms,
  multipart,
  type TestApp,
} from '../../../testing/index.ts';
import { aCatalogueCourse, creditState, makeAvailable } from '../../../testing/lms-fixture.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => t.clock.reset());

const platform = <T>(fn: Parameters<typeof withPlatform<T>>[2]) =>
  withPlatform(t.database.db, { action: 'test.assign', audit: false }, fn);

async function enrolmentOf(courseId: string, accountId: string) {
  const [row] = await platform((tx) =>
    queryRows<{ id: string; workspaceId: string; status: string; dueAt: Date | null; source: string }>(
      tx,
      sql`select id, workspace_id as "workspaceId", status, due_at as "dueAt", source from enrolments
           where course_id = ${courseId} and account_id = ${accountId} order by created_at desc limit 1`,
    ),
  );
  return row;
}

/** The audit entries of exports of a course's learners by `actor`. */
const exportsOf = (courseId: string, actor: string) =>
  platform((tx) =>
    queryRows<{ targetType: string; details: unknown }>(
      tx,
      sql`select target_type as "targetType", details from audit_log
           where action = 'course.members_exported' and target_id = ${courseId} and actor_account_id = ${actor}
           order by occurred_at`,
    ),
  );

/** A workspace with an admin, a second business unit with its admin, and people in both. */
async function aSetting() {
  const ws = await aWorkspace(t, { timeZone: 'Asia/Kolkata' });
  const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
  const north = await aBusinessUnit(ws, { name: 'North' });
  const northDept = await aDepartment(north, { name: 'Sales' });
  const branchAdmin = await aMember(ws, { role: 'BRANCH_ADMIN', unit: north });
  const hq1 = await aMember(ws, { firstName: 'Asha', lastName: 'Rao', department: ws.hqDepartment });
  const hq2 = await aMember(ws, { firstName: 'Bala', lastName: 'Iyer' });
  const n1 = await aMember(ws, { firstName: 'Chitra', lastName: 'Das', unit: north, department: northDept });
  const n2 = await aMember(ws, { firstName: 'Dev', lastName: 'Nair', unit: north });
  const own = await aCatalogueCourse(t.database.db, { owner: ws.id, title: 'Fire safety' });
  return {
    ws,
    admin,
    adminToken: await admin.session(),
    north,
    northDept,
    branchAdmin,
    branchToken: await branchAdmin.session(),
    hq1,
    hq2,
    n1,
    n2,
    own,
  };
}

describe('assigning a course to people', () => {
  it('enrols with a due date at the end of that day in the workspace’s zone; refuses a past day; skips the enrolled', async () => {
    t.clock.set(new Date('2031-03-10T06:00:00Z'));
    const s = await aSetting();
    const res = await lms(t, s.ws.host, s.adminToken, 'POST', '/course/assign-course-to-users', {
      courseId: s.own,
      userIds: [s.hq1.accountId, s.n1.accountId],
      dueDate: '2031-03-20',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ enrolled: 2, skipped: 0, balance: null });
    const e = await enrolmentOf(s.own, s.hq1.accountId);
    // 23:59:59.999 in Kolkata (UTC+5:30) is 18:29:59.999 UTC.
    expect(new Date(e!.dueAt!).toISOString()).toBe('2031-03-20T18:29:59.999Z');
    expect(e!.source).toBe('MANUAL');

    const again = await lms(t, s.ws.host, s.adminToken, 'POST', '/course/assign-course-to-users', {
      courseId: s.own,
      userIds: [s.hq1.accountId, s.hq2.accountId],
    });
    expect(again.body).toEqual({ enrolled: 1, skipped: 1, balance: null });

    // Yesterday in Kolkata is refused; today (late in the day) is fine.
    const past = await lms<{ params: { reason: string } }>(
      t,
      s.ws.host,
      s.adminToken,
      'POST',
      '/course/assign-course-to-users',
      { courseId: s.own, userIds: [s.n2.accountId], dueDate: '2031-03-09' },
    );
    expect(past.status).toBe(400);
    expect(past.body.params.reason).toBe('DUE_DATE_PAST');
    t.clock.set(new Date('2031-03-10T17:00:00Z')); // 22:30 in Kolkata
    const today = await lms(t, s.ws.host, s.adminToken, 'POST', '/course/assign-course-to-users', {
      courseId: s.own,
      userIds: [s.n2.accountId],
      dueDate: '2031-03-10',
    });
    expect(today.status).toBe(200);
    expect(await enrolmentOf(s.own, s.n2.accountId)).toBeDefined();
  });

  describe('authorisation', () => {
    let s: Awaited<ReturnType<typeof aSetting>>;
    let other: Awaited<ReturnType<typeof aWorkspace>>;
    let otherAdmin: string;
    let employee: string;
    let body: { courseId: string; userIds: string[] };
    beforeAll(async () => {
      s = await aSetting();
      other = await aWorkspace(t);
      otherAdmin = await (await aMember(other, { role: 'WORKSPACE_ADMIN' })).session();
      employee = await s.hq2.session();
      body = { courseId: s.own, userIds: [s.hq1.accountId] };
    });

    it('another workspace’s admin finds no such course on its host, and its session is not valid on this one', async () => {
      // Another workspace's admin, on its own host: the course does not exist there.
      expect((await lms(t, other.host, otherAdmin, 'POST', '/course/assign-course-to-users', body)).status).toBe(404);
      expect((await lms(t, other.host, otherAdmin, 'POST', '/course/members', { courseId: s.own })).status).toBe(404);
      // … and its session is not valid on this workspace's host.
      expect((await lms(t, s.ws.host, otherAdmin, 'POST', '/course/assign-course-to-users', body)).status).toBe(401);
    });

    it('an employee holds no courses.assign: every assignment route is refused', async () => {
      // An employee holds no courses.assign.
      for (const [method, url, payload] of [
        ['POST', '/course/assign-course-to-users', body],
        ['POST', '/course/members', { courseId: s.own }],
        ['POST', '/course/unassign', body],
        ['GET', '/workspace-course/all/brief', undefined],
        ['GET', `/course/user-attempts?courseId=${s.own}&userId=${s.hq1.accountId}`, undefined],
      ] as const) {
        const r = await lms<{ params: { reason: string } }>(t, s.ws.host, employee, method, url, payload);
        expect(r.status, url).toBe(403);
        expect(r.body.params.reason).toBe('FORBIDDEN_ASSIGN_COURSES');
      }
    });

    it('a business unit admin assigns in its own unit; anyone outside it reads as missing, and nothing is written', async () => {
      // A business unit admin: its own unit, yes; anyone outside it reads as missing, and nothing is written.
      const mine = await lms(t, s.ws.host, s.branchToken, 'POST', '/course/assign-course-to-users', {
        courseId: s.own,
        userIds: [s.n1.accountId],
      });
      expect(mine.status, JSON.stringify(mine.body)).toBe(200);
      const beyond = await lms(t, s.ws.host, s.branchToken, 'POST', '/course/assign-course-to-users', {
        courseId: s.own,
        userIds: [s.n2.accountId, s.hq1.accountId],
      });
      expect(beyond.status).toBe(404);
      expect(await enrolmentOf(s.own, s.n2.accountId)).toBeUndefined();
      expect(await enrolmentOf(s.own, s.hq1.accountId)).toBeUndefined();
    });

    it('a business unit admin cannot see, unassign or read the attempts of HQ people the admin enrolled', async () => {
      // The admin enrols HQ people; the unit admin cannot see, unassign or grant them.
      await lms(t, s.ws.host, s.adminToken, 'POST', '/course/assign-course-to-users', {
        courseId: s.own,
        userIds: [s.hq1.accountId],
      });
      const list = await lms<{ content: Array<{ userId: string }>; summary: { total: number } }>(
        t,
        s.ws.host,
        s.branchToken,
        'POST',
        '/course/members',
        { courseId: s.own, pageNo: 0 },
      );
      expect(list.body.content.map((m) => m.userId)).toEqual([s.n1.accountId]);
      expect(list.body.summary.total).toBe(1);
      expect(
        (await lms(t, s.ws.host, s.branchToken, 'POST', '/course/members', { courseId: s.own, branchId: s.ws.hq.id }))
          .status,
      ).toBe(403);
      expect(
        (
          await lms(t, s.ws.host, s.branchToken, 'POST', '/course/unassign', {
            courseId: s.own,
            userIds: [s.hq1.accountId],
          })
        ).status,
      ).toBe(404);
      expect((await enrolmentOf(s.own, s.hq1.accountId))!.status).toBe('ACTIVE');
      expect(
        (
          await lms(
            t,
            s.ws.host,
            s.branchToken,
            'GET',
            `/course/user-attempts?courseId=${s.own}&userId=${s.hq1.accountId}`,
          )
        ).status,
      ).toBe(404);
    });

    it('a business unit admin’s export lists its own unit only', async () => {
      const csv = await t.request(s.ws.host, {
        method: 'GET',
        url: `/lms/api/course/members/export?courseId=${s.own}`,
        token: s.branchToken,
      });
      expect(csv.body).toContain('Chitra Das');
      expect(csv.body).not.toContain('Asha Rao');
      // The export is audited with the course, the number of rows and who read them (ids and counts only).
      expect(await exportsOf(s.own, s.branchAdmin.accountId)).toEqual([
        { targetType: 'course', details: { format: 'csv', rows: csv.body.trim().split('\r\n').length - 1 } },
      ]);
    });

    it('a business unit admin’s picker and filters never reach beyond its unit', async () => {
      const picker = await lms<{ content: Array<{ userId: string }> }>(
        t,
        s.ws.host,
        s.branchToken,
        'POST',
        '/course/users',
        {
          courseId: s.own,
        },
      );
      expect(picker.body.content.map((u) => u.userId).sort()).toEqual([s.branchAdmin.accountId, s.n2.accountId].sort());
      // A filter on another unit is refused; the unit admin's filter never reaches beyond its unit.
      expect(
        (await lms(t, s.ws.host, s.branchToken, 'POST', '/course/add-users', { courseId: s.own, branchId: s.ws.hq.id }))
          .status,
      ).toBe(403);
      const dry = await lms<{ matched: number }>(t, s.ws.host, s.branchToken, 'POST', '/course/add-users', {
        courseId: s.own,
        dryRun: true,
      });
      expect(dry.body.matched).toBe(3); // the unit admin, Chitra, Dev
    });
  });

  it('a course the caller cannot see is 404: a draft, a catalogue course not made available', async () => {
    const s = await aSetting();
    const draft = await aCatalogueCourse(t.database.db, { owner: s.ws.id, published: false });
    const hidden = await aCatalogueCourse(t.database.db);
    for (const courseId of [draft, hidden]) {
      const r = await lms(t, s.ws.host, s.branchToken, 'POST', '/course/assign-course-to-users', {
        courseId,
        userIds: [s.n1.accountId],
      });
      expect(r.status).toBe(404);
    }
    expect(
      (
        await lms(t, s.ws.host, s.adminToken, 'POST', '/course/assign-course-to-users', {
          courseId: hidden,
          userIds: [s.n1.accountId],
        })
      ).status,
    ).toBe(404);
    const brief = await lms<Array<{ id: string }>>(t, s.ws.host, s.branchToken, 'GET', '/workspace-course/all/brief');
    expect(brief.body.map((c) => c.id)).toEqual([s.own]);
  });
});

describe('credits', () => {
  it('two concurrent assigns of the same people spend one credit per enrolment; unassigning before starting refunds once', async () => {
    const s = await aSetting();
    const course = await aCatalogueCourse(t.database.db, { title: 'POSH' });
    await makeAvailable(t.database.db, s.ws.id, course, 3);
    const body = { courseId: course, userIds: [s.hq1.accountId, s.hq2.accountId] };
    const [a, b] = await Promise.all([
      lms(t, s.ws.host, s.adminToken, 'POST', '/course/assign-course-to-users', body),
      lms(t, s.ws.host, s.adminToken, 'POST', '/course/assign-course-to-users', body),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await creditState(t.database.db, s.ws.id, course)).toMatchObject({ balance: 1, spends: 2, enrolments: 2 });

    // Short of credits: nobody is enrolled (all or nothing).
    const short = await lms<{ params: { reason: string } }>(t, s.ws.host, s.adminToken, 'POST', '/course/add-users', {
      courseId: course,
    });
    expect(short.status).toBe(409);
    expect(short.body.params.reason).toBe('NO_CREDITS');
    const dry = await lms(t, s.ws.host, s.adminToken, 'POST', '/course/add-users', { courseId: course, dryRun: true });
    expect(dry.body).toMatchObject({ dryRun: true, matched: 6, enrolled: 4, skipped: 2, creditsNeeded: 4, balance: 1 });
    expect(await creditState(t.database.db, s.ws.id, course)).toMatchObject({ balance: 1, enrolments: 2 });

    // hq1 started; hq2 did not: only hq2's credit comes back, once.
    await platform((tx) =>
      tx.execute(
        sql`update enrolments set started_at = app_now() where course_id = ${course} and account_id = ${s.hq1.accountId}`,
      ),
    );
    const un = await lms(t, s.ws.host, s.adminToken, 'POST', '/course/unassign', body);
    expect(un.body).toEqual({ removed: 2, refunded: 1, balance: 2 });
    const again = await lms(t, s.ws.host, s.adminToken, 'POST', '/course/unassign', body);
    expect(again.body).toEqual({ removed: 0, refunded: 0, balance: 2 });
    expect(await creditState(t.database.db, s.ws.id, course)).toMatchObject({ balance: 2, ledgerSum: 2 });
    expect((await enrolmentOf(course, s.hq1.accountId))!.status).toBe('REMOVED');
  });
});

describe('assigning by filter and from a file', () => {
  it('the filter: unit, department, joining dates; dry run writes nothing', async () => {
    const s = await aSetting();
    await platform((tx) =>
      tx.execute(
        sql`update memberships set date_of_joining = '2024-05-01' where account_id in (${s.n1.accountId}, ${s.hq1.accountId})`,
      ),
    );
    const f = { courseId: s.own, startJoiningDate: '2024-01-01', endJoiningDate: '2024-12-31' };
    const dry = await lms(t, s.ws.host, s.adminToken, 'POST', '/course/add-users', { ...f, dryRun: true });
    expect(dry.body).toMatchObject({ matched: 2, enrolled: 2, creditsNeeded: 0 });
    expect(await enrolmentOf(s.own, s.n1.accountId)).toBeUndefined();
    const dept = await lms(t, s.ws.host, s.adminToken, 'POST', '/course/add-users', {
      courseId: s.own,
      departmentId: s.northDept.id,
      dueDate: '2099-01-01',
    });
    expect(dept.body).toMatchObject({ matched: 1, enrolled: 1 });
    expect((await enrolmentOf(s.own, s.n1.accountId))!.source).toBe('FILTER');
    const reversed = await lms(t, s.ws.host, s.adminToken, 'POST', '/course/add-users', {
      courseId: s.own,
      startJoiningDate: '2025-01-01',
      endJoiningDate: '2024-01-01',
    });
    expect(reversed.status).toBe(400);
  });

  it('a file: any bad row → 400 with the rows and nobody enrolled; else every course × person', async () => {
    const s = await aSetting();
    const second = await aCatalogueCourse(t.database.db, { owner: s.ws.id });
    const upload = (file: string, fields: Record<string, string>, token = s.adminToken) => {
      const body = multipart(file, fields);
      return t.request(s.ws.host, {
        method: 'POST',
        url: '/lms/api/course/bulk-add-users',
        token,
        payload: body.payload,
        headers: body.headers,
      });
    };
    const courseList = `${s.own},${second}`;
    const bad = await upload(
      `Email,Employee ID\n${s.hq1.email},\n,${s.n1.employeeId}\nnobody@example.test,\n${s.hq1.email.toUpperCase()},\n`,
      { courseList },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().params).toMatchObject({ reason: 'ASSIGN_FILE_INVALID', count: 2 });
    expect(bad.json().details.map((d: { path: string }) => d.path)).toEqual(['row 4.Email', 'row 5.Email']);
    expect(await enrolmentOf(s.own, s.hq1.accountId)).toBeUndefined();

    // A business unit admin's file naming someone outside its unit is a bad row too.
    const beyond = await upload(`Email\n${s.hq1.email}\n`, { courseList }, s.branchToken);
    expect(beyond.statusCode).toBe(400);
    expect(await upload(`Name\nx\n`, { courseList })).toMatchObject({ statusCode: 400 });
    expect((await upload(`Email\n${s.hq1.email}\n`, { courseList: 'nope' })).statusCode).toBe(400);
    expect((await upload(`Email\n${s.hq1.email}\n`, { courseList, dueDate: '2000-01-01' })).statusCode).toBe(400);
    expect((await upload('', { courseList })).statusCode).toBe(400);
    expect((await upload(`Email\n${s.hq1.email}\n`, {})).statusCode).toBe(400);

    const good = await upload(`Email,Employee ID\n${s.hq1.email},\n,${s.n1.employeeId}\n`, {
      courseList,
      dueDate: '2099-06-30',
    });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toEqual({ courses: 2, people: 2, enrolled: 4, skipped: 0 });
    expect((await enrolmentOf(second, s.n1.accountId))!.source).toBe('FILE');
  });
});

describe('members, export and attempts', () => {
  // One course with a quiz of three attempts (written as a draft, then published), assigned to three
  // people due 5 January 2031; Asha has started (40%) and used her three attempts (best 50). The rules
  // below read it in order: the grants at the end change the attempts.
  let s: Awaited<ReturnType<typeof aSetting>>;
  let quiz: string;
  let e1: Awaited<ReturnType<typeof enrolmentOf>>;
  const JAN_1 = new Date('2031-01-01T06:00:00Z');
  const JAN_6 = new Date('2031-01-06T06:00:00Z');
  type TMembers = {
    content: Array<{
      userId: string;
      status: string;
      attemptsUsed: number;
      bestScore: number | null;
      progressPercent: number;
    }>;
    summary: Record<string, number>;
    timeZone: string;
  };
  const exportCsv = (token: string) =>
    t.request(s.ws.host, { method: 'GET', url: `/lms/api/course/members/export?courseId=${s.own}`, token });
  beforeAll(async () => {
    t.clock.set(JAN_1);
    s = await aSetting();
    const draft = await aCatalogueCourse(t.database.db, { owner: s.ws.id, published: false, title: 'Quizzed' });
    const [v] = await platform((tx) =>
      queryRows<{ id: string }>(tx, sql`select draft_version_id as id from courses where id = ${draft}`),
    );
    quiz = await anItem(t, v!.id, { kind: 'QUIZ', title: 'Final quiz' });
    await platform(async (tx) => {
      await tx.execute(sql`update course_items set attempt_limit = 3 where id = ${quiz}`);
      await tx.execute(
        sql`update course_versions set status = 'PUBLISHED', published_at = app_now() where id = ${v!.id}`,
      );
      await tx.execute(
        sql`update courses set published_version_id = ${v!.id}, draft_version_id = null where id = ${draft}`,
      );
    });
    s.own = draft;
    await lms(t, s.ws.host, s.adminToken, 'POST', '/course/assign-course-to-users', {
      courseId: s.own,
      userIds: [s.hq1.accountId, s.hq2.accountId, s.n1.accountId],
      dueDate: '2031-01-05',
    });
    e1 = await enrolmentOf(s.own, s.hq1.accountId);
    await platform(async (tx) => {
      await tx.execute(sql`update enrolments set started_at = app_now(), progress_percent = 40 where id = ${e1!.id}`);
      await tx.execute(sql`insert into enrolment_item_progress (workspace_id, enrolment_id, cycle, item_id, attempts_used, best_score, passed)
          values (${s.ws.id}, ${e1!.id}, 1, ${quiz}, 3, 50, false)`);
      for (const n of [1, 2, 3])
        await tx.execute(sql`insert into quiz_attempts (workspace_id, enrolment_id, cycle, item_id, account_id, attempt_no, idempotency_key, answers, results, score, correct_count, question_count, passed)
            values (${s.ws.id}, ${e1!.id}, 1, ${quiz}, ${s.hq1.accountId}, ${n}, ${`key-${n}-abcdef`}, '{"secret":"answer"}', '[]', ${n * 10 + 20}, 0, 1, false)`);
    });
  });

  it('lists the members with status, attempts used, best score and progress, in the workspace’s zone', async () => {
    t.clock.set(JAN_1);
    const page = await lms<TMembers>(t, s.ws.host, await s.admin.session(), 'POST', '/course/members', {
      courseId: s.own,
      pageNo: 0,
    });
    expect(page.status).toBe(200);
    expect(page.body.summary).toMatchObject({ total: 3, DUE_SOON: 3 });
    expect(page.body.timeZone).toBe('Asia/Kolkata');
    expect(page.body.content.find((m) => m.userId === s.hq1.accountId)).toMatchObject({
      status: 'DUE_SOON',
      attemptsUsed: 3,
      bestScore: 50,
      progressPercent: 40,
    });
  });

  it('once the due date has passed they are overdue (the clock moves, nothing is stored); status and search filter', async () => {
    t.clock.set(JAN_6);
    const late = await lms<TMembers>(t, s.ws.host, await s.admin.session(), 'POST', '/course/members', {
      courseId: s.own,
      status: 'OVERDUE',
      search: 'asha',
    });
    expect(late.body.content).toHaveLength(1);
    expect(late.body.summary.OVERDUE).toBe(3);
  });

  it('exports the members as CSV: a header and one line per member', async () => {
    t.clock.set(JAN_6);
    const csv = await exportCsv(await s.admin.session());
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Name,Email,Employee ID,Business unit,Department,Status,Progress (%),Attempts used,Best score,Due date,Assigned on,Completed on,Cycle',
    );
    expect(lines).toHaveLength(4);
    expect(await exportsOf(s.own, s.admin.accountId)).toEqual([
      { targetType: 'course', details: { format: 'csv', rows: 3 } },
    ]);
    expect(lines.find((l) => l.startsWith('Asha Rao'))).toContain('Overdue,40,3,50,2031-01-05,2031-01-01,,1');
  });

  it('names the export by the workspace’s day: 19:00 UTC is already 7 January in Kolkata (issue 21 item 5)', async () => {
    t.clock.set(new Date('2031-01-06T19:00:00Z'));
    const late7th = await exportCsv(await s.admin.session());
    expect(late7th.statusCode).toBe(200);
    expect(late7th.headers['content-disposition']).toMatch(/-learners-2031-01-07\.csv"$/);
  });

  it('lists who used up their attempts, and each attempt without the answers given', async () => {
    t.clock.set(JAN_6);
    const token = await s.admin.session();
    const exceeded = await lms<{ content: Array<{ userId: string; attemptsAllowed: number; quizTitle: string }> }>(
      t,
      s.ws.host,
      token,
      'POST',
      '/course/attempts/exceeded',
      { courseId: s.own, pageNo: 0 },
    );
    expect(exceeded.body.content).toEqual([
      expect.objectContaining({ userId: s.hq1.accountId, attemptsAllowed: 3, quizTitle: 'Final quiz en' }),
    ]);
    const attempts = await lms<{ quizzes: Array<{ attempts: unknown[] }> }>(
      t,
      s.ws.host,
      token,
      'GET',
      `/course/user-attempts?courseId=${s.own}&userId=${s.hq1.accountId}`,
    );
    expect(attempts.body.quizzes[0]!.attempts).toHaveLength(3);
    expect(JSON.stringify(attempts.body)).not.toContain('secret');
  });

  it('a unit admin cannot grant an HQ learner attempts; the workspace admin can (audited), and the used-up list empties', async () => {
    t.clock.set(JAN_6);
    const adminToken = await s.admin.session();
    const grant = { courseId: s.own, userId: s.hq1.accountId, itemId: quiz, count: 2 };
    const byUnitAdmin = await lms(
      t,
      s.ws.host,
      await s.branchAdmin.session(),
      'POST',
      '/course/increase/user-attempts',
      grant,
    );
    expect(byUnitAdmin.status).toBe(404);
    const granted = await lms(t, s.ws.host, adminToken, 'POST', '/course/increase/user-attempts', grant);
    expect(granted.body).toEqual({ extraAttempts: 2, attemptsAllowed: 5 });
    const after = await lms<{ content: unknown[] }>(t, s.ws.host, adminToken, 'POST', '/course/attempts/exceeded', {
      courseId: s.own,
    });
    expect(after.body.content).toHaveLength(0);
    const [audit] = await platform((tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from audit_log where action = 'enrolment.attempts_granted' and target_id = ${e1!.id}`,
      ),
    );
    expect(audit!.n).toBe(1);
  });

  it('grants at most 100 extra attempts in all; someone who never tried the quiz has nothing to grant', async () => {
    t.clock.set(JAN_6);
    const adminToken = await s.admin.session();
    const grant = { courseId: s.own, userId: s.hq1.accountId, itemId: quiz, count: 2 };
    await platform((tx) =>
      tx.execute(sql`update enrolment_item_progress set extra_attempts = 95 where enrolment_id = ${e1!.id}`),
    );
    const capped = await lms<{ params: { reason: string } }>(
      t,
      s.ws.host,
      adminToken,
      'POST',
      '/course/increase/user-attempts',
      { ...grant, count: 6 },
    );
    expect(capped.status).toBe(409);
    expect(capped.body.params.reason).toBe('ATTEMPTS_LIMIT_REACHED');
    const never = await lms<{ params: { reason: string } }>(
      t,
      s.ws.host,
      adminToken,
      'POST',
      '/course/increase/user-attempts',
      { ...grant, userId: s.hq2.accountId },
    );
    expect(never.body.params.reason).toBe('NO_ATTEMPTS_YET');
  });
});

describe('nobody acts on their own enrolment', () => {
  /** A published course of the workspace with a quiz of one attempt, `who` enrolled and out of attempts. */
  async function outOfAttempts(s: Awaited<ReturnType<typeof aSetting>>, who: Array<{ accountId: string }>) {
    const draft = await aCatalogueCourse(t.database.db, { owner: s.ws.id, published: false, title: 'Mandatory' });
    const [v] = await platform((tx) =>
      queryRows<{ id: string }>(tx, sql`select draft_version_id as id from courses where id = ${draft}`),
    );
    const quiz = await anItem(t, v!.id, { kind: 'QUIZ', title: 'Quiz' });
    await platform(async (tx) => {
      await tx.execute(sql`update course_items set attempt_limit = 1 where id = ${quiz}`);
      await tx.execute(
        sql`update course_versions set status = 'PUBLISHED', published_at = app_now() where id = ${v!.id}`,
      );
      await tx.execute(
        sql`update courses set published_version_id = ${v!.id}, draft_version_id = null where id = ${draft}`,
      );
    });
    const assigned = await lms(t, s.ws.host, s.adminToken, 'POST', '/course/assign-course-to-users', {
      courseId: draft,
      userIds: who.map((w) => w.accountId),
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    for (const w of who) {
      const e = await enrolmentOf(draft, w.accountId);
      await platform((tx) =>
        tx.execute(sql`insert into enrolment_item_progress (workspace_id, enrolment_id, cycle, item_id, attempts_used, best_score, passed)
            values (${s.ws.id}, ${e!.id}, 1, ${quiz}, 1, 10, false)`),
      );
    }
    return { courseId: draft, quiz };
  }

  const extraOf = (courseId: string, accountId: string) =>
    platform((tx) =>
      queryRows<{ extra: number }>(
        tx,
        sql`select coalesce(sum(p.extra_attempts), 0)::int as extra from enrolment_item_progress p
              join enrolments e on e.id = p.enrolment_id where e.course_id = ${courseId} and e.account_id = ${accountId}`,
      ),
    ).then((r) => r[0]!.extra);

  it('a unit admin with default rights cannot grant themselves attempts or unassign themselves (alone or in a list); others still can', async () => {
    const s = await aSetting();
    const { courseId, quiz } = await outOfAttempts(s, [s.branchAdmin, s.n1]);
    const own = { courseId, userId: s.branchAdmin.accountId, itemId: quiz, count: 10 };
    const grant = await lms<{
      code: string;
      params: { reason: string };
      details: Array<{ path: string; code: string }>;
    }>(t, s.ws.host, s.branchToken, 'POST', '/course/increase/user-attempts', own);
    expect(grant.status).toBe(403);
    expect(grant.body.params.reason).toBe('FORBIDDEN_ACT_ON_OWN_ENROLMENT');
    expect(grant.body.details).toEqual([expect.objectContaining({ path: 'userId', code: 'OWN_ENROLMENT' })]);
    expect(await extraOf(courseId, s.branchAdmin.accountId)).toBe(0);
    // The same unit admin grants a learner of the unit; the workspace admin grants the unit admin.
    const other = await lms(t, s.ws.host, s.branchToken, 'POST', '/course/increase/user-attempts', {
      ...own,
      userId: s.n1.accountId,
      count: 1,
    });
    expect(other.status, JSON.stringify(other.body)).toBe(200);
    const byAdmin = await lms(t, s.ws.host, s.adminToken, 'POST', '/course/increase/user-attempts', {
      ...own,
      count: 1,
    });
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200);
    expect(await extraOf(courseId, s.branchAdmin.accountId)).toBe(1);

    // Unassigning: oneself alone, or oneself among others → the whole request is refused, naming the row.
    for (const userIds of [[s.branchAdmin.accountId], [s.n1.accountId, s.branchAdmin.accountId]]) {
      const res = await lms<{ params: { reason: string }; details: Array<{ path: string; code: string }> }>(
        t,
        s.ws.host,
        s.branchToken,
        'POST',
        '/course/unassign',
        { courseId, userIds },
      );
      expect(res.status).toBe(403);
      expect(res.body.params.reason).toBe('FORBIDDEN_ACT_ON_OWN_ENROLMENT');
      expect(res.body.details[0]).toMatchObject({
        path: userIds.length === 1 ? 'userId' : 'userIds.1',
        code: 'OWN_ENROLMENT',
      });
    }
    expect((await enrolmentOf(courseId, s.branchAdmin.accountId))!.status).toBe('ACTIVE');
    expect((await enrolmentOf(courseId, s.n1.accountId))!.status).toBe('ACTIVE');
    const others = await lms(t, s.ws.host, s.branchToken, 'POST', '/course/unassign', {
      courseId,
      userIds: [s.n1.accountId],
    });
    expect(others.status, JSON.stringify(others.body)).toBe(200);
    expect((await enrolmentOf(courseId, s.n1.accountId))!.status).toBe('REMOVED');
  });

  it('an employee given courses.assign cannot either; nor can a workspace admin on their own enrolment', async () => {
    const s = await aSetting();
    await platform((tx) =>
      tx.execute(sql`insert into role_permissions (workspace_id, role, permission, granted)
                     values (${s.ws.id}, 'EMPLOYEE', 'courses.assign', true)`),
    );
    const { courseId, quiz } = await outOfAttempts(s, [s.hq1, s.admin]);
    const employeeToken = await s.hq1.session();
    const grant = await lms<{ params: { reason: string } }>(
      t,
      s.ws.host,
      employeeToken,
      'POST',
      '/course/increase/user-attempts',
      { courseId, userId: s.hq1.accountId, itemId: quiz, count: 10 },
    );
    expect(grant.status).toBe(403);
    expect(grant.body.params.reason).toBe('FORBIDDEN_ACT_ON_OWN_ENROLMENT');
    const unassign = await lms<{ params: { reason: string } }>(
      t,
      s.ws.host,
      employeeToken,
      'POST',
      '/course/unassign',
      {
        courseId,
        userIds: [s.hq1.accountId],
      },
    );
    expect(unassign.status).toBe(403);
    expect(unassign.body.params.reason).toBe('FORBIDDEN_ACT_ON_OWN_ENROLMENT');
    const adminSelf = await lms<{ params: { reason: string } }>(
      t,
      s.ws.host,
      s.adminToken,
      'POST',
      '/course/increase/user-attempts',
      { courseId, userId: s.admin.accountId, itemId: quiz, count: 1 },
    );
    expect(adminSelf.status).toBe(403);
    expect(await extraOf(courseId, s.hq1.accountId)).toBe(0);
    expect(await extraOf(courseId, s.admin.accountId)).toBe(0);
    expect((await enrolmentOf(courseId, s.hq1.accountId))!.status).toBe('ACTIVE');
  });
});
