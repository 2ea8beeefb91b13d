import type { TCourseDetails, TQuizSubmitResult } from '@app/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform, withTenant } from '../../../core/db/tenant.ts';
import { type AWorkspace, aMember, aWorkspace, createTestApp, type TestApp } from '../../../testing/index.ts';
import { aLearningCourse, anEnrolment, aScormCourse, type LearningCourse } from '../../../testing/learning.ts';
import { creditState, makeAvailable } from '../../../testing/lms-fixture.ts';

/**
 * Issue 21, items 8 and 18: a catalogue course is never cloned into a workspace, its answer keys
 * are read by no workspace (through the API or the database), its quizzes are still graded for
 * enrolled learners, and its SCORM packages play only for learners enrolled on them.
 */

let t: TestApp;
let ws: AWorkspace;
let admin: string;
let course: LearningCourse;

beforeAll(async () => {
  t = await createTestApp();
  ws = await aWorkspace(t);
  admin = await (await aMember(ws, { role: 'WORKSPACE_ADMIN' })).session();
  course = await aLearningCourse(t.database.db, null, { title: 'POSH for everyone' });
  await makeAvailable(t.database.db, ws.id, course.courseId, 3);
}, 60_000);
afterAll(() => t?.close());

const lms = <T = unknown>(token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t
    .request(ws.host, { method, url: `/lms/api${url}`, token, ...(payload ? { payload } : {}) })
    .then((res) => ({ status: res.statusCode, body: res.json() as T }));

describe('cloning', () => {
  it('a workspace may not clone a catalogue course (403 CATALOGUE_NOT_CLONABLE), and nothing is made', async () => {
    const seen = await lms<TCourseDetails>(admin, 'GET', `/course/details/${course.courseId}`);
    expect(seen.status).toBe(200);
    expect(seen.body.actions).not.toContain('clone');
    const res = await lms<{ code: string }>(admin, 'POST', '/course/clone', {
      courseId: course.courseId,
      title: 'Ours',
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('CATALOGUE_NOT_CLONABLE');
    const own = await withTenant(t.database.db, { workspaceId: ws.id }, (tx) =>
      queryRows<{ n: number }>(tx, sql`select count(*)::int as n from courses where workspace_id = ${ws.id}`),
    );
    expect(own[0]!.n).toBe(0);
    // The credits stay what the operator granted.
    expect((await creditState(t.database.db, ws.id, course.courseId)).balance).toBe(3);
  });
});

describe('answer keys', () => {
  it('a workspace transaction reads no answer key of a catalogue course, though it reads its questions', async () => {
    const read = (q: ReturnType<typeof sql>) =>
      withTenant(t.database.db, { workspaceId: ws.id }, (tx) => queryRows<{ n: number }>(tx, q));
    const [questions] = await read(
      sql`select count(*)::int as n from quiz_questions where course_version_id = ${course.versionId}`,
    );
    expect(questions!.n).toBe(1);
    const [keys] = await read(
      sql`select count(*)::int as n from quiz_answer_keys where course_version_id = ${course.versionId}`,
    );
    expect(keys!.n).toBe(0);
    // Nor through the grading function without an enrolment of the transaction's account.
    const member = await aMember(ws);
    const enrolmentId = await anEnrolment(t.database.db, {
      workspaceId: ws.id,
      courseId: course.courseId,
      versionId: course.versionId,
      accountId: member.accountId,
    });
    const someoneElse = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    const stolen = await withTenant(t.database.db, { workspaceId: ws.id, accountId: someoneElse.accountId }, (tx) =>
      queryRows(tx, sql`select * from app_grading_keys(${enrolmentId}::uuid, ${course.quizId}::uuid)`),
    );
    expect(stolen).toEqual([]);
    const own = await withTenant(t.database.db, { workspaceId: ws.id, accountId: member.accountId }, (tx) =>
      queryRows(tx, sql`select * from app_grading_keys(${enrolmentId}::uuid, ${course.quizId}::uuid)`),
    );
    expect(own).toHaveLength(1);
  });

  it('an enrolled learner’s attempt at a catalogue quiz is still graded', async () => {
    const member = await aMember(ws);
    const enrolmentId = await anEnrolment(t.database.db, {
      workspaceId: ws.id,
      courseId: course.courseId,
      versionId: course.versionId,
      accountId: member.accountId,
    });
    // The lesson before the quiz is done (the video's rules are tested elsewhere).
    await withPlatform(t.database.db, { action: 'test.progress', audit: false }, (tx) =>
      tx.execute(sql`insert into enrolment_item_progress (workspace_id, enrolment_id, cycle, item_id, status, completed_at)
          values (${ws.id}, ${enrolmentId}, 1, ${course.lessonId}, 'COMPLETED', app_now())`),
    );
    const token = await member.session();
    const submit = (right: boolean, key: string) =>
      t
        .request(ws.host, {
          method: 'POST',
          url: `/lms/api/user-course-content/quiz/${course.quizId}/submit`,
          token,
          headers: { 'idempotency-key': key },
          payload: {
            enrolmentId,
            answers: [{ questionId: course.questionId, selected: [right ? course.right : course.wrong] }],
          },
        })
        .then((res) => ({ status: res.statusCode, body: res.json() as TQuizSubmitResult }));
    const wrong = await submit(false, 'catalogue-wrong-1');
    expect(wrong.status).toBe(200);
    expect(wrong.body).toMatchObject({ passed: false, score: 0 });
    const right = await submit(true, 'catalogue-right-1');
    expect(right.status).toBe(200);
    expect(right.body).toMatchObject({ passed: true, score: 100 });
  });

  it('a workspace’s author previews a catalogue quiz but is not given its grading (403 CATALOGUE_QUIZ_NOT_GRADED)', async () => {
    const res = await lms<{ code: string }>(admin, 'POST', `/quiz/preview-grade/${course.quizId}`, {
      language: 'en',
      answers: [{ questionId: course.questionId, selected: [course.right] }],
    });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('CATALOGUE_QUIZ_NOT_GRADED');
  });
});

describe('SCORM packages', () => {
  it('a learner launches a catalogue package only when enrolled on it; an author previews it', async () => {
    const scorm = await aScormCourse(t.database.db, null);
    await makeAvailable(t.database.db, ws.id, scorm.courseId, 1);
    const [pkg] = await withTenant(t.database.db, { workspaceId: ws.id }, (tx) =>
      queryRows<{ id: string }>(tx, sql`select scorm_package_id as id from course_items where id = ${scorm.itemId}`),
    );
    const launch = (token: string) =>
      lms<{ code: string; params?: { reason?: string } }>(token, 'POST', `/course/scorm/${pkg!.id}/launch`, {
        parentOrigin: `http://${ws.host}`,
      });
    const member = await aMember(ws);
    const token = await member.session();
    expect((await launch(token)).status).toBe(403);
    await anEnrolment(t.database.db, {
      workspaceId: ws.id,
      courseId: scorm.courseId,
      versionId: scorm.versionId,
      accountId: member.accountId,
    });
    expect((await launch(token)).status).toBe(200);
    expect((await launch(admin)).status).toBe(200);
  });

  it('a learner launches a published package of the workspace only when enrolled on it', async () => {
    const scorm = await aScormCourse(t.database.db, ws.id);
    const [pkg] = await withTenant(t.database.db, { workspaceId: ws.id }, (tx) =>
      queryRows<{ id: string }>(tx, sql`select scorm_package_id as id from course_items where id = ${scorm.itemId}`),
    );
    const launch = (token: string) =>
      lms(token, 'POST', `/course/scorm/${pkg!.id}/launch`, { parentOrigin: `http://${ws.host}` });
    const member = await aMember(ws);
    const token = await member.session();
    expect((await launch(token)).status).toBe(403);
    await anEnrolment(t.database.db, {
      workspaceId: ws.id,
      courseId: scorm.courseId,
      versionId: scorm.versionId,
      accountId: member.accountId,
    });
    expect((await launch(token)).status).toBe(200);
  });
});
