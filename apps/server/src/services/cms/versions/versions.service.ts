import type {
  TPublishProblem,
  TWorkflowBuilder,
  TWorkflowDefinition,
  TWorkflowDiff,
  ZWorkflowPublish,
  ZWorkflowTemplateList,
  ZWorkflowVersionDefinition,
  ZWorkflowVersionList,
} from '@app/contract';
import type { z } from 'zod';
import type { Ctx } from '../../../core/context.ts';
import { sha256Hex } from '../../../core/crypto.ts';
import type { Tx } from '../../../core/db/database.ts';
import { AppError } from '../../../core/errors.ts';
import { actorOf, authorize } from '../../../core/policy.ts';
import { TEMPLATE_NAMES, TEMPLATES } from '../templates/index.ts';
import { loadBuilder, lockDraft, summaryOf, withDraft, workflowNotFound } from '../workflows/draft.ts';
import { workflowPolicy } from '../workflows/workflows.policy.ts';
import * as workflowsRepo from '../workflows/workflows.repo.ts';
import { canonicalJson, compile, diff, hashOf, structureOf } from './definition.ts';
import { validate } from './validate.ts';
import * as repo from './versions.repo.ts';

/*
 * Publishing, starting a new version, the history and the templates (issue 25, DESIGN §4
 * "Complaints"). Publishing validates the draft (validate.ts), compiles it to its canonical
 * definition, hashes the canonical JSON with SHA-256, and stores it insert-only as the next version
 * with its structure hash (label-only versions keep it) and the diff from the version before. Who:
 * workflows.policy.ts (`publish`, `version`, `view`).
 */

const PROBLEM_MESSAGES: Record<TPublishProblem, string> = {
  NO_STAGES: 'Add at least one stage of redressal.',
  EMPTY_STAGE: 'A stage has no steps: add one or remove the stage.',
  PREREQUISITE_CYCLE: 'These steps wait for each other in a circle: remove one of the prerequisites.',
  DUPLICATE_KEY: 'Two parts of the workflow have the same key.',
  STATUTORY_STEP_MISSING: 'A step the law requires (from the template) is missing.',
  STATUTORY_DEADLINE_LATER:
    'This deadline is later than the law allows (or counts from another event or in another unit).',
  STATUTORY_START_CHANGED: 'A step the law starts only at a party’s request no longer waits for that request.',
  STATUTORY_FIELD_MISSING: 'A field the law counts from (from the template) is missing or not mandatory.',
  MANDATORY_FIELD_MISSING: 'One of the complaint form’s mandatory fields is missing or not mandatory.',
  MEETING_FIELD_MISSING: 'A meeting lacks one of its required fields (or it is not mandatory).',
  TRANSLATION_MISSING: 'A text lacks a translation into one of the workflow’s languages.',
  OPTIONS_MISSING: 'A choice field has no options.',
  CONDITION_INVALID: 'A condition must point at an earlier choice or checkbox field and one of its options.',
  ANCHOR_STEP_INVALID: 'A deadline or prerequisite names a step that is not in the workflow.',
  ACTION_SETTINGS_MISSING: 'An action has no settings yet.',
  RESOURCE_MISSING: 'A document field has no document.',
  HANDLER_MISSING: 'The committee that handles complaints is no longer there: choose another.',
  FILERS_INVALID: 'Who may file does not fit the law this workflow follows.',
};

/** `workflow/publish/{id}`: 422 `WORKFLOW_INVALID` with one detail per problem (nothing written), else the next version. */
export async function publish(
  ctx: Ctx,
  id: string,
  input: z.output<typeof ZWorkflowPublish>,
): Promise<TWorkflowBuilder> {
  const { changeNote = '', allowFallback = false } = input;
  // As `withDraft` (lock, authorize, refuse a published workflow, touch, answer the builder), but the
  // draft is read once: publishing changes the workflow row only, so the answer is the builder that
  // was validated with the row read again (the target: p95 ≤ 200 ms for a large workflow).
  return ctx.tenant(async (tx, scope) => {
    const wf = await lockDraft(ctx, tx, id, 'publish');
    const builder = await loadBuilder(ctx, tx, wf.id);
    const template = wf.template ? TEMPLATES[wf.template] : null;
    const { problems, fallbacks } = validate(builder, template, { allowFallback });
    if (problems.length > 0) {
      throw new AppError(422, 'WORKFLOW_INVALID', 'The workflow cannot be published yet: fix the problems listed.', {
        params: { count: problems.length },
        details: problems.map((p) => ({
          code: p.code,
          path: p.path,
          params: p.params,
          message: PROBLEM_MESSAGES[p.code],
        })),
      });
    }
    const definition = compile(builder, fallbacks);
    const text = canonicalJson(definition);
    const structureSha256 = hashOf(structureOf(definition));
    const previous = await repo.latestVersion(tx, wf.id);
    // The stored text was written by `canonicalJson` of a checked definition: read as it is.
    const change: TWorkflowDiff | null = previous
      ? diff(JSON.parse(previous.definition) as TWorkflowDefinition, definition)
      : null;
    const number = (previous?.number ?? 0) + 1;
    const sha256 = sha256Hex(text);
    const labelOnly = previous !== undefined && previous.structureSha256 === structureSha256;
    await repo.insertVersion(tx, {
      workspaceId: wf.workspaceId,
      workflowId: wf.id,
      number,
      definition: text,
      sha256,
      structureSha256,
      labelOnly,
      diff: change,
      fallbacks,
      changeNote,
      publishedBy: scope.accountId,
    });
    await workflowsRepo.setWorkflowStatus(tx, wf.id, 'PUBLISHED', number);
    await workflowsRepo.touchWorkflow(tx, wf.id, scope.accountId);
    await ctx.audit('workflow.published', wf.id, {
      number,
      sha256,
      labelOnly,
      added: change?.added.length ?? 0,
      removed: change?.removed.length ?? 0,
      changed: change?.changed.length ?? 0,
    });
    const row = await workflowsRepo.findWorkflow(tx, wf.workspaceId, wf.id);
    if (!row) throw workflowNotFound();
    return { ...builder, workflow: summaryOf(ctx, row) };
  });
}

/** `workflow/version/{id}`: a PUBLISHED workflow becomes a DRAFT again (its rows already equal the latest version). */
export async function startVersion(ctx: Ctx, id: string): Promise<TWorkflowBuilder> {
  return withDraft(ctx, id, 'version', async (tx, wf) => {
    if (wf.status !== 'PUBLISHED' || wf.latestVersion === null) {
      throw new AppError(409, 'WORKFLOW_ALREADY_DRAFT', 'This workflow is a draft already: edit it, then publish it.', {
        params: { reason: 'WORKFLOW_ALREADY_DRAFT' },
      });
    }
    await workflowsRepo.setWorkflowStatus(tx, wf.id, 'DRAFT', wf.latestVersion);
    await ctx.audit('workflow.version_started', wf.id, { fromVersion: wf.latestVersion });
  });
}

/** Loads and authorizes a workflow for reading its versions (404 when missing or out of reach). */
async function viewable(ctx: Ctx, tx: Tx, workspaceId: string, id: string) {
  const row = await workflowsRepo.findWorkflow(tx, workspaceId, id);
  if (!row) throw workflowNotFound();
  authorize(ctx, workflowPolicy, 'view', { workspaceId: row.workspaceId, branchId: row.branchId });
  return row;
}

/** `workflow/versions/{id}`: the history, newest first. */
export async function versions(ctx: Ctx, id: string): Promise<z.infer<typeof ZWorkflowVersionList>> {
  return ctx.tenant(async (tx, scope) => {
    await viewable(ctx, tx, scope.workspaceId, id);
    const rows = await repo.listVersions(tx, id);
    return {
      versions: rows.map((r) => ({
        number: r.number,
        sha256: r.sha256,
        structureSha256: r.structureSha256,
        labelOnly: r.labelOnly,
        changeNote: r.changeNote,
        publishedAt: r.publishedAt,
        publishedBy: r.publishedBy,
        diff: (r.diff ?? null) as TWorkflowDiff | null,
        fallbacks: r.fallbacks,
        // Cases arrive with issue 26; until then no case runs on any version.
        cases: null,
      })),
    };
  });
}

/** `workflow/version/{id}/{number}`: one version's definition as stored, with its hash. */
export async function version(
  ctx: Ctx,
  id: string,
  number: number,
): Promise<z.infer<typeof ZWorkflowVersionDefinition>> {
  return ctx.tenant(async (tx, scope) => {
    await viewable(ctx, tx, scope.workspaceId, id);
    const row = await repo.findVersion(tx, id, number);
    if (!row) {
      throw new AppError(404, 'NOT_FOUND', 'That version of the workflow was not found.', {
        params: { reason: 'WORKFLOW_VERSION_NOT_FOUND' },
      });
    }
    return { number: row.number, sha256: row.sha256, definition: JSON.parse(row.definition) as TWorkflowDefinition };
  });
}

/** `workflow/templates`: what each template holds (for anyone who may manage workflows). */
export async function templates(ctx: Ctx): Promise<z.infer<typeof ZWorkflowTemplateList>> {
  const scope = ctx.member();
  authorize(actorOf(ctx), workflowPolicy, 'list', { workspaceId: scope.workspaceId, branchId: null });
  return {
    templates: (Object.keys(TEMPLATES) as Array<keyof typeof TEMPLATES>).map((key) => {
      const def = TEMPLATES[key];
      const steps = def.stages.flatMap((s) => s.steps);
      const references = new Set<string>();
      for (const s of steps) if (s.statutory) references.add(s.statutory.reference);
      for (const a of def.form.flatMap((c) => c.attributes))
        if (a.statutoryReference) references.add(a.statutoryReference);
      return {
        key,
        jurisdiction: def.jurisdiction,
        name: TEMPLATE_NAMES[key].name,
        summary: TEMPLATE_NAMES[key].summary,
        stages: def.stages.length,
        steps: steps.length,
        references: [...references],
      };
    }),
  };
}
