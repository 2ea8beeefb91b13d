import { pipeline, type Readable, Transform } from 'node:stream';
import {
  ATTRIBUTE_RESOURCE_MAX_BYTES,
  offeredLanguages,
  type TAttributeSettings,
  type TPageQuery,
  type TWorkflowBuilder,
  type TWorkflowDefinition,
  type TWorkflowPage,
  toPagedResult,
  type ZAttributeCreate,
  type ZAttributeOrder,
  type ZAttributeResourceConfirm,
  type ZAttributeResourceUploadRequest,
  type ZAttributeResourceUploadTicket,
  type ZAttributeUpdate,
  type ZComponentCreate,
  type ZComponentUpdate,
  type ZWorkflowCreate,
  type ZWorkflowHandlerOptions,
  type ZWorkflowUpdate,
} from '@app/contract';
import type { z } from 'zod';
import type { Ctx } from '../../../core/context.ts';
import { sha256Hex } from '../../../core/crypto.ts';
import type { Tx } from '../../../core/db/database.ts';
import { AppError, errors } from '../../../core/errors.ts';
import { assertOfferedLanguages, languageCountry } from '../../../core/languages.ts';
import { type Actor, actorOf, authorize, reaches, seesWholeWorkspace } from '../../../core/policy.ts';
import { assertSafeKey, newFileKey, safeFileName } from '../../../core/storage.ts';
import { TEMPLATES } from '../templates/index.ts';
import { scratchDefinition, textsIn } from './default-form.ts';
import {
  insertDefinition,
  loadBuilder,
  lockDraft,
  summaryOf,
  withDraft,
  withDraftOf,
  workflowNotFound,
} from './draft.ts';
import { keyFrom, placeAt } from './keys.ts';
import { workflowPolicy } from './workflows.policy.ts';
import * as repo from './workflows.repo.ts';

/*
 * Complaint workflows (issue 25): creating one (from scratch: the spec's default form and one empty
 * stage; from a template: its definition copied into the draft), the builder, the list, process
 * details, and the complaint form's components and attributes. Every draft-changing call goes
 * through `withDraft` (draft.ts) and answers the whole builder. Who: workflows.policy.ts.
 */

type CreateInput = z.infer<typeof ZWorkflowCreate>;
type UpdateInput = z.infer<typeof ZWorkflowUpdate>;

const bad = (code: string, message: string, path: string, params: Record<string, string | number> = {}) =>
  new AppError(400, code, message, { params: { reason: code, ...params }, details: [{ path, message, code }] });
const conflict = (code: string, message: string, params: Record<string, string | number> = {}) =>
  new AppError(409, code, message, { params: { reason: code, ...params } });

const componentNotFound = () =>
  new AppError(404, 'NOT_FOUND', 'The form section was not found.', { params: { reason: 'COMPONENT_NOT_FOUND' } });
const attributeNotFound = () =>
  new AppError(404, 'NOT_FOUND', 'The form field was not found.', { params: { reason: 'ATTRIBUTE_NOT_FOUND' } });
const committeeNotFound = () =>
  new AppError(404, 'NOT_FOUND', 'The committee was not found.', { params: { reason: 'COMMITTEE_NOT_FOUND' } });

/** The kind of committee that handles complaints under a law: POSH's Internal Committee, Canada's designated recipient. */
const committeeKindFor = (j: string) => (j === 'CA_SOR_2020_130' ? 'DESIGNATED_RECIPIENT' : 'INTERNAL_COMMITTEE');

/** The workspace's offered languages, English first. */
async function offered(tx: Tx, workspaceId: string): Promise<string[]> {
  const langs = [...offeredLanguages(await languageCountry(tx, workspaceId))] as string[];
  return ['en', ...langs.filter((l) => l !== 'en')];
}

// --- workflows ---------------------------------------------------------------------------------

/** `workflow/create`: a new draft from scratch or from a template. */
export async function create(ctx: Ctx, input: CreateInput): Promise<TWorkflowBuilder> {
  return ctx.tenant(async (tx, scope) => {
    authorize(ctx, workflowPolicy, 'create', { workspaceId: scope.workspaceId, branchId: input.branchId });
    if (input.branchId && !(await repo.branchExists(tx, scope.workspaceId, input.branchId))) {
      throw errors.notFound('BRANCH');
    }
    const languages = await offered(tx, scope.workspaceId);
    let def: TWorkflowDefinition;
    if (input.template) {
      def = textsIn(TEMPLATES[input.template], languages);
      if (input.jurisdiction && input.jurisdiction !== def.jurisdiction) {
        throw bad(
          'WORKFLOW_TEMPLATE_JURISDICTION',
          'A template follows its own law: leave the jurisdiction out or choose the template’s.',
          'jurisdiction',
        );
      }
    } else {
      if (!input.jurisdiction) {
        throw bad('WORKFLOW_JURISDICTION_REQUIRED', 'Choose the law this workflow follows.', 'jurisdiction');
      }
      def = scratchDefinition(input.name, input.jurisdiction, input.branchId, languages);
    }
    const canada = def.jurisdiction === 'CA_SOR_2020_130';
    const id = await repo.insertWorkflow(tx, {
      workspaceId: scope.workspaceId,
      name: input.name,
      description: def.description as Record<string, string>,
      jurisdiction: def.jurisdiction,
      template: input.template,
      filers: def.filers.filter((f) => canada || f !== 'WITNESS'),
      anonymousWitnesses: canada && def.anonymousWitnesses,
      branchId: input.branchId,
      handlerKind: 'UNIT_COMMITTEE',
      committeeId: null,
      contact: def.contact,
      languages,
      createdBy: scope.accountId,
    });
    await insertDefinition(tx, scope.workspaceId, id, def);
    await ctx.audit('workflow.created', id, {
      template: input.template,
      jurisdiction: def.jurisdiction,
      branchId: input.branchId,
    });
    return loadBuilder(ctx, tx, id);
  });
}

/** `workflow/get/{id}`: the builder. */
export async function get(ctx: Ctx, id: string): Promise<TWorkflowBuilder> {
  return ctx.tenant(async (tx, scope) => {
    const row = await repo.findWorkflow(tx, scope.workspaceId, id);
    if (!row) throw workflowNotFound();
    authorize(ctx, workflowPolicy, 'view', { workspaceId: row.workspaceId, branchId: row.branchId });
    return loadBuilder(ctx, tx, id);
  });
}

/** `workflow/all`: one page of the workflows the caller may manage. */
export async function list(ctx: Ctx, q: TPageQuery): Promise<TWorkflowPage> {
  return ctx.tenant(async (tx, scope) => {
    const actor = actorOf(ctx);
    authorize(actor, workflowPolicy, 'list', { workspaceId: scope.workspaceId, branchId: null });
    const branchIds = seesWholeWorkspace(actor) ? null : actor.scope.kind === 'units' ? actor.scope.branchIds : [];
    const { rows, total } = await repo.listWorkflows(tx, scope.workspaceId, branchIds, {
      offset: q.pageNo * q.pageSize,
      limit: q.pageSize,
    });
    return toPagedResult(
      rows.map((r) => summaryOf(ctx, r)),
      total,
      q,
    );
  });
}

/** Whether the caller reaches a committee: the whole workspace, or one of the units it serves. */
const reachesCommittee = (actor: Actor, c: repo.CommitteeOption) =>
  seesWholeWorkspace(actor) || (!c.workspaceWide && c.branchIds.some((b) => reaches(actor, b)));

/**
 * `workflow/handlers`: the live committees the caller reaches, of both kinds (a workflow names the
 * kind its law wants: an Internal Committee under POSH, a designated recipient in Canada; the builder
 * offers those, and `update` refuses the other kind).
 */
export async function handlers(ctx: Ctx): Promise<z.infer<typeof ZWorkflowHandlerOptions>> {
  return ctx.tenant(async (tx, scope) => {
    const actor = actorOf(ctx);
    authorize(actor, workflowPolicy, 'list', { workspaceId: scope.workspaceId, branchId: null });
    const committees = (await repo.liveCommittees(tx, scope.workspaceId)).filter((c) => reachesCommittee(actor, c));
    return {
      committees: committees.map((c) => ({ id: c.id, name: c.name, kind: c.kind, unitNames: c.unitNames })),
    };
  });
}

/** `workflow/update/{id}`: process details. */
export async function update(ctx: Ctx, id: string, input: UpdateInput): Promise<TWorkflowBuilder> {
  return withDraft(ctx, id, 'edit', async (tx, wf) => {
    const row = (await repo.findWorkflow(tx, wf.workspaceId, id))!;
    if (input.jurisdiction !== undefined && input.jurisdiction !== row.jurisdiction && row.template !== null) {
      throw conflict(
        'WORKFLOW_JURISDICTION_FIXED',
        'This workflow was started from a template: it follows the template’s law.',
      );
    }
    const jurisdiction = input.jurisdiction ?? row.jurisdiction;
    const filers = input.filers ?? row.filers;
    const anonymousWitnesses = input.anonymousWitnesses ?? row.anonymousWitnesses;
    if (new Set(filers).size !== filers.length)
      throw bad('WORKFLOW_FILERS_REPEATED', 'Name each filer once.', 'filers');
    if (jurisdiction !== 'CA_SOR_2020_130' && (filers.includes('WITNESS') || anonymousWitnesses)) {
      throw bad(
        'WORKFLOW_WITNESS_CANADA_ONLY',
        'Only a Canadian workflow lets a witness give notice, anonymously if they wish (SOR/2020-130 s.15(4)).',
        filers.includes('WITNESS') ? 'filers' : 'anonymousWitnesses',
      );
    }
    if (anonymousWitnesses && !filers.includes('WITNESS')) {
      throw bad(
        'WORKFLOW_ANONYMOUS_NEEDS_WITNESS',
        'Let witnesses file before letting them file anonymously.',
        'anonymousWitnesses',
      );
    }
    if (input.languages) {
      const langs = input.languages;
      if (langs[0] !== 'en') throw bad('WORKFLOW_LANGUAGES_ENGLISH_FIRST', 'English comes first.', 'languages');
      if (new Set(langs).size !== langs.length)
        throw bad('WORKFLOW_LANGUAGES_REPEATED', 'Name each language once.', 'languages');
      assertOfferedLanguages(langs, await languageCountry(tx, wf.workspaceId), 'languages');
    }
    const handler =
      input.handler ??
      (row.handlerKind === 'COMMITTEE' && row.committeeId
        ? { kind: 'COMMITTEE' as const, committeeId: row.committeeId }
        : { kind: 'UNIT_COMMITTEE' as const });
    if (handler.kind === 'COMMITTEE' && (input.handler || input.jurisdiction)) {
      const [c] = await repo.liveCommittees(tx, wf.workspaceId, handler.committeeId);
      if (!c || !reachesCommittee(actorOf(ctx), c)) throw committeeNotFound();
      if (c.kind !== committeeKindFor(jurisdiction)) {
        throw bad(
          'WORKFLOW_HANDLER_KIND',
          jurisdiction === 'CA_SOR_2020_130'
            ? 'A Canadian workflow is handled by a designated recipient (SOR/2020-130 s.14).'
            : 'A POSH workflow is handled by an Internal Committee (POSH Act s.4).',
          'handler.committeeId',
        );
      }
    }
    const patch: repo.WorkflowPatch = {};
    if (input.name !== undefined) patch.name = input.name;
    if (input.description !== undefined) patch.description = input.description as Record<string, string>;
    if (input.jurisdiction !== undefined) patch.jurisdiction = input.jurisdiction;
    if (input.filers !== undefined) patch.filers = input.filers;
    if (input.anonymousWitnesses !== undefined) patch.anonymousWitnesses = input.anonymousWitnesses;
    if (input.handler !== undefined) {
      patch.handlerKind = input.handler.kind;
      patch.committeeId = input.handler.kind === 'COMMITTEE' ? input.handler.committeeId : null;
    }
    if (input.contact !== undefined) patch.contact = input.contact;
    if (input.languages !== undefined) patch.languages = input.languages;
    await repo.updateWorkflow(tx, id, patch);
    await ctx.audit('workflow.updated', id, { fields: Object.keys(patch).sort() });
  });
}

// --- the complaint form: components ------------------------------------------------------------

const formChanged = (
  ctx: Ctx,
  workflowId: string,
  what: 'COMPONENT' | 'ATTRIBUTE' | 'ATTRIBUTE_ORDER' | 'ATTRIBUTE_SETTINGS' | 'ATTRIBUTE_RESOURCE',
  change: 'CREATED' | 'UPDATED' | 'DELETED',
  key: string,
  fields?: string[],
) => ctx.audit('workflow.form_changed', workflowId, { what, change, key, ...(fields ? { fields } : {}) });

/** `component/create`: a new section of the form. */
export async function createComponent(ctx: Ctx, input: z.infer<typeof ZComponentCreate>): Promise<TWorkflowBuilder> {
  return withDraft(ctx, input.workflowId, 'edit', async (tx, wf) => {
    const key = keyFrom(input.title.en, new Set(await repo.componentKeys(tx, wf.id)), 'SECTION');
    const existing = await repo.listComponents(tx, wf.id);
    const id = await repo.insertComponent(tx, {
      workspaceId: wf.workspaceId,
      workflowId: wf.id,
      key,
      title: input.title as Record<string, string>,
      position: existing.length,
    });
    await repo.setPositions(
      tx,
      wf.workspaceId,
      'workflow_components',
      placeAt(
        existing.map((c) => c.id),
        id,
        input.position,
      ),
    );
    await formChanged(ctx, wf.id, 'COMPONENT', 'CREATED', key);
  });
}

const workflowOfComponent = (id: string) => async (tx: Tx, workspaceId: string) =>
  (await repo.findComponent(tx, workspaceId, id))?.workflowId;
const workflowOfAttribute = (id: string) => async (tx: Tx, workspaceId: string) =>
  (await repo.findAttribute(tx, workspaceId, id))?.workflowId;

/** `component/update/{id}`: title and place. */
export async function updateComponent(
  ctx: Ctx,
  id: string,
  input: z.infer<typeof ZComponentUpdate>,
): Promise<TWorkflowBuilder> {
  return withDraftOf(ctx, workflowOfComponent(id), componentNotFound, 'edit', async (tx, wf) => {
    const c = (await repo.findComponent(tx, wf.workspaceId, id))!;
    if (input.title) await repo.updateComponent(tx, id, { title: input.title as Record<string, string> });
    if (input.position !== undefined) {
      const ids = (await repo.listComponents(tx, wf.id)).map((x) => x.id);
      await repo.setPositions(tx, wf.workspaceId, 'workflow_components', placeAt(ids, id, input.position));
      await checkConditions(tx, wf.id);
    }
    await formChanged(ctx, wf.id, 'COMPONENT', 'UPDATED', c.key, Object.keys(input).sort());
  });
}

/** `component/delete/{id}`: with its fields; refused while it holds a locked field or a field others depend on. */
export async function deleteComponent(ctx: Ctx, id: string): Promise<TWorkflowBuilder> {
  return withDraftOf(ctx, workflowOfComponent(id), componentNotFound, 'edit', async (tx, wf) => {
    const c = (await repo.findComponent(tx, wf.workspaceId, id))!;
    const attributes = await repo.listAttributes(tx, wf.id);
    const own = attributes.filter((a) => a.componentId === id);
    const locked = own.find((a) => a.locked);
    if (locked) {
      throw conflict(
        'COMPONENT_HOLDS_LOCKED_FIELD',
        `This section holds "${locked.label.en}", which cannot be removed: move it to another section first.`,
        { key: locked.key },
      );
    }
    const ownKeys = new Set(own.map((a) => a.key));
    const dependent = attributes.find(
      (a) => a.componentId !== id && a.condition && ownKeys.has(a.condition.attributeKey),
    );
    if (dependent) {
      throw conflict(
        'ATTRIBUTE_HAS_DEPENDENTS',
        `"${dependent.label.en}" is shown depending on a field of this section: change its condition first.`,
        { key: dependent.key },
      );
    }
    await repo.deleteComponent(tx, id);
    const rest = (await repo.listComponents(tx, wf.id)).map((x) => x.id);
    await repo.setPositions(tx, wf.workspaceId, 'workflow_components', rest);
    await formChanged(ctx, wf.id, 'COMPONENT', 'DELETED', c.key);
  });
}

// --- the complaint form: attributes ------------------------------------------------------------

const WITH_OPTIONS = new Set(['SINGLE_SELECT', 'MULTI_SELECT', 'MATCHING']);
const CONDITION_SOURCES = new Set(['SINGLE_SELECT', 'MULTI_SELECT', 'CHECKBOX_WITH_TEXT']);

/** Options as a type needs them: required (and unique by key) for selects and MATCHING, none for the others. */
function checkOptions(type: string, options: ReadonlyArray<{ key: string }>): void {
  if (WITH_OPTIONS.has(type)) {
    if (options.length === 0) {
      throw bad(
        'ATTRIBUTE_OPTIONS_REQUIRED',
        type === 'MATCHING' ? 'Give the options each item is matched to.' : 'Give the options to choose from.',
        'options',
      );
    }
    if (new Set(options.map((o) => o.key)).size !== options.length) {
      throw bad('ATTRIBUTE_OPTION_KEYS_REPEATED', 'Each option needs its own key.', 'options');
    }
  } else if (options.length > 0) {
    throw bad('ATTRIBUTE_OPTIONS_NOT_ALLOWED', 'This kind of field has no options.', 'options', { type });
  }
}

/**
 * Every condition of the form, as it stands in `tx`: it names an earlier field (in form order) that
 * is a select or a checkbox with text, and one of its options (or `true` for the checkbox). Refused
 * with 400 `ATTRIBUTE_CONDITION_INVALID` naming the first broken one (the transaction then writes nothing).
 */
async function checkConditions(tx: Tx, workflowId: string): Promise<void> {
  const components = await repo.listComponents(tx, workflowId);
  const attributes = await repo.listAttributes(tx, workflowId);
  const order = new Map(components.map((c, i) => [c.id, i]));
  const ordered = [...attributes].sort(
    (a, b) => order.get(a.componentId)! - order.get(b.componentId)! || a.position - b.position,
  );
  const seen = new Map<string, repo.AttributeRow>();
  for (const a of ordered) {
    if (a.condition) {
      const source = seen.get(a.condition.attributeKey);
      const equals = a.condition.equals;
      const valid =
        source !== undefined &&
        CONDITION_SOURCES.has(source.type) &&
        (source.type === 'CHECKBOX_WITH_TEXT'
          ? equals === true
          : equals !== true && source.options.some((o) => o.key === equals));
      if (!valid) {
        throw bad(
          'ATTRIBUTE_CONDITION_INVALID',
          `"${a.label.en}" can depend only on an option of a select or on a ticked checkbox placed before it.`,
          'condition',
          { key: a.key },
        );
      }
    }
    seen.set(a.key, a);
  }
}

/** `attribute/create`: a new field at the end of its section. */
export async function createAttribute(ctx: Ctx, input: z.infer<typeof ZAttributeCreate>): Promise<TWorkflowBuilder> {
  return withDraft(ctx, input.workflowId, 'edit', async (tx, wf) => {
    const component = await repo.findComponent(tx, wf.workspaceId, input.componentId);
    if (!component || component.workflowId !== wf.id) throw componentNotFound();
    checkOptions(input.type, input.options);
    if (input.type === 'RESOURCE' && input.mandatory) {
      throw bad(
        'ATTRIBUTE_RESOURCE_NOT_ANSWERED',
        'A document to read asks no answer: it cannot be mandatory.',
        'mandatory',
      );
    }
    const taken = await repo.attributeKeys(tx, wf.id);
    if (input.key && taken.includes(input.key)) {
      throw conflict('ATTRIBUTE_KEY_TAKEN', `Another field of this workflow has the key ${input.key}.`, {
        key: input.key,
      });
    }
    const key = input.key ?? keyFrom(input.label.en, new Set(taken), 'FIELD');
    const own = (await repo.listAttributes(tx, wf.id)).filter((a) => a.componentId === component.id);
    await repo.insertAttribute(tx, {
      workspaceId: wf.workspaceId,
      workflowId: wf.id,
      componentId: component.id,
      key,
      type: input.type,
      label: input.label as Record<string, string>,
      hint: input.hint as Record<string, string>,
      mandatory: input.mandatory,
      position: own.length,
      options: input.options,
      condition: input.condition,
      settings: {},
    });
    await checkConditions(tx, wf.id);
    await formChanged(ctx, wf.id, 'ATTRIBUTE', 'CREATED', key);
  });
}

/** `attribute/update/{id}`: texts, mandatory, options, condition, section. Key and type never change. */
export async function updateAttribute(
  ctx: Ctx,
  id: string,
  input: z.infer<typeof ZAttributeUpdate>,
): Promise<TWorkflowBuilder> {
  return withDraftOf(ctx, workflowOfAttribute(id), attributeNotFound, 'edit', async (tx, wf) => {
    const a = (await repo.findAttribute(tx, wf.workspaceId, id))!;
    if (a.locked && input.mandatory === false) {
      throw conflict(
        'ATTRIBUTE_LOCKED',
        `"${a.label.en}" is required by ${a.statutoryReference ?? 'the product'}: it stays mandatory.`,
        {
          key: a.key,
        },
      );
    }
    if (a.type === 'RESOURCE' && input.mandatory) {
      throw bad(
        'ATTRIBUTE_RESOURCE_NOT_ANSWERED',
        'A document to read asks no answer: it cannot be mandatory.',
        'mandatory',
      );
    }
    if (a.locked && input.condition) {
      throw conflict('ATTRIBUTE_LOCKED', `"${a.label.en}" is always asked: it cannot depend on another answer.`, {
        key: a.key,
      });
    }
    if (input.options) checkOptions(a.type, input.options);
    const patch: repo.AttributePatch = {};
    if (input.label) patch.label = input.label as Record<string, string>;
    if (input.hint) patch.hint = input.hint as Record<string, string>;
    if (input.mandatory !== undefined) patch.mandatory = input.mandatory;
    if (input.options) patch.options = input.options;
    if (input.condition !== undefined) patch.condition = input.condition;
    if (input.componentId && input.componentId !== a.componentId) {
      const target = await repo.findComponent(tx, wf.workspaceId, input.componentId);
      if (!target || target.workflowId !== wf.id) throw componentNotFound();
      const attributes = await repo.listAttributes(tx, wf.id);
      patch.componentId = target.id;
      patch.position = attributes.filter((x) => x.componentId === target.id).length;
      await repo.updateAttribute(tx, id, patch);
      await repo.setPositions(
        tx,
        wf.workspaceId,
        'workflow_attributes',
        attributes.filter((x) => x.componentId === a.componentId && x.id !== id).map((x) => x.id),
      );
    } else {
      await repo.updateAttribute(tx, id, patch);
    }
    await checkConditions(tx, wf.id);
    await formChanged(ctx, wf.id, 'ATTRIBUTE', 'UPDATED', a.key, Object.keys(input).sort());
  });
}

/** `attribute/delete/{id}`: refused for a locked field (409 `ATTRIBUTE_LOCKED`) and for one others depend on. */
export async function deleteAttribute(ctx: Ctx, id: string): Promise<TWorkflowBuilder> {
  return withDraftOf(ctx, workflowOfAttribute(id), attributeNotFound, 'edit', async (tx, wf) => {
    const a = (await repo.findAttribute(tx, wf.workspaceId, id))!;
    if (a.locked) {
      throw conflict(
        'ATTRIBUTE_LOCKED',
        a.statutoryReference
          ? `"${a.label.en}" is required by ${a.statutoryReference}: it cannot be removed.`
          : `"${a.label.en}" is one of the form’s required fields: it cannot be removed.`,
        { key: a.key, ...(a.statutoryReference ? { section: a.statutoryReference } : {}) },
      );
    }
    const attributes = await repo.listAttributes(tx, wf.id);
    const dependent = attributes.find((x) => x.condition?.attributeKey === a.key);
    if (dependent) {
      throw conflict(
        'ATTRIBUTE_HAS_DEPENDENTS',
        `"${dependent.label.en}" is shown depending on this field: change its condition first.`,
        { key: dependent.key },
      );
    }
    await repo.deleteAttribute(tx, id);
    await repo.setPositions(
      tx,
      wf.workspaceId,
      'workflow_attributes',
      attributes.filter((x) => x.componentId === a.componentId && x.id !== id).map((x) => x.id),
    );
    await formChanged(ctx, wf.id, 'ATTRIBUTE', 'DELETED', a.key);
  });
}

/** `attribute/order`: the complete new order of one section's fields. */
export async function orderAttributes(ctx: Ctx, input: z.infer<typeof ZAttributeOrder>): Promise<TWorkflowBuilder> {
  return withDraft(ctx, input.workflowId, 'edit', async (tx, wf) => {
    const component = await repo.findComponent(tx, wf.workspaceId, input.componentId);
    if (!component || component.workflowId !== wf.id) throw componentNotFound();
    const own = (await repo.listAttributes(tx, wf.id)).filter((a) => a.componentId === component.id).map((a) => a.id);
    const given = new Set(input.attributeIds);
    if (given.size !== input.attributeIds.length || given.size !== own.length || own.some((x) => !given.has(x))) {
      throw bad(
        'ATTRIBUTE_ORDER_MISMATCH',
        'Give every field of this section exactly once (the form may have changed: reload it).',
        'attributeIds',
      );
    }
    await repo.setPositions(tx, wf.workspaceId, 'workflow_attributes', input.attributeIds);
    await checkConditions(tx, wf.id);
    await formChanged(ctx, wf.id, 'ATTRIBUTE_ORDER', 'UPDATED', component.key);
  });
}

/** The settings each type takes. */
const SETTINGS_OF_TYPE: Record<string, ReadonlyArray<keyof TAttributeSettings>> = {
  TEXT: ['maxLength'],
  TEXT_AREA: ['maxLength'],
  INPUT_BOX: ['min', 'max'],
  DATE: ['notAfterToday'],
  FILE_UPLOAD: ['maxFiles', 'maxMegabytes'],
  MATCHING: ['matchingItems'],
};

/** `attribute-setting/{attributeId}`: the type's own settings (they replace the field's settings). */
export async function setAttributeSettings(
  ctx: Ctx,
  id: string,
  settings: TAttributeSettings,
): Promise<TWorkflowBuilder> {
  return withDraftOf(ctx, workflowOfAttribute(id), attributeNotFound, 'edit', async (tx, wf) => {
    const a = (await repo.findAttribute(tx, wf.workspaceId, id))!;
    const allowed = SETTINGS_OF_TYPE[a.type] ?? [];
    const wrong = (Object.keys(settings) as Array<keyof TAttributeSettings>).find((k) => !allowed.includes(k));
    if (wrong) {
      throw bad('ATTRIBUTE_SETTING_NOT_FOR_TYPE', `A ${a.type} field has no setting "${wrong}".`, wrong, {
        type: a.type,
        setting: wrong,
      });
    }
    if (settings.min !== undefined && settings.max !== undefined && settings.min > settings.max) {
      throw bad('ATTRIBUTE_SETTING_RANGE', 'The smallest value cannot be above the largest.', 'min');
    }
    if (
      settings.matchingItems &&
      new Set(settings.matchingItems.map((m) => m.key)).size !== settings.matchingItems.length
    ) {
      throw bad('ATTRIBUTE_OPTION_KEYS_REPEATED', 'Each item needs its own key.', 'matchingItems');
    }
    await repo.updateAttribute(tx, id, { settings });
    await formChanged(ctx, wf.id, 'ATTRIBUTE_SETTINGS', 'UPDATED', a.key, Object.keys(settings).sort());
  });
}

// --- a RESOURCE field's document (a two-step upload) -------------------------------------------

const RESOURCE_UPLOAD_TTL_SECONDS = 3600;

/** The prefix every key of this field's documents starts with: the workspace's, under the field's id. */
const resourcePrefix = (workspaceId: string, attributeId: string) => `${workspaceId}/cms-resources/${attributeId}/`;

/** Refuses a key that is not one `generateResourceUpload` made for this field. */
function assertResourceKey(workspaceId: string, attributeId: string, key: string): void {
  const safe = (() => {
    try {
      return assertSafeKey(key);
    } catch {
      return null;
    }
  })();
  if (!safe || !key.startsWith(resourcePrefix(workspaceId, attributeId))) {
    throw bad('RESOURCE_KEY_INVALID', 'This upload was not started for this field. Start it again.', 'key');
  }
}

const resourceTooLarge = () =>
  new AppError(413, 'FILE_TOO_LARGE', `The document is larger than ${ATTRIBUTE_RESOURCE_MAX_BYTES / 1024 / 1024} MB.`, {
    params: { reason: 'FILE_TOO_LARGE', size: `${ATTRIBUTE_RESOURCE_MAX_BYTES / 1024 / 1024} MB` },
  });

/** A RESOURCE field of a draft the caller may edit (404, 409 `WORKFLOW_NOT_DRAFT`, 400 for another type). */
async function resourceField(ctx: Ctx, tx: Tx, workspaceId: string, attributeId: string): Promise<repo.AttributeRow> {
  const a = await repo.findAttribute(tx, workspaceId, attributeId);
  if (!a) throw attributeNotFound();
  await lockDraft(ctx, tx, a.workflowId, 'edit');
  if (a.type !== 'RESOURCE') {
    throw bad('ATTRIBUTE_NOT_RESOURCE', 'Only a document field (RESOURCE) holds a document.', 'id', { type: a.type });
  }
  return a;
}

/** `attribute/generate-resource-upload-url/{id}`: where to put the document's bytes. */
export async function generateResourceUpload(
  ctx: Ctx,
  attributeId: string,
  input: z.infer<typeof ZAttributeResourceUploadRequest>,
): Promise<z.infer<typeof ZAttributeResourceUploadTicket>> {
  const key = await ctx.tenant(async (tx, scope) => {
    await resourceField(ctx, tx, scope.workspaceId, attributeId);
    return newFileKey(scope.workspaceId, `cms-resources/${attributeId}`, input.fileName, ctx.clock.now());
  });
  const presigned = await ctx.storage.uploadUrl(key, {
    contentType: input.contentType,
    ttlSeconds: RESOURCE_UPLOAD_TTL_SECONDS,
  });
  return {
    uploadUrl: presigned ?? `/cms/api/attribute/upload-resource/${attributeId}?key=${encodeURIComponent(key)}`,
    key,
    maxBytes: ATTRIBUTE_RESOURCE_MAX_BYTES,
    contentType: 'application/pdf',
  };
}

/** Counts the bytes passing through and fails as soon as they exceed the limit (413). */
function bounded(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > max) done(resourceTooLarge());
      else done(null, chunk);
    },
  });
}

/** `PUT attribute/upload-resource/{id}?key=…`: the bytes, on local-disk storage (S3 takes them at the presigned URL). */
export async function receiveResource(ctx: Ctx, attributeId: string, key: string, body: Readable) {
  if (ctx.storage.driver !== 'local') {
    throw errors.badRequest('USE_UPLOAD_URL', 'Upload the file to the address given when the upload was started.');
  }
  await ctx.tenant(async (tx, scope) => {
    await resourceField(ctx, tx, scope.workspaceId, attributeId);
    assertResourceKey(scope.workspaceId, attributeId, key);
  });
  const limited = pipeline(body, bounded(ATTRIBUTE_RESOURCE_MAX_BYTES), () => {});
  await ctx.storage.put(key, limited, { contentType: 'application/pdf' });
  return { received: true };
}

/** A PDF by its bytes: `%PDF-` at the start and an end-of-file marker near the end. */
const isPdf = (data: Buffer) =>
  data.subarray(0, 5).toString('latin1') === '%PDF-' && data.subarray(-1024).includes(Buffer.from('%%EOF'));

/**
 * `attribute/confirm-resource-upload/{id}`: checks the stored file by content (a PDF, at most
 * ATTRIBUTE_RESOURCE_MAX_BYTES) and attaches it to the field with its name, size and SHA-256. The
 * document it replaces stays stored (a published version names it by its hash).
 */
export async function confirmResourceUpload(
  ctx: Ctx,
  attributeId: string,
  input: z.infer<typeof ZAttributeResourceConfirm>,
): Promise<TWorkflowBuilder> {
  return withDraftOf(ctx, workflowOfAttribute(attributeId), attributeNotFound, 'edit', async (tx, wf) => {
    const a = await resourceField(ctx, tx, wf.workspaceId, attributeId);
    assertResourceKey(wf.workspaceId, attributeId, input.key);
    const file = await ctx.storage.get(input.key);
    if (!file) {
      throw new AppError(400, 'NO_FILE', 'The file has not arrived yet. Upload it, then confirm.', {
        params: { reason: 'UPLOAD_MISSING' },
      });
    }
    if (file.size > ATTRIBUTE_RESOURCE_MAX_BYTES) {
      file.stream.destroy();
      throw resourceTooLarge();
    }
    const data = Buffer.concat(await file.stream.toArray());
    if (!isPdf(data)) {
      throw new AppError(400, 'FILE_TYPE_NOT_ALLOWED', 'The document must be a PDF.', {
        params: { reason: 'FILE_TYPE_NOT_ALLOWED', allowed: 'PDF' },
      });
    }
    const sha256 = sha256Hex(data);
    const fileName = safeFileName(input.fileName);
    await repo.updateAttribute(tx, attributeId, {
      resourceKey: input.key,
      resourceName: fileName,
      resourceSize: data.length,
      resourceSha256: sha256,
    });
    await formChanged(ctx, wf.id, 'ATTRIBUTE_RESOURCE', 'UPDATED', a.key);
  });
}
