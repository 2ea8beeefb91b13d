import { z } from 'zod';
import { ZEmail } from './auth.ts';
import { ZUuid } from './common.ts';

/*
 * Issue 24: the Internal Committee register (POSH Act s.4) and Canada's designated recipients
 * (SOR/2020-130 s.14), at the main API's `/api/committee/…` (module `committee`). DESIGN §4.
 */

/** A `yyyy-MM-dd` local date (the workspace's zone). */
export const ZLocalDate = z.iso.date();

/** INTERNAL_COMMITTEE (India, POSH s.4) or DESIGNATED_RECIPIENT (Canada, s.14: one or more named persons). */
export const COMMITTEE_KINDS = ['INTERNAL_COMMITTEE', 'DESIGNATED_RECIPIENT'] as const;
export const ZCommitteeKind = z.enum(COMMITTEE_KINDS);
export type TCommitteeKind = z.infer<typeof ZCommitteeKind>;

/** A member's role. DESIGNATED_RECIPIENT only in a DESIGNATED_RECIPIENT committee; the others only in an Internal Committee. */
export const COMMITTEE_ROLES = ['PRESIDING_OFFICER', 'MEMBER', 'EXTERNAL_MEMBER', 'DESIGNATED_RECIPIENT'] as const;
export const ZCommitteeRole = z.enum(COMMITTEE_ROLES);
export type TCommitteeRole = z.infer<typeof ZCommitteeRole>;

/** Gender as s.4(2) counts it (the presiding officer a woman; at least half the members women). */
export const ZCommitteeGender = z.enum(['WOMAN', 'MAN', 'OTHER']);
export type TCommitteeGender = z.infer<typeof ZCommitteeGender>;

/**
 * The rules of s.4 the screen refuses, each a `details[].code` of 422 `COMMITTEE_COMPOSITION_UNLAWFUL`
 * with `params.section` (e.g. `s.4(2)(a)`), translated in the reader's language:
 * - PRESIDING_OFFICER_MISSING / PRESIDING_OFFICER_MORE_THAN_ONE — s.4(2)(a)
 * - PRESIDING_OFFICER_NOT_WOMAN / PRESIDING_OFFICER_NOT_SENIOR / PRESIDING_OFFICER_NOT_EMPLOYEE — s.4(2)(a)
 * - EMPLOYEE_MEMBERS_FEWER_THAN_TWO — s.4(2)(b) (members other than the presiding officer, from among employees)
 * - EXTERNAL_MEMBER_MISSING — s.4(2)(c)
 * - WOMEN_FEWER_THAN_HALF — s.4(2), proviso
 * - TERM_OVER_THREE_YEARS — s.4(3) (`params.member` names whose)
 * - DESIGNATED_RECIPIENT_MISSING — SOR/2020-130 s.14 (a Canadian designated recipient committee names at least one)
 * - ROLE_NOT_FOR_KIND — a designated recipient in an Internal Committee, or the reverse
 */
export const COMPOSITION_RULES = [
  'PRESIDING_OFFICER_MISSING',
  'PRESIDING_OFFICER_MORE_THAN_ONE',
  'PRESIDING_OFFICER_NOT_WOMAN',
  'PRESIDING_OFFICER_NOT_SENIOR',
  'PRESIDING_OFFICER_NOT_EMPLOYEE',
  'EMPLOYEE_MEMBERS_FEWER_THAN_TWO',
  'EXTERNAL_MEMBER_MISSING',
  'WOMEN_FEWER_THAN_HALF',
  'TERM_OVER_THREE_YEARS',
  'DESIGNATED_RECIPIENT_MISSING',
  'ROLE_NOT_FOR_KIND',
] as const;
export type TCompositionRule = (typeof COMPOSITION_RULES)[number];

/** A person outside the workspace (the external member, s.4(2)(c)): name, organisation and at least one contact. */
export const ZExternalPerson = z
  .object({
    name: z.string().trim().min(1, 'Enter a name').max(120),
    organisation: z.string().trim().min(1, 'Enter the organisation').max(200),
    email: ZEmail.nullable(),
    phone: z.string().trim().min(1).max(32).nullable(),
  })
  .strict()
  .refine((p) => p.email !== null || p.phone !== null, {
    message: 'Give an email address or a phone number',
    path: ['email'],
  });

/**
 * One member as the screen sends it. `id`: an existing member row kept (edited in place when only
 * its contact, seniority or training changed; its term can be ended with `leftOn`). Exactly one of
 * `accountId` (an employee) and `external` (a person outside the workspace).
 */
export const ZCommitteeMemberInput = z
  .object({
    id: ZUuid.optional(),
    role: ZCommitteeRole,
    accountId: ZUuid.nullable(),
    external: ZExternalPerson.nullable(),
    gender: ZCommitteeGender,
    senior: z.boolean(),
    termStart: ZLocalDate,
    termEnd: ZLocalDate,
    leftOn: ZLocalDate.nullable().optional(),
    /** Designated recipients: when they were trained (s.12(5)), by hand, and/or the course taken here. */
    trainingCompletedOn: ZLocalDate.nullable().optional(),
    trainingNote: z.string().trim().max(500).nullable().optional(),
    trainingCourseId: ZUuid.nullable().optional(),
  })
  .strict()
  .refine((m) => (m.accountId === null) !== (m.external === null), {
    message: 'A member is either an employee or a person outside the workspace',
    path: ['accountId'],
  })
  .refine((m) => m.termEnd >= m.termStart, { message: 'The term ends before it starts', path: ['termEnd'] });
export type TCommitteeMemberInput = z.input<typeof ZCommitteeMemberInput>;

/**
 * `POST /api/committee/create` and `POST /api/committee/update/{id}`: the whole committee as the
 * screen composes it. The server checks the composition in force on `effectiveDate` (default today)
 * and refuses an unlawful one with 422 `COMMITTEE_COMPOSITION_UNLAWFUL` (one `details` entry per
 * rule broken). `branchIds`: the units it serves; a unit that has a committee of the same kind is
 * moved to this one (its history kept). `workspaceWide`: it also serves every unit without one.
 */
export const ZCommitteeInput = z
  .object({
    kind: ZCommitteeKind,
    name: z.string().trim().min(1, 'Enter a name').max(120),
    workspaceWide: z.boolean(),
    branchIds: z.array(ZUuid).max(500),
    orderDate: ZLocalDate.nullable(),
    howToRaise: z.string().trim().max(2000).nullable(),
    members: z.array(ZCommitteeMemberInput).max(50),
    effectiveDate: ZLocalDate.optional(),
  })
  .strict();
export type TCommitteeInput = z.input<typeof ZCommitteeInput>;

/** A member's standing on a date: IN_TERM, ENDING (≤ 60 days left), EXPIRED, LEFT, NOT_STARTED. */
export const ZMemberTermState = z.enum(['IN_TERM', 'ENDING', 'EXPIRED', 'LEFT', 'NOT_STARTED']);

export const ZCommitteeMember = z.object({
  id: ZUuid,
  role: ZCommitteeRole,
  accountId: ZUuid.nullable(),
  /** The employee's name, or the external person's. */
  name: z.string(),
  designation: z.string().nullable(),
  organisation: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  gender: ZCommitteeGender,
  senior: z.boolean(),
  termStart: ZLocalDate,
  termEnd: ZLocalDate,
  leftOn: ZLocalDate.nullable(),
  termState: ZMemberTermState,
  training: z
    .object({
      completedOn: ZLocalDate.nullable(),
      note: z.string().nullable(),
      courseId: ZUuid.nullable(),
      courseTitle: z.string().nullable(),
      /** Set when the course was completed here (learning's enrolment). */
      completedHereOn: ZLocalDate.nullable(),
    })
    .nullable(),
});
export type TCommitteeMember = z.infer<typeof ZCommitteeMember>;

/** What the caller may do with a committee (the web shows exactly these). */
export const ZCommitteeAction = z.enum(['update', 'uploadOrder', 'dissolve', 'history']);

/**
 * A committee with the composition on `asOf` (default today). `status`: LAWFUL, UNLAWFUL (the
 * composition on that date breaks a rule: `violations`), EXPIRED (no member in term), DISSOLVED.
 */
export const ZCommittee = z.object({
  id: ZUuid,
  kind: ZCommitteeKind,
  name: z.string(),
  workspaceWide: z.boolean(),
  units: z.array(z.object({ id: ZUuid, name: z.string() })),
  orderDate: ZLocalDate.nullable(),
  order: z.object({ fileName: z.string(), sizeBytes: z.number().int(), sha256: z.string() }).nullable(),
  howToRaise: z.string().nullable(),
  asOf: ZLocalDate,
  members: z.array(ZCommitteeMember),
  status: z.enum(['LAWFUL', 'UNLAWFUL', 'EXPIRED', 'DISSOLVED']),
  violations: z.array(
    z.object({
      rule: z.enum(COMPOSITION_RULES),
      section: z.string(),
      params: z.record(z.string(), z.union([z.string(), z.number()])),
    }),
  ),
  /** The earliest term end among members in term, for the "term ends in N days" banner. */
  nextTermEnd: ZLocalDate.nullable(),
  dissolvedOn: ZLocalDate.nullable(),
  actions: z.array(ZCommitteeAction),
});
export type TCommittee = z.infer<typeof ZCommittee>;

export const ZCommitteeIdParams = z.object({ id: ZUuid });
/** `GET /api/committee/details/{id}?asOf=yyyy-MM-dd`: the composition on a past (or future) date. */
export const ZCommitteeAsOfQuery = z.object({ asOf: ZLocalDate.optional() });

/**
 * One unit in the register (`GET /api/committee/register`, `units`): its headcount (active members), the
 * committee (and designated recipient) serving it, and the flag: NEEDS_COMMITTEE (10 or more
 * workers and no Internal Committee, s.4(1)), LOCAL_COMMITTEE (fewer than 10: the Local Committee
 * under s.6(1) handles its complaints), COVERED, NEEDS_DESIGNATED_RECIPIENT (Canada, s.14).
 */
export const ZCommitteeUnit = z.object({
  id: ZUuid,
  name: z.string(),
  headcount: z.number().int(),
  committee: z.object({ id: ZUuid, name: z.string(), status: ZCommittee.shape.status }).nullable(),
  flag: z.enum(['COVERED', 'NEEDS_COMMITTEE', 'LOCAL_COMMITTEE', 'NEEDS_DESIGNATED_RECIPIENT']),
  section: z.string(),
});
export const ZCommitteeRegister = z.object({
  country: z.enum(['IN', 'CA']),
  committees: z.array(ZCommittee),
  units: z.array(ZCommitteeUnit),
  /** Whether the caller may create a committee. */
  canCreate: z.boolean(),
});
export type TCommitteeRegister = z.infer<typeof ZCommitteeRegister>;

/**
 * `GET /api/committee/my`: the card on an employee's home page — the committee (or designated
 * recipients) of their unit, names and contacts (s.19 and Rule 13 ask the employer to publish them),
 * and whether the order constituting it can be read (`GET /api/committee/my/order`, s.19(b)).
 * `committee` null: none serves their unit (the home page shows the concerned-authority card, and
 * for a unit of fewer than 10, that the Local Committee handles complaints: `localCommittee`).
 */
export const ZMyCommitteeCard = z.object({
  country: z.enum(['IN', 'CA']),
  committee: z
    .object({
      id: ZUuid,
      kind: ZCommitteeKind,
      name: z.string(),
      members: z.array(
        z.object({
          role: ZCommitteeRole,
          name: z.string(),
          email: z.string().nullable(),
          phone: z.string().nullable(),
        }),
      ),
      howToRaise: z.string().nullable(),
      orderAvailable: z.boolean(),
      orderDate: ZLocalDate.nullable(),
    })
    .nullable(),
  localCommittee: z.boolean(),
});
export type TMyCommitteeCard = z.infer<typeof ZMyCommitteeCard>;

/** `POST /api/committee/{id}/dissolve`: the last day the committee serves (history kept). */
export const ZCommitteeDissolve = z.object({ dissolvedOn: ZLocalDate }).strict();
export type TCommitteeDissolve = z.infer<typeof ZCommitteeDissolve>;

/** `POST /api/committee/{id}/order` (multipart): the text fields beside the PDF (`file`). */
export const ZCommitteeOrderFields = z.object({ orderDate: ZLocalDate }).strict();

/** The largest order PDF accepted (s.4(1): the written order constituting the committee). */
export const COMMITTEE_ORDER_MAX_BYTES = 10 * 1024 * 1024;

/**
 * The refusals of the committee routes other than the composition rules, as the web translates
 * them: an error `code`, or `params.reason` under a generic code (400 BAD_REQUEST, 403 FORBIDDEN,
 * 404 NOT_FOUND, 409 CONFLICT). `details[].code` names the field's problem where there is one
 * (COMMITTEE_MEMBER_UNKNOWN, COMMITTEE_MEMBER_LEFT_BEFORE_START, COMMITTEE_MEMBER_NOT_ACTIVE,
 * COMMITTEE_MEMBER_TWICE, COURSE_UNKNOWN, UNIT_UNKNOWN).
 */
export const COMMITTEE_ERROR_CODES = [
  /** 422: the other country's kind (`params.expected` is this workspace's). */
  'COMMITTEE_KIND_NOT_FOR_COUNTRY',
  /** 422: one `details` entry per rule broken (COMPOSITION_RULES, `params.section`). */
  'COMMITTEE_COMPOSITION_UNLAWFUL',
  /** 422: an employee named is not an active member of the workspace. */
  'COMMITTEE_MEMBER_NOT_ACTIVE',
  /** 400 reasons. */
  'COMMITTEE_KIND_CHANGED',
  'COMMITTEE_SERVES_NOTHING',
  'COMMITTEE_UNIT_UNKNOWN',
  'COMMITTEE_MEMBERS_INVALID',
  /** 409 reasons. */
  'COMMITTEE_WORKSPACE_WIDE_EXISTS',
  'COMMITTEE_DISSOLVED',
  /** 403 / 404 reasons. */
  'FORBIDDEN_MANAGE_COMMITTEE',
  'COMMITTEE_NOT_FOUND',
  'COMMITTEE_ORDER_NOT_FOUND',
  /** The order upload: 415 code, 413 FILE_TOO_LARGE, 400 NO_FILE / VALIDATION_FAILED. */
  'NOT_A_PDF',
] as const;
