import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/*
 * Issue 25: complaint workflows (DESIGN §4 "Complaints"). A workflow's draft is relational (the
 * spec's granular create/update/delete/order calls write these rows); a published version is the
 * draft compiled to canonical JSON, stored with its SHA-256 in `workflow_versions`, insert-only (a
 * trigger refuses UPDATE and DELETE for every role). Row-level security, grants, the trigger and the
 * foreign keys to workspaces, branches, committees and accounts are hand-written in the migration
 * `cms_workflows` (importing schema.ts here would make an import cycle).
 *
 * Texts per language are jsonb objects `{ en, hi, … }` (contract `ZCmsText`). Keys (of components,
 * attributes, stages, steps, actions, meeting fields) are unique within their workflow and never
 * change: a version's definition names everything by key, so cases can be mapped across versions.
 */

const id = () => uuid('id').notNull().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().default(sql`app_now()`);
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().default(sql`app_now()`);
const workspaceId = () => uuid('workspace_id').notNull();
const position = () => integer('position').notNull();

/** A workflow: its process details and the state of its draft. */
export const workflows = pgTable(
  'workflows',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    name: text('name').notNull(),
    description: jsonb('description').notNull().default({}),
    jurisdiction: text('jurisdiction').notNull(),
    /** POSH_INQUIRY, CA_RESOLUTION, or null (from scratch). */
    template: text('template'),
    filers: text('filers').array().notNull(),
    anonymousWitnesses: boolean('anonymous_witnesses').notNull().default(false),
    /** The business unit it belongs to; null: the whole workspace. */
    branchId: uuid('branch_id'),
    /** UNIT_COMMITTEE, or COMMITTEE with `committee_id`. */
    handlerKind: text('handler_kind').notNull().default('UNIT_COMMITTEE'),
    committeeId: uuid('committee_id'),
    /** `{ name, email, phone }` or null (the committee's own contact). */
    contact: jsonb('contact'),
    languages: text('languages').array().notNull(),
    /** DRAFT or PUBLISHED (the draft equals the latest version). */
    status: text('status').notNull().default('DRAFT'),
    latestVersion: integer('latest_version'),
    revision: integer('revision').notNull().default(0),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('workflows_workspace_id_id').on(t.workspaceId, t.id),
    index('workflows_workspace_updated').on(t.workspaceId, t.updatedAt),
    check('workflows_jurisdiction', sql`${t.jurisdiction} in ('IN_POSH','CA_SOR_2020_130')`),
    check('workflows_template', sql`${t.template} is null or ${t.template} in ('POSH_INQUIRY','CA_RESOLUTION')`),
    check('workflows_status', sql`${t.status} in ('DRAFT','PUBLISHED')`),
    check(
      'workflows_handler',
      sql`(${t.handlerKind} = 'UNIT_COMMITTEE' and ${t.committeeId} is null) or (${t.handlerKind} = 'COMMITTEE' and ${t.committeeId} is not null)`,
    ),
    check('workflows_name', sql`length(${t.name}) between 1 and 200`),
  ],
);

/** A group of fields of the complaint form. */
export const workflowComponents = pgTable(
  'workflow_components',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    workflowId: uuid('workflow_id').notNull(),
    key: text('key').notNull(),
    title: jsonb('title').notNull(),
    position: position(),
    builtin: boolean('builtin').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('workflow_components_key').on(t.workflowId, t.key),
    index('workflow_components_workflow').on(t.workspaceId, t.workflowId, t.position),
  ],
);

/** A field of the complaint form. */
export const workflowAttributes = pgTable(
  'workflow_attributes',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    workflowId: uuid('workflow_id').notNull(),
    componentId: uuid('component_id').notNull(),
    key: text('key').notNull(),
    type: text('type').notNull(),
    label: jsonb('label').notNull(),
    hint: jsonb('hint').notNull().default({}),
    mandatory: boolean('mandatory').notNull().default(false),
    position: position(),
    options: jsonb('options').notNull().default([]),
    condition: jsonb('condition'),
    settings: jsonb('settings').notNull().default({}),
    builtin: boolean('builtin').notNull().default(false),
    locked: boolean('locked').notNull().default(false),
    statutoryReference: text('statutory_reference'),
    /** RESOURCE fields: the document (private storage key, name, size, SHA-256), set by confirm-resource-upload. */
    resourceKey: text('resource_key'),
    resourceName: text('resource_name'),
    resourceSize: integer('resource_size'),
    resourceSha256: text('resource_sha256'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('workflow_attributes_key').on(t.workflowId, t.key),
    index('workflow_attributes_component').on(t.workspaceId, t.componentId, t.position),
    check(
      'workflow_attributes_type',
      sql`${t.type} in ('TEXT','TEXT_AREA','DATE','FILE_UPLOAD','CHECKBOX_WITH_TEXT','SINGLE_SELECT','MULTI_SELECT','INPUT_BOX','MATCHING','EMAIL','PHONE','RESOURCE')`,
    ),
  ],
);

/** A stage of redressal. */
export const workflowStages = pgTable(
  'workflow_stages',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    workflowId: uuid('workflow_id').notNull(),
    key: text('key').notNull(),
    title: jsonb('title').notNull(),
    position: position(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('workflow_stages_key').on(t.workflowId, t.key),
    index('workflow_stages_workflow').on(t.workspaceId, t.workflowId, t.position),
  ],
);

/** A MEETING or ACTION step of a stage, with its settings (contract `ZStep.settings`). */
export const workflowSteps = pgTable(
  'workflow_steps',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    workflowId: uuid('workflow_id').notNull(),
    stageId: uuid('stage_id').notNull(),
    key: text('key').notNull(),
    type: text('type').notNull(),
    title: jsonb('title').notNull(),
    description: jsonb('description').notNull().default({}),
    position: position(),
    mandatory: boolean('mandatory').notNull().default(true),
    settings: jsonb('settings').notNull(),
    /** A template's statutory rule (contract `ZStatutoryRule`), or null. */
    statutory: jsonb('statutory'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('workflow_steps_key').on(t.workflowId, t.key),
    index('workflow_steps_stage').on(t.workspaceId, t.stageId, t.position),
    index('workflow_steps_workflow').on(t.workspaceId, t.workflowId),
    check('workflow_steps_type', sql`${t.type} in ('MEETING','ACTION')`),
  ],
);

/** An action of a step, with its settings by type (contract `ZActionSettings`, null until set). */
export const workflowStepActions = pgTable(
  'workflow_step_actions',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    workflowId: uuid('workflow_id').notNull(),
    stepId: uuid('step_id').notNull(),
    key: text('key').notNull(),
    type: text('type').notNull(),
    position: position(),
    settings: jsonb('settings'),
    statutory: boolean('statutory').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('workflow_step_actions_key').on(t.workflowId, t.key),
    index('workflow_step_actions_step').on(t.workspaceId, t.stepId, t.position),
    check(
      'workflow_step_actions_type',
      sql`${t.type} in ('TRANSFER_COMPLAINT','INFORM_RESPONDENT','INFORM_EMPLOYER','NOTIFY','VOTE','UPLOAD_RESOURCE','BUTTON','RESOURCE','FORM')`,
    ),
  ],
);

/** A field recorded for a MEETING step: the spec's (builtin) and custom ones. Keys unique within the step. */
export const workflowMeetingFields = pgTable(
  'workflow_meeting_fields',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    workflowId: uuid('workflow_id').notNull(),
    stepId: uuid('step_id').notNull(),
    key: text('key').notNull(),
    type: text('type').notNull(),
    label: jsonb('label').notNull(),
    mandatory: boolean('mandatory').notNull().default(false),
    position: position(),
    options: jsonb('options').notNull().default([]),
    builtin: boolean('builtin').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('workflow_meeting_fields_key').on(t.stepId, t.key),
    index('workflow_meeting_fields_step').on(t.workspaceId, t.stepId, t.position),
  ],
);

/** A prerequisite: `step_id` waits for `requires_step_id` (COMPLETED or STARTED). Acyclic (checked by the service). */
export const workflowPrerequisites = pgTable(
  'workflow_prerequisites',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    workflowId: uuid('workflow_id').notNull(),
    stepId: uuid('step_id').notNull(),
    requiresStepId: uuid('requires_step_id').notNull(),
    condition: text('condition').notNull().default('COMPLETED'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('workflow_prerequisites_pair').on(t.stepId, t.requiresStepId),
    index('workflow_prerequisites_workflow').on(t.workspaceId, t.workflowId),
    check('workflow_prerequisites_condition', sql`${t.condition} in ('COMPLETED','STARTED')`),
    check('workflow_prerequisites_not_self', sql`${t.stepId} <> ${t.requiresStepId}`),
  ],
);

/**
 * A published version: the canonical JSON definition as text (never jsonb, which would reorder keys
 * and change the bytes the hash covers), its SHA-256, the hash of its structure (texts left out),
 * and the structural diff from the version before. Insert-only.
 */
export const workflowVersions = pgTable(
  'workflow_versions',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    workflowId: uuid('workflow_id').notNull(),
    number: integer('number').notNull(),
    definition: text('definition').notNull(),
    sha256: text('sha256').notNull(),
    structureSha256: text('structure_sha256').notNull(),
    labelOnly: boolean('label_only').notNull(),
    diff: jsonb('diff'),
    fallbacks: jsonb('fallbacks').notNull().default({}),
    changeNote: text('change_note').notNull().default(''),
    publishedBy: uuid('published_by'),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().default(sql`app_now()`),
    createdAt: createdAt(),
  },
  (t) => [
    unique('workflow_versions_number').on(t.workflowId, t.number),
    index('workflow_versions_workflow').on(t.workspaceId, t.workflowId, t.number),
    check('workflow_versions_sha256', sql`${t.sha256} ~ '^[0-9a-f]{64}$' and ${t.structureSha256} ~ '^[0-9a-f]{64}$'`),
    check('workflow_versions_number_positive', sql`${t.number} >= 1`),
  ],
);
