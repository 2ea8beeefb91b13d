import { z } from 'zod';
import { ZUuid } from '../common.ts';
import { ZPlainDate } from '../invites.ts';

/**
 * Auto-assign rules and recurring training (issue 14; docs/learning-design.md §7). A rule enrols new
 * joiners who match it, due N days after joining; a recurring course's completion expires and the
 * learner starts a new cycle (Canada: SOR/2020-130 s.12(4) — within 3 months of starting, at least
 * every 3 years, after an update, on assignment to a higher-risk role).
 */

/** Due days of a rule and of a new cycle: 1 to 365. */
const ZDays = z.number().int().min(1).max(365);

export const ZAutoAssignQuery = z.object({ courseId: ZUuid });
export type TAutoAssignQuery = z.infer<typeof ZAutoAssignQuery>;

export const ZAutoAssignRequest = z
  .object({
    courseId: ZUuid,
    /** Only new joiners of this business unit (null: any). */
    branchId: ZUuid.nullish(),
    /** Only new joiners of this department (null: any). */
    departmentId: ZUuid.nullish(),
    /** Only people whose joining date is on or after … */
    startJoiningDate: ZPlainDate.nullish(),
    /** … and on or before (inclusive). */
    endJoiningDate: ZPlainDate.nullish(),
    /** Due this many days after the joining date (end of that day, in the workspace's zone). */
    dueDays: ZDays,
    enabled: z.boolean(),
    /** Enrol the current members who match and are not enrolled, now (credits as usual). */
    applyToExisting: z.boolean().optional(),
  })
  .refine((r) => !r.startJoiningDate || !r.endJoiningDate || r.startJoiningDate <= r.endJoiningDate, {
    message: 'The end of the joining-date range is before its start',
    path: ['endJoiningDate'],
  });
export type TAutoAssignRequest = z.infer<typeof ZAutoAssignRequest>;

/** What the caller may do with a course's auto-assign rule (rulePolicy): change it, remove it. */
export const ZRuleAction = z.enum(['edit', 'reset']);
export type TRuleAction = z.infer<typeof ZRuleAction>;

export const ZAutoAssignRule = z.object({
  id: ZUuid,
  courseId: ZUuid,
  branchId: ZUuid.nullable(),
  departmentId: ZUuid.nullable(),
  startJoiningDate: z.string().nullable(),
  endJoiningDate: z.string().nullable(),
  dueDays: z.number().int(),
  enabled: z.boolean(),
  updatedAt: z.string(),
  /** The actions the caller may take on this rule now. */
  actions: z.array(ZRuleAction),
});
export type TAutoAssignRule = z.infer<typeof ZAutoAssignRule>;

/** `GET course/autoAssign`: the course's rule, or null. */
export const ZAutoAssignState = z.object({ rule: ZAutoAssignRule.nullable() });
export type TAutoAssignState = z.infer<typeof ZAutoAssignState>;

/** `POST course/autoAssign`: the rule as saved, and how many current members were enrolled now. */
export const ZAutoAssignResult = z.object({ rule: ZAutoAssignRule, enrolled: z.number().int() });
export type TAutoAssignResult = z.infer<typeof ZAutoAssignResult>;

export const ZAutoAssignReset = z.object({ courseId: ZUuid });
export const ZAutoAssignResetResult = z.object({ removed: z.boolean() });
export type TAutoAssignResetResult = z.infer<typeof ZAutoAssignResetResult>;

// Recurrence

export const RECURRENCE_MAX_MONTHS = 120;

/** A course's recurrence in a workspace (`GET/PUT course/:id/recurrence`). */
export const ZRecurrenceSettings = z.object({
  /** Completion expires this many months after it (null: the course does not recur). */
  recurrenceMonths: z.number().int().min(1).max(RECURRENCE_MAX_MONTHS).nullable(),
  /** A new cycle is due this many days after it starts. */
  recurrenceDueDays: ZDays,
  /** The learner is told this many days before the completion expires (0: not told). */
  expiryNoticeDays: z.number().int().min(0).max(180),
  /** Publishing a new version starts a new cycle for those who completed an older one. */
  retrainOnUpdate: z.boolean(),
});
export type TRecurrenceSettings = z.infer<typeof ZRecurrenceSettings>;

export const ZRecurrenceResult = ZRecurrenceSettings.extend({
  courseId: ZUuid,
  /** Completions whose expiry date was set or cleared by this change. */
  completionsUpdated: z.number().int(),
});
export type TRecurrenceResult = z.infer<typeof ZRecurrenceResult>;

/**
 * Canada (SOR/2020-130 s.12(4)): training within 3 months of starting, at least every 3 years, and
 * after the training is updated.
 */
export const CANADA_TRAINING_PRESET = {
  autoAssignDueDays: 90,
  recurrenceMonths: 36,
  retrainOnUpdate: true,
} as const;

/** At most this many departments marked higher-risk for one course. */
export const HIGHER_RISK_MAX = 500;

/**
 * `PUT /lms/api/course/{id}/higher-risk`: the departments whose members take the course again when
 * moved into one (a higher-risk role): a new cycle, due the recurrence's "new cycle due" days later.
 */
export const ZHigherRiskDepartments = z.object({
  departmentIds: z.array(ZUuid).max(HIGHER_RISK_MAX),
});
export type THigherRiskDepartments = z.infer<typeof ZHigherRiskDepartments>;

// Cycles

export const CYCLE_END_REASONS = ['EXPIRED', 'UPDATED', 'REASSIGNED', 'REMOVED'] as const;
export const ZCycleEndReason = z.enum(CYCLE_END_REASONS);
export type TCycleEndReason = z.infer<typeof ZCycleEndReason>;

export const REASSIGN_MAX_USERS = 500;
export const ZReassignRequest = z.object({
  courseId: ZUuid,
  userIds: z.array(ZUuid).min(1).max(REASSIGN_MAX_USERS),
});
export type TReassignRequest = z.infer<typeof ZReassignRequest>;

export const ZReassignResult = z.object({
  reassigned: z.array(z.object({ userId: ZUuid, enrolmentId: ZUuid, cycle: z.number().int() })),
  /** Not enrolled on the course, or not completed the current cycle (nothing to retrain). */
  skipped: z.array(ZUuid),
});
export type TReassignResult = z.infer<typeof ZReassignResult>;

export const ZEnrolmentIdParams = z.object({ enrolmentId: ZUuid });

export const ZEnrolmentCycle = z.object({
  cycle: z.number().int(),
  courseVersionId: ZUuid,
  versionNumber: z.number().int().nullable(),
  assignedAt: z.string(),
  dueAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  score: z.number().int().nullable(),
  certificateId: ZUuid.nullable(),
  /** Null: the current cycle. */
  endedReason: ZCycleEndReason.nullable(),
  endedAt: z.string().nullable(),
});
export type TEnrolmentCycle = z.infer<typeof ZEnrolmentCycle>;

/** `GET course/enrolment/:enrolmentId/cycles`: every cycle, the current one last. */
export const ZEnrolmentCycles = z.object({
  enrolmentId: ZUuid,
  courseId: ZUuid,
  accountId: ZUuid,
  cycles: z.array(ZEnrolmentCycle),
});
export type TEnrolmentCycles = z.infer<typeof ZEnrolmentCycles>;
