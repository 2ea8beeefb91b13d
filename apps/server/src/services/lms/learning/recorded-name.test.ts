import type { TCourseMembersPage } from '@app/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform } from '../../../core/db/tenant.ts';
import { type AWorkspace, aMember, aWorkspace, createTestApp, type TestApp } from '../../../testing/index.ts';
import { aLearningCourse, aScormCourse } from '../../../testing/learning.ts';
import { creditState, makeAvailable } from '../../../testing/lms-fixture.ts';

/**
 * Issue 21, item 25: a certificate names the person as the workspace recorded them (not whatever
 * they called themselves at completion), a change of one's own name is in the audit log, and
 * reading a lesson starts the enrolment (an unassignment then refunds no credit).
 */

let t: TestApp;
let ws: AWorkspace;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  ws = await aWorkspace(t);
  admin = await (await aMember(ws, { role: 'WORKSPACE_ADMIN' })).session();
}, 60_000);
afterAll(() => t?.close());

const platform = <T>(q: ReturnType<typeof sql>) =>
  withPlatform(t.database.db, { action: 'test.read', audit: false }, (tx) => queryRows<T>(tx, q));

const lms = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.request(ws.host, { method, url: `/lms/api${url}`, token, ...(payload ? { payload } : {}) });

/** Assigns `courseId` to the member through the API (so that a catalogue course spends a credit); answers the enrolment. */
async function assign(courseId: string, accountId: string): Promise<string> {
  const res = await lms(admin, 'POST', '/course/assign-course-to-users', { courseId, userIds: [accountId] });
  expect(res.statusCode, res.body).toBe(200);
  const [row] = await platform<{ id: string }>(
    sql`select id from enrolments where course_id = ${courseId} and account_id = ${accountId} and status = 'ACTIVE'`,
  );
  return row!.id;
}

describe('the name on a certificate', () => {
  it('is the name the workspace recorded: renaming oneself to a colleague before completing changes nothing', async () => {
    const learner = await aMember(ws, { firstName: 'Asha', lastName: 'Rao' });
    const token = await learner.session();
    const rename = (firstName: string, lastName: string) =>
      t.request(ws.host, { method: 'PUT', url: '/api/user', token, payload: { firstName, lastName } });
    const course = await aScormCourse(t.database.db, ws.id);
    const enrolmentId = await assign(course.courseId, learner.accountId);
    expect((await rename('Bala', 'Iyer')).statusCode).toBe(200);
    const done = await lms(token, 'POST', `/user-course-content/scorm/${course.itemId}/commit`, {
      enrolmentId,
      standard: 'SCORM_12',
      cmi: { core: { lesson_status: 'passed' } },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await rename('Asha', 'Rao')).statusCode).toBe(200);
    const [cert] = await platform<{ code: string; learnerName: string }>(
      sql`select code, learner_name as "learnerName" from certificates where enrolment_id = ${enrolmentId}`,
    );
    expect(cert!.learnerName).toBe('Asha Rao');
    const verified = await lms('', 'GET', `/certificate/verify/${cert!.code}`);
    expect(verified.json()).toMatchObject({ learnerName: 'Asha Rao' });
    // Both renames are in the audit log, each with the names before and after.
    const audit = await platform<{ details: { name?: { before: string; after: string } } }>(
      sql`select details from audit_log where action = 'user.profile.updated' and target_id = ${learner.accountId}`,
    );
    expect(audit).toHaveLength(2);
    expect(audit.map((a) => a.details.name)).toEqual(
      expect.arrayContaining([
        { before: 'Asha Rao', after: 'Bala Iyer' },
        { before: 'Bala Iyer', after: 'Asha Rao' },
      ]),
    );
  });

  it('an administrator’s correction of the name is what the next certificate carries', async () => {
    const learner = await aMember(ws, { firstName: 'Chitra', lastName: 'Das' });
    const fixed = await t.request(ws.host, {
      method: 'POST',
      url: `/api/user/update/${learner.accountId}`,
      token: admin,
      payload: { firstName: 'Chitra', lastName: 'Dasgupta' },
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const course = await aScormCourse(t.database.db, ws.id);
    const enrolmentId = await assign(course.courseId, learner.accountId);
    const token = await learner.session();
    const done = await lms(token, 'POST', `/user-course-content/scorm/${course.itemId}/commit`, {
      enrolmentId,
      standard: 'SCORM_12',
      cmi: { core: { lesson_status: 'completed' } },
    });
    expect(done.statusCode, done.body).toBe(200);
    const [cert] = await platform<{ learnerName: string }>(
      sql`select learner_name as "learnerName" from certificates where enrolment_id = ${enrolmentId}`,
    );
    expect(cert!.learnerName).toBe('Chitra Dasgupta');
  });
});

describe('reading starts the enrolment', () => {
  it('after a lesson was read, unassigning refunds no credit; before, it does', async () => {
    const course = await aLearningCourse(t.database.db, null, { title: 'POSH basics' });
    await makeAvailable(t.database.db, ws.id, course.courseId, 2);
    const reader = await aMember(ws);
    const idle = await aMember(ws);
    const readerEnrolment = await assign(course.courseId, reader.accountId);
    await assign(course.courseId, idle.accountId);
    expect((await creditState(t.database.db, ws.id, course.courseId)).balance).toBe(0);
    const read = await lms(
      await reader.session(),
      'GET',
      `/user-course-content/lesson/${course.lessonId}?enrolmentId=${readerEnrolment}`,
    );
    expect(read.statusCode, read.body).toBe(200);
    const members = await lms(admin, 'POST', '/course/members', { courseId: course.courseId, pageNo: 0, pageSize: 20 });
    const page = members.json() as TCourseMembersPage;
    expect(page.content.find((m) => m.userId === reader.accountId)?.status).toBe('IN_PROGRESS');
    const un = await lms(admin, 'POST', '/course/unassign', {
      courseId: course.courseId,
      userIds: [reader.accountId, idle.accountId],
    });
    expect(un.json()).toEqual({ removed: 2, refunded: 1, balance: 1 });
  });
});
