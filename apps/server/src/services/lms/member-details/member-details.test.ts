import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AMember,
  type AWorkspace,
  aBusinessUnit,
  aMember,
  aWorkspace,
  createTestApp,
  type TestApp,
} from '../../../testing/index.ts';
import { aLearningCourse, anEnrolment } from '../../../testing/learning.ts';

/** `POST /api/admin/user/course/policy/details` (issue 23): a member's courses for an administrator in reach. */
let t: TestApp;
let a: AWorkspace;
let b: AWorkspace;
let adminToken: string;
let learner: AMember;
let employeeToken: string;
let unitAdminToken: string;
let adminBToken: string;
let courseId: string;

const details = (host: string, token: string, userId: string) =>
  t.request(host, { method: 'POST', url: '/api/admin/user/course/policy/details', token, payload: { userId } });

beforeAll(async () => {
  t = await createTestApp();
  a = await aWorkspace(t);
  b = await aWorkspace(t);
  adminToken = await (await aMember(a, { role: 'WORKSPACE_ADMIN' })).signIn(t);
  learner = await aMember(a);
  employeeToken = await (await aMember(a)).signIn(t);
  unitAdminToken = await (await aMember(a, { role: 'BRANCH_ADMIN', unit: await aBusinessUnit(a) })).signIn(t);
  adminBToken = await (await aMember(b, { role: 'WORKSPACE_ADMIN' })).signIn(t);
  const course = await aLearningCourse(t.database.db, a.id, { title: 'Details course' });
  courseId = course.courseId;
  await anEnrolment(t.database.db, {
    workspaceId: a.id,
    courseId: course.courseId,
    versionId: course.versionId,
    accountId: learner.accountId,
    dueAt: new Date(t.clock.now().getTime() - 86_400_000),
  });
});
afterAll(() => t.close());

describe('POST /api/admin/user/course/policy/details', () => {
  it('answers a member’s courses with status, progress and dates, and says policies are not available yet', async () => {
    const res = await details(a.host, adminToken, learner.accountId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      userId: learner.accountId,
      courses: [
        expect.objectContaining({
          courseId,
          title: 'Details course',
          status: 'OVERDUE',
          progressPercent: 0,
          bestScore: null,
          completedAt: null,
        }),
      ],
      policiesAvailable: false,
    });
    expect(res.json()).not.toHaveProperty('policies');
  });

  it('answers an empty list for a member with no course', async () => {
    const other = await aMember(a);
    expect((await details(a.host, adminToken, other.accountId)).json().courses).toEqual([]);
  });

  it('refuses an employee, a unit admin outside the member’s unit, and another workspace', async () => {
    expect((await details(a.host, employeeToken, learner.accountId)).statusCode).toBe(403);
    expect((await details(a.host, unitAdminToken, learner.accountId)).statusCode).toBe(404);
    expect((await details(b.host, adminBToken, learner.accountId)).statusCode).toBe(404);
    expect((await details(a.host, adminBToken, learner.accountId)).statusCode).toBe(401);
  });
});
