import type { TMyWorkshops, TWorkshop, TWorkshopDetails, TWorkshopSessionCode } from '@app/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform } from '../../../core/db/tenant.ts';
import type { MailMessage } from '../../../core/mail.ts';
import {
  aBusinessUnit,
  aDepartment,
  aMember,
  aWorkspace,
  captureMailer,
  createTestApp,
  lms,
  type TestApp,
} from '../../../testing/index.ts';
import { aLearningCourse } from '../../../testing/learning.ts';

const mail = captureMailer();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer });
});
afterEach(() => t.clock.reset());
afterAll(() => t.close());

const platform = <T>(fn: Parameters<typeof withPlatform<T>>[2]) =>
  withPlatform(t.database.db, { action: 'test.workshops', audit: false }, fn);

/** 11:00 in Kolkata on 20 March 2031 (05:30 UTC), three hours before the workshop: "now" for every test. */
const NOW = new Date('2031-03-20T05:30:00Z');
/** The workshop: 20 March 2031, 14:00–15:30 in Kolkata = 08:30–10:00 UTC. */
const START = new Date('2031-03-20T08:30:00Z');
const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * 60_000);

/** A workspace with an admin, a trainer (an employee), a department of three, a second unit with its admin. */
async function aSetting() {
  const ws = await aWorkspace(t, { timeZone: 'Asia/Kolkata' });
  const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
  const trainer = await aMember(ws, { firstName: 'Tara', lastName: 'Trainer' });
  const sales = await aDepartment(ws.hq, { name: 'Sales' });
  const asha = await aMember(ws, { firstName: 'Asha', lastName: 'Rao', department: sales, language: 'hi' });
  const bala = await aMember(ws, { firstName: 'Bala', lastName: 'Iyer', department: sales });
  const chitra = await aMember(ws, { firstName: 'Chitra', lastName: 'Das', department: sales });
  const outsider = await aMember(ws, { firstName: 'Omar', lastName: 'Out' });
  const north = await aBusinessUnit(ws, { name: 'North' });
  const northDept = await aDepartment(north, { name: 'Plant' });
  const northAdmin = await aMember(ws, { role: 'BRANCH_ADMIN', unit: north });
  const northie = await aMember(ws, { firstName: 'Nila', lastName: 'North', unit: north, department: northDept });
  return {
    ws,
    admin,
    adminToken: await admin.session(),
    trainer,
    trainerToken: await trainer.session(),
    sales,
    asha,
    ashaToken: await asha.session(),
    bala,
    chitra,
    outsider,
    outsiderToken: await outsider.session(),
    north,
    northDept,
    northAdmin,
    northToken: await northAdmin.session(),
    northie,
  };
}
type Setting = Awaited<ReturnType<typeof aSetting>>;

const workshopBody = (s: Setting, extra: Record<string, unknown> = {}) => ({
  title: 'POSH awareness (Rule 13)',
  description: 'Annual awareness programme under s.19(c).',
  date: '2031-03-20',
  time: '14:00',
  durationMinutes: 90,
  location: 'Board room, 3rd floor',
  trainerId: s.trainer.accountId,
  capacity: 10,
  audience: { departmentId: s.sales.id },
  ...extra,
});

async function aWorkshop(s: Setting, extra: Record<string, unknown> = {}): Promise<TWorkshop> {
  const res = await lms<TWorkshop>(t, s.ws.host, s.adminToken, 'POST', '/workshops', workshopBody(s, extra));
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const workshopsOf = (workspaceId: string) =>
  platform(async (tx) => {
    const [row] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from workshops where workspace_id = ${workspaceId}`,
    );
    return row!.n;
  });

const auditOf = (workshopId: string) =>
  platform((tx) =>
    queryRows<{ action: string; actor: string | null; details: Record<string, unknown> }>(
      tx,
      sql`select action, actor_account_id as actor, details from audit_log
           where target_id = ${workshopId} order by occurred_at, id`,
    ),
  );

const ics = (m: MailMessage) => {
  expect(m.attachments?.length, m.subject).toBe(1);
  return m.attachments![0]!;
};

describe('scheduling a workshop', () => {
  it('invites the department: one mail per invitee and the trainer, each with a calendar file, in their language', async () => {
    t.clock.set(NOW);
    const s = await aSetting();
    const w = await aWorkshop(s);
    expect(w).toMatchObject({
      status: 'SCHEDULED',
      startsAt: START.toISOString(),
      endsAt: at(START, 90).toISOString(),
      date: '2031-03-20',
      time: '14:00',
      timeZone: 'Asia/Kolkata',
      invited: 3,
      attended: 0,
      trainer: { id: s.trainer.accountId, name: 'Tara Trainer' },
      actions: ['view', 'edit', 'cancel', 'showCode'],
    });
    // The admin's page: the three of Sales, nobody else.
    const page = await lms<TWorkshopDetails>(t, s.ws.host, s.adminToken, 'GET', `/workshops/${w.id}`);
    expect(page.body.attendees.map((a) => a.name)).toEqual(['Asha Rao', 'Bala Iyer', 'Chitra Das']);

    const hindi = await mail.next(s.asha.email!, 0);
    expect(hindi.subject).toContain('कार्यशाला: POSH awareness (Rule 13)');
    const file = ics(hindi);
    expect(file.filename).toBe('workshop.ics');
    expect(file.contentType).toContain('text/calendar');
    expect(file.content).toContain('METHOD:REQUEST');
    expect(file.content).toContain(`UID:workshop-${w.id}@${s.ws.host.split(':')[0]}`);
    expect(file.content).toContain('DTSTART:20310320T083000Z');
    expect(file.content).toContain('SEQUENCE:0');
    expect(file.content).toContain('Board room');
    const english = await mail.next(s.bala.email!, 0);
    expect(english.subject).toBe(
      `Workshop: POSH awareness (Rule 13), ${english.subject.split(', ').slice(1).join(', ')}`,
    );
    expect(english.text).toContain('Trainer: Tara Trainer');
    expect(english.text).toMatch(/20 Mar 2031.*2:00\s?pm/i);
    expect(ics(await mail.next(s.trainer.email!, 0)).content).toContain('METHOD:REQUEST');
    expect(mail.to(s.outsider.email!)).toEqual([]);
    // Audited with what was scheduled.
    expect((await auditOf(w.id)).map((e) => e.action)).toEqual(['workshop.created']);
  });

  it('refuses a start in the past, no place, an audience over capacity, nobody to invite — and writes nothing', async () => {
    t.clock.set(NOW);
    const s = await aSetting();
    const post = (extra: Record<string, unknown>) =>
      lms<{ code: string; params?: { reason?: string } }>(
        t,
        s.ws.host,
        s.adminToken,
        'POST',
        '/workshops',
        workshopBody(s, extra),
      );
    const past = await post({ date: '2031-03-20', time: '10:59' });
    expect([past.status, past.body.params?.reason]).toEqual([400, 'WORKSHOP_IN_PAST']);
    const nowhere = await post({ location: null });
    expect([nowhere.status, nowhere.body.params?.reason]).toEqual([400, 'WORKSHOP_NO_PLACE']);
    const full = await post({ capacity: 2 });
    expect([full.status, full.body.params?.reason]).toEqual([409, 'WORKSHOP_OVER_CAPACITY']);
    const empty = await aDepartment(s.ws.hq, { name: 'Empty' });
    const nobody = await post({ audience: { departmentId: empty.id } });
    expect([nobody.status, nobody.body.params?.reason]).toEqual([409, 'WORKSHOP_NO_AUDIENCE']);
    const badTime = await post({ time: '25:00' });
    expect(badTime.status).toBe(400);
    expect(await workshopsOf(s.ws.id)).toBe(0);
    expect(mail.to(s.asha.email!)).toEqual([]);
  });

  it('an online workshop needs no room; specific people can be invited', async () => {
    t.clock.set(NOW);
    const s = await aSetting();
    const w = await aWorkshop(s, {
      location: null,
      onlineUrl: 'https://meet.example.test/posh',
      audience: { userIds: [s.asha.accountId, s.outsider.accountId] },
    });
    expect(w.invited).toBe(2);
    const file = ics(await mail.next(s.outsider.email!, 0)).content;
    expect(file).toContain('https://meet.example.test/posh');
  });
});

describe('changing and cancelling', () => {
  it('a new time mails an update (same UID, next SEQUENCE); a title change alone mails nobody; cancelling mails METHOD:CANCEL', async () => {
    t.clock.set(NOW);
    const s = await aSetting();
    const w = await aWorkshop(s);
    await mail.next(s.bala.email!, 0);
    const retitled = await lms<TWorkshop>(t, s.ws.host, s.adminToken, 'PUT', `/workshops/${w.id}`, {
      title: 'POSH awareness',
    });
    expect(retitled.status).toBe(200);
    const moved = await lms<TWorkshop>(t, s.ws.host, s.adminToken, 'PUT', `/workshops/${w.id}`, {
      time: '15:00',
      location: 'Canteen',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.startsAt).toBe(at(START, 60).toISOString());
    const update = await mail.next(s.bala.email!, 1);
    expect(update.subject).toContain('Changed: POSH awareness');
    expect(ics(update).content).toContain('SEQUENCE:1');
    expect(ics(update).content).toContain(`UID:workshop-${w.id}@`);
    expect(ics(update).content).toContain('DTSTART:20310320T093000Z');
    expect(ics(update).content).toContain('Canteen');

    // The capacity cannot go below the three invited.
    const small = await lms<{ params: { reason: string } }>(t, s.ws.host, s.adminToken, 'PUT', `/workshops/${w.id}`, {
      capacity: 2,
    });
    expect([small.status, small.body.params.reason]).toEqual([409, 'WORKSHOP_OVER_CAPACITY']);

    const cancelled = await lms<TWorkshop>(t, s.ws.host, s.adminToken, 'POST', `/workshops/${w.id}/cancel`);
    expect(cancelled.body).toMatchObject({ status: 'CANCELLED', actions: ['view'] });
    const cancel = await mail.next(s.bala.email!, 2);
    expect(cancel.subject).toContain('Cancelled: POSH awareness');
    expect(ics(cancel).content).toContain('METHOD:CANCEL');
    expect(ics(cancel).content).toContain('STATUS:CANCELLED');
    expect(ics(cancel).content).toContain('SEQUENCE:2');
    expect(mail.to(s.bala.email!)).toHaveLength(3);
    // Nothing more can change, and the invitee sees it cancelled with no check-in.
    const again = await lms(t, s.ws.host, s.adminToken, 'PUT', `/workshops/${w.id}`, { title: 'x' });
    expect(again.status).toBe(409);
    const mine = await lms<TMyWorkshops>(t, s.ws.host, s.ashaToken, 'GET', '/workshops/my');
    expect(mine.body.content).toEqual([expect.objectContaining({ id: w.id, status: 'CANCELLED', actions: [] })]);
    expect((await auditOf(w.id)).map((e) => e.action)).toEqual([
      'workshop.created',
      'workshop.updated',
      'workshop.updated',
      'workshop.cancelled',
    ]);
  });
});

describe('attendance', () => {
  it('the trainer marks it from the list once the session is near, and unmarks; all audited', async () => {
    t.clock.set(NOW);
    const s = await aSetting();
    const w = await aWorkshop(s);
    const put = (token: string, userId: string, attended: boolean) =>
      lms<{ attendedAt: string | null; attended: number; params?: { reason: string } }>(
        t,
        s.ws.host,
        token,
        'PUT',
        `/workshops/${w.id}/attendance/${userId}`,
        { attended },
      );
    // Days before: not yet.
    const early = await put(s.trainerToken, s.asha.accountId, true);
    expect([early.status, early.body.params?.reason]).toEqual([409, 'WORKSHOP_NOT_STARTED']);
    t.clock.set(at(START, 5));
    // The trainer (an employee) sees their workshop in the list, and marks two people.
    const list = await lms<{ content: TWorkshop[] }>(t, s.ws.host, s.trainerToken, 'POST', '/workshops/list', {});
    expect(list.body.content.map((x) => [x.id, x.actions])).toEqual([[w.id, ['view', 'markAttendance', 'showCode']]]);
    expect((await put(s.trainerToken, s.asha.accountId, true)).body.attended).toBe(1);
    expect((await put(s.adminToken, s.bala.accountId, true)).body.attended).toBe(2);
    expect((await put(s.trainerToken, s.bala.accountId, false)).body).toMatchObject({ attendedAt: null, attended: 1 });
    // Someone not invited, another employee, another unit's admin: refused.
    expect((await put(s.trainerToken, s.outsider.accountId, true)).status).toBe(404);
    expect((await put(s.outsiderToken, s.chitra.accountId, true)).status).toBe(404);
    expect((await put(s.northToken, s.chitra.accountId, true)).status).toBe(404);
    const page = await lms<TWorkshopDetails>(t, s.ws.host, s.trainerToken, 'GET', `/workshops/${w.id}`);
    expect(page.body.attendees.map((a) => [a.name, a.method])).toEqual([
      ['Asha Rao', 'TRAINER'],
      ['Bala Iyer', null],
      ['Chitra Das', null],
    ]);
    const audit = await auditOf(w.id);
    expect(audit.filter((e) => e.action.startsWith('workshop.attendance')).map((e) => [e.action, e.actor])).toEqual([
      ['workshop.attendance_marked', s.trainer.accountId],
      ['workshop.attendance_marked', s.admin.accountId],
      ['workshop.attendance_unmarked', s.trainer.accountId],
    ]);
  });

  describe('the attendee enters the code shown at the session', () => {
    // One workshop; its trainer is shown the code; the rules below try it before, in and after its
    // window, in order (the audit at the end counts what they did).
    let s: Awaited<ReturnType<typeof aSetting>>;
    let w: Awaited<ReturnType<typeof aWorkshop>>;
    let code: TWorkshopSessionCode;
    const aWrongCode = () => (code.code === '000000' ? '111111' : '000000');
    const checkIn = (token: string, value: string) =>
      lms<{ code: string; attendedAt?: string; params?: { reason: string } }>(
        t,
        s.ws.host,
        token,
        'POST',
        `/workshops/${w.id}/check-in`,
        { code: value },
      );
    beforeAll(async () => {
      t.clock.set(NOW);
      s = await aSetting();
      w = await aWorkshop(s);
    });

    it('the trainer is shown a six-digit code, valid from 15 minutes before the start to 105 minutes after', async () => {
      t.clock.set(NOW);
      const shown = await lms<TWorkshopSessionCode>(
        t,
        s.ws.host,
        s.trainerToken,
        'GET',
        `/workshops/${w.id}/session-code`,
      );
      expect(shown.status).toBe(200);
      expect(shown.body.code).toMatch(/^\d{6}$/);
      expect(shown.body.validFrom).toBe(at(START, -15).toISOString());
      expect(shown.body.validUntil).toBe(at(START, 105).toISOString());
      code = shown.body;
    });

    it('attendees are never shown it, and an employee who is not the trainer is refused it', async () => {
      t.clock.set(NOW);
      // Attendees are never shown it; an employee who is not the trainer is refused it.
      expect((await lms(t, s.ws.host, s.ashaToken, 'GET', `/workshops/${w.id}/session-code`)).status).toBe(404);
      const mine = await lms<TMyWorkshops>(t, s.ws.host, s.ashaToken, 'GET', '/workshops/my');
      expect(JSON.stringify(mine.body)).not.toContain(code.code);
      expect(mine.body.content[0]).toMatchObject({ checkInOpen: false, actions: ['downloadCalendar'] });
    });

    it('before the window, even the right code is refused', async () => {
      // Before the window: refused, even with the right code.
      t.clock.set(at(START, -16));
      const early = await checkIn(s.ashaToken, code.code);
      expect([early.status, early.body.params?.reason]).toEqual([409, 'CHECK_IN_CLOSED']);
    });

    it('in the window: a wrong code is refused, someone not invited cannot check in, and the attendee checks in once', async () => {
      // In the window: a wrong code is refused; someone not invited cannot check in at all.
      t.clock.set(at(START, -14));
      const wrongCode = aWrongCode();
      const wrong = await checkIn(s.ashaToken, wrongCode);
      expect([wrong.status, wrong.body.code]).toEqual([400, 'WORKSHOP_CODE_WRONG']);
      expect((await checkIn(s.outsiderToken, code.code)).status).toBe(404);
      const ok = await checkIn(s.ashaToken, code.code);
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      expect(ok.body.attendedAt).toBe(at(START, -14).toISOString());
      const twice = await checkIn(s.ashaToken, code.code);
      expect([twice.status, twice.body.params?.reason]).toEqual([409, 'ALREADY_CHECKED_IN']);
    });

    it('after the window, check-in is closed', async () => {
      // After the window: closed.
      t.clock.set(at(START, 106));
      const late = await checkIn(await s.chitra.session(), code.code);
      expect([late.status, late.body.params?.reason]).toEqual([409, 'CHECK_IN_CLOSED']);
    });

    it('five wrong codes in a quarter of an hour: the sixth try is 429, even with the right code', async () => {
      const wrongCode = aWrongCode();
      // Five wrong codes in a quarter of an hour: the sixth try is 429, even with the right code.
      t.clock.set(at(START, 30));
      const bala = await s.bala.session();
      for (let i = 0; i < 5; i++) expect((await checkIn(bala, wrongCode)).status).toBe(400);
      const limited = await checkIn(bala, code.code);
      expect(limited.status).toBe(429);
    });

    it('the workshop lists who attended and how; the check-in, the refusals and the code shown are audited', async () => {
      t.clock.set(at(START, 30));
      const page = await lms<TWorkshopDetails>(t, s.ws.host, s.adminToken, 'GET', `/workshops/${w.id}`);
      expect(page.body.attendees.map((a) => [a.name, a.method])).toEqual([
        ['Asha Rao', 'CODE'],
        ['Bala Iyer', null],
        ['Chitra Das', null],
      ]);
      const audit = await auditOf(w.id);
      expect(audit.find((e) => e.action === 'workshop.attendance_marked')).toMatchObject({
        actor: s.asha.accountId,
        details: { accountId: s.asha.accountId, method: 'CODE', courseCompleted: false },
      });
      expect(audit.filter((e) => e.action === 'workshop.check_in_refused')).toHaveLength(6);
      expect(audit.filter((e) => e.action === 'workshop.code_shown')).toHaveLength(1);
    });
  });

  it('attendance of a workshop that belongs to a course completes the attendee’s enrolment with a certificate', async () => {
    t.clock.set(NOW);
    const s = await aSetting();
    const course = await aLearningCourse(t.database.db, s.ws.id, { title: 'POSH basics' });
    // Asha is enrolled already (and has not started); Bala is not enrolled.
    const assigned = await lms(t, s.ws.host, s.adminToken, 'POST', '/course/assign-course-to-users', {
      courseId: course.courseId,
      userIds: [s.asha.accountId],
    });
    expect(assigned.status).toBe(200);
    const w = await aWorkshop(s, { courseId: course.courseId });
    expect(w.course).toEqual({ id: course.courseId, title: 'POSH basics' });
    t.clock.set(at(START, 10));
    for (const who of [s.asha, s.bala]) {
      const res = await lms<{ courseCompleted: boolean }>(
        t,
        s.ws.host,
        s.trainerToken,
        'PUT',
        `/workshops/${w.id}/attendance/${who.accountId}`,
        { attended: true },
      );
      expect(res.body.courseCompleted).toBe(true);
    }
    const rows = await platform((tx) =>
      queryRows<{ accountId: string; completedAt: Date | null; certificate: string | null }>(
        tx,
        sql`select e.account_id as "accountId", e.completed_at as "completedAt",
                   (select c.code from certificates c where c.enrolment_id = e.id) as certificate
              from enrolments e where e.course_id = ${course.courseId} order by e.account_id`,
      ),
    );
    expect(rows).toHaveLength(2);
    // Each completion is told to the compliance register (core event training.completed).
    const told = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from pgboss.job
           where name = 'compliance.on.training.completed' and data->>'courseId' = ${course.courseId}`,
    );
    expect(told[0]!.n).toBe(2);
    for (const r of rows) {
      expect(new Date(r.completedAt!).toISOString()).toBe(at(START, 10).toISOString());
      expect(r.certificate).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    }
    // The learner's own course list says completed.
    const my = await lms<{ content: Array<{ courseId: string; status: string; certificateAvailable: boolean }> }>(
      t,
      s.ws.host,
      s.ashaToken,
      'POST',
      '/workspace-course/courses',
      { pageNo: 0 },
    );
    expect(my.body.content?.find((c) => c.courseId === course.courseId)).toMatchObject({
      status: 'COMPLETED',
      certificateAvailable: true,
    });
  });

  it('capacity: no more attendances than places', async () => {
    t.clock.set(NOW);
    const s = await aSetting();
    const w = await aWorkshop(s, { capacity: 3 });
    t.clock.set(at(START, 1));
    // The capacity is lowered below the invitees at the database (as an old row might be): marking stops at it.
    await platform((tx) => tx.execute(sql`update workshops set capacity = 1 where id = ${w.id}`));
    const mark = (userId: string) =>
      lms<{ params?: { reason: string } }>(
        t,
        s.ws.host,
        s.trainerToken,
        'PUT',
        `/workshops/${w.id}/attendance/${userId}`,
        {
          attended: true,
        },
      );
    expect((await mark(s.asha.accountId)).status).toBe(200);
    const full = await mark(s.bala.accountId);
    expect([full.status, full.body.params?.reason]).toEqual([409, 'WORKSHOP_FULL']);
  });
});

describe('who sees what', () => {
  it('a unit admin schedules for its unit only and lists only its unit’s workshops; an employee schedules nothing', async () => {
    t.clock.set(NOW);
    const s = await aSetting();
    const hq = await aWorkshop(s);
    const trainerNorth = await aMember(s.ws, { unit: s.north });
    const body = { ...workshopBody(s), trainerId: trainerNorth.accountId, audience: { departmentId: s.northDept.id } };
    const own = await lms<TWorkshop>(t, s.ws.host, s.northToken, 'POST', '/workshops', body);
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.branchId).toBe(s.north.id);
    // Another unit's department, or a trainer outside the unit: refused.
    const other = await lms(t, s.ws.host, s.northToken, 'POST', '/workshops', {
      ...body,
      audience: { departmentId: s.sales.id },
    });
    expect(other.status).toBe(403);
    const foreignTrainer = await lms(t, s.ws.host, s.northToken, 'POST', '/workshops', {
      ...body,
      trainerId: s.trainer.accountId,
    });
    expect(foreignTrainer.status).toBe(404);
    const list = await lms<{ content: TWorkshop[] }>(t, s.ws.host, s.northToken, 'POST', '/workshops/list', {});
    expect(list.body.content.map((w) => w.id)).toEqual([own.body.id]);
    expect((await lms(t, s.ws.host, s.northToken, 'GET', `/workshops/${hq.id}`)).status).toBe(404);
    expect((await lms(t, s.ws.host, s.northToken, 'POST', `/workshops/${hq.id}/cancel`)).status).toBe(404);
    // The workspace admin sees both.
    const all = await lms<{ content: TWorkshop[] }>(t, s.ws.host, s.adminToken, 'POST', '/workshops/list', {});
    expect(all.body.content.map((w) => w.id).sort()).toEqual([hq.id, own.body.id].sort());
    // An employee: no scheduling, an empty list, and only their own invitations.
    const employee = await lms(t, s.ws.host, s.ashaToken, 'POST', '/workshops', workshopBody(s));
    expect(employee.status).toBe(403);
    const none = await lms<{ content: TWorkshop[] }>(t, s.ws.host, s.outsiderToken, 'POST', '/workshops/list', {});
    expect(none.body.content).toEqual([]);
    const mine = await lms<TMyWorkshops>(t, s.ws.host, s.ashaToken, 'GET', '/workshops/my');
    expect(mine.body.content.map((w) => w.id)).toEqual([hq.id]);
    expect((await lms<TMyWorkshops>(t, s.ws.host, s.outsiderToken, 'GET', '/workshops/my')).body.content).toEqual([]);
    // The calendar file: for the invitee, not for someone else.
    const file = await t.request(s.ws.host, {
      method: 'GET',
      url: `/lms/api/workshops/${hq.id}/calendar`,
      token: s.ashaToken,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('text/calendar');
    expect(file.body).toContain('BEGIN:VCALENDAR');
    const stranger = await t.request(s.ws.host, {
      method: 'GET',
      url: `/lms/api/workshops/${hq.id}/calendar`,
      token: s.outsiderToken,
    });
    expect(stranger.statusCode).toBe(404);
    // Another workspace's admin: nothing of it exists.
    const other2 = await aWorkspace(t);
    const otherAdmin = await aMember(other2, { role: 'WORKSPACE_ADMIN' });
    const otherToken = await otherAdmin.session();
    expect((await lms(t, other2.host, otherToken, 'GET', `/workshops/${hq.id}`)).status).toBe(404);
  });
});

describe('workshops held in a period (the annual report)', () => {
  it('counts workshops that took place, not cancelled or future ones, with their attendees', async () => {
    t.clock.set(NOW);
    const s = await aSetting();
    const held = await aWorkshop(s);
    const cancelled = await aWorkshop(s, { title: 'Cancelled one' });
    await lms(t, s.ws.host, s.adminToken, 'POST', `/workshops/${cancelled.id}/cancel`);
    await aWorkshop(s, { title: 'Later', date: '2031-04-02' });
    t.clock.set(at(START, 10));
    for (const who of [s.asha, s.bala])
      await lms(t, s.ws.host, s.trainerToken, 'PUT', `/workshops/${held.id}/attendance/${who.accountId}`, {
        attended: true,
      });
    t.clock.set(new Date('2031-04-01T00:00:00Z'));
    const adminToken = await s.admin.session();
    const res = await lms<{ held: number; attendees: number; workshops: Array<{ id: string; invited: number }> }>(
      t,
      s.ws.host,
      adminToken,
      'GET',
      '/workshops/held?from=2031-01-01&to=2031-12-31',
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ held: 1, attendees: 2, workshops: [{ id: held.id, invited: 3 }] });
    const none = await lms<{ held: number }>(
      t,
      s.ws.host,
      adminToken,
      'GET',
      '/workshops/held?from=2031-03-21&to=2031-12-31',
    );
    expect(none.body.held).toBe(0);
    const ashaToken = await s.asha.session();
    expect((await lms(t, s.ws.host, ashaToken, 'GET', '/workshops/held?from=2031-01-01&to=2031-12-31')).status).toBe(
      403,
    );
  });
});
