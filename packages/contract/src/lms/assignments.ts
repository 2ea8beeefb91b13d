import { z } from 'zod';
import { ZPagedResult, ZUuid } from '../common.ts';
import { ZPlainDate } from '../invites.ts';
import { ZEnrolmentSource, ZLearnerStatus } from './enrolments.ts';

/**
 * Assigning courses and watching learners (issue 14, the administrators' side; spec §7 "Learning
 * (LMS)"). Every route takes `courses.assign`; a business unit admin works on the members of its
 * own unit only.
 */

export const MEMBERS_PAGE_SIZE = 20;
/** How many people one call assigns or unassigns at most. */
export const ASSIGN_MAX_USERS = 1000;
/** Extra attempts one grant adds at most, and what a learner may be given in all on one quiz. */
export const ATTEMPTS_GRANT_MAX = 10;
export const EXTRA_ATTEMPTS_MAX = 100;

const ZPageNo = z.coerce.number().int().min(0).max(100_000).default(0);
const ZUserIds = z.array(ZUuid).min(1).max(ASSIGN_MAX_USERS);
const ZSearch = z.string().trim().max(100);
/** The due date: a calendar date, due at the end of that day in the workspace's time zone. */
export const ZDueDate = ZPlainDate;

export const ZAssignToUsersRequest = z.object({ courseId: ZUuid, userIds: ZUserIds, dueDate: ZDueDate.optional() });
export type TAssignToUsersRequest = z.infer<typeof ZAssignToUsersRequest>;

export const ZAssignResult = z.object({
  /** New enrolments. */
  enrolled: z.number().int(),
  /** People already enrolled (nothing changed for them). */
  skipped: z.number().int(),
  /** The course's credit balance afterwards (null: the workspace's own course, which spends none). */
  balance: z.number().int().nullable(),
});
export type TAssignResult = z.infer<typeof ZAssignResult>;

/** The spec's "Bulk assign filter": everyone active matching it (within the caller's scope). */
export const ZBulkAssignFilter = z.object({
  courseId: ZUuid,
  branchId: ZUuid.optional(),
  departmentId: ZUuid.optional(),
  startJoiningDate: ZPlainDate.optional(),
  endJoiningDate: ZPlainDate.optional(),
  userIds: z.array(ZUuid).max(ASSIGN_MAX_USERS).optional(),
  dueDate: ZDueDate.optional(),
  /** Answers the counts without writing anything. */
  dryRun: z.boolean().optional(),
});
export type TBulkAssignFilter = z.infer<typeof ZBulkAssignFilter>;

export const ZBulkAssignResult = ZAssignResult.extend({
  dryRun: z.boolean(),
  /** Active members the filter matches. */
  matched: z.number().int(),
  /** Credits the assignment spends (0 for an own course). */
  creditsNeeded: z.number().int(),
});
export type TBulkAssignResult = z.infer<typeof ZBulkAssignResult>;

export const ZFileAssignResult = z.object({
  courses: z.number().int(),
  people: z.number().int(),
  enrolled: z.number().int(),
  skipped: z.number().int(),
});
export type TFileAssignResult = z.infer<typeof ZFileAssignResult>;

export const ZUnassignRequest = z.object({ courseId: ZUuid, userIds: ZUserIds });
export type TUnassignRequest = z.infer<typeof ZUnassignRequest>;
export const ZUnassignResult = z.object({
  removed: z.number().int(),
  /** Credits given back (only for learners who had not started). */
  refunded: z.number().int(),
  balance: z.number().int().nullable(),
});
export type TUnassignResult = z.infer<typeof ZUnassignResult>;

export const ZCourseMembersRequest = z.object({
  courseId: ZUuid,
  pageNo: ZPageNo,
  search: ZSearch.optional(),
  status: ZLearnerStatus.optional(),
  branchId: ZUuid.optional(),
});
export type TCourseMembersRequest = z.infer<typeof ZCourseMembersRequest>;

/**
 * What the caller may do with a learner's enrolment (enrolmentPolicy): give quiz attempts, unassign,
 * start a new cycle (retrain), download the certificate of the completed cycle. Never on one's own
 * enrolment but the certificate.
 */
export const ZEnrolmentAction = z.enum(['grantAttempts', 'unassign', 'retrain', 'downloadCertificate']);
export type TEnrolmentAction = z.infer<typeof ZEnrolmentAction>;

export const ZCourseMember = z.object({
  enrolmentId: ZUuid,
  userId: ZUuid,
  name: z.string(),
  email: z.string().nullable(),
  employeeId: z.string().nullable(),
  branchName: z.string().nullable(),
  departmentName: z.string().nullable(),
  status: ZLearnerStatus,
  progressPercent: z.number().int(),
  /** Quiz attempts used in the current cycle (all quizzes together). */
  attemptsUsed: z.number().int(),
  bestScore: z.number().int().nullable(),
  /**
   * Part of the result is self-reported by a SCORM package (its completion, success and score come
   * from the learner's browser; the server applies SCORM's rules to them but cannot check them).
   */
  selfReported: z.boolean(),
  dueAt: z.string().nullable(),
  assignedAt: z.string(),
  completedAt: z.string().nullable(),
  cycle: z.number().int(),
  source: ZEnrolmentSource,
  /** The actions the caller may take on this enrolment now; the web shows exactly these. */
  actions: z.array(ZEnrolmentAction),
});
export type TCourseMember = z.infer<typeof ZCourseMember>;

export const ZLearnerSummary = z.object({
  total: z.number().int(),
  NOT_STARTED: z.number().int(),
  IN_PROGRESS: z.number().int(),
  DUE_SOON: z.number().int(),
  OVERDUE: z.number().int(),
  COMPLETED: z.number().int(),
});
export type TLearnerSummary = z.infer<typeof ZLearnerSummary>;

export const ZCourseMembersPage = ZPagedResult(ZCourseMember).extend({
  summary: ZLearnerSummary,
  courseTitle: z.string(),
  /** The workspace's time zone (due dates are shown in it). */
  timeZone: z.string(),
});
export type TCourseMembersPage = z.infer<typeof ZCourseMembersPage>;

export const ZCourseExportQuery = z.object({ courseId: ZUuid });

export const ZAssignableUsersRequest = z.object({
  courseId: ZUuid,
  pageNo: ZPageNo,
  search: ZSearch.optional(),
  branchId: ZUuid.optional(),
  departmentId: ZUuid.optional(),
});
export type TAssignableUsersRequest = z.infer<typeof ZAssignableUsersRequest>;
export const ZAssignableUser = z.object({
  userId: ZUuid,
  name: z.string(),
  email: z.string().nullable(),
  employeeId: z.string().nullable(),
  branchName: z.string().nullable(),
  departmentName: z.string().nullable(),
});
export type TAssignableUser = z.infer<typeof ZAssignableUser>;
export const ZAssignableUsersPage = ZPagedResult(ZAssignableUser);

export const ZAttemptsExceededRequest = z.object({ courseId: ZUuid, pageNo: ZPageNo });
export const ZAttemptsExceeded = z.object({
  enrolmentId: ZUuid,
  userId: ZUuid,
  name: z.string(),
  email: z.string().nullable(),
  itemId: ZUuid,
  quizTitle: z.string(),
  attemptsUsed: z.number().int(),
  /** The quiz's limit plus the extra attempts granted. */
  attemptsAllowed: z.number().int(),
  bestScore: z.number().int().nullable(),
  /** The actions the caller may take on this enrolment now (`grantAttempts`, or none on one's own). */
  actions: z.array(ZEnrolmentAction),
});
export type TAttemptsExceeded = z.infer<typeof ZAttemptsExceeded>;
export const ZAttemptsExceededPage = ZPagedResult(ZAttemptsExceeded);

export const ZUserAttemptsQuery = z.object({ courseId: ZUuid, userId: ZUuid });
export const ZUserAttempts = z.object({
  userId: ZUuid,
  name: z.string(),
  cycle: z.number().int(),
  quizzes: z.array(
    z.object({
      itemId: ZUuid,
      title: z.string(),
      /** null: unlimited. */
      attemptLimit: z.number().int().nullable(),
      extraAttempts: z.number().int(),
      attemptsUsed: z.number().int(),
      passed: z.boolean().nullable(),
      bestScore: z.number().int().nullable(),
      attempts: z.array(
        z.object({
          attemptNo: z.number().int(),
          score: z.number().int(),
          passed: z.boolean(),
          submittedAt: z.string(),
        }),
      ),
    }),
  ),
});
export type TUserAttempts = z.infer<typeof ZUserAttempts>;

export const ZIncreaseAttemptsRequest = z.object({
  courseId: ZUuid,
  userId: ZUuid,
  itemId: ZUuid,
  count: z.number().int().min(1).max(ATTEMPTS_GRANT_MAX),
});
export type TIncreaseAttemptsRequest = z.infer<typeof ZIncreaseAttemptsRequest>;
export const ZIncreaseAttemptsResult = z.object({
  extraAttempts: z.number().int(),
  attemptsAllowed: z.number().int().nullable(),
});
export type TIncreaseAttemptsResult = z.infer<typeof ZIncreaseAttemptsResult>;

export const ZAssignableCourse = z.object({
  id: ZUuid,
  title: z.string(),
  catalogue: z.boolean(),
  /** Credits left (null for an own course). */
  balance: z.number().int().nullable(),
});
export type TAssignableCourse = z.infer<typeof ZAssignableCourse>;
export const ZAssignableCourses = z.array(ZAssignableCourse);
