import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform } from '../../../core/db/tenant.ts';
import { jobRun } from '../../../core/job-context.ts';
import {
  type AMember,
  type AWorkspace,
  aBusinessUnit,
  aDepartment,
  aMember,
  aWorkspace,
  captureMailer,
  createTestApp,
  lms,
  type TestApp,
} from '../../../testing/index.ts';
import { aCatalogueCourse, memberCtx } from '../../../testing/lms-fixture.ts';
import { createEnrolments } from '../enrolments/enrolments.service.ts';
import { runRemindersPass } from './reminders.service.ts';

/**
 * Course reminders and escalation (issue 14): every date rule tested by moving the clock. The
 * workspace is in Asia/Kolkata (UTC+5:30); the pass is run as its 09:00 job would run it.
 */
const mail = captureMailer();
let t: TestApp;
const ZONE = 'Asia/Kolkata';

beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer });
});
afterEach(() => t.clock.reset());
afterAll(() => t.close());

/** Waits until no course notice or mail job is waiting or running. */
async function settle() {
  const until = Date.now() + 20_000;
  for (;;) {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from pgboss.job
           where name in ('lms.course-notice', 'mail.send') and state in ('created', 'retry', 'active')`,
    );
    if (row!.n === 0) return;
    if (Date.now() > until) throw new Error('jobs did not settle');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Mail to `m` whose subject matches. */
const mailTo = (m: { email: string }, subject?: RegExp) =>
  mail.to(m.email).filter((x) => (subject ? subject.test(x.subject) : true));

async function pass(at: string) {
  t.clock.set(at);
  await runRemindersPass(jobRun(t.app.deps, `pass:${at}`), ZONE);
  await settle();
}

type Setup = {
  ws: AWorkspace;
  admin: AMember;
  token: string;
  courseId: string;
  learners: AMember[];
  enrolmentIds: string[];
};

/** A workspace with an own published course, its admin, and learners enrolled due `dueAt`. */
async function setup(opts: { dueAt: string | null; learners?: Array<{ language?: string; department?: boolean }> }) {
  const ws = await aWorkspace(t, { name: 'Bharat Textiles', color: 'C2410C' });
  const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
  const token = await admin.session();
  const courseId = await aCatalogueCourse(t.database.db, { owner: ws.id, title: 'POSH basics' });
  const learners: AMember[] = [];
  for (const l of opts.learners ?? [{}])
    learners.push(
      await aMember(ws, {
        firstName: `Asha${learners.length}`,
        language: l.language ?? null,
        ...(l.department ? { department: ws.hqDepartment } : {}),
      }),
    );
  const ctx = memberCtx(t.database.db, ws.id, admin.accountId, t.app.deps);
  const res = await ctx.tenant((tx) =>
    createEnrolments(ctx, tx, {
      workspaceId: ws.id,
      courseId,
      accountIds: learners.map((l) => l.accountId),
      dueAt: opts.dueAt ? new Date(opts.dueAt) : null,
    }),
  );
  await settle();
  const byAccount = new Map(res.enrolled.map((e) => [e.accountId, e.id]));
  return { ws, admin, token, courseId, learners, enrolmentIds: learners.map((l) => byAccount.get(l.accountId)!) };
}

async function reminderRows(enrolmentId: string) {
  return withPlatform(t.database.db, { action: 'test', audit: false }, (tx) =>
    queryRows<{ kind: string; day: string; recipients: number }>(
      tx,
      sql`select kind, to_char(day, 'YYYY-MM-DD') as day, recipients from course_reminders
           where enrolment_id = ${enrolmentId} order by created_at`,
    ),
  );
}

const put = (s: Setup, url: string, payload: object, token = s.token) =>
  t.request(s.ws.host, { method: 'PUT', url: `/lms/api${url}`, payload, token });

describe('the assigned notice', () => {
  it('mails each new learner once, in their language, branded, linking to their course page', async () => {
    t.clock.set('2030-03-01T04:00:00Z');
    const s = await setup({ dueAt: '2030-03-13T18:29:59Z', learners: [{ language: 'hi' }, {}] });
    const [hi, en] = s.learners;
    const hiMail = mailTo(hi!);
    expect(hiMail).toHaveLength(1);
    expect(hiMail[0]!.subject).toBe('नया कोर्स: POSH basics');
    expect(hiMail[0]!.text).toContain('Bharat Textiles ने आपको कोर्स “POSH basics” सौंपा है।');
    expect(hiMail[0]!.html).toContain('#C2410C');
    expect(hiMail[0]!.html).toContain('lang="hi"');
    expect(hiMail[0]!.text).toContain(`http://${s.ws.host}/learning/${s.enrolmentIds[0]}`);
    const enMail = mailTo(en!);
    expect(enMail).toHaveLength(1);
    expect(enMail[0]!.subject).toBe('New course: POSH basics');
    expect(enMail[0]!.text).toContain('Please finish it by 13 Mar 2030.');
    expect(await reminderRows(s.enrolmentIds[0]!)).toEqual([{ kind: 'ASSIGNED', day: '2030-03-01', recipients: 1 }]);
  });
});

describe('automatic reminders before and after the due date', () => {
  // Due at the end of 13 March in Kolkata; defaults: 3 days before, every 7 days after.
  const due = '2030-03-13T18:29:59Z';

  it('reminds 3 days before, then 7 and 14 days after; nothing on the days between', async () => {
    t.clock.set('2030-03-01T04:00:00Z');
    const s = await setup({ dueAt: due, learners: [{ language: 'ta' }] });
    const learner = s.learners[0]!;
    await pass('2030-03-09T03:30:00Z'); // 09:00 on 9 March: 4 days before
    expect(mailTo(learner)).toHaveLength(1); // the assigned notice only
    await pass('2030-03-10T03:30:00Z'); // 10 March: 3 days before
    const before = mailTo(learner, /கடைசி தேதி/);
    expect(before).toHaveLength(1);
    expect(before[0]!.subject).toBe('POSH basics கடைசி தேதி 13 மார்., 2030');
    await pass('2030-03-13T03:30:00Z'); // the due day
    await pass('2030-03-15T03:30:00Z');
    expect(mailTo(learner)).toHaveLength(2);
    await pass('2030-03-20T03:30:00Z'); // 7 days after
    await pass('2030-03-27T03:30:00Z'); // 14 days after
    expect(mailTo(learner, /காலம் கடந்தது/)).toHaveLength(2);
    expect((await reminderRows(s.enrolmentIds[0]!)).map((r) => `${r.kind} ${r.day}`)).toEqual([
      'ASSIGNED 2030-03-01',
      'BEFORE_DUE 2030-03-10',
      'AFTER_DUE 2030-03-20',
      'AFTER_DUE 2030-03-27',
    ]);
  });

  it('run twice the same day, the pass mails once', async () => {
    t.clock.set('2030-03-01T04:00:00Z');
    const s = await setup({ dueAt: due });
    await pass('2030-03-10T03:30:00Z');
    await pass('2030-03-10T12:00:00Z');
    expect(mailTo(s.learners[0]!, /is due on/)).toHaveLength(1);
  });

  it('fires through the schedule: the 09:00 job of the zone runs the pass', async () => {
    t.clock.set('2030-03-01T04:00:00Z');
    const s = await setup({ dueAt: due });
    t.clock.set('2030-03-10T03:30:00Z');
    expect(await t.app.deps.jobs.fire('lms.reminders-pass', ZONE)).toBeTruthy();
    await mail.next(s.learners[0]!.email, 1);
    expect(mailTo(s.learners[0]!, /is due on 13 Mar 2030/)).toHaveLength(1);
  });

  it('sends nothing when the course’s reminders are off, and again once they are on', async () => {
    t.clock.set('2030-03-01T04:00:00Z');
    const s = await setup({ dueAt: due });
    const off = await put(s, `/course/${s.courseId}/reminder-toggle`, { enabled: false });
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ remindersEnabled: false, remindBeforeDays: 3, remindAfterEveryDays: 7 });
    await pass('2030-03-10T03:30:00Z');
    await pass('2030-03-20T03:30:00Z');
    expect(mailTo(s.learners[0]!)).toHaveLength(1);
    s.token = await s.admin.session(); // a session of the moved clock's day
    expect((await put(s, `/course/${s.courseId}/reminder-toggle`, { enabled: true })).statusCode).toBe(200);
    await pass('2030-03-27T03:30:00Z');
    expect(mailTo(s.learners[0]!, /Overdue/)).toHaveLength(1);
  });

  it('follows the course’s own days: 5 before, every 2 after', async () => {
    t.clock.set('2030-03-01T04:00:00Z');
    const s = await setup({ dueAt: due });
    const res = await lms(t, s.ws.host, s.token, 'POST', '/course/course-due-reminder', {
      courseId: s.courseId,
      remindersEnabled: true,
      remindBeforeDays: 5,
      remindAfterEveryDays: 2,
      expiryNoticeDays: 10,
    });
    expect(res.status).toBe(200);
    const got = await lms(t, s.ws.host, s.token, 'GET', `/course/course-due-reminder?courseId=${s.courseId}`);
    expect(got.body).toEqual({
      courseId: s.courseId,
      remindersEnabled: true,
      remindBeforeDays: 5,
      remindAfterEveryDays: 2,
      expiryNoticeDays: 10,
      // The course manager may change the settings and send now (reminderPolicy).
      actions: ['edit', 'send'],
    });
    await pass('2030-03-08T03:30:00Z');
    await pass('2030-03-10T03:30:00Z');
    await pass('2030-03-15T03:30:00Z');
    await pass('2030-03-16T03:30:00Z');
    const kinds = (await reminderRows(s.enrolmentIds[0]!)).map((r) => `${r.kind} ${r.day}`);
    expect(kinds).toEqual(['ASSIGNED 2030-03-01', 'BEFORE_DUE 2030-03-08', 'AFTER_DUE 2030-03-15']);
  });

  it('reminds nobody who finished, was removed, or has no due date', async () => {
    t.clock.set('2030-03-01T04:00:00Z');
    const s = await setup({ dueAt: due, learners: [{}, {}] });
    const none = await setup({ dueAt: null });
    await withPlatform(t.database.db, { action: 'test', audit: false }, async (tx) => {
      await tx.execute(sql`update enrolments set completed_at = app_now() where id = ${s.enrolmentIds[0]}`);
      await tx.execute(sql`update enrolments set status = 'REMOVED' where id = ${s.enrolmentIds[1]}`);
    });
    await pass('2030-03-10T03:30:00Z');
    await pass('2030-03-20T03:30:00Z');
    for (const l of [...s.learners, ...none.learners]) expect(mailTo(l)).toHaveLength(1);
  });

  it('tells a completion that expires ahead of time (expiry notice days before)', async () => {
    t.clock.set('2030-03-01T04:00:00Z');
    const s = await setup({ dueAt: due, learners: [{ language: 'mr' }] });
    await withPlatform(t.database.db, { action: 'test', audit: false }, (tx) =>
      tx.execute(sql`update enrolments set completed_at = '2030-03-05T05:00:00Z', expires_at = '2031-03-05T05:00:00Z'
                      where id = ${s.enrolmentIds[0]}`),
    );
    await pass('2031-02-02T03:30:00Z'); // 31 days before
    expect(mailTo(s.learners[0]!)).toHaveLength(1);
    await pass('2031-02-03T03:30:00Z'); // 30 days before (the default)
    const notice = mailTo(s.learners[0]!, /पूर्तता/);
    expect(notice).toHaveLength(1);
    expect(notice[0]!.subject).toContain('५ मार्च, २०३१');
  });
});

describe('escalation at the first and second thresholds', () => {
  it('tells the department managers at the first, the target at the second, in their languages, once each', async () => {
    t.clock.set('2030-03-01T04:00:00Z');
    const s = await setup({ dueAt: '2030-03-13T18:29:59Z', learners: [{ department: true }] });
    const manager = await aMember(s.ws, { role: 'EMPLOYER', language: 'ta', firstName: 'Kavya' });
    const target = await aMember(s.ws, { role: 'WORKSPACE_ADMIN', language: 'mr', firstName: 'Meera' });
    const inactive = await aMember(s.ws, { active: false });
    await withPlatform(t.database.db, { action: 'test', audit: false }, async (tx) => {
      for (const m of [manager, inactive])
        await tx.execute(sql`insert into department_managers (workspace_id, department_id, account_id)
                              values (${s.ws.id}, ${s.ws.departmentId}, ${m.accountId})`);
    });
    const saved = await t.request(s.ws.host, {
      method: 'POST',
      url: '/api/escalation-setting/save',
      token: s.token,
      payload: {
        branchId: null,
        escalationType: 'COURSE',
        firstThresholdDate: 2,
        secondThresholdDate: 5,
        targetId: target.accountId,
      },
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      branchId: null,
      firstThresholdDate: 2,
      secondThresholdDate: 5,
      enabled: true,
    });

    await pass('2030-03-14T03:30:00Z'); // 1 day after
    expect(mailTo(manager)).toHaveLength(0);
    await pass('2030-03-15T03:30:00Z'); // 2 days after: first threshold
    const first = mailTo(manager);
    expect(first).toHaveLength(1);
    expect(first[0]!.subject).toBe(`உங்கள் துறையில் நிலுவையில் உள்ள பயிற்சி: Asha0 EMPLOYEE`);
    expect(first[0]!.text).toContain(`http://${s.ws.host}/courses/${s.courseId}/learners`);
    expect(mailTo(inactive)).toHaveLength(0);
    expect(mailTo(target)).toHaveLength(0);
    await pass('2030-03-16T03:30:00Z');
    await pass('2030-03-17T03:30:00Z');
    expect(mailTo(target)).toHaveLength(0);
    await pass('2030-03-18T03:30:00Z'); // 5 days after: second threshold
    await pass('2030-03-19T03:30:00Z');
    const second = mailTo(target);
    expect(second).toHaveLength(1);
    expect(second[0]!.subject).toBe('एस्केलेशन: Asha0 EMPLOYEE यांनी POSH basics पूर्ण केलेला नाही');
    expect(mailTo(manager)).toHaveLength(1);
    const kinds = (await reminderRows(s.enrolmentIds[0]!)).map((r) => `${r.kind} ${r.day} ${r.recipients}`);
    expect(kinds).toEqual(['ASSIGNED 2030-03-01 1', 'ESCALATION_1 2030-03-15 1', 'ESCALATION_2 2030-03-18 1']);
  });

  it('a business unit’s own setting wins over the default; a disabled one escalates nothing', async () => {
    t.clock.set('2030-03-01T04:00:00Z');
    const ws = await aWorkspace(t);
    const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    const token = await admin.session();
    const unit = await aBusinessUnit(ws);
    const dept = await aDepartment(unit);
    const learner = await aMember(ws, { unit, department: dept });
    const target = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    const courseId = await aCatalogueCourse(t.database.db, { owner: ws.id });
    const save = (payload: object) =>
      t.request(ws.host, { method: 'POST', url: '/api/escalation-setting/save', token, payload });
    const base = {
      escalationType: 'COURSE',
      firstThresholdDate: 1,
      secondThresholdDate: 1,
      targetId: target.accountId,
    };
    expect((await save({ ...base, branchId: null })).statusCode).toBe(200);
    expect((await save({ ...base, branchId: unit.id, enabled: false })).statusCode).toBe(200);
    const list = await t.request(ws.host, { method: 'GET', url: '/api/escalation-setting/all', token });
    expect(list.json().settings.map((x: { branchName: string | null }) => x.branchName)).toEqual([null, unit.name]);
    const ctx = memberCtx(t.database.db, ws.id, admin.accountId, t.app.deps);
    await ctx.tenant((tx) =>
      createEnrolments(ctx, tx, {
        workspaceId: ws.id,
        courseId,
        accountIds: [learner.accountId],
        dueAt: new Date('2030-03-13T18:29:59Z'),
      }),
    );
    await settle();
    await pass('2030-03-16T03:30:00Z');
    expect(mailTo(target)).toHaveLength(0);
  });
});

describe('who escalation reaches (issue 21 item 7)', () => {
  type Dept = {
    departmentName: string | null;
    first: Array<{ name: string }>;
    firstGap: string | null;
    learners: number | null;
  };
  type Unit = {
    branchName: string;
    source: string;
    second: { name: string } | null;
    secondGap: string | null;
    departments: Dept[];
  };

  it('names each department’s managers and the unit’s person, warns where nobody would be told, and the pass then tells nobody there', async () => {
    t.clock.set('2030-03-01T04:00:00Z');
    const ws = await aWorkspace(t, { departmentName: 'Finance' });
    const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    const token = await admin.session();
    const sales = await aDepartment(ws.hq, { name: 'Sales' });
    const noManager = await aMember(ws, { department: sales, firstName: 'Ravi' });
    const managed = await aMember(ws, { department: ws.hqDepartment, firstName: 'Neha' });
    const manager = await aMember(ws, { role: 'EMPLOYER', firstName: 'Kavya', lastName: 'Rao' });
    const gone = await aMember(ws, { role: 'EMPLOYER', active: false });
    const target = await aMember(ws, { role: 'WORKSPACE_ADMIN', firstName: 'Meera', lastName: 'Iyer' });
    const pune = await aBusinessUnit(ws, { name: 'Pune' });
    await aMember(ws, { unit: pune, firstName: 'Arjun' }); // in no department
    await withPlatform(t.database.db, { action: 'test', audit: false }, async (tx) => {
      await tx.execute(sql`insert into department_managers (workspace_id, department_id, account_id)
                            values (${ws.id}, ${ws.departmentId}, ${manager.accountId}),
                                   (${ws.id}, ${sales.id}, ${gone.accountId})`);
    });
    const courseId = await aCatalogueCourse(t.database.db, { owner: ws.id, title: 'POSH basics' });
    const reach = async (query = '') => {
      const res = await t.request(ws.host, { method: 'GET', url: `/api/escalation-setting/recipients${query}`, token });
      expect(res.statusCode).toBe(200);
      return res.json() as { units: Unit[]; gaps: number };
    };

    // No setting yet: nobody anywhere, and each unit says so.
    const none = await reach();
    expect(none.units.map((u) => [u.branchName, u.source, u.secondGap])).toEqual([
      [ws.hq.name, 'NONE', 'NO_SETTING'],
      ['Pune', 'NONE', 'NO_SETTING'],
    ]);

    const saved = await t.request(ws.host, {
      method: 'POST',
      url: '/api/escalation-setting/save',
      token,
      payload: {
        branchId: null,
        escalationType: 'COURSE',
        firstThresholdDate: 2,
        secondThresholdDate: 5,
        targetId: target.accountId,
      },
    });
    expect(saved.statusCode).toBe(200);
    const ctx = memberCtx(t.database.db, ws.id, admin.accountId, t.app.deps);
    await ctx.tenant((tx) =>
      createEnrolments(ctx, tx, {
        workspaceId: ws.id,
        courseId,
        accountIds: [noManager.accountId, managed.accountId],
        dueAt: new Date('2030-03-13T18:29:59Z'),
      }),
    );
    await settle();

    const all = await reach(`?courseId=${courseId}`);
    const hq = all.units.find((u) => u.branchName === ws.hq.name)!;
    expect(hq).toMatchObject({ source: 'DEFAULT', second: { name: 'Meera Iyer' }, secondGap: null });
    expect(hq.departments.map((d) => [d.departmentName, d.first.map((p) => p.name), d.firstGap, d.learners])).toEqual([
      ['Finance', ['Kavya Rao'], null, 1],
      // Sales' only manager left: nobody would be told, and it is said.
      ['Sales', [], 'NO_MANAGERS', 1],
      // The workspace's own people (admin, manager, target) are in no department.
      [null, [], 'NO_DEPARTMENT', 0],
    ]);
    const puneUnit = all.units.find((u) => u.branchName === 'Pune')!;
    expect(puneUnit.departments.map((d) => [d.departmentName, d.firstGap])).toEqual([[null, 'NO_DEPARTMENT']]);
    // Only Sales holds someone overdue-able in this course where nobody would be told.
    expect(all.gaps).toBe(1);

    // The clock moves to the first threshold: what the page said is what happens.
    await pass('2030-03-15T03:30:00Z');
    const byLearner = async (m: AMember) =>
      withPlatform(t.database.db, { action: 'test', audit: false }, (tx) =>
        queryRows<{ recipients: number }>(
          tx,
          sql`select r.recipients from course_reminders r join enrolments e on e.id = r.enrolment_id
               where e.account_id = ${m.accountId} and r.kind = 'ESCALATION_1'`,
        ),
      );
    expect(await byLearner(managed)).toEqual([{ recipients: 1 }]);
    expect(await byLearner(noManager)).toEqual([{ recipients: 0 }]);
    expect(mailTo(manager)).toHaveLength(1);
  });
});

describe('send now', () => {
  it('reminds everyone not finished, once a day; counts what was queued and what was already reminded', async () => {
    t.clock.set('2030-03-01T04:00:00Z');
    const s = await setup({ dueAt: '2030-03-13T18:29:59Z', learners: [{ language: 'kn' }, {}, {}] });
    await withPlatform(t.database.db, { action: 'test', audit: false }, (tx) =>
      tx.execute(sql`update enrolments set completed_at = app_now() where id = ${s.enrolmentIds[2]}`),
    );
    t.clock.set('2030-03-05T06:00:00Z');
    s.token = await s.admin.session();
    const one = await lms(t, s.ws.host, s.token, 'POST', '/course/course-reminder', {
      courseId: s.courseId,
      userIds: [s.learners[0]!.accountId],
    });
    expect(one).toMatchObject({ status: 200, body: { queued: 1, alreadyReminded: 0, skipped: 0 } });
    await settle();
    const all = await lms(t, s.ws.host, s.token, 'POST', '/course/course-reminder', { courseId: s.courseId });
    expect(all.body).toEqual({ queued: 1, alreadyReminded: 1, skipped: 0 });
    await settle();
    const kn = mailTo(s.learners[0]!, /ಜ್ಞಾಪನೆ/);
    expect(kn).toHaveLength(1);
    expect(kn[0]!.subject).toBe('ಜ್ಞಾಪನೆ: POSH basics');
    expect(mailTo(s.learners[1]!, /Reminder: POSH basics/)).toHaveLength(1);
    expect(mailTo(s.learners[2]!)).toHaveLength(1); // finished: the assigned notice only
    const other = await aMember(s.ws);
    const named = await lms(t, s.ws.host, s.token, 'POST', '/course/course-reminder', {
      courseId: s.courseId,
      userIds: [other.accountId, s.learners[2]!.accountId],
    });
    expect(named.body).toEqual({ queued: 0, alreadyReminded: 0, skipped: 2 });
    // The next day: again.
    t.clock.set('2030-03-06T06:00:00Z');
    s.token = await s.admin.session();
    const next = await lms(t, s.ws.host, s.token, 'POST', '/course/course-reminder', { courseId: s.courseId });
    expect(next.body).toEqual({ queued: 2, alreadyReminded: 0, skipped: 0 });
    await settle();
    expect(mailTo(s.learners[0]!, /ಜ್ಞಾಪನೆ/)).toHaveLength(2);
  });
});

describe('authorisation and bad input', () => {
  it('refuses an employee, a business unit admin and another workspace’s admin', async () => {
    t.clock.set('2030-03-01T04:00:00Z');
    const s = await setup({ dueAt: '2030-03-13T18:29:59Z' });
    const employee = await (await aMember(s.ws)).session();
    const unitAdmin = await (await aMember(s.ws, { role: 'BRANCH_ADMIN' })).session();
    const otherWs = await aWorkspace(t);
    const otherAdmin = await (await aMember(otherWs, { role: 'WORKSPACE_ADMIN' })).session();
    const body = { courseId: s.courseId };
    for (const token of [employee, unitAdmin]) {
      const r = await lms(t, s.ws.host, token, 'POST', '/course/course-reminder', body);
      expect(r.status).toBe(403);
      expect((r.body as { params: { reason: string } }).params.reason).toBe('FORBIDDEN_SEND_REMINDERS');
      expect((await lms(t, s.ws.host, token, 'GET', `/course/course-due-reminder?courseId=${s.courseId}`)).status).toBe(
        403,
      );
      expect((await put(s, `/course/${s.courseId}/reminder-toggle`, { enabled: false }, token)).statusCode).toBe(403);
      const esc = await t.request(s.ws.host, { method: 'GET', url: '/api/escalation-setting/all', token });
      expect(esc.statusCode).toBe(403);
    }
    // Another workspace's admin, on their own host, cannot see this workspace's course.
    const r = await lms(t, otherWs.host, otherAdmin, 'POST', '/course/course-reminder', body);
    expect(r.status).toBe(404);
    const t2 = await t.request(otherWs.host, {
      method: 'PUT',
      url: `/lms/api/course/${s.courseId}/reminder-toggle`,
      payload: { enabled: false },
      token: otherAdmin,
    });
    expect(t2.statusCode).toBe(404);
    // … nor a session of this workspace used on theirs.
    expect([401, 403]).toContain((await lms(t, otherWs.host, s.token, 'POST', '/course/course-reminder', body)).status);
    await settle();
    expect(mailTo(s.learners[0]!)).toHaveLength(1);
  });

  it('refuses days out of range, leaving the settings as they were', async () => {
    t.clock.set('2030-03-01T04:00:00Z');
    const s = await setup({ dueAt: null });
    for (const bad of [
      { remindBeforeDays: -1 },
      { remindBeforeDays: 61 },
      { remindAfterEveryDays: 0 },
      { expiryNoticeDays: 181 },
      { remindersEnabled: 'yes' },
    ]) {
      const r = await lms(t, s.ws.host, s.token, 'POST', '/course/course-due-reminder', {
        courseId: s.courseId,
        remindersEnabled: true,
        remindBeforeDays: 3,
        remindAfterEveryDays: 7,
        expiryNoticeDays: 30,
        ...bad,
      });
      expect(r.status).toBe(400);
    }
    const got = await lms(t, s.ws.host, s.token, 'GET', `/course/course-due-reminder?courseId=${s.courseId}`);
    expect(got.body).toMatchObject({ remindersEnabled: true, remindBeforeDays: 3, remindAfterEveryDays: 7 });
    for (const bad of [{}, { enabled: 'yes' }, { enabled: null }, [true]])
      expect((await put(s, `/course/${s.courseId}/reminder-toggle`, bad)).statusCode).toBe(400);
    expect((await put(s, '/course/not-an-id/reminder-toggle', { enabled: false })).statusCode).toBe(400);
    const tooMany = await lms(t, s.ws.host, s.token, 'POST', '/course/course-reminder', {
      courseId: s.courseId,
      userIds: Array.from({ length: 1001 }, () => s.admin.accountId),
    });
    expect(tooMany.status).toBe(400);
  });
});
