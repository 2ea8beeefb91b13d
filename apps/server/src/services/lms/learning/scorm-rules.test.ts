import type { TCourseMembersPage, TEnrolmentProgress } from '@app/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform } from '../../../core/db/tenant.ts';
import { type AWorkspace, aMember, aWorkspace, createTestApp, type TestApp } from '../../../testing/index.ts';
import { anEnrolment, aScormCourse } from '../../../testing/learning.ts';

/**
 * Issue 21, item 22: a SCORM result is judged by SCORM's rules on the server (1.2 lesson_status,
 * 2004 completion and success, the manifest's mastery score), and recorded as self-reported.
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

/** A learner enrolled on a new SCORM course; `commit` sends one commit and answers the progress. */
async function learnerOn(opts: { standard: 'SCORM_12' | 'SCORM_2004'; masteryScore?: number }) {
  const course = await aScormCourse(t.database.db, ws.id, opts);
  const member = await aMember(ws);
  const enrolmentId = await anEnrolment(t.database.db, {
    workspaceId: ws.id,
    courseId: course.courseId,
    versionId: course.versionId,
    accountId: member.accountId,
  });
  const token = await member.session();
  const send = (standard: string, cmi: object) =>
    t.request(ws.host, {
      method: 'POST',
      url: `/lms/api/user-course-content/scorm/${course.itemId}/commit`,
      token,
      payload: { enrolmentId, standard, cmi },
    });
  const commit = async (cmi: object) => {
    const res = await send(opts.standard, cmi);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as TEnrolmentProgress;
  };
  const certificates = async () => {
    const [row] = await withPlatform(t.database.db, { action: 'test.read', audit: false }, (tx) =>
      queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from certificates where enrolment_id = ${enrolmentId}`,
      ),
    );
    return row!.n;
  };
  return { course, enrolmentId, send, commit, certificates };
}

describe('SCORM 2004', () => {
  it('completed but failed (1 %) completes nothing and issues no certificate', async () => {
    const l = await learnerOn({ standard: 'SCORM_2004' });
    const failed = await l.commit({
      completion_status: 'completed',
      success_status: 'failed',
      score: { scaled: 0.01 },
    });
    expect(failed).toMatchObject({ itemState: 'IN_PROGRESS', courseCompleted: false, certificateAvailable: false });
    expect(await l.certificates()).toBe(0);
    // Passed but not completed: not yet.
    const unfinished = await l.commit({ completion_status: 'incomplete', success_status: 'passed' });
    expect(unfinished.itemState).toBe('IN_PROGRESS');
    // Completed and passed: complete.
    const done = await l.commit({ completion_status: 'completed', success_status: 'passed', score: { scaled: 0.9 } });
    expect(done).toMatchObject({ itemState: 'COMPLETED', courseCompleted: true });
    expect(await l.certificates()).toBe(1);
  });

  it('with imsss:minNormalizedMeasure, the scaled score decides success, whatever the package says', async () => {
    const l = await learnerOn({ standard: 'SCORM_2004', masteryScore: 70 });
    const below = await l.commit({ completion_status: 'completed', success_status: 'passed', score: { scaled: 0.4 } });
    expect(below.itemState).toBe('IN_PROGRESS');
    const above = await l.commit({
      completion_status: 'completed',
      success_status: 'unknown',
      score: { scaled: 0.75 },
    });
    expect(above.itemState).toBe('COMPLETED');
    const [p] = await withPlatform(t.database.db, { action: 'test.read', audit: false }, (tx) =>
      queryRows<{ passed: boolean; bestScore: number; selfReported: boolean }>(
        tx,
        sql`select passed, best_score as "bestScore", self_reported as "selfReported"
              from enrolment_item_progress where enrolment_id = ${l.enrolmentId}`,
      ),
    );
    expect(p).toEqual({ passed: true, bestScore: 75, selfReported: true });
  });

  it('a commit of the other standard than the package’s is refused', async () => {
    const l = await learnerOn({ standard: 'SCORM_2004' });
    const res = await l.send('SCORM_12', { core: { lesson_status: 'passed' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().params.reason).toBe('SCORM_STATE_INVALID');
    expect(await l.certificates()).toBe(0);
  });
});

describe('SCORM 1.2', () => {
  it('failed does not complete; passed and completed do', async () => {
    const l = await learnerOn({ standard: 'SCORM_12' });
    expect((await l.commit({ core: { lesson_status: 'failed', score: { raw: '1' } } })).itemState).toBe('IN_PROGRESS');
    expect(await l.certificates()).toBe(0);
    expect((await l.commit({ core: { lesson_status: 'completed' } })).itemState).toBe('COMPLETED');
  });

  it('with adlcp:masteryscore, the raw score decides: "completed" at 50 of 70 is failed, "failed" at 80 is passed', async () => {
    const l = await learnerOn({ standard: 'SCORM_12', masteryScore: 70 });
    expect((await l.commit({ core: { lesson_status: 'completed', score: { raw: '50' } } })).itemState).toBe(
      'IN_PROGRESS',
    );
    expect((await l.commit({ core: { lesson_status: 'passed', score: { raw: 69 } } })).itemState).toBe('IN_PROGRESS');
    expect(await l.certificates()).toBe(0);
    expect((await l.commit({ core: { lesson_status: 'failed', score: { raw: 80 } } })).itemState).toBe('COMPLETED');
  });
});

describe('shown to administrators', () => {
  it('the course’s learners list says a SCORM result is self-reported', async () => {
    const l = await learnerOn({ standard: 'SCORM_12' });
    await l.commit({ core: { lesson_status: 'passed', score: { raw: 90 } } });
    const res = await t.request(ws.host, {
      method: 'POST',
      url: '/lms/api/course/members',
      token: admin,
      payload: { courseId: l.course.courseId, pageNo: 0, pageSize: 20 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as TCourseMembersPage;
    expect(page.content.find((m) => m.enrolmentId === l.enrolmentId)).toMatchObject({
      selfReported: true,
      bestScore: 90,
    });
  });
});
