import { aScormCourse } from '../learning.ts';
import {
  type AuthzFixture,
  aCertificate,
  aFreshCourse,
  aQuickCourse,
  aReadyEnrolment,
  aWorkshop,
  enrol,
  packagesOf,
} from './fixture.ts';
import type { AuthzTable, NotApplicable } from './table.ts';

const na = (why: string): NotApplicable => ({ na: why });

/** Why no case of a learner's own route needs a lower role: the learner is the lowest, and the relationship is what counts. */
const OWN = na(
  "a learner's own enrolment: no role reaches it, so there is no lower one; the relationship is tried with others below",
);
const GIVES_NOTHING = na('gives nothing: it records what the caller did, or reads');
const NOT_OTHERS = [
  { as: 'employee' as const, why: "another learner of the same unit: not the enrolment's learner" },
  { as: 'adminA' as const, why: "the workspace admin: a learner's own route is the learner's alone" },
];

/**
 * Learning, the learners' side and those who follow them (issue 13, 14, 21): assignments,
 * automation, reminders and escalation, a workspace's credits, certificates, a learner's own
 * progress, the workshops' routes not guarded by a permission (those are in core/admin-authz.test.ts).
 */
export const LMS_LEARNERS_ROUTES: AuthzTable = {
  // Assignments: `courses.assign`; a business-unit admin reaches its own unit's members only.
  'POST /lms/api/course/bulk-add-users': {
    rule: "courses.assign; every row names someone in the caller's scope; the courses usable by the workspace",
    as: 'adminA',
    request: (f) => ({
      method: 'POST',
      url: '/lms/api/course/bulk-add-users',
      upload: { file: `Email\n${f.people.employee.member!.email}\n`, fields: { courseList: f.course.courseId } },
    }),
    refusedWith: [400, 403, 404],
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: {
      as: 'adminA',
      why: 'a catalogue course the workspace has not been given',
      request: (f) => ({
        method: 'POST',
        url: '/lms/api/course/bulk-add-users',
        upload: {
          file: `Email\n${f.people.employee.member!.email}\n`,
          fields: { courseList: f.catalogue.unavailable },
        },
      }),
      status: [400, 404],
    },
    alsoRefused: [
      {
        as: 'adminA',
        why: 'a file spending credits the workspace does not hold',
        request: (f) => ({
          method: 'POST',
          url: '/lms/api/course/bulk-add-users',
          upload: {
            file: `Email\n${f.people.employee.member!.email}\n`,
            fields: { courseList: f.catalogue.noCredits },
          },
        }),
        status: [400, 409],
      },
    ],
  },
  'POST /lms/api/course/assign-course-to-users': {
    rule: "courses.assign; the people in the caller's scope; the course usable, its credits held",
    as: 'adminA',
    request: (f) => ({
      method: 'POST',
      url: '/lms/api/course/assign-course-to-users',
      payload: { courseId: f.course.courseId, userIds: [f.people.employee.accountId] },
    }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: {
      as: 'adminA',
      why: 'a catalogue course with no credits left',
      request: (f) => ({
        method: 'POST',
        url: '/lms/api/course/assign-course-to-users',
        payload: { courseId: f.catalogue.noCredits, userIds: [f.people.employee.accountId] },
      }),
      status: [409],
      reason: 'NO_CREDITS',
    },
  },
  'POST /lms/api/course/add-users': {
    rule: "courses.assign; a filter within the caller's scope; the course usable, its credits held",
    as: 'adminA',
    request: (f) => ({
      method: 'POST',
      url: '/lms/api/course/add-users',
      payload: { courseId: f.course.courseId, branchId: f.target.unit.id },
    }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: {
      as: 'adminA',
      why: 'a catalogue course with no credits, to a whole unit',
      request: (f) => ({
        method: 'POST',
        url: '/lms/api/course/add-users',
        payload: { courseId: f.catalogue.noCredits, branchId: f.target.unit.id },
      }),
      status: [409],
      reason: 'NO_CREDITS',
    },
  },
  'POST /lms/api/course/unassign': {
    rule: "courses.assign; the people in the caller's scope; never one's own enrolment",
    as: 'adminA',
    prepare: async (f) => {
      const course = await aFreshCourse(f, 'A course to unassign');
      await enrol(f, course, 'employee');
      await enrol(f, course, 'unitAdminTarget');
      return { courseId: course.courseId };
    },
    request: (f, p) => ({
      method: 'POST',
      url: '/lms/api/course/unassign',
      payload: { courseId: p.courseId, userIds: [f.people.employee.accountId] },
    }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: {
      as: 'unitAdminTarget',
      why: 'a unit admin unassigning itself from its own training',
      request: (f, p) => ({
        method: 'POST',
        url: '/lms/api/course/unassign',
        payload: { courseId: p.courseId, userIds: [f.people.unitAdminTarget.accountId] },
      }),
      status: [403],
      reason: 'FORBIDDEN_ACT_ON_OWN_ENROLMENT',
    },
  },
  'POST /lms/api/course/members': {
    rule: "courses.assign; a unit filter within the caller's scope",
    as: 'adminA',
    request: (f) => ({
      method: 'POST',
      url: '/lms/api/course/members',
      payload: { courseId: f.course.courseId, pageNo: 0, branchId: f.target.unit.id },
    }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
  },
  'GET /lms/api/course/members/export': {
    rule: "courses.assign; the rows of the caller's scope only",
    as: 'adminA',
    request: (f) => ({ method: 'GET', url: `/lms/api/course/members/export?courseId=${f.course.courseId}` }),
    hides: (f) => f.people.learner.member!.email,
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
  },
  'POST /lms/api/course/users': {
    rule: "courses.assign; a unit filter within the caller's scope",
    as: 'adminA',
    request: (f) => ({
      method: 'POST',
      url: '/lms/api/course/users',
      payload: { courseId: f.course.courseId, pageNo: 0, branchId: f.target.unit.id },
    }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
  },
  'POST /lms/api/course/attempts/exceeded': {
    rule: "courses.assign; the rows of the caller's scope only",
    as: 'adminA',
    prepare: async (f) => {
      // The learner used both attempts of the quiz and failed.
      const course = await aQuickCourse(f);
      const enrolmentId = await aReadyEnrolment(f, 'learner', course, { failedAttempts: 2 });
      return { courseId: course.courseId, enrolmentId };
    },
    request: (_f, p) => ({
      method: 'POST',
      url: '/lms/api/course/attempts/exceeded',
      payload: { courseId: p.courseId, pageNo: 0 },
    }),
    hides: (_f, p) => p.enrolmentId!,
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
  },
  'GET /lms/api/course/user-attempts': {
    rule: "courses.assign; the learner in the caller's scope",
    as: 'adminA',
    request: (f) => ({
      method: 'GET',
      url: `/lms/api/course/user-attempts?courseId=${f.course.courseId}&userId=${f.people.learner.accountId}`,
    }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
  },
  'POST /lms/api/course/increase/user-attempts': {
    rule: "courses.assign; the learner in the caller's scope; never one's own attempts",
    as: 'adminA',
    prepare: async (f) => {
      // The learner and the target unit's admin each failed the quiz once.
      const course = await aQuickCourse(f);
      await aReadyEnrolment(f, 'learner', course, { failedAttempts: 1 });
      await aReadyEnrolment(f, 'unitAdminTarget', course, { failedAttempts: 1 });
      return { courseId: course.courseId, quizId: course.quizId };
    },
    request: (f, p) => ({
      method: 'POST',
      url: '/lms/api/course/increase/user-attempts',
      payload: { courseId: p.courseId, userId: f.people.learner.accountId, itemId: p.quizId, count: 1 },
    }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: {
      as: 'unitAdminTarget',
      why: 'a unit admin granting quiz attempts to itself',
      request: (f, p) => ({
        method: 'POST',
        url: '/lms/api/course/increase/user-attempts',
        payload: { courseId: p.courseId, userId: f.people.unitAdminTarget.accountId, itemId: p.quizId, count: 1 },
      }),
      status: [403],
      reason: 'FORBIDDEN_ACT_ON_OWN_ENROLMENT',
    },
  },
  'GET /lms/api/workspace-course/all/brief': {
    rule: 'courses.assign: the courses the caller may assign (its own workspace’s)',
    as: 'adminA',
    request: () => ({ method: 'GET', url: '/lms/api/workspace-course/all/brief' }),
    hides: (f) => f.course.courseId,
    anotherWorkspace: 'own-scope',
    lowerRole: 'employee',
    unitAdminOutside: na('the courses a workspace may assign are the same for every unit (published ones)'),
    moreThanHeld: GIVES_NOTHING,
  },

  // Automation: `courses.manage` for the whole workspace (rules apply to the whole workspace).
  'GET /lms/api/course/autoAssign': {
    rule: 'courses.manage for the whole workspace',
    as: 'adminA',
    request: (f) => ({ method: 'GET', url: `/lms/api/course/autoAssign?courseId=${f.course.courseId}` }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
  },
  'POST /lms/api/course/autoAssign': {
    rule: 'courses.manage for the whole workspace; the course usable by the workspace',
    as: 'adminA',
    request: (f) => ({
      method: 'POST',
      url: '/lms/api/course/autoAssign',
      payload: { courseId: f.course.courseId, branchId: f.target.unit.id, dueDays: 30, enabled: true },
    }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: {
      as: 'adminA',
      why: 'a rule assigning a catalogue course the workspace has not been given',
      request: (f) => ({
        method: 'POST',
        url: '/lms/api/course/autoAssign',
        payload: { courseId: f.catalogue.unavailable, dueDays: 30, enabled: true },
      }),
    },
    alsoRefused: [
      {
        as: 'adminA',
        why: 'a rule enrolling the target unit now on a course with no credits left',
        request: (f) => ({
          method: 'POST',
          url: '/lms/api/course/autoAssign',
          payload: {
            courseId: f.catalogue.noCredits,
            branchId: f.target.unit.id,
            dueDays: 30,
            enabled: true,
            applyToExisting: true,
          },
        }),
        status: [409],
      },
    ],
  },
  'POST /lms/api/course/auto/reset': {
    rule: 'courses.manage for the whole workspace',
    as: 'adminA',
    prepare: async (f) => {
      const course = await aFreshCourse(f, 'A course with a rule');
      const res = await f.t.request(f.a.host, {
        method: 'POST',
        url: '/lms/api/course/autoAssign',
        token: f.people.adminA.token,
        payload: { courseId: course.courseId, dueDays: 30, enabled: true },
      });
      if (res.statusCode !== 200) throw new Error(`rule: ${res.statusCode} ${res.body}`);
      return { courseId: course.courseId };
    },
    request: (_f, p) => ({ method: 'POST', url: '/lms/api/course/auto/reset', payload: { courseId: p.courseId } }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: na('removes a rule; gives nothing'),
  },
  'GET /lms/api/course/:id/recurrence': {
    rule: 'courses.manage for the whole workspace',
    as: 'adminA',
    request: (f) => ({ method: 'GET', url: `/lms/api/course/${f.course.courseId}/recurrence` }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
  },
  'PUT /lms/api/course/:id/recurrence': {
    rule: 'courses.manage for the whole workspace',
    as: 'adminA',
    request: (f) => ({
      method: 'PUT',
      url: `/lms/api/course/${f.course.courseId}/recurrence`,
      payload: { recurrenceMonths: 12, recurrenceDueDays: 30, expiryNoticeDays: 14, retrainOnUpdate: false },
    }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: na('sets when training recurs for everyone enrolled; gives no access'),
  },
  'GET /lms/api/course/:id/higher-risk': {
    rule: 'courses.manage for the whole workspace',
    as: 'adminA',
    request: (f) => ({ method: 'GET', url: `/lms/api/course/${f.course.courseId}/higher-risk` }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
  },
  'PUT /lms/api/course/:id/higher-risk': {
    rule: "courses.manage for the whole workspace; the workspace's own departments",
    as: 'adminA',
    request: (f) => ({
      method: 'PUT',
      url: `/lms/api/course/${f.course.courseId}/higher-risk`,
      payload: { departmentIds: [f.target.department.id] },
    }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: {
      as: 'adminA',
      why: "naming another workspace's department",
      request: (f) => ({
        method: 'PUT',
        url: `/lms/api/course/${f.course.courseId}/higher-risk`,
        payload: { departmentIds: [f.b.departmentId] },
      }),
      status: [400, 403, 404],
    },
  },
  'POST /lms/api/course/reassign': {
    rule: 'courses.manage for the whole workspace; never one’s own enrolment',
    as: 'adminA',
    prepare: async (f) => {
      const course = await aFreshCourse(f, 'A course to retrain');
      await enrol(f, course, 'employee');
      await enrol(f, course, 'adminA');
      return { courseId: course.courseId };
    },
    request: (f, p) => ({
      method: 'POST',
      url: '/lms/api/course/reassign',
      payload: { courseId: p.courseId, userIds: [f.people.employee.accountId] },
    }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: {
      as: 'adminA',
      why: 'an administrator starting itself a new cycle (a fresh set of attempts)',
      request: (f, p) => ({
        method: 'POST',
        url: '/lms/api/course/reassign',
        payload: { courseId: p.courseId, userIds: [f.people.adminA.accountId] },
      }),
      status: [403],
      reason: 'FORBIDDEN_ACT_ON_OWN_ENROLMENT',
    },
  },
  'GET /lms/api/course/enrolment/:enrolmentId/cycles': {
    rule: 'courses.manage for the whole workspace',
    as: 'adminA',
    request: (f) => ({ method: 'GET', url: `/lms/api/course/enrolment/${f.learnerEnrolment}/cycles` }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
  },

  // Reminders: `courses.manage` for the whole workspace.
  'POST /lms/api/course/course-reminder': {
    rule: 'courses.manage for the whole workspace',
    as: 'adminA',
    request: (f) => ({
      method: 'POST',
      url: '/lms/api/course/course-reminder',
      payload: { courseId: f.course.courseId, userIds: [f.people.learner.accountId] },
    }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: na('a reminder gives nothing'),
  },
  'GET /lms/api/course/course-due-reminder': {
    rule: 'courses.manage for the whole workspace',
    as: 'adminA',
    request: (f) => ({ method: 'GET', url: `/lms/api/course/course-due-reminder?courseId=${f.course.courseId}` }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
  },
  'POST /lms/api/course/course-due-reminder': {
    rule: 'courses.manage for the whole workspace',
    as: 'adminA',
    request: (f) => ({
      method: 'POST',
      url: '/lms/api/course/course-due-reminder',
      payload: {
        courseId: f.course.courseId,
        remindersEnabled: true,
        remindBeforeDays: 3,
        remindAfterEveryDays: 7,
        expiryNoticeDays: 0,
      },
    }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: na('sets when reminders go; gives nothing'),
  },
  'PUT /lms/api/course/:id/reminder-toggle': {
    rule: 'courses.manage for the whole workspace',
    as: 'adminA',
    request: (f) => ({
      method: 'PUT',
      url: `/lms/api/course/${f.course.courseId}/reminder-toggle`,
      payload: { enabled: false },
    }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: na('switches reminders; gives nothing'),
  },

  // Escalation settings (main API): settings.manage, or courses.manage for the whole workspace.
  'GET /api/escalation-setting/all': {
    rule: 'settings.manage, or courses.manage for the whole workspace',
    as: 'adminA',
    prepare: (f) => anEscalation(f),
    request: () => ({ method: 'GET', url: '/api/escalation-setting/all' }),
    hides: (_f, p) => p.id!,
    anotherWorkspace: 'own-scope',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
  },
  'GET /api/escalation-setting/recipients': {
    rule: 'settings.manage, or courses.manage for the whole workspace',
    as: 'adminA',
    request: () => ({ method: 'GET', url: '/api/escalation-setting/recipients' }),
    hides: (f) => f.people.learner.accountId,
    anotherWorkspace: 'own-scope',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
  },
  'POST /api/escalation-setting/save': {
    rule: 'settings.manage, or courses.manage for the whole workspace; a unit and a recipient of the workspace',
    as: 'adminA',
    request: (f) => ({
      method: 'POST',
      url: '/api/escalation-setting/save',
      payload: {
        branchId: f.target.unit.id,
        escalationType: 'COURSE',
        firstThresholdDate: 3,
        secondThresholdDate: 7,
        targetId: f.people.adminA.accountId,
      },
    }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: {
      as: 'adminA',
      why: "sending A's learners' escalations to another workspace's admin",
      request: (f) => ({
        method: 'POST',
        url: '/api/escalation-setting/save',
        payload: {
          branchId: f.target.unit.id,
          escalationType: 'COURSE',
          firstThresholdDate: 3,
          secondThresholdDate: 7,
          targetId: f.people.adminB.accountId,
        },
      }),
      status: [400, 403, 404],
    },
  },
  'DELETE /api/escalation-setting/:id': {
    rule: 'settings.manage, or courses.manage for the whole workspace',
    as: 'adminA',
    prepare: (f) => anEscalation(f, 'POLICY'),
    request: (_f, p) => ({ method: 'DELETE', url: `/api/escalation-setting/${p.id}` }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: na('removes a setting; gives nothing'),
  },

  // A workspace's credits (courses.manage for the whole workspace asks the operator for more).
  'POST /lms/api/workspace-course-credit/request-credits': {
    rule: 'courses.manage for the whole workspace; a catalogue course available to the workspace',
    as: 'adminA',
    request: (f) => ({
      method: 'POST',
      url: '/lms/api/workspace-course-credit/request-credits',
      payload: { courseId: f.catalogue.withCredits, quantity: 5 },
    }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: na('asks the operator, who decides; the request itself gives nothing'),
  },
  'GET /lms/api/course/credits/requests/:id': {
    rule: "courses.manage for the whole workspace: its own workspace's requests (a workspaceId named is ignored)",
    as: 'adminA',
    prepare: async (f) => {
      const res = await f.t.request(f.a.host, {
        method: 'POST',
        url: '/lms/api/workspace-course-credit/request-credits',
        token: f.people.adminA.token,
        payload: { courseId: f.catalogue.withCredits, quantity: 7, note: 'authz request' },
      });
      if (res.statusCode !== 200) throw new Error(`request credits: ${res.statusCode} ${res.body}`);
      return { id: res.json().id };
    },
    request: (f) => ({
      method: 'GET',
      url: `/lms/api/course/credits/requests/${f.catalogue.withCredits}?pageNo=0&workspaceId=${f.a.id}`,
    }),
    hides: (_f, p) => p.id!,
    anotherWorkspace: 'own-scope',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
  },
  'GET /lms/api/course/credits/credited/:id': {
    rule: "courses.manage for the whole workspace: its own workspace's grants (a workspaceId named is ignored)",
    as: 'adminA',
    request: (f) => ({
      method: 'GET',
      url: `/lms/api/course/credits/credited/${f.catalogue.withCredits}?pageNo=0&workspaceId=${f.a.id}`,
    }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
  },

  // Certificates: the learner's own, or courses.manage for the whole workspace.
  'GET /lms/api/user-course-content/certificate/:enrolmentId': {
    rule: 'the learner of the enrolment, or courses.manage for the whole workspace',
    as: 'learner',
    prepare: async (f) => aCertificate(f, 'learner'),
    request: (_f, p) => ({ method: 'GET', url: `/lms/api/user-course-content/certificate/${p.enrolmentId}` }),
    anotherWorkspace: 'refused',
    lowerRole: OWN,
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
    alsoRefused: [
      { as: 'employee', why: 'another learner' },
      { as: 'unitAdminTarget', why: "the learner's own unit admin does not manage courses" },
    ],
  },

  // A learner's own progress: `learning.view`, and the enrolment is the caller's.
  'GET /lms/api/workspace-course/stats': {
    rule: "learning.view: the caller's own enrolments' counts",
    as: 'learner',
    request: () => ({ method: 'GET', url: '/lms/api/workspace-course/stats' }),
    anotherWorkspace: 'own-scope',
    lowerRole: OWN,
    unitAdminOutside: na("counts the caller's own enrolments only: there is no one else's to reach"),
    moreThanHeld: GIVES_NOTHING,
  },
  'POST /lms/api/workspace-course/courses': {
    rule: "learning.view: the caller's own enrolments",
    as: 'learner',
    request: () => ({ method: 'POST', url: '/lms/api/workspace-course/courses', payload: { pageNo: 0 } }),
    hides: (f) => f.learnerEnrolment,
    anotherWorkspace: 'own-scope',
    lowerRole: OWN,
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
    alsoRefused: NOT_OTHERS,
  },
  'GET /lms/api/workspace-course/metadata/:enrolmentId': {
    rule: "learning.view; the enrolment is the caller's",
    as: 'learner',
    request: (f) => ({ method: 'GET', url: `/lms/api/workspace-course/metadata/${f.learnerEnrolment}` }),
    anotherWorkspace: 'refused',
    lowerRole: OWN,
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
    alsoRefused: NOT_OTHERS,
  },
  'GET /lms/api/user-course-content/lesson/:itemId': {
    rule: "learning.view; the enrolment is the caller's",
    as: 'learner',
    request: (f) => ({
      method: 'GET',
      url: `/lms/api/user-course-content/lesson/${f.course.lessonId}?enrolmentId=${f.learnerEnrolment}`,
    }),
    anotherWorkspace: 'refused',
    lowerRole: OWN,
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
    alsoRefused: NOT_OTHERS,
  },
  'POST /lms/api/user-course-content/video-progress': {
    rule: "learning.view; the enrolment is the caller's",
    as: 'learner',
    request: (f) => ({
      method: 'POST',
      url: '/lms/api/user-course-content/video-progress',
      payload: {
        enrolmentId: f.learnerEnrolment,
        blockId: f.course.videoBlockId,
        duration: 100,
        position: 0,
        from: 0,
        to: 0,
      },
    }),
    anotherWorkspace: 'refused',
    lowerRole: OWN,
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
    alsoRefused: NOT_OTHERS,
  },
  'POST /lms/api/user-course-content/complete': {
    rule: "learning.view; the enrolment is the caller's",
    as: 'learner',
    prepare: async (f) => {
      const course = await aQuickCourse(f);
      return { enrolmentId: await aReadyEnrolment(f, 'learner', course), itemId: course.lessonId };
    },
    request: (_f, p) => ({
      method: 'POST',
      url: '/lms/api/user-course-content/complete',
      payload: { enrolmentId: p.enrolmentId, itemId: p.itemId },
    }),
    anotherWorkspace: 'refused',
    lowerRole: OWN,
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
    alsoRefused: NOT_OTHERS,
  },
  'GET /lms/api/user-course-content/quiz/:itemId': {
    rule: "learning.view; the enrolment is the caller's",
    as: 'learner',
    prepare: async (f) => {
      const course = await aQuickCourse(f);
      return { enrolmentId: await aReadyEnrolment(f, 'learner', course, { lessonDone: true }), quizId: course.quizId };
    },
    request: (_f, p) => ({
      method: 'GET',
      url: `/lms/api/user-course-content/quiz/${p.quizId}?enrolmentId=${p.enrolmentId}`,
    }),
    anotherWorkspace: 'refused',
    lowerRole: OWN,
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
    alsoRefused: NOT_OTHERS,
  },
  'POST /lms/api/user-course-content/quiz/:itemId/submit': {
    rule: "learning.view; the enrolment is the caller's",
    as: 'learner',
    prepare: async (f) => {
      const course = await aQuickCourse(f);
      const enrolmentId = await aReadyEnrolment(f, 'learner', course, { lessonDone: true });
      return { enrolmentId, quizId: course.quizId, questionId: course.questionId, right: course.right };
    },
    request: (_f, p) => ({
      method: 'POST',
      url: `/lms/api/user-course-content/quiz/${p.quizId}/submit`,
      headers: { 'idempotency-key': `authz-submit-${p.enrolmentId}` },
      payload: { enrolmentId: p.enrolmentId, answers: [{ questionId: p.questionId, selected: [p.right] }] },
    }),
    anotherWorkspace: 'refused',
    lowerRole: OWN,
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
    alsoRefused: NOT_OTHERS,
  },
  'POST /lms/api/user-course-content/scorm/:itemId/commit': {
    rule: "learning.view; the enrolment is the caller's",
    as: 'learner',
    prepare: async (f) => {
      const course = await aScormCourse(f.t.database.db, f.a.id);
      const enrolmentId = await enrol(f, course, 'learner');
      return { enrolmentId, itemId: course.itemId };
    },
    request: (_f, p) => ({
      method: 'POST',
      url: `/lms/api/user-course-content/scorm/${p.itemId}/commit`,
      payload: { enrolmentId: p.enrolmentId, standard: 'SCORM_12', cmi: { core: { lesson_status: 'incomplete' } } },
    }),
    anotherWorkspace: 'refused',
    lowerRole: OWN,
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
    alsoRefused: NOT_OTHERS,
  },
  'POST /lms/api/course/scorm/:packageId/launch': {
    rule: 'learning.view and enrolled on the version (or authoring it); the page asking is on the request’s own origin',
    as: 'learner',
    prepare: async (f) => {
      const course = await aScormCourse(f.t.database.db, f.a.id);
      await enrol(f, course, 'learner');
      const [pkg] = await packagesOf(f, course.versionId);
      return { packageId: pkg! };
    },
    request: (_f, p, host) => ({
      method: 'POST',
      url: `/lms/api/course/scorm/${p.packageId}/launch`,
      payload: { parentOrigin: `http://${host}` },
    }),
    anotherWorkspace: 'refused',
    lowerRole: na('any member enrolled plays; not enrolled is tried below'),
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
    alsoRefused: [{ as: 'employee', why: 'a member not enrolled on the course' }],
  },
  'GET /lms/api/lesson-content/file/:id': {
    rule: "learning.view: a published block of the workspace's (or an available catalogue) course; drafts are the authors'",
    as: 'learner',
    request: (f) => ({
      method: 'GET',
      url: `/lms/api/lesson-content/file/${f.course.videoBlockId}?language=en&format=json`,
    }),
    anotherWorkspace: 'refused',
    lowerRole: na("every member reads the workspace's published courses (they are listed to every member)"),
    unitAdminOutside: na("every member reads the workspace's published courses"),
    moreThanHeld: GIVES_NOTHING,
  },

  // Workshops without a route permission (the others are in core/admin-authz.test.ts).
  'POST /lms/api/workshops/list': {
    rule: "learning.view: those the caller manages (courses.assign, its unit's) or trains",
    as: 'adminA',
    prepare: async (f) => ({ id: await aWorkshop(f) }),
    request: () => ({ method: 'POST', url: '/lms/api/workshops/list', payload: {} }),
    hides: (_f, p) => p.id!,
    anotherWorkspace: 'own-scope',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
  },
  'GET /lms/api/workshops/my': {
    rule: "learning.view: the caller's own invitations",
    as: 'learner',
    prepare: async (f) => ({ id: await aWorkshop(f) }),
    request: () => ({ method: 'GET', url: '/lms/api/workshops/my' }),
    hides: (_f, p) => p.id!,
    anotherWorkspace: 'own-scope',
    lowerRole: OWN,
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
    alsoRefused: NOT_OTHERS,
  },
  'GET /lms/api/workshops/:id': {
    rule: 'a manager in scope (courses.assign reaching its unit) or its trainer',
    as: 'adminA',
    prepare: async (f) => ({ id: await aWorkshop(f) }),
    request: (_f, p) => ({ method: 'GET', url: `/lms/api/workshops/${p.id}` }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
  },
  'PUT /lms/api/workshops/:id/attendance/:userId': {
    rule: 'a manager in scope or its trainer, once the session started',
    as: 'unitAdminTarget',
    prepare: async (f) => ({ id: await aWorkshop(f) }),
    request: (f, p) => ({
      method: 'PUT',
      url: `/lms/api/workshops/${p.id}/attendance/${f.people.learner.accountId}`,
      payload: { attended: true },
    }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: {
      as: 'learner',
      why: 'an invitee marking itself attended (which completes a linked course)',
      request: (f, p) => ({
        method: 'PUT',
        url: `/lms/api/workshops/${p.id}/attendance/${f.people.learner.accountId}`,
        payload: { attended: true },
      }),
    },
  },
  'GET /lms/api/workshops/:id/session-code': {
    rule: 'a manager in scope or its trainer',
    as: 'unitAdminTarget',
    prepare: async (f) => ({ id: await aWorkshop(f) }),
    request: (_f, p) => ({ method: 'GET', url: `/lms/api/workshops/${p.id}/session-code` }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: na('shows the code; gives nothing'),
    alsoRefused: [{ as: 'learner', why: 'an invitee (the code is what proves it came)' }],
  },
  'POST /lms/api/workshops/:id/check-in': {
    rule: 'an invitee, with the session code, while the session is open',
    as: 'learner',
    prepare: async (f) => {
      const id = await aWorkshop(f);
      const res = await f.t.request(f.a.host, {
        method: 'GET',
        url: `/lms/api/workshops/${id}/session-code`,
        token: f.people.adminA.token,
      });
      if (res.statusCode !== 200) throw new Error(`code: ${res.statusCode} ${res.body}`);
      return { id, code: res.json().code };
    },
    request: (_f, p) => ({ method: 'POST', url: `/lms/api/workshops/${p.id}/check-in`, payload: { code: p.code } }),
    anotherWorkspace: 'refused',
    lowerRole: OWN,
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
    alsoRefused: NOT_OTHERS,
  },
  'GET /lms/api/workshops/:id/calendar': {
    rule: 'an invitee, a manager in scope or its trainer',
    as: 'learner',
    prepare: async (f) => ({ id: await aWorkshop(f) }),
    request: (_f, p) => ({ method: 'GET', url: `/lms/api/workshops/${p.id}/calendar` }),
    anotherWorkspace: 'refused',
    lowerRole: na('an invitee, whatever its role'),
    unitAdminOutside: 'refused',
    moreThanHeld: GIVES_NOTHING,
    alsoRefused: [{ as: 'employee', why: 'a member not invited' }],
  },
};

/** An escalation setting of A (type COURSE, or `type`), for the target unit; answers its id. */
async function anEscalation(f: AuthzFixture, type: 'COURSE' | 'POLICY' = 'COURSE'): Promise<{ id: string }> {
  const res = await f.t.request(f.a.host, {
    method: 'POST',
    url: '/api/escalation-setting/save',
    token: f.people.adminA.token,
    payload: {
      branchId: f.target.unit.id,
      escalationType: type,
      firstThresholdDate: 2,
      secondThresholdDate: 5,
      targetId: f.people.adminA.accountId,
    },
  });
  if (res.statusCode !== 200) throw new Error(`escalation: ${res.statusCode} ${res.body}`);
  return { id: res.json().id };
}
