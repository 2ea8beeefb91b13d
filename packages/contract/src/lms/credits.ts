import { z } from 'zod';
import { ZPagedResult, ZUuid } from '../common.ts';

/** Course availability and credits (docs/learning-design.md §1.8, §2, WP5). */

export const CREDIT_PAGE_SIZE = 20;
const ZPageNo = z.coerce.number().int().min(0).max(100_000).default(0);

// Availability (the operator makes a published catalogue course available to a workspace)

export const ZWorkspaceCourseRequest = z.object({ workspaceId: ZUuid, courseId: ZUuid, enabled: z.boolean() });
export type TWorkspaceCourseRequest = z.infer<typeof ZWorkspaceCourseRequest>;

export const ZWorkspaceCourseListQuery = z.object({
  /** The workspaces of one course (the availability screen) … */
  courseId: ZUuid.optional(),
  /** … or the courses of one workspace. */
  workspaceId: ZUuid.optional(),
  pageNo: ZPageNo,
});
export type TWorkspaceCourseListQuery = z.infer<typeof ZWorkspaceCourseListQuery>;

export const ZWorkspaceCourse = z.object({
  workspaceId: ZUuid,
  workspaceName: z.string(),
  courseId: ZUuid,
  courseTitle: z.string(),
  /** Whether the course is available to the workspace now (false: there was a row, switched off). */
  enabled: z.boolean(),
  balance: z.number().int(),
  updatedAt: z.string().nullable(),
});
export type TWorkspaceCourse = z.infer<typeof ZWorkspaceCourse>;
export const ZWorkspaceCoursePage = ZPagedResult(ZWorkspaceCourse);

// Requests

export const CREDIT_REQUEST_STATUSES = ['PENDING', 'GRANTED', 'REJECTED'] as const;
export const ZCreditRequestStatus = z.enum(CREDIT_REQUEST_STATUSES);
export type TCreditRequestStatus = z.infer<typeof ZCreditRequestStatus>;

export const ZCreditQuantity = z.number().int().min(1).max(10_000);
const ZNote = z.string().trim().max(500);

export const ZRequestCreditsRequest = z.object({
  courseId: ZUuid,
  quantity: ZCreditQuantity,
  note: ZNote.optional(),
});
export type TRequestCreditsRequest = z.infer<typeof ZRequestCreditsRequest>;

export const ZCreditRequestAction = z.enum(['decide']);
export type TCreditRequestAction = z.infer<typeof ZCreditRequestAction>;

export const ZCreditRequest = z.object({
  id: ZUuid,
  workspaceId: ZUuid,
  workspaceName: z.string(),
  courseId: ZUuid,
  courseTitle: z.string(),
  quantity: z.number().int(),
  note: z.string().nullable(),
  status: ZCreditRequestStatus,
  requestedBy: z.string().nullable(),
  requestedAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  grantedQuantity: z.number().int().nullable(),
  decisionNote: z.string().nullable(),
  actions: z.array(ZCreditRequestAction),
});
export type TCreditRequest = z.infer<typeof ZCreditRequest>;
export const ZCreditRequestPage = ZPagedResult(ZCreditRequest);

export const ZCreditRequestListRequest = z.object({
  pageNo: z.number().int().min(0).max(100_000).default(0),
  pageSize: z.number().int().min(1).max(100).default(CREDIT_PAGE_SIZE),
  status: ZCreditRequestStatus.optional(),
  workspaceId: ZUuid.optional(),
});
export type TCreditRequestListRequest = z.infer<typeof ZCreditRequestListRequest>;

export const ZCreditDecision = z
  .object({
    decision: z.enum(['GRANT', 'REJECT']),
    /** Credits granted (default: the quantity asked for). */
    quantity: ZCreditQuantity.optional(),
    note: ZNote.optional(),
  })
  .refine((d) => d.decision === 'GRANT' || d.quantity === undefined, {
    path: ['quantity'],
    message: 'A rejection grants nothing',
  });
export type TCreditDecision = z.infer<typeof ZCreditDecision>;

export const ZCreditDecisionResult = z.object({ request: ZCreditRequest, balance: z.number().int() });
export type TCreditDecisionResult = z.infer<typeof ZCreditDecisionResult>;

export const ZCreditRequestIdParams = z.object({ id: ZUuid });

// The course's credit history (for the workspace, or the operator with `workspaceId`)

export const ZCourseCreditsQuery = z.object({ pageNo: ZPageNo, workspaceId: ZUuid.optional() });
export type TCourseCreditsQuery = z.infer<typeof ZCourseCreditsQuery>;

export const ZLedgerReason = z.enum(['GRANT', 'SPEND', 'REFUND', 'ADJUST']);
export const ZLedgerEntry = z.object({
  id: ZUuid,
  delta: z.number().int(),
  reason: ZLedgerReason,
  note: z.string().nullable(),
  by: z.string().nullable(),
  at: z.string(),
  enrolmentId: ZUuid.nullable(),
  requestId: ZUuid.nullable(),
});
export type TLedgerEntry = z.infer<typeof ZLedgerEntry>;

export const ZCourseCredits = z.object({
  courseId: ZUuid,
  courseTitle: z.string(),
  balance: z.number().int(),
  enabled: z.boolean(),
  entries: ZPagedResult(ZLedgerEntry),
});
export type TCourseCredits = z.infer<typeof ZCourseCredits>;

/** What `NO_CREDITS` (409) carries. */
export const NO_CREDITS_MESSAGE =
  'Not enough credits for this course. Request more credits under Learning → Credits; the platform operator grants them.';
