import { z } from 'zod';
import { ZPagedResult, ZUuid } from '../common.ts';
import {
  ZActionSettings,
  ZActionType,
  ZAttributeOption,
  ZCmsText,
  ZMeetingFieldType,
  ZWorkflowDefinition,
  ZWorkflowFiler,
  ZWorkflowJurisdiction,
  ZWorkflowKey,
} from './workflows.ts';

/*
 * Issue 26: complaint cases (DESIGN §4 "Complaints", §9, docs/cases-security.md). Everything at
 * `/cms/api`. Who may do what is decided by the caller's relationship to the case (complainant,
 * committee member assigned and not conflicted, participant an action shared a part with), never by
 * the permission matrix; `actions` in each answer lists what the caller may do now.
 *
 * Case contents travel only in these answers (over TLS, to a person with access); never in URLs,
 * page titles, mail, notices or jobs. URLs carry ids only.
 */

// --- the case key (docs/cases-security.md §3) --------------------------------------------------

/**
 * `GET /cms/api/case-key/status`: whether the caller has set up their key for confidential cases,
 * with which secret (their sign-in password, or a case passphrase when they sign in without one),
 * and whether it is open for this session.
 */
export const ZCaseKeyStatus = z.object({
  keystore: z.enum(['NONE', 'PASSWORD', 'PASSPHRASE']),
  /** What the caller must type to set it up or open it: PASSWORD if the account has one, else PASSPHRASE. */
  secretKind: z.enum(['PASSWORD', 'PASSPHRASE']),
  unlocked: z.boolean(),
});
export type TCaseKeyStatus = z.infer<typeof ZCaseKeyStatus>;

/** `POST /cms/api/case-key/unlock`: opens (or, the first time, sets up) the caller's key for this session. */
export const ZCaseKeyUnlock = z.object({ secret: z.string().min(1).max(200) }).strict();
export const ZCaseKeyUnlocked = z.object({
  unlocked: z.literal(true),
  /** Shown once, when the key was set up just now (32 digits in groups of four); null otherwise. */
  recoveryCode: z.string().nullable(),
});
export type TCaseKeyUnlocked = z.infer<typeof ZCaseKeyUnlocked>;

/** `POST /cms/api/case-key/recover`: a lost secret replaced with the recovery code; a new code is issued. */
export const ZCaseKeyRecover = z
  .object({ recoveryCode: z.string().min(16).max(200), newSecret: z.string().min(1).max(200) })
  .strict();
export const ZCaseKeyRecovered = z.object({ recoveryCode: z.string() });

// --- answers of a form ---------------------------------------------------------------------------

/**
 * One answer, by the field's type: TEXT, TEXT_AREA, EMAIL, PHONE: a string; DATE: `YYYY-MM-DD`;
 * INPUT_BOX: a number; SINGLE_SELECT: an option key; MULTI_SELECT: option keys; FILE_UPLOAD: ids
 * of files uploaded to this case; CHECKBOX_WITH_TEXT: `{ checked, text }`; MATCHING: left item key →
 * option key. Checked against the version the case is bound to, never the draft.
 */
export const ZAnswerValue = z.union([
  z.string().max(20000),
  z.number(),
  z.array(z.string().max(200)).max(50),
  z.object({ checked: z.boolean(), text: z.string().max(4000) }).strict(),
  z.record(z.string().max(64), z.string().max(64)),
]);
export type TAnswerValue = z.infer<typeof ZAnswerValue>;
export const ZAnswers = z.record(ZWorkflowKey, ZAnswerValue);
export type TAnswers = z.infer<typeof ZAnswers>;

// --- filing ---------------------------------------------------------------------------------------

/** A form the caller may file under: the latest published version of a workflow that reaches them. */
export const ZComplaintForm = z.object({
  workflowId: ZUuid,
  versionId: ZUuid,
  versionNumber: z.number().int(),
  name: z.string(),
  jurisdiction: ZWorkflowJurisdiction,
  definition: ZWorkflowDefinition,
  /** Who handles it for the caller (the committee's name) and whom to contact before filing. */
  handlerName: z.string().nullable(),
  contact: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable() }).nullable(),
});
export type TComplaintForm = z.infer<typeof ZComplaintForm>;

/** `GET /cms/api/complaint/forms`. */
export const ZComplaintForms = z.object({ forms: z.array(ZComplaintForm) });

/**
 * `POST /cms/api/complaint/draft`: starts a draft under a workflow's latest version. `onBehalfOf`:
 * a committee member writing down the complaint of someone who cannot write (POSH s.9(1)); the case
 * records that it was assisted and by whom, and belongs to the complainant.
 */
export const ZDraftCreate = z
  .object({
    workflowId: ZUuid,
    onBehalfOf: ZUuid.nullable().default(null),
    filerKind: ZWorkflowFiler.default('EMPLOYEE'),
  })
  .strict();

/** A file of a case, as its readers see it. */
export const ZCaseFile = z.object({
  id: ZUuid,
  name: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  uploadedAt: z.string(),
  /** Whether the caller uploaded it. */
  mine: z.boolean(),
});
export type TCaseFile = z.infer<typeof ZCaseFile>;

/** `GET /cms/api/complaint/draft/{caseId}` (and the answer of every draft change). */
export const ZDraft = z.object({
  id: ZUuid,
  workflowId: ZUuid,
  versionNumber: z.number().int(),
  form: ZComplaintForm,
  answers: ZAnswers,
  files: z.array(ZCaseFile),
  assisted: z.boolean(),
  revision: z.number().int(),
  updatedAt: z.string(),
});
export type TDraft = z.infer<typeof ZDraft>;

/** `POST /cms/api/complaint/draft/{caseId}`: saves the answers (a partial form is fine in a draft). */
export const ZDraftSave = z.object({ answers: ZAnswers, revision: z.number().int() }).strict();

/**
 * `POST /cms/api/complaint/submit/{caseId}` with header `Idempotency-Key` (a retry with the same key
 * answers the same receipt and files once): validates the answers against the bound version, seals
 * them, hands the case to the committee and starts its clocks.
 */
export const ZDraftSubmit = ZDraftSave;

/** The next thing that happens in a case, by when and under which section. */
export const ZNextStep = z.object({
  stepKey: ZWorkflowKey,
  title: ZCmsText(200),
  dueDate: z.string().nullable(),
  reference: z.string().nullable(),
});
export type TNextStep = z.infer<typeof ZNextStep>;

/** The receipt: the case reference, who handles it, what happens next. */
export const ZReceipt = z.object({
  caseId: ZUuid,
  reference: z.string(),
  filedAt: z.string(),
  committeeName: z.string().nullable(),
  next: z.array(ZNextStep),
  assisted: z.boolean(),
});
export type TReceipt = z.infer<typeof ZReceipt>;

// --- a case ----------------------------------------------------------------------------------------

export const CASE_STATUSES = ['DRAFT', 'OPEN', 'CLOSED', 'WITHDRAWN', 'TRANSFERRED'] as const;
export const ZCaseStatus = z.enum(CASE_STATUSES);
export type TCaseStatus = z.infer<typeof ZCaseStatus>;

export const ZCaseRelation = z.enum(['COMPLAINANT', 'COMMITTEE', 'PARTICIPANT']);
export type TCaseRelation = z.infer<typeof ZCaseRelation>;

/** What a caller may do in a case now (the policy's answer; the page shows a control only when listed). */
export const CASE_ACTIONS = [
  'read',
  'editDraft',
  'message',
  'addInformation',
  'withdraw',
  'request',
  'runSteps',
  'scheduleMeeting',
  'recordMeeting',
  'act',
  'note',
  'addParty',
  'declareConflict',
  'clearConflict',
  'close',
  'trail',
  'answerForm',
] as const;
export const ZCaseAction = z.enum(CASE_ACTIONS);
export type TCaseAction = z.infer<typeof ZCaseAction>;

/**
 * A vote's count so far (a VOTE action): votes per option, who has voted, and the result once the
 * vote is decided (enough votes, the presiding officer's among them when required; a tie goes to
 * the presiding officer's option). Ids and keys only.
 */
export const ZVoteTally = z.object({
  counts: z.record(ZWorkflowKey, z.number().int()),
  voters: z.array(ZUuid),
  /** Votes needed before the vote can be decided (the action's `quorum`). */
  required: z.number().int(),
  presidingOfficerRequired: z.boolean(),
  presidingOfficerVoted: z.boolean(),
  /** The caller's own vote, if cast. */
  mine: ZWorkflowKey.nullable(),
  /** The option decided, or null while undecided (too few votes, or a tie the presiding officer has not broken). */
  decided: ZWorkflowKey.nullable(),
});
export type TVoteTally = z.infer<typeof ZVoteTally>;

/**
 * The committee's work on one step (filled for the committee only): the step's meeting fields and
 * actions from the version the case is bound to, whether each action was done, the vote counts,
 * and what the pickers offer (the workspace's other live committees for a transfer; the people who
 * hold the employer relationship for "inform the employer").
 */
export const ZCaseStepWork = z.object({
  meetingFields: z.array(
    z.object({
      key: ZWorkflowKey,
      type: ZMeetingFieldType,
      label: ZCmsText(200),
      mandatory: z.boolean(),
      options: z.array(ZAttributeOption),
    }),
  ),
  /** Members who must be present for a meeting of this step to be held (POSH Rule 7(7)); null: no quorum. */
  quorum: z.number().int().nullable(),
  /** A POSH conciliation step (s.10(1)): recording its settlement needs the "no monetary settlement" confirmation. */
  conciliation: z.boolean(),
  actions: z.array(
    z.object({
      key: ZWorkflowKey,
      type: ZActionType,
      settings: ZActionSettings,
      /** Performed at least once (an ACTION record exists). */
      done: z.boolean(),
      tally: ZVoteTally.nullable(),
    }),
  ),
  committees: z.array(z.object({ id: ZUuid, name: z.string() })),
  employers: z.array(z.object({ accountId: ZUuid, name: z.string(), email: z.string().nullable() })),
});
export type TCaseStepWork = z.infer<typeof ZCaseStepWork>;

/** A step of the case (from the version it was filed under) with its clock. */
export const ZCaseStep = z.object({
  id: ZUuid,
  stageKey: ZWorkflowKey,
  stepKey: ZWorkflowKey,
  occurrence: z.number().int(),
  type: z.enum(['MEETING', 'ACTION']),
  title: ZCmsText(200),
  status: z.enum(['WAITING', 'ON_REQUEST', 'ACTIVE', 'DONE', 'SKIPPED']),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  dueAt: z.string().nullable(),
  dueDate: z.string().nullable(),
  reference: z.string().nullable(),
  /** Days until due (negative: overdue), in the workspace's zone; null without a deadline. */
  daysLeft: z.number().int().nullable(),
  /** Completed after its due date: the reason was recorded (Canada s.35(1)(f)). */
  late: z.boolean(),
  /** The committee's work on this step (meeting fields, actions, votes); absent or null for the parties. */
  work: ZCaseStepWork.nullable().optional(),
});
export type TCaseStep = z.infer<typeof ZCaseStep>;

/** A message or another written entry the caller may read. */
export const ZCaseEntry = z.object({
  id: ZUuid,
  kind: z.string(),
  /** COMPLAINANT: the complainant's thread; COMMITTEE: the committee's own space; PARTICIPANT: one participant's. */
  audience: z.enum(['COMPLAINANT', 'COMMITTEE', 'PARTICIPANT']),
  participantAccountId: ZUuid.nullable(),
  stepKey: ZWorkflowKey.nullable(),
  /** Who wrote it, as the caller may know them: "you", "the committee", or a member's name for members. */
  author: z.object({
    kind: z.enum(['YOU', 'COMMITTEE', 'COMPLAINANT', 'PARTICIPANT', 'SYSTEM']),
    name: z.string().nullable(),
  }),
  body: z.unknown(),
  files: z.array(ZCaseFile),
  createdAt: z.string(),
});
export type TCaseEntry = z.infer<typeof ZCaseEntry>;

/** A meeting as its readers see it: the fields as recorded (sealed at rest). */
export const ZCaseMeeting = z.object({
  id: ZUuid,
  stepKey: ZWorkflowKey,
  status: z.enum(['SCHEDULED', 'HELD', 'CANCELLED']),
  startsAt: z.string(),
  endsAt: z.string(),
  fields: z.record(ZWorkflowKey, z.unknown()),
  guests: z.array(z.object({ accountId: ZUuid.nullable(), name: z.string(), email: z.string().nullable() })),
  /** Members present (recorded with the minutes): quorum (POSH Rule 7(7)). */
  present: z.array(ZUuid),
});
export type TCaseMeeting = z.infer<typeof ZCaseMeeting>;

/** A person on the case as the committee sees them. */
export const ZCasePerson = z.object({ accountId: ZUuid, name: z.string(), email: z.string().nullable() });

/** Quorum of the committee for this case (POSH Rule 7(7)): members with access, the presiding officer among them. */
export const ZCaseQuorum = z.object({
  met: z.boolean(),
  members: z.number().int(),
  required: z.number().int(),
  presidingOfficerAvailable: z.boolean(),
  /** Why not, as a code: QUORUM_TOO_FEW, QUORUM_PRESIDING_OFFICER_CONFLICTED; with the lawful routes. */
  problem: z.string().nullable(),
  routes: z.array(z.enum(['TRANSFER_OTHER_COMMITTEE', 'LOCAL_COMMITTEE', 'ADD_MEMBER'])),
});

/** The committee's part of a case view. */
export const ZCaseCommitteePart = z.object({
  complainant: ZCasePerson,
  assistedBy: ZCasePerson.nullable(),
  members: z.array(ZCasePerson.extend({ role: z.string() })),
  parties: z.array(ZCasePerson.extend({ id: ZUuid, role: z.enum(['RESPONDENT', 'WITNESS']), informed: z.boolean() })),
  conflicts: z.array(
    z.object({
      id: ZUuid,
      member: ZCasePerson,
      reason: z.enum(['PARTY', 'MANAGER_OF_PARTY', 'DECLARED']),
      createdAt: z.string(),
      cleared: z.boolean(),
    }),
  ),
  quorum: ZCaseQuorum,
  /** The committee's sub-status (its private label), if set. */
  subStatus: z.string().nullable(),
  trailHead: z.object({ seq: z.number().int(), hash: z.string() }).nullable(),
  /**
   * (committee) The outcomes the case may close with (`POST …/close`): each BUTTON action's outcome
   * and each VOTE's options of the version the case is bound to (`closeOutcomes` in
   * committee.service.ts). Optional until the view fills it; the page falls back to typing the key.
   */
  outcomes: z.array(z.object({ key: ZWorkflowKey, label: ZCmsText(200) })).optional(),
});

/**
 * `GET /cms/api/case/{caseId}`: the case as the caller may see it. The complainant sees what she
 * filed, its stage, the steps' dates, her thread with the committee, the meetings she is invited
 * to; a participant sees only what was shared with them; the committee sees everything, including
 * its private space (`committee`). Reading writes an entry in the case's trail.
 */
export const ZCaseView = z.object({
  id: ZUuid,
  reference: z.string(),
  relation: ZCaseRelation,
  participantRole: z.enum(['RESPONDENT', 'WITNESS', 'EMPLOYER']).nullable(),
  status: ZCaseStatus,
  jurisdiction: ZWorkflowJurisdiction,
  workflowName: z.string(),
  versionNumber: z.number().int(),
  stageKey: ZWorkflowKey.nullable(),
  stageTitle: ZCmsText(200).nullable(),
  filedAt: z.string(),
  committeeName: z.string().nullable(),
  outcome: z.string().nullable(),
  closedAt: z.string().nullable(),
  appealUntil: z.string().nullable(),
  /** The complaint as filed (complainant and committee; a participant sees the copy shared with them instead). */
  form: z.array(
    z.object({
      key: ZWorkflowKey,
      title: ZCmsText(200),
      answers: z.array(z.object({ key: ZWorkflowKey, label: ZCmsText(300), type: z.string(), value: z.unknown() })),
    }),
  ),
  files: z.array(ZCaseFile),
  steps: z.array(ZCaseStep),
  next: z.array(ZNextStep),
  entries: z.array(ZCaseEntry),
  meetings: z.array(ZCaseMeeting),
  /** Requests the caller may make (POSH s.10(1) conciliation, s.12 interim relief; Canada s.24, s.25(1)). */
  requests: z.array(z.object({ stepKey: ZWorkflowKey, title: ZCmsText(200), reference: z.string().nullable() })),
  /** Forms sent to the caller that wait for an answer. */
  forms: z.array(
    z.object({ itemId: ZUuid, title: ZCmsText(200), fields: z.array(z.unknown()), dueDate: z.string().nullable() }),
  ),
  committee: ZCaseCommitteePart.nullable(),
  actions: z.array(ZCaseAction),
  revision: z.number().int(),
});
export type TCaseView = z.infer<typeof ZCaseView>;

/** One line of a list of cases (the complainant's, the committee's). No content: metadata only. */
export const ZCaseSummary = z.object({
  id: ZUuid,
  reference: z.string().nullable(),
  status: ZCaseStatus,
  relation: ZCaseRelation,
  workflowName: z.string(),
  jurisdiction: ZWorkflowJurisdiction,
  stageKey: ZWorkflowKey.nullable(),
  stageTitle: ZCmsText(200).nullable(),
  filedAt: z.string().nullable(),
  updatedAt: z.string(),
  next: ZNextStep.nullable(),
  daysLeft: z.number().int().nullable(),
  overdue: z.boolean(),
});
export type TCaseSummary = z.infer<typeof ZCaseSummary>;

/** `GET /cms/api/my-cases`: the caller's own complaints (drafts included) and the cases shared with them. */
export const ZMyCases = z.object({ cases: z.array(ZCaseSummary) });

/** `GET /cms/api/committee-cases?status=&pageNo=&pageSize=`: the caller's committees' cases, overdue first. */
export const ZCommitteeCasesQuery = z.object({
  status: z.enum(['OPEN', 'CLOSED', 'ALL']).default('OPEN'),
  pageNo: z.coerce.number().int().min(0).default(0),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export const ZCommitteeCases = z.object({
  page: ZPagedResult(ZCaseSummary),
  byStage: z.array(
    z.object({ stageKey: z.string().nullable(), stageTitle: ZCmsText(200).nullable(), count: z.number().int() }),
  ),
  overdue: z.number().int(),
});
export type TCommitteeCases = z.infer<typeof ZCommitteeCases>;

/**
 * `GET /cms/api/case-counts`: counts and statuses for administrators and employers outside the
 * committee (`complaints.manage`): grouped counts only, never a case.
 */
export const ZCaseCounts = z.object({
  rows: z.array(
    z.object({
      status: ZCaseStatus,
      stageKey: z.string().nullable(),
      /** The stage's title in the workspace's workflows (by key), when one names it. */
      stageTitle: ZCmsText(200).nullable().optional(),
      jurisdiction: ZWorkflowJurisdiction,
      overdue: z.boolean(),
      count: z.number().int(),
    }),
  ),
  total: z.number().int(),
});
export type TCaseCounts = z.infer<typeof ZCaseCounts>;

// --- writing in a case -------------------------------------------------------------------------------

/**
 * `POST /cms/api/case/{caseId}/message`: a message in a thread. The complainant writes in her thread,
 * a participant in theirs; a member chooses the thread (`to`: COMPLAINANT, a participant's account
 * id, or COMMITTEE for the committee's private space, i.e. a note).
 */
export const ZCaseMessage = z
  .object({
    body: z.string().trim().min(1).max(8000),
    to: z
      .union([z.enum(['COMPLAINANT', 'COMMITTEE']), ZUuid])
      .nullable()
      .default(null),
    fileIds: z.array(ZUuid).max(10).default([]),
    revision: z.number().int().optional(),
  })
  .strict();

/** `POST /cms/api/case/{caseId}/addition`: the complainant adds information (and evidence) to her complaint. */
export const ZCaseAddition = z
  .object({ text: z.string().trim().max(20000).default(''), fileIds: z.array(ZUuid).max(10).default([]) })
  .strict()
  .refine((a) => a.text.length > 0 || a.fileIds.length > 0, {
    message: 'Write something or attach a file',
    path: ['text'],
  });

/**
 * `POST /cms/api/case/{caseId}/withdraw`: the complainant withdraws, where the law allows it
 * (Canada s.18: at any time). Under POSH the complaint stays with the committee (the Act provides
 * no withdrawal; conciliation only at her request, s.10(1)): refused 409 `WITHDRAWAL_NOT_PROVIDED`.
 */
export const ZCaseWithdraw = z.object({ reason: z.string().trim().max(4000).default('') }).strict();

/** `POST /cms/api/case/{caseId}/request`: a party asks for a step the law starts only on request. */
export const ZCaseRequest = z.object({ stepKey: ZWorkflowKey, text: z.string().trim().max(4000).default('') }).strict();

/**
 * `POST /cms/api/case/{caseId}/file` (body: the file's bytes; headers `Content-Type`, `X-File-Name`
 * URL-encoded, `X-Attribute-Key` for a form field, or none): checked by content (PDF, images,
 * office documents, audio, video, plain text), size-limited (the field's `maxMegabytes`, else 10 MB),
 * encrypted with the case's key before it is stored. Answers the file.
 */
export const CASE_FILE_MAX_BYTES = 10 * 1024 * 1024;

// --- the committee -------------------------------------------------------------------------------

/** `POST /cms/api/case/{caseId}/step/{stepId}/start`. */
export const ZCaseStepStart = z.object({ revision: z.number().int().optional() }).strict();

/**
 * `POST /cms/api/case/{caseId}/step/{stepId}/complete`: a step done. After its due date a reason is
 * required (Canada s.35(1)(f); the workflow's `reasonIfLate`): 422 `LATE_REASON_REQUIRED` without it.
 */
export const ZCaseStepComplete = z
  .object({ lateReason: z.string().trim().max(4000).nullable().default(null), revision: z.number().int().optional() })
  .strict();

/**
 * `POST /cms/api/case/{caseId}/meeting`: schedules a meeting of a MEETING step with the step's
 * fields (the required ones: title, agenda, start, end, location, guests). Guests with an account are
 * invited by mail with a calendar file (no case contents: the time, the place, a link).
 */
export const ZMeetingSchedule = z
  .object({
    stepId: ZUuid,
    fields: z.record(ZWorkflowKey, z.unknown()),
    guestAccountIds: z.array(ZUuid).max(30).default([]),
    /** The case's revision the caller saw: 409 `CASE_CHANGED` when it moved on (a double click). */
    revision: z.number().int().optional(),
  })
  .strict();

/** `POST /cms/api/case/{caseId}/meeting/{meetingId}`: minutes, outcome, who was present; held or cancelled. */
export const ZMeetingRecord = z
  .object({
    fields: z.record(ZWorkflowKey, z.unknown()).default({}),
    status: z.enum(['SCHEDULED', 'HELD', 'CANCELLED']),
    presentAccountIds: z.array(ZUuid).max(30).default([]),
    /** A reschedule (`SCHEDULED`) may change who is invited; left out, the guests stay. */
    guestAccountIds: z.array(ZUuid).max(30).optional(),
    /** POSH s.10(1) proviso: a conciliation meeting recorded as held confirms no monetary settlement. */
    noMonetarySettlement: z.boolean().optional(),
    revision: z.number().int().optional(),
  })
  .strict();

/**
 * `POST /cms/api/case/{caseId}/action/{stepId}/{actionKey}`: performs one action of a step, by its type:
 * VOTE `{ option }`; INFORM_RESPONDENT `{ accountId }` (gives the respondent access to the copy shared);
 * INFORM_EMPLOYER `{ accountId, fileIds }`; TRANSFER_COMPLAINT `{ committeeId | null, reason }`; NOTIFY `{}`;
 * BUTTON `{}` (records its outcome); FORM `{ accountId }` (sends the form); UPLOAD_RESOURCE `{ fileIds }`;
 * RESOURCE `{}` (marks it read).
 */
export const ZCaseActionInput = z
  .object({
    option: ZWorkflowKey.optional(),
    accountId: ZUuid.optional(),
    committeeId: ZUuid.nullable().optional(),
    reason: z.string().trim().max(4000).optional(),
    fileIds: z.array(ZUuid).max(10).optional(),
    text: z.string().trim().max(8000).optional(),
    /** POSH s.10(1) proviso: a conciliation step's settlement button confirms no monetary settlement. */
    noMonetarySettlement: z.boolean().optional(),
    /** The case's revision the caller saw: 409 `CASE_CHANGED` when it moved on (a double click). */
    revision: z.number().int().optional(),
  })
  .strict();

/** `POST /cms/api/case/{caseId}/form/{itemId}`: a participant's answers to a form the committee sent. */
export const ZCaseFormAnswer = z.object({ answers: ZAnswers }).strict();

/** `POST /cms/api/case/{caseId}/party`: the committee names a respondent or witness who has an account. */
export const ZCasePartyAdd = z.object({ accountId: ZUuid, role: z.enum(['RESPONDENT', 'WITNESS']) }).strict();

/** `POST /cms/api/case/{caseId}/conflict/declare`: a member declares a conflict of interest (they lose access). */
export const ZConflictDeclare = z.object({ reason: z.string().trim().max(2000).default('') }).strict();
/** `POST /cms/api/case/{caseId}/conflict/{conflictId}/clear`: the presiding officer (or the external member, for the presiding officer) clears one. */
export const ZConflictClear = z.object({ reason: z.string().trim().min(1).max(2000) }).strict();

/** `POST /cms/api/case/{caseId}/sub-status`: the committee's private label (never shown to the parties). */
export const ZCaseSubStatus = z.object({ label: z.string().trim().max(120) }).strict();

/**
 * `POST /cms/api/case/{caseId}/close`: closes a case with an outcome from the workflow (a BUTTON
 * action's outcome or a vote's option), the report (a file), the employer's action and its date.
 * The appeal window (POSH s.18: 90 days from the recommendations) is tracked from `reportOn`.
 */
export const ZCaseClose = z
  .object({
    outcome: ZWorkflowKey,
    reportFileId: ZUuid.nullable().default(null),
    reportOn: z.iso.date(),
    employerAction: z.string().trim().max(4000).default(''),
    employerActionOn: z.iso.date().nullable().default(null),
  })
  .strict();

/** `GET /cms/api/case/{caseId}/trail`: the case's trail (ids and codes only) with its head. */
export const ZCaseTrail = z.object({
  entries: z.array(
    z.object({
      seq: z.number().int(),
      at: z.string(),
      actor: z.string().nullable(),
      action: z.string(),
      targetType: z.string().nullable(),
      targetId: z.string().nullable(),
    }),
  ),
  head: z.object({ seq: z.number().int(), hash: z.string() }).nullable(),
});
/** `POST /cms/api/case/{caseId}/trail/verify`. */
export const ZCaseTrailVerdict = z.object({
  intact: z.boolean(),
  entries: z.number().int(),
  firstBadSeq: z.number().int().nullable(),
  problem: z.string().nullable(),
});

// --- meetings (helper 4) ---------------------------------------------------------------------------

/** The answer of a meeting or an action: what was written, and the case's new revision. */
export const ZCaseWorkDone = z.object({
  /** The meeting (meeting routes) or the ACTION record (action route). */
  id: ZUuid,
  revision: z.number().int(),
  /** A vote: the option decided by this vote, if it decided it. */
  decided: ZWorkflowKey.nullable(),
});
export type TCaseWorkDone = z.infer<typeof ZCaseWorkDone>;

/** `:id/:meetingId` and `:id/:stepId/:actionKey` path parameters. */
export const ZCaseMeetingParams = z.object({ id: ZUuid, meetingId: ZUuid });
export const ZCaseActionParams = z.object({ id: ZUuid, stepId: ZUuid, actionKey: ZWorkflowKey });
// --- filing (helper 1) ------------------------------------------------------------------------------

/** `{id}/file/{fileId}` of `GET /cms/api/case/{id}/file/{fileId}` and `POST …/file/delete/{fileId}`. */
export const ZCaseFileParams = z.object({ id: ZUuid, fileId: ZUuid });

/**
 * Headers of `POST /cms/api/case/{id}/file` (the body is the file's bytes): `X-File-Name`
 * (URL-encoded; sealed, never stored in clear), `X-Attribute-Key` (a FILE_UPLOAD field of the form:
 * its `maxMegabytes` applies), `X-Audience` (COMPLAINANT, COMMITTEE or PARTICIPANT: who may read it;
 * the caller's own thread by default) and `X-Participant-Id` (a member's file for one participant).
 */
export const ZCaseFileUploadHeaders = z.object({
  'x-file-name': z.string().trim().min(1).max(1000),
  'x-attribute-key': ZWorkflowKey.optional(),
  'x-audience': z.enum(['COMPLAINANT', 'COMMITTEE', 'PARTICIPANT']).optional(),
  'x-participant-id': ZUuid.optional(),
  'content-length': z.coerce.number().int().min(0).optional(),
});

/** `POST /cms/api/case/{id}/file/delete/{fileId}`. */
export const ZCaseFileDeleted = z.object({ deleted: z.literal(true) });
// --- follow ---

/** Path of `POST /cms/api/case/{id}/form/{itemId}`. */
export const ZCaseFormParams = z.object({ id: ZUuid, itemId: ZUuid });
// --- access ---

/** Path of `POST /cms/api/case/{id}/conflict/{conflictId}/clear`. */
export const ZCaseConflictParams = z.object({ id: ZUuid, conflictId: ZUuid });

/**
 * The answer of declaring or clearing a conflict: the conflict, and the committee's quorum for the
 * case afterwards (a member who declared has no access any more: this is the last they see of it).
 */
export const ZConflictOutcome = z.object({
  conflictId: ZUuid,
  cleared: z.boolean(),
  /** Whether the member's access was given back (a cleared conflict of a member still on the committee). */
  accessRestored: z.boolean(),
  quorum: ZCaseQuorum,
});
export type TConflictOutcome = z.infer<typeof ZConflictOutcome>;
// --- committee ---

/**
 * The answer of a committee's change to a case (a step started or completed, a sub-status, a
 * closing): the case's new revision. The page reloads the case (`GET /cms/api/case/{caseId}`).
 */
export const ZCaseChanged = z.object({ revision: z.number().int() });
export type TCaseChanged = z.infer<typeof ZCaseChanged>;

/**
 * `POST /cms/api/case/{caseId}/party`: the party named, and the members who are conflicted because of
 * them (a party or a party's manager) and lost their access to the case at once.
 */
export const ZCasePartyAdded = z.object({
  revision: z.number().int(),
  partyId: ZUuid,
  conflicted: z.array(ZUuid),
});
export type TCasePartyAdded = z.infer<typeof ZCasePartyAdded>;
// --- people ---

/**
 * `GET /cms/api/case-people?q=`: the committee's person picker (naming a party, writing a complaint
 * down for someone). `q`: 2–100 characters of a name or an email, matched case-insensitively.
 */
export const ZCasePeopleQuery = z.object({ q: z.string().trim().min(2).max(100) });
export type TCasePeopleQuery = z.infer<typeof ZCasePeopleQuery>;

/** The workspace's active members matching the query (at most 20, by name): no case data. */
export const ZCasePeople = z.object({
  people: z.array(ZCasePerson.extend({ unitName: z.string().nullable() })),
});
export type TCasePeople = z.infer<typeof ZCasePeople>;
export type TCasePeoplePerson = TCasePeople['people'][number];
