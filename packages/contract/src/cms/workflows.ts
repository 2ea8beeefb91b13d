import { z } from 'zod';
import { ZEmail } from '../auth.ts';
import { ZLanguage, ZPagedResult, ZUuid } from '../common.ts';

/*
 * Issue 25: complaint workflows (DESIGN §4 "Complaints"), at the case-management API (`/cms/api/…`,
 * module `cms`). The spec names 32 call patterns without payloads (§7 "Case management"); their
 * payloads are designed here. A workflow is a relational **draft** (process details, the complaint
 * form's components and attributes, stages of redressal made of MEETING and ACTION steps) edited by
 * the granular calls, and **published versions**: the draft compiled to a canonical JSON definition
 * (`ZWorkflowDefinition`), hashed with SHA-256 and stored insert-only. Every draft-changing call
 * answers the whole builder (`ZWorkflowBuilder`), so the screen redraws from one answer.
 *
 * Who: `workflows.manage` (the permission matrix), within the caller's business units for a
 * workflow that belongs to a unit (`branchId`); a workspace-wide workflow needs the whole workspace.
 */

// --- texts -------------------------------------------------------------------------------------

/**
 * Text per language. The workflow's primary language (English) is required when the text is
 * required; the others may be missing in a draft. Publishing refuses a missing translation of one
 * of the workflow's `languages` unless the publisher lets it fall back to English
 * (`ZWorkflowPublish.allowFallback`), which the definition then records.
 */
export const ZCmsText = (max: number) =>
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
export type TCmsText = z.infer<ReturnType<typeof ZCmsText>>;

/** An optional text (a hint, a description): every language may be missing. */
export const ZCmsOptionalText = (max: number) =>
  z
    .object({
      en: z.string().trim().max(max).optional(),
      hi: z.string().trim().max(max).optional(),
      kn: z.string().trim().max(max).optional(),
      te: z.string().trim().max(max).optional(),
      ta: z.string().trim().max(max).optional(),
      mr: z.string().trim().max(max).optional(),
      fr: z.string().trim().max(max).optional(),
    })
    .strict();
export type TCmsOptionalText = z.infer<ReturnType<typeof ZCmsOptionalText>>;

/** A stable key (an attribute's, a step's): upper case letters, digits and `_`, kept across versions. */
export const ZWorkflowKey = z
  .string()
  .trim()
  .regex(/^[A-Z][A-Z0-9_]{0,63}$/, 'Upper case letters, digits and _ (up to 64), starting with a letter');

// --- process details ---------------------------------------------------------------------------

/** The law a workflow follows: India's POSH Act 2013 and Rules, or Canada's SOR/2020-130. */
export const WORKFLOW_JURISDICTIONS = ['IN_POSH', 'CA_SOR_2020_130'] as const;
export const ZWorkflowJurisdiction = z.enum(WORKFLOW_JURISDICTIONS);
export type TWorkflowJurisdiction = z.infer<typeof ZWorkflowJurisdiction>;

/** Who may file under a workflow. WITNESS only in Canada (s.15(1): a witness may give notice; s.15(4): anonymously). */
export const WORKFLOW_FILERS = ['EMPLOYEE', 'FORMER_EMPLOYEE', 'CONTRACTOR', 'THIRD_PARTY', 'WITNESS'] as const;
export const ZWorkflowFiler = z.enum(WORKFLOW_FILERS);
export type TWorkflowFiler = z.infer<typeof ZWorkflowFiler>;

/**
 * Who handles complaints: each business unit's own committee or designated recipient from the
 * committee register (`UNIT_COMMITTEE`: the complainant's unit decides), or one committee for all
 * (`COMMITTEE`, with its id).
 */
export const ZWorkflowHandler = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('UNIT_COMMITTEE') }).strict(),
  z.object({ kind: z.literal('COMMITTEE'), committeeId: ZUuid }).strict(),
]);
export type TWorkflowHandler = z.infer<typeof ZWorkflowHandler>;

/** The contact complainants see before filing. Null on the workflow: the handling committee's presiding officer or designated recipient, from the register. */
export const ZWorkflowContact = z
  .object({
    name: z.string().trim().min(1, 'Enter a name').max(120),
    email: ZEmail.nullable(),
    /** As typed; the server keeps it as given (it is shown, never dialled by the server). */
    phone: z.string().trim().min(1).max(32).nullable(),
  })
  .strict()
  .refine((c) => c.email !== null || c.phone !== null, {
    message: 'Give an email address or a phone number (or both)',
    path: ['email'],
  });
export type TWorkflowContact = z.infer<typeof ZWorkflowContact>;

/** The shipped templates (written for this product, each deadline citing its section). */
export const WORKFLOW_TEMPLATES = ['POSH_INQUIRY', 'CA_RESOLUTION'] as const;
export const ZWorkflowTemplateKey = z.enum(WORKFLOW_TEMPLATES);
export type TWorkflowTemplateKey = z.infer<typeof ZWorkflowTemplateKey>;

/** DRAFT: editable, publishable. PUBLISHED: the draft equals the latest version; `version` opens a new draft. */
export const ZWorkflowStatus = z.enum(['DRAFT', 'PUBLISHED']);
export type TWorkflowStatus = z.infer<typeof ZWorkflowStatus>;

/** `POST /cms/api/workflow/create`: from scratch (the spec's default form, one empty stage) or from a template. */
export const ZWorkflowCreate = z
  .object({
    name: z.string().trim().min(1, 'Enter a name').max(200),
    /** Required from scratch; a template fixes its own (POSH_INQUIRY → IN_POSH, CA_RESOLUTION → CA_SOR_2020_130). */
    jurisdiction: ZWorkflowJurisdiction.optional(),
    template: ZWorkflowTemplateKey.nullable().default(null),
    /** The business unit the workflow belongs to; null: the whole workspace. */
    branchId: ZUuid.nullable().default(null),
  })
  .strict();
export type TWorkflowCreate = z.input<typeof ZWorkflowCreate>;

/** `POST /cms/api/workflow/update/{id}`: process details, partial (fields left out stay). */
export const ZWorkflowUpdate = z
  .object({
    name: z.string().trim().min(1, 'Enter a name').max(200),
    description: ZCmsOptionalText(4000),
    /** Not changeable on a workflow started from a template (its statutory steps follow that law). */
    jurisdiction: ZWorkflowJurisdiction,
    filers: z.array(ZWorkflowFiler).min(1, 'Choose who may file').max(WORKFLOW_FILERS.length),
    /** Canada only: a witness may give notice anonymously (s.15(4)); needs WITNESS among the filers. */
    anonymousWitnesses: z.boolean(),
    handler: ZWorkflowHandler,
    contact: ZWorkflowContact.nullable(),
    /** The languages the workflow is written in, English first; only the workspace's offered languages. */
    languages: z.array(ZLanguage).min(1).max(7),
  })
  .partial()
  .strict();
export type TWorkflowUpdate = z.input<typeof ZWorkflowUpdate>;

// --- the complaint form ------------------------------------------------------------------------

/**
 * Field types of the complaint form (spec §9's question types that a form can ask): TEXT (one
 * line), TEXT_AREA, DATE, FILE_UPLOAD, CHECKBOX_WITH_TEXT (a tick with an explanation), SINGLE_SELECT,
 * MULTI_SELECT, INPUT_BOX (a number), MATCHING (each left item matched to one right option), EMAIL,
 * PHONE, RESOURCE (a document the complainant reads: no answer).
 */
export const ATTRIBUTE_TYPES = [
  'TEXT',
  'TEXT_AREA',
  'DATE',
  'FILE_UPLOAD',
  'CHECKBOX_WITH_TEXT',
  'SINGLE_SELECT',
  'MULTI_SELECT',
  'INPUT_BOX',
  'MATCHING',
  'EMAIL',
  'PHONE',
  'RESOURCE',
] as const;
export const ZAttributeType = z.enum(ATTRIBUTE_TYPES);
export type TAttributeType = z.infer<typeof ZAttributeType>;

/** The spec's default fields (§3), keys fixed. The four the spec makes mandatory (§5) cannot be removed or made optional. */
export const DEFAULT_ATTRIBUTE_KEYS = [
  'COMPLAINANT_NAME',
  'COMPLAINANT_GENDER',
  'COMPLAINANT_PHONE',
  'COMPLAINANT_EMAIL',
  'RESPONDENT_NAME',
  'RESPONDENT_GENDER',
  'RESPONDENT_PHONE',
  'RESPONDENT_EMAIL',
  'RESPONDENT_DESCRIPTION',
  'INCIDENT_DETAILS',
  'INCIDENT_DATE',
  'EVIDENCE',
  'WITNESSES',
] as const;
export const LOCKED_ATTRIBUTE_KEYS = [
  'COMPLAINANT_NAME',
  'COMPLAINANT_EMAIL',
  'INCIDENT_DETAILS',
  'INCIDENT_DATE',
] as const;

/** An option of a select (or a right-hand option of MATCHING): key stable across versions, label per language. */
export const ZAttributeOption = z.object({ key: ZWorkflowKey, label: ZCmsText(200) }).strict();
export type TAttributeOption = z.infer<typeof ZAttributeOption>;

/** Show a field only when an earlier field has an answer: a select's option key, or `true` for a ticked CHECKBOX_WITH_TEXT. */
export const ZAttributeCondition = z
  .object({ attributeKey: ZWorkflowKey, equals: z.union([ZWorkflowKey, z.literal(true)]) })
  .strict();
export type TAttributeCondition = z.infer<typeof ZAttributeCondition>;

/**
 * `POST /cms/api/attribute-setting/{attributeId}`: the type's own settings (all optional):
 * `maxLength` (TEXT, TEXT_AREA), `min`/`max` (INPUT_BOX), `notAfterToday` (DATE), `maxFiles` and
 * `maxMegabytes` (FILE_UPLOAD), `matchingItems` (MATCHING's left items).
 */
export const ZAttributeSettings = z
  .object({
    maxLength: z.number().int().min(1).max(20000),
    min: z.number().min(-1e9).max(1e9),
    max: z.number().min(-1e9).max(1e9),
    notAfterToday: z.boolean(),
    maxFiles: z.number().int().min(1).max(20),
    maxMegabytes: z.number().int().min(1).max(50),
    matchingItems: z.array(ZAttributeOption).min(1).max(30),
  })
  .partial()
  .strict();
export type TAttributeSettings = z.infer<typeof ZAttributeSettings>;

/** A document attached to a RESOURCE field (`confirm-resource-upload`). */
export const ZAttributeResource = z.object({
  fileName: z.string(),
  size: z.number().int(),
  sha256: z.string(),
  /** A signed link to read it (short-lived). */
  url: z.string(),
});

/** One field of the complaint form, as the builder shows it. */
export const ZAttribute = z.object({
  id: ZUuid,
  key: ZWorkflowKey,
  componentId: ZUuid,
  type: ZAttributeType,
  label: ZCmsText(300),
  hint: ZCmsOptionalText(1000),
  mandatory: z.boolean(),
  position: z.number().int(),
  options: z.array(ZAttributeOption),
  condition: ZAttributeCondition.nullable(),
  settings: ZAttributeSettings,
  resource: ZAttributeResource.nullable(),
  /** One of the spec's default fields (key fixed). */
  builtin: z.boolean(),
  /** Cannot be removed or made optional: the spec's mandatory fields and a template's statutory ones (POSH s.9(1) counts from INCIDENT_DATE). */
  locked: z.boolean(),
  /** The section that makes it statutory, or null. */
  statutoryReference: z.string().nullable(),
});
export type TAttribute = z.infer<typeof ZAttribute>;

/** A group of fields (Complainant, Respondent, Incident, …). */
export const ZComponent = z.object({
  id: ZUuid,
  key: ZWorkflowKey,
  title: ZCmsText(200),
  position: z.number().int(),
  builtin: z.boolean(),
  attributes: z.array(ZAttribute),
});
export type TComponent = z.infer<typeof ZComponent>;

/** `POST /cms/api/component/create`. */
export const ZComponentCreate = z
  .object({ workflowId: ZUuid, title: ZCmsText(200), position: z.number().int().min(0).max(1000).optional() })
  .strict();
/** `POST /cms/api/component/update/{id}`: title and place. */
export const ZComponentUpdate = z
  .object({ title: ZCmsText(200), position: z.number().int().min(0).max(1000) })
  .partial()
  .strict();

/** `POST /cms/api/attribute/create`: the key is made from the English label unless given; stable afterwards. */
export const ZAttributeCreate = z
  .object({
    workflowId: ZUuid,
    componentId: ZUuid,
    type: ZAttributeType,
    key: ZWorkflowKey.optional(),
    label: ZCmsText(300),
    hint: ZCmsOptionalText(1000).default({}),
    mandatory: z.boolean().default(false),
    options: z.array(ZAttributeOption).max(100).default([]),
    condition: ZAttributeCondition.nullable().default(null),
  })
  .strict();
export type TAttributeCreate = z.input<typeof ZAttributeCreate>;

/** `POST /cms/api/attribute/update/{id}`: partial; `componentId` moves it to the end of another group. The key and type never change. */
export const ZAttributeUpdate = z
  .object({
    componentId: ZUuid,
    label: ZCmsText(300),
    hint: ZCmsOptionalText(1000),
    mandatory: z.boolean(),
    options: z.array(ZAttributeOption).max(100),
    condition: ZAttributeCondition.nullable(),
  })
  .partial()
  .strict();
export type TAttributeUpdate = z.input<typeof ZAttributeUpdate>;

/** `POST /cms/api/attribute/order`: the complete new order of one group's fields (drag and drop, or the keyboard). */
export const ZAttributeOrder = z
  .object({ workflowId: ZUuid, componentId: ZUuid, attributeIds: z.array(ZUuid).min(1).max(200) })
  .strict();

/** The largest document a RESOURCE field holds. */
export const ATTRIBUTE_RESOURCE_MAX_BYTES = 10 * 1024 * 1024;

/**
 * `POST /cms/api/attribute/generate-resource-upload-url/{id}` (not in the spec's list: the first
 * step of the two-step upload of a RESOURCE field's document, a PDF).
 */
export const ZAttributeResourceUploadRequest = z
  .object({
    fileName: z.string().trim().min(1).max(255),
    contentType: z.literal('application/pdf'),
    size: z.number().int().min(1).max(ATTRIBUTE_RESOURCE_MAX_BYTES),
  })
  .strict();
/** Where to PUT the document's bytes: a presigned URL (S3), or this API's own upload path (local disk). */
export const ZAttributeResourceUploadTicket = z.object({
  uploadUrl: z.string(),
  /** The storage key to name in `confirm-resource-upload`. */
  key: z.string(),
  maxBytes: z.number().int(),
  contentType: z.literal('application/pdf'),
});
/** `PUT /cms/api/attribute/upload-resource/{id}?key=…` (local disk only): the bytes. */
export const ZAttributeResourceKeyQuery = z.object({ key: z.string().min(1).max(600) }).strict();
/** `POST /cms/api/attribute/confirm-resource-upload/{id}`: checks the stored file by content (a PDF, at most the limit) and attaches it. */
export const ZAttributeResourceConfirm = z
  .object({ key: z.string().min(1).max(600), fileName: z.string().trim().min(1).max(255) })
  .strict();

// --- stages of redressal -----------------------------------------------------------------------

export const ZStepType = z.enum(['MEETING', 'ACTION']);
export type TStepType = z.infer<typeof ZStepType>;

/** Who performs a step: the presiding officer, any (non-conflicted) committee member, or Canada's designated recipient. */
export const ZStepPerformer = z.enum(['PRESIDING_OFFICER', 'ANY_MEMBER', 'DESIGNATED_RECIPIENT']);
export type TStepPerformer = z.infer<typeof ZStepPerformer>;

/**
 * When a step may start: once its prerequisites are met, or only at a party's request (POSH s.10(1):
 * conciliation only at the complainant's request; Canada s.24: conciliation if both parties agree;
 * s.25(1): investigation at the principal party's request; POSH s.12: interim relief on written request).
 */
export const ZStepStart = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('PREREQUISITES_MET') }).strict(),
  z
    .object({
      kind: z.literal('ON_REQUEST'),
      by: z.enum(['COMPLAINANT', 'RESPONDENT', 'BOTH_PARTIES']),
      inWriting: z.boolean(),
    })
    .strict(),
]);
export type TStepStart = z.infer<typeof ZStepStart>;

/**
 * A step's deadline, as the deadline engine computes it (core/due-rules.ts, DESIGN §10): from an
 * anchor (the complaint or notice was received: FILED; the incident date the complainant gave:
 * INCIDENT; another step completed or started: STEP_COMPLETED / STEP_STARTED with its key), an
 * offset in a unit, what happens on a non-working day, the calendar (null: the holiday calendar of
 * the case's business unit's jurisdiction), and the legal reference (null for the workspace's own rule).
 */
export const ZStepDueRule = z
  .object({
    anchor: z.enum(['FILED', 'INCIDENT', 'STEP_COMPLETED', 'STEP_STARTED']),
    anchorStepKey: ZWorkflowKey.nullable().default(null),
    offset: z.number().int().min(0).max(3650),
    unit: z.enum(['CALENDAR_DAY', 'WORKING_DAY', 'MONTH', 'YEAR']),
    onHoliday: z.enum(['NEXT_WORKING_DAY', 'NONE']),
    calendar: z.string().trim().min(1).max(16).nullable().default(null),
    reference: z.string().trim().max(100).nullable().default(null),
    /** Repeats after each completion (Canada s.34: a monthly status update). */
    repeats: z.boolean().default(false),
  })
  .strict()
  .refine((r) => (r.anchor === 'STEP_COMPLETED' || r.anchor === 'STEP_STARTED') === (r.anchorStepKey !== null), {
    message: 'A rule anchored on a step names the step (and only then)',
    path: ['anchorStepKey'],
  });
export type TStepDueRule = z.infer<typeof ZStepDueRule>;

/**
 * `POST /cms/api/step-setting/{stepId}`: who performs the step, its due rule (null: no deadline),
 * reminders to the performer N days before it is due, and whether it escalates at the first and
 * second thresholds of the workspace's CASE escalation settings (`/api/escalation-setting`).
 */
export const ZStepSettings = z
  .object({
    performer: ZStepPerformer,
    dueRule: ZStepDueRule.nullable(),
    reminderDaysBefore: z
      .array(z.number().int().min(1).max(90))
      .max(3)
      .refine((a) => new Set(a).size === a.length, 'Each reminder day once'),
    escalate: z.boolean(),
    start: ZStepStart,
    /** Canada s.35(1)(f): when the due date is missed, the performer records a reason. */
    reasonIfLate: z.boolean(),
    /** POSH Rule 7(7): a hearing needs this many members present, the presiding officer among them. Meetings only. */
    quorum: z.number().int().min(1).max(20).nullable(),
  })
  .partial()
  .strict();
export type TStepSettings = z.infer<typeof ZStepSettings>;

/**
 * The statutory rule a template's step carries: it cannot be removed, and its deadline cannot be
 * made later than this. A step the law starts only at a party's request and sets no time for
 * (POSH s.10(1) conciliation, s.12 interim relief; Canada s.24 conciliation, s.25(1) investigation)
 * has no deadline (`anchor`, `maxOffset` and `unit` null): it cannot be removed either, and it keeps
 * starting only on that request (409 `STATUTORY_START_FIXED`).
 */
export const ZStatutoryRule = z.object({
  /** The statutory clock's key (core/statutory-clocks.ts), e.g. IN.POSH.RULE_7_2; for a step on request, the section's key, e.g. IN.POSH.S10_1. */
  ruleKey: z.string(),
  reference: z.string(),
  anchor: z.enum(['FILED', 'INCIDENT', 'STEP_COMPLETED', 'STEP_STARTED']).nullable(),
  anchorStepKey: ZWorkflowKey.nullable(),
  /** The latest the law allows, in `unit`; null when the law sets no time (a step on request). */
  maxOffset: z.number().int().nullable(),
  unit: z.enum(['CALENDAR_DAY', 'WORKING_DAY', 'MONTH', 'YEAR']).nullable(),
});
export type TStatutoryRule = z.infer<typeof ZStatutoryRule>;

/** Meeting field types: MEETING_LOCATION is a place or a Teams / Google Meet link; MEETING_GUEST people invited. */
export const MEETING_FIELD_TYPES = [
  'TEXT',
  'TEXT_AREA',
  'DATE',
  'DATETIME',
  'NUMBER',
  'CHECKBOX',
  'FILE_UPLOAD',
  'SINGLE_SELECT',
  'LOCATION',
  'GUESTS',
] as const;
export const ZMeetingFieldType = z.enum(MEETING_FIELD_TYPES);

/** The spec's meeting fields (§3): the first six required on every meeting, the last two optional. */
export const DEFAULT_MEETING_FIELDS = [
  { key: 'MEETING_TITLE', type: 'TEXT', mandatory: true },
  { key: 'MEETING_DESCRIPTION', type: 'TEXT_AREA', mandatory: true },
  { key: 'MEETING_START_TIME', type: 'DATETIME', mandatory: true },
  { key: 'MEETING_END_TIME', type: 'DATETIME', mandatory: true },
  { key: 'MEETING_LOCATION', type: 'LOCATION', mandatory: true },
  { key: 'MEETING_GUEST', type: 'GUESTS', mandatory: true },
  { key: 'MINUTES_OF_MEETING', type: 'TEXT_AREA', mandatory: false },
  { key: 'MEETING_OUTCOME', type: 'TEXT_AREA', mandatory: false },
] as const;

export const ZMeetingField = z.object({
  id: ZUuid,
  key: ZWorkflowKey,
  type: ZMeetingFieldType,
  label: ZCmsText(200),
  mandatory: z.boolean(),
  position: z.number().int(),
  options: z.array(ZAttributeOption),
  /** One of the spec's meeting fields: the required ones cannot be removed or made optional. */
  builtin: z.boolean(),
});
export type TMeetingField = z.infer<typeof ZMeetingField>;

/** `POST /cms/api/meeting-fields/add`: a custom field on a meeting step. */
export const ZMeetingFieldAdd = z
  .object({
    stepId: ZUuid,
    key: ZWorkflowKey.optional(),
    type: ZMeetingFieldType,
    label: ZCmsText(200),
    mandatory: z.boolean().default(false),
    options: z.array(ZAttributeOption).max(50).default([]),
  })
  .strict();
/** `POST /cms/api/meeting-fields/update/{id}`: a built-in field takes a new label only (and an optional one may become mandatory). */
export const ZMeetingFieldUpdate = z
  .object({
    label: ZCmsText(200),
    mandatory: z.boolean(),
    options: z.array(ZAttributeOption).max(50),
    position: z.number().int().min(0).max(200),
  })
  .partial()
  .strict();

/** The spec's action types (§9) a step can take. FORM sends a further questionnaire to a participant mid-case. */
export const ACTION_TYPES = [
  'TRANSFER_COMPLAINT',
  'INFORM_RESPONDENT',
  'INFORM_EMPLOYER',
  'NOTIFY',
  'VOTE',
  'UPLOAD_RESOURCE',
  'BUTTON',
  'RESOURCE',
  'FORM',
] as const;
export const ZActionType = z.enum(ACTION_TYPES);
export type TActionType = z.infer<typeof ZActionType>;

export const ZParticipant = z.enum(['COMPLAINANT', 'RESPONDENT', 'WITNESS', 'COMMITTEE', 'EMPLOYER']);

/** A field of a FORM action's questionnaire. */
export const ZActionFormField = z
  .object({
    key: ZWorkflowKey,
    type: z.enum(['TEXT', 'TEXT_AREA', 'DATE', 'FILE_UPLOAD', 'SINGLE_SELECT', 'MULTI_SELECT', 'CHECKBOX_WITH_TEXT']),
    label: ZCmsText(300),
    mandatory: z.boolean(),
    options: z.array(ZAttributeOption).max(50).default([]),
  })
  .strict();

/**
 * `POST /cms/api/workflow-action-setting/{actionId}`: an action's settings, by its type. Messages are
 * texts per language; a notice sent to a person never carries case contents (DESIGN §9): the
 * message is the workflow's words, with a link to the case.
 */
export const ZActionSettings = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('TRANSFER_COMPLAINT'),
      /** Where to: the Local Committee (POSH s.6(1)), another unit's committee, or an outside authority. */
      to: z.enum(['LOCAL_COMMITTEE', 'OTHER_UNIT_COMMITTEE', 'EXTERNAL_AUTHORITY']),
      reasonRequired: z.boolean(),
    })
    .strict(),
  z
    .object({
      type: z.literal('INFORM_RESPONDENT'),
      /** POSH Rule 7(2): a copy of the complaint goes to the respondent. */
      shareComplaintCopy: z.boolean(),
      message: ZCmsText(2000),
    })
    .strict(),
  z.object({ type: z.literal('INFORM_EMPLOYER'), shareReport: z.boolean(), message: ZCmsText(2000) }).strict(),
  z
    .object({
      type: z.literal('NOTIFY'),
      recipients: z.array(ZParticipant).min(1).max(5),
      message: ZCmsText(2000),
    })
    .strict(),
  z
    .object({
      type: z.literal('VOTE'),
      question: ZCmsText(500),
      options: z.array(ZAttributeOption).min(2).max(10),
      /** Members who must vote; POSH Rule 7(7): 3 including the presiding officer. */
      quorum: z.number().int().min(1).max(20),
      presidingOfficerRequired: z.boolean(),
    })
    .strict(),
  z
    .object({
      type: z.literal('UPLOAD_RESOURCE'),
      label: ZCmsText(300),
      uploader: ZParticipant,
      required: z.boolean(),
    })
    .strict(),
  z
    .object({
      type: z.literal('BUTTON'),
      label: ZCmsText(120),
      /** The outcome the button records (e.g. SETTLED, WITHDRAWN), a key. */
      outcome: ZWorkflowKey,
      confirm: z.boolean(),
    })
    .strict(),
  z.object({ type: z.literal('RESOURCE'), title: ZCmsText(200), body: ZCmsText(8000) }).strict(),
  z
    .object({
      type: z.literal('FORM'),
      recipient: z.enum(['COMPLAINANT', 'RESPONDENT', 'WITNESS']),
      title: ZCmsText(200),
      fields: z.array(ZActionFormField).min(1).max(50),
    })
    .strict(),
]);
export type TActionSettings = z.infer<typeof ZActionSettings>;

export const ZStepAction = z.object({
  id: ZUuid,
  key: ZWorkflowKey,
  type: ZActionType,
  position: z.number().int(),
  /** Null until set (`workflow-action-setting`); publishing refuses an action without settings. */
  settings: ZActionSettings.nullable(),
  /** Part of a template's statutory step. */
  statutory: z.boolean(),
});
export type TStepAction = z.infer<typeof ZStepAction>;

/** `POST /cms/api/step/action/add`. */
export const ZStepActionAdd = z
  .object({ stepId: ZUuid, type: ZActionType, settings: ZActionSettings.optional() })
  .strict();

/** A prerequisite: this step waits for another step (completed, or only started). Acyclic. */
export const ZPrerequisite = z.object({
  id: ZUuid,
  stepId: ZUuid,
  requiresStepId: ZUuid,
  requiresStepKey: ZWorkflowKey,
  condition: z.enum(['COMPLETED', 'STARTED']),
});
export type TPrerequisite = z.infer<typeof ZPrerequisite>;
/** `POST /cms/api/workflow-prerequisite/add`: refused with 409 `PREREQUISITE_CYCLE` when it would close a cycle. */
export const ZPrerequisiteAdd = z
  .object({ stepId: ZUuid, requiresStepId: ZUuid, condition: z.enum(['COMPLETED', 'STARTED']).default('COMPLETED') })
  .strict();
export const ZPrerequisiteUpdate = z
  .object({ requiresStepId: ZUuid, condition: z.enum(['COMPLETED', 'STARTED']) })
  .partial()
  .strict();
/** `GET /cms/api/workflow-prerequisite/get/{stepId}`. */
export const ZPrerequisiteList = z.object({ prerequisites: z.array(ZPrerequisite) });

/** A step with everything the builder edits (`GET /cms/api/step/details/{id}` answers one). */
export const ZStep = z.object({
  id: ZUuid,
  key: ZWorkflowKey,
  stageId: ZUuid,
  type: ZStepType,
  title: ZCmsText(200),
  description: ZCmsOptionalText(4000),
  position: z.number().int(),
  /** A mandatory step must be completed (or recorded as not applicable with a reason) before a case closes. */
  mandatory: z.boolean(),
  settings: z.object({
    performer: ZStepPerformer,
    dueRule: ZStepDueRule.nullable(),
    reminderDaysBefore: z.array(z.number().int()),
    escalate: z.boolean(),
    start: ZStepStart,
    reasonIfLate: z.boolean(),
    quorum: z.number().int().nullable(),
  }),
  /** From a template: cannot be removed, nor its deadline made later than the law allows. */
  statutory: ZStatutoryRule.nullable(),
  actions: z.array(ZStepAction),
  /** MEETING steps only (empty for ACTION). */
  meetingFields: z.array(ZMeetingField),
  prerequisites: z.array(ZPrerequisite),
});
export type TStep = z.infer<typeof ZStep>;

/** `POST /cms/api/step/create`: a MEETING step starts with the spec's meeting fields. */
export const ZStepCreate = z
  .object({
    workflowId: ZUuid,
    stageId: ZUuid,
    type: ZStepType,
    key: ZWorkflowKey.optional(),
    title: ZCmsText(200),
    description: ZCmsOptionalText(4000).default({}),
    position: z.number().int().min(0).max(1000).optional(),
  })
  .strict();
export type TStepCreate = z.input<typeof ZStepCreate>;
/** `POST /cms/api/step/update/{id}`: texts, mandatory, and place (another stage, another position). */
export const ZStepUpdate = z
  .object({
    title: ZCmsText(200),
    description: ZCmsOptionalText(4000),
    mandatory: z.boolean(),
    stageId: ZUuid,
    position: z.number().int().min(0).max(1000),
  })
  .partial()
  .strict();

export const ZStage = z.object({
  id: ZUuid,
  key: ZWorkflowKey,
  title: ZCmsText(200),
  position: z.number().int(),
  /** Holds a statutory step. */
  statutory: z.boolean(),
  steps: z.array(ZStep),
});
export type TStage = z.infer<typeof ZStage>;
/** `POST /cms/api/stage/create`. */
export const ZStageCreate = z
  .object({ workflowId: ZUuid, title: ZCmsText(200), position: z.number().int().min(0).max(100).optional() })
  .strict();
/** `POST /cms/api/stage/update/{id}` (not in the spec's list: renaming and moving a stage). */
export const ZStageUpdate = z
  .object({ title: ZCmsText(200), position: z.number().int().min(0).max(100) })
  .partial()
  .strict();

// --- the builder -------------------------------------------------------------------------------

export const WORKFLOW_ACTIONS = ['edit', 'publish', 'version'] as const;
export const ZWorkflowAction = z.enum(WORKFLOW_ACTIONS);

/** A workflow's process details with its state. */
export const ZWorkflowSummary = z.object({
  id: ZUuid,
  name: z.string(),
  description: ZCmsOptionalText(4000),
  jurisdiction: ZWorkflowJurisdiction,
  filers: z.array(ZWorkflowFiler),
  anonymousWitnesses: z.boolean(),
  branchId: ZUuid.nullable(),
  branchName: z.string().nullable(),
  handler: ZWorkflowHandler,
  /** The handling committee's name (COMMITTEE), or null for each unit's own. */
  handlerName: z.string().nullable(),
  contact: ZWorkflowContact.nullable(),
  languages: z.array(ZLanguage),
  template: ZWorkflowTemplateKey.nullable(),
  status: ZWorkflowStatus,
  /** The latest published version's number, null before the first publish. */
  latestVersion: z.number().int().nullable(),
  /** Increases with every change of the draft. */
  revision: z.number().int(),
  updatedAt: z.string(),
  actions: z.array(ZWorkflowAction),
});
export type TWorkflowSummary = z.infer<typeof ZWorkflowSummary>;

/** `GET /cms/api/workflow/get/{id}`, and the answer of every call that changes the draft. */
export const ZWorkflowBuilder = z.object({
  workflow: ZWorkflowSummary,
  components: z.array(ZComponent),
  stages: z.array(ZStage),
  /** The languages the workspace offers (what `languages` may hold). */
  offeredLanguages: z.array(ZLanguage),
});
export type TWorkflowBuilder = z.infer<typeof ZWorkflowBuilder>;

/** `GET /cms/api/workflow/all?pageNo&pageSize`: the workflows the caller may manage. */
export const ZWorkflowPage = ZPagedResult(ZWorkflowSummary);
export type TWorkflowPage = z.infer<typeof ZWorkflowPage>;

/** A committee a workflow can name (`GET /cms/api/workflow/handlers`): from the committee register. */
export const ZWorkflowHandlerOption = z.object({
  id: ZUuid,
  name: z.string(),
  kind: z.enum(['INTERNAL_COMMITTEE', 'DESIGNATED_RECIPIENT']),
  /** The units it serves; empty: the whole workspace. */
  unitNames: z.array(z.string()),
});
export const ZWorkflowHandlerOptions = z.object({ committees: z.array(ZWorkflowHandlerOption) });

/** `GET /cms/api/workflow/templates`: what each template holds, to choose from. */
export const ZWorkflowTemplateInfo = z.object({
  key: ZWorkflowTemplateKey,
  jurisdiction: ZWorkflowJurisdiction,
  name: ZCmsText(200),
  summary: ZCmsText(2000),
  stages: z.number().int(),
  steps: z.number().int(),
  /** The sections its deadlines cite. */
  references: z.array(z.string()),
});
export const ZWorkflowTemplateList = z.object({ templates: z.array(ZWorkflowTemplateInfo) });

// --- versions ----------------------------------------------------------------------------------

/** `POST /cms/api/workflow/publish/{id}`. */
export const ZWorkflowPublish = z
  .object({
    /** What changed, in the publisher's words (shown in the history). */
    changeNote: z.string().trim().max(2000).default(''),
    /** Publish although some texts lack a translation: those languages fall back to English (recorded in the definition). */
    allowFallback: z.boolean().default(false),
  })
  .strict();
export type TWorkflowPublish = z.input<typeof ZWorkflowPublish>;

/**
 * Why a publish is refused: 422 `WORKFLOW_INVALID` with one `details[]` entry per problem, its
 * `code` one of these and `path` naming the place (e.g. `stages.INQUIRY.steps.HEARING`).
 */
export const PUBLISH_PROBLEMS = [
  'NO_STAGES',
  'EMPTY_STAGE',
  'PREREQUISITE_CYCLE',
  'DUPLICATE_KEY',
  'STATUTORY_STEP_MISSING',
  'STATUTORY_DEADLINE_LATER',
  'STATUTORY_START_CHANGED',
  'STATUTORY_FIELD_MISSING',
  'MANDATORY_FIELD_MISSING',
  'MEETING_FIELD_MISSING',
  'TRANSLATION_MISSING',
  'OPTIONS_MISSING',
  'CONDITION_INVALID',
  'ANCHOR_STEP_INVALID',
  'ACTION_SETTINGS_MISSING',
  'RESOURCE_MISSING',
  'HANDLER_MISSING',
  'FILERS_INVALID',
] as const;
export type TPublishProblem = (typeof PUBLISH_PROBLEMS)[number];

/**
 * The compiled definition of a published version: canonical JSON (keys sorted, no insignificant
 * whitespace), hashed with SHA-256. A case is bound to it and its hash; answers are validated
 * against it, never the draft. Ids of draft rows are left out: keys identify everything.
 */
export const ZWorkflowDefinition = z.object({
  format: z.literal(1),
  name: z.string(),
  description: ZCmsOptionalText(4000),
  jurisdiction: ZWorkflowJurisdiction,
  template: ZWorkflowTemplateKey.nullable(),
  filers: z.array(ZWorkflowFiler),
  anonymousWitnesses: z.boolean(),
  branchId: ZUuid.nullable(),
  handler: ZWorkflowHandler,
  contact: ZWorkflowContact.nullable(),
  languages: z.array(ZLanguage),
  /** Languages that fall back to English for some texts, with how many texts each. */
  fallbacks: z.record(z.string(), z.number().int()),
  form: z.array(
    z.object({
      key: ZWorkflowKey,
      title: ZCmsText(200),
      attributes: z.array(
        z.object({
          key: ZWorkflowKey,
          type: ZAttributeType,
          label: ZCmsText(300),
          hint: ZCmsOptionalText(1000),
          mandatory: z.boolean(),
          options: z.array(ZAttributeOption),
          condition: ZAttributeCondition.nullable(),
          settings: ZAttributeSettings,
          resourceSha256: z.string().nullable(),
          statutoryReference: z.string().nullable(),
        }),
      ),
    }),
  ),
  stages: z.array(
    z.object({
      key: ZWorkflowKey,
      title: ZCmsText(200),
      steps: z.array(
        z.object({
          key: ZWorkflowKey,
          type: ZStepType,
          title: ZCmsText(200),
          description: ZCmsOptionalText(4000),
          mandatory: z.boolean(),
          settings: ZStep.shape.settings,
          statutory: ZStatutoryRule.nullable(),
          requires: z.array(z.object({ stepKey: ZWorkflowKey, condition: z.enum(['COMPLETED', 'STARTED']) })),
          meetingFields: z.array(
            z.object({
              key: ZWorkflowKey,
              type: ZMeetingFieldType,
              label: ZCmsText(200),
              mandatory: z.boolean(),
              options: z.array(ZAttributeOption),
            }),
          ),
          actions: z.array(z.object({ key: ZWorkflowKey, settings: ZActionSettings })),
        }),
      ),
    }),
  ),
});
export type TWorkflowDefinition = z.infer<typeof ZWorkflowDefinition>;

/** What changed from the previous version, by key (labels counted apart from structure). */
export const ZWorkflowDiff = z.object({
  added: z.array(
    z.object({
      kind: z.enum(['STAGE', 'STEP', 'COMPONENT', 'ATTRIBUTE', 'ACTION', 'MEETING_FIELD']),
      key: z.string(),
      label: z.string(),
    }),
  ),
  removed: z.array(
    z.object({
      kind: z.enum(['STAGE', 'STEP', 'COMPONENT', 'ATTRIBUTE', 'ACTION', 'MEETING_FIELD']),
      key: z.string(),
      label: z.string(),
    }),
  ),
  changed: z.array(
    z.object({
      kind: z.enum(['PROCESS', 'STAGE', 'STEP', 'COMPONENT', 'ATTRIBUTE', 'ACTION', 'MEETING_FIELD']),
      key: z.string(),
      label: z.string(),
      /** The properties that changed, e.g. `mandatory`, `settings.dueRule`, `position`. */
      fields: z.array(z.string()),
    }),
  ),
  /** Texts (labels, hints, titles, messages) changed without any structural change. */
  textsChanged: z.number().int(),
});
export type TWorkflowDiff = z.infer<typeof ZWorkflowDiff>;

/** One published version in the history (`GET /cms/api/workflow/versions/{id}`). */
export const ZWorkflowVersion = z.object({
  number: z.number().int(),
  sha256: z.string(),
  /** The hash of the definition with every text left out: equal for a label-only version. */
  structureSha256: z.string(),
  /** Same structure as the version before: open cases may follow it by themselves. */
  labelOnly: z.boolean(),
  changeNote: z.string(),
  publishedAt: z.string(),
  publishedBy: z.string().nullable(),
  /** Null for version 1. */
  diff: ZWorkflowDiff.nullable(),
  fallbacks: z.record(z.string(), z.number().int()),
  /** How many cases run on this version; null until complaint cases exist (issue 26). */
  cases: z.number().int().nullable(),
});
export type TWorkflowVersion = z.infer<typeof ZWorkflowVersion>;
export const ZWorkflowVersionList = z.object({ versions: z.array(ZWorkflowVersion) });

/** `GET /cms/api/workflow/version/{id}/{number}`: one version's definition and hash, as stored. */
export const ZWorkflowVersionDefinition = z.object({
  number: z.number().int(),
  sha256: z.string(),
  definition: ZWorkflowDefinition,
});

// --- ids in paths -------------------------------------------------------------------------------

export const ZCmsIdParams = z.object({ id: ZUuid });
export const ZCmsVersionParams = z.object({ id: ZUuid, number: z.coerce.number().int().min(1).max(100000) });
/** `{stepId}` of `workflow-prerequisite/get`, `meeting-fields/all` and `step-setting`. */
export const ZCmsStepParams = z.object({ stepId: ZUuid });
/** `{actionId}` of `step/action/remove` and `workflow-action-setting`. */
export const ZCmsActionParams = z.object({ actionId: ZUuid });

/** `GET /cms/api/meeting-fields/all/{stepId}`: a MEETING step's fields in order. */
export const ZMeetingFieldList = z.object({ fields: z.array(ZMeetingField) });
