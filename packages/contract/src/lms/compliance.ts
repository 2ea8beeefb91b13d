import { z } from 'zod';
import { ZLocalDate } from '../committee.ts';
import { ZPagedResult, ZUuid } from '../common.ts';

/*
 * Issue 24: the compliance register (DESIGN §4 "Compliance register"), at the LMS API
 * (`/lms/api/…`). Three layers: the operator's catalogue (categories and obligations: the spec's
 * "Compliance" and "Compliance category" calls under `/admin`), a workspace's answers (applies or
 * not, with the reason; owner and reviewer), and occurrences with insert-only evidence.
 */

/** Text per language: English required, the others optional (the reader's language, else English). */
export const ZTranslatedText = (max: number) =>
  z
    .object({
      en: z.string().trim().min(1).max(max),
      hi: z.string().trim().max(max).optional(),
      kn: z.string().trim().max(max).optional(),
      te: z.string().trim().max(max).optional(),
      ta: z.string().trim().max(max).optional(),
      mr: z.string().trim().max(max).optional(),
      fr: z.string().trim().max(max).optional(),
    })
    .strict();

/** A stable key: upper case letters, digits, `_`, `.`, `-` (e.g. `IN.POSH.S4.COMMITTEE`). */
export const ZCatalogueKey = z
  .string()
  .trim()
  .regex(/^[A-Z0-9][A-Z0-9_.-]{0,63}$/, 'Upper case letters, digits, _ . and - (up to 64)');

// --- categories (spec: "Compliance category under /api/admin: all (page size 100, sortBy ADDED), create, update, delete")

export const ZComplianceCategoryInput = z.object({ key: ZCatalogueKey, name: ZTranslatedText(120) }).strict();
export const ZComplianceCategoryUpdate = ZComplianceCategoryInput.extend({ id: ZUuid }).strict();
export const ZComplianceCategory = z.object({
  id: ZUuid,
  key: z.string(),
  name: z.record(z.string(), z.string()),
  obligationCount: z.number().int(),
  createdAt: z.string(),
  actions: z.array(z.enum(['update', 'delete'])),
});
export type TComplianceCategory = z.infer<typeof ZComplianceCategory>;
export const ZComplianceCategoryPage = ZPagedResult(ZComplianceCategory);
/** `GET /admin/compliance-category/all?pageNo=0&sortBy=ADDED` (100 per page). */
export const ZComplianceCategoryListQuery = z.object({
  pageNo: z.coerce.number().int().min(0).default(0),
  sortBy: z.enum(['ADDED', 'KEY']).default('ADDED'),
});
/** `DELETE /admin/compliance-category/delete?id=…`: 409 CATEGORY_IN_USE while an obligation is in it. */
export const ZComplianceCategoryDeleteQuery = z.object({ id: ZUuid });

// --- obligations (spec: "Compliance under /api/admin: POST all (page size 60), create, update/{id}, delete/{id}")

export const OBLIGATION_KINDS = ['ONE_TIME', 'PERIODIC', 'EVENT', 'CONTINUOUS'] as const;
export const ZObligationKind = z.enum(OBLIGATION_KINDS);
export type TObligationKind = z.infer<typeof ZObligationKind>;

export const EVIDENCE_SOURCES = [
  'NONE',
  'COMMITTEE',
  'DESIGNATED_RECIPIENT',
  'TRAINING',
  'WORKSHOP',
  'POLICY',
  'REPORT',
] as const;
export const ZEvidenceSource = z.enum(EVIDENCE_SOURCES);
export type TEvidenceSource = z.infer<typeof ZEvidenceSource>;

/**
 * How a PERIODIC obligation repeats: every `every` months or years; periods aligned on the
 * calendar year (January), the Indian financial year (April) or the day it began to apply.
 */
export const ZObligationRecurrence = z
  .object({
    every: z.number().int().min(1).max(10),
    unit: z.enum(['MONTH', 'YEAR']),
    alignTo: z.enum(['CALENDAR_YEAR', 'FINANCIAL_YEAR_IN', 'APPLIES_FROM']),
  })
  .strict();
export type TObligationRecurrence = z.infer<typeof ZObligationRecurrence>;

/**
 * When an occurrence is due: the deadline engine's rule (core/due-rules.ts) with the anchor named:
 * PERIOD_START, PERIOD_END, NEXT_PERIOD_START (e.g. s.36: 2 months after the year's end → 1 March),
 * APPLIES_FROM (a ONE_TIME/CONTINUOUS obligation from the day it began to apply; s.12(4): 3 months
 * after joining), EVENT (an EVENT occurrence from the day of the event).
 */
export const ZObligationDueRule = z
  .object({
    anchor: z.enum(['PERIOD_START', 'PERIOD_END', 'NEXT_PERIOD_START', 'APPLIES_FROM', 'EVENT']),
    offset: z.number().int().min(0).max(3650),
    unit: z.enum(['CALENDAR_DAY', 'WORKING_DAY', 'MONTH', 'YEAR']),
    onHoliday: z.enum(['NEXT_WORKING_DAY', 'NONE']),
    /** The section the date is computed under (LEGAL.md), null for a product rule. */
    reference: z.string().trim().max(100).nullable(),
  })
  .strict();
export type TObligationDueRule = z.infer<typeof ZObligationDueRule>;

/**
 * To whom an obligation applies, over the workspace's facts: its country (the obligation's),
 * optionally a unit headcount range (`minHeadcount` 10: "every office of 10 or more", s.4(1)) and
 * jurisdictions (a unit's holiday calendar or the workspace's). Facts the platform does not hold
 * (is the employer a company?) are the workspace's answer: it marks the obligation not applicable
 * with a justification.
 */
export const ZApplicabilityRule = z
  .object({
    minHeadcount: z.number().int().min(0).max(1_000_000).nullable(),
    maxHeadcount: z.number().int().min(0).max(1_000_000).nullable(),
    jurisdictionCodes: z.array(z.string().max(32)).max(50),
  })
  .strict();
export type TApplicabilityRule = z.infer<typeof ZApplicabilityRule>;

export const ZObligationInput = z
  .object({
    key: ZCatalogueKey,
    categoryId: ZUuid,
    country: z.enum(['IN', 'CA']),
    jurisdictionId: ZUuid.nullable(),
    law: z.string().trim().min(1).max(200),
    section: z.string().trim().min(1).max(100),
    title: ZTranslatedText(200),
    description: ZTranslatedText(4000),
    evidence: ZTranslatedText(1000),
    kind: ZObligationKind,
    /** Required for PERIODIC, null otherwise. */
    recurrence: ZObligationRecurrence.nullable(),
    dueRule: ZObligationDueRule,
    applicability: ZApplicabilityRule,
    /** WORKSPACE: one answer for the workspace; UNIT: one per business unit. */
    scope: z.enum(['WORKSPACE', 'UNIT']),
    evidenceSource: ZEvidenceSource,
  })
  .strict()
  .refine((o) => (o.kind === 'PERIODIC') === (o.recurrence !== null), {
    message: 'A periodic obligation needs a recurrence; the others have none',
    path: ['recurrence'],
  });
export type TObligationInput = z.input<typeof ZObligationInput>;

export const ZObligation = z.object({
  id: ZUuid,
  key: z.string(),
  categoryId: ZUuid,
  country: z.enum(['IN', 'CA']),
  jurisdictionId: ZUuid.nullable(),
  law: z.string(),
  section: z.string(),
  title: z.record(z.string(), z.string()),
  description: z.record(z.string(), z.string()),
  evidence: z.record(z.string(), z.string()),
  kind: ZObligationKind,
  recurrence: ZObligationRecurrence.nullable(),
  dueRule: ZObligationDueRule,
  applicability: ZApplicabilityRule,
  scope: z.enum(['WORKSPACE', 'UNIT']),
  evidenceSource: ZEvidenceSource,
  status: z.enum(['ACTIVE', 'RETIRED']),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  actions: z.array(z.enum(['update', 'delete'])),
});
export type TObligation = z.infer<typeof ZObligation>;
export const ZObligationPage = ZPagedResult(ZObligation);

/** `POST /admin/compliance/all` (60 per page): filters in the body. */
export const ZObligationListBody = z
  .object({
    pageNo: z.number().int().min(0).default(0),
    search: z.string().trim().max(100).optional(),
    country: z.enum(['IN', 'CA']).optional(),
    categoryId: ZUuid.optional(),
    status: z.enum(['ACTIVE', 'RETIRED']).optional(),
  })
  .strict();
export const ZObligationIdParams = z.object({ id: ZUuid });
/**
 * `DELETE /admin/compliance/delete/{id}`: an obligation no workspace has answered is deleted; one in
 * use is retired instead (it stops generating; completed occurrences stay). `retired` says which.
 */
export const ZObligationDeleted = z.object({ deleted: z.boolean(), retired: z.boolean() });

// --- a workspace's register

/**
 * Why an obligation applies (or not) to a unit or the workspace, as a code with parameters the web
 * translates: HEADCOUNT_AT_LEAST `{ unit, headcount, min }` ("Mumbai has 14 workers → s.4"),
 * HEADCOUNT_BELOW `{ unit, headcount, min }`, HEADCOUNT_ABOVE `{ unit, headcount, max }`,
 * COUNTRY `{ country }`, JURISDICTION `{ jurisdiction }`, JURISDICTION_OTHER `{ jurisdiction }`.
 */
export const ZApplicabilityReason = z.object({
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});

export const ZPersonRef = z.object({ id: ZUuid, name: z.string() });

export const OCCURRENCE_STATUSES = [
  'OPEN',
  'SUBMITTED',
  'RETURNED',
  'APPROVED',
  'CLOSED_BY_SOURCE',
  'CANCELLED',
] as const;
export const ZOccurrenceStatus = z.enum(OCCURRENCE_STATUSES);
export type TOccurrenceStatus = z.infer<typeof ZOccurrenceStatus>;

/** The caller's actions on an answer / an occurrence (the web shows exactly these). */
export const ZAnswerAction = z.enum(['setApplicability', 'assign', 'recordEvent']);
export const ZOccurrenceAction = z.enum(['addEvidence', 'approve', 'return', 'recordEvent']);

/** An obligation as a workspace sees it, per unit (or the workspace): `GET /lms/api/compliance/register/obligations`. */
export const ZRegisterObligation = z.object({
  answerId: ZUuid,
  obligation: z.object({
    id: ZUuid,
    key: z.string(),
    law: z.string(),
    section: z.string(),
    /** In the reader's language (English when not translated). */
    title: z.string(),
    description: z.string(),
    evidence: z.string(),
    kind: ZObligationKind,
    category: z.string(),
    evidenceSource: ZEvidenceSource,
    retired: z.boolean(),
  }),
  unit: z.object({ id: ZUuid, name: z.string() }).nullable(),
  applies: z.boolean(),
  reason: ZApplicabilityReason,
  notApplicable: z.boolean(),
  justification: z.string().nullable(),
  owner: ZPersonRef.nullable(),
  reviewer: ZPersonRef.nullable(),
  evidenceCourses: z.array(z.object({ id: ZUuid, title: z.string() })),
  nextDue: ZLocalDate.nullable(),
  overdueCount: z.number().int(),
  actions: z.array(ZAnswerAction),
});
export type TRegisterObligation = z.infer<typeof ZRegisterObligation>;
export const ZRegisterObligationList = z.array(ZRegisterObligation);

/**
 * `GET /lms/api/compliance/register/obligations` filters: a unit, whether it applies (`true`: applies
 * and not marked not applicable; `false`: the others), a search over key, law, section and title.
 */
export const ZRegisterObligationQuery = z.object({
  branchId: ZUuid.optional(),
  applies: z.enum(['true', 'false', 'ALL']).default('ALL'),
  search: z.string().trim().max(100).optional(),
});
export type TRegisterObligationQuery = z.infer<typeof ZRegisterObligationQuery>;

/** `POST /lms/api/compliance/register/answer/{answerId}`: mark not applicable (with a justification of 10+ characters) or applicable again; assign. */
export const ZAnswerUpdate = z
  .object({
    notApplicable: z.boolean().optional(),
    justification: z.string().trim().max(2000).nullable().optional(),
    ownerId: ZUuid.nullable().optional(),
    reviewerId: ZUuid.nullable().optional(),
    evidenceCourses: z.array(ZUuid).max(20).optional(),
  })
  .strict();
export const ZAnswerIdParams = z.object({ answerId: ZUuid });

/** An occurrence in a list (the register page, the calendar). `overdue` is computed on the one clock. */
export const ZOccurrence = z.object({
  id: ZUuid,
  answerId: ZUuid,
  obligationKey: z.string(),
  title: z.string(),
  section: z.string(),
  unit: z.object({ id: ZUuid, name: z.string() }).nullable(),
  periodStart: ZLocalDate,
  periodEnd: ZLocalDate,
  dueDate: ZLocalDate,
  status: ZOccurrenceStatus,
  overdue: z.boolean(),
  daysOverdue: z.number().int(),
  owner: ZPersonRef.nullable(),
  reviewer: ZPersonRef.nullable(),
  source: z.object({ kind: ZEvidenceSource, id: z.string() }).nullable(),
  actions: z.array(ZOccurrenceAction),
});
export type TOccurrence = z.infer<typeof ZOccurrence>;

/** `GET /lms/api/compliance/register/occurrences`: filters; paged 60. */
export const ZOccurrenceListQuery = z.object({
  pageNo: z.coerce.number().int().min(0).default(0),
  status: z.enum(['DUE', 'OVERDUE', 'AWAITING_REVIEW', 'DONE', 'ALL']).default('DUE'),
  branchId: ZUuid.optional(),
  obligationId: ZUuid.optional(),
  mine: z.enum(['true', 'false']).optional(),
  from: ZLocalDate.optional(),
  to: ZLocalDate.optional(),
});
export const ZOccurrencePage = ZPagedResult(ZOccurrence);
export type TOccurrenceListQuery = z.infer<typeof ZOccurrenceListQuery>;

export const ZEvidenceRevision = z.object({
  revision: z.number().int(),
  kind: z.enum(['FILE', 'LINK']),
  fileName: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  sha256: z.string().nullable(),
  source: z.object({ kind: ZEvidenceSource, id: z.string(), label: z.string() }).nullable(),
  coversFrom: ZLocalDate.nullable(),
  coversTo: ZLocalDate.nullable(),
  note: z.string().nullable(),
  by: ZPersonRef.nullable(),
  at: z.string(),
});
export const ZOccurrenceReview = z.object({
  evidenceRevision: z.number().int(),
  decision: z.enum(['APPROVED', 'RETURNED']),
  note: z.string().nullable(),
  by: ZPersonRef,
  at: z.string(),
});
/** `GET /lms/api/compliance/register/occurrence/{id}`: the occurrence with its evidence revisions and reviews. */
export const ZOccurrenceDetails = ZOccurrence.extend({
  description: z.string(),
  evidenceExpected: z.string(),
  evidence: z.array(ZEvidenceRevision),
  reviews: z.array(ZOccurrenceReview),
});
export type TOccurrenceDetails = z.infer<typeof ZOccurrenceDetails>;
export const ZOccurrenceIdParams = z.object({ id: ZUuid });
/** `GET /lms/api/compliance/register/occurrence/{id}/evidence/{revision}`: the file of a FILE revision. */
export const ZEvidenceRevisionParams = z.object({ id: ZUuid, revision: z.coerce.number().int().min(1).max(100_000) });
/** The largest evidence file accepted (bytes). */
export const EVIDENCE_MAX_BYTES = 20 * 1024 * 1024;

/**
 * `POST /lms/api/compliance/register/occurrence/{id}/evidence` (multipart: `file` (PDF, image, office
 * document; ≤ 20 MB; its type checked from its bytes) and the fields below). Moves OPEN/RETURNED to SUBMITTED.
 */
export const ZEvidenceFields = z
  .object({
    coversFrom: ZLocalDate.nullable().optional(),
    coversTo: ZLocalDate.nullable().optional(),
    note: z.string().trim().max(2000).nullable().optional(),
  })
  .strict();
/** `POST /lms/api/compliance/register/occurrence/{id}/review`: APPROVED, or RETURNED with a note. */
export type TEvidenceFields = z.infer<typeof ZEvidenceFields>;
export const ZReviewInput = z
  .object({ decision: z.enum(['APPROVED', 'RETURNED']), note: z.string().trim().max(2000).nullable() })
  .strict()
  .refine((r) => r.decision === 'APPROVED' || (r.note !== null && r.note.length > 0), {
    message: 'Say what is missing',
    path: ['note'],
  });
/** `POST /lms/api/compliance/register/answer/{answerId}/event`: an EVENT obligation's event happened on `date`. */
export const ZRecordEventInput = z.object({ date: ZLocalDate, note: z.string().trim().max(2000).nullable() }).strict();
export type TReviewInput = z.infer<typeof ZReviewInput>;
export type TRecordEventInput = z.infer<typeof ZRecordEventInput>;
export type TAnswerUpdate = z.infer<typeof ZAnswerUpdate>;

/**
 * `GET /lms/api/compliance/calendar?from&to`: the caller's occurrences (those they own or review,
 * or all for a register manager) between two dates, for the month and list views.
 */
export const ZCalendarQuery = z.object({
  from: ZLocalDate,
  to: ZLocalDate,
  mine: z.enum(['true', 'false']).optional(),
});
export const ZCalendar = z.object({ occurrences: z.array(ZOccurrence) });
export type TCalendarQuery = z.infer<typeof ZCalendarQuery>;
export type TCalendar = z.infer<typeof ZCalendar>;

/**
 * `POST /lms/api/compliance/calendar/feed`: a new ICS feed address for the caller (the previous one
 * stops working); `DELETE` the same path revokes it. The feed (`GET /lms/api/compliance/calendar/feed/{token}.ics`)
 * carries titles and dates only.
 */
export const ZCalendarFeed = z.object({ url: z.string(), createdAt: z.string() });
export const ZCalendarFeedState = z.object({ active: z.boolean(), createdAt: z.string().nullable() });

// --- catalogue: request types (issue 24, the catalogue part)
export type TComplianceCategoryInput = z.infer<typeof ZComplianceCategoryInput>;
export type TComplianceCategoryUpdate = z.infer<typeof ZComplianceCategoryUpdate>;
export type TComplianceCategoryListQuery = z.infer<typeof ZComplianceCategoryListQuery>;
export type TObligationListBody = z.infer<typeof ZObligationListBody>;
/** An obligation input as the server receives it (parsed). */
export type TObligationParsed = z.output<typeof ZObligationInput>;
export type TObligationDeleted = z.infer<typeof ZObligationDeleted>;
export const ZComplianceCategoryDeleted = z.object({ deleted: z.literal(true) });
export type TCalendarFeed = z.infer<typeof ZCalendarFeed>;
export type TCalendarFeedState = z.infer<typeof ZCalendarFeedState>;
/** `GET /lms/api/compliance/calendar/feed/{token}.ics`: the token shown once by `POST …/calendar/feed`. */
export const ZCalendarFeedTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/) });
