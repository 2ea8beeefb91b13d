import {
  LIMITS,
  type TComplianceCategory,
  type TComplianceCategoryInput,
  type TComplianceCategoryListQuery,
  type TComplianceCategoryUpdate,
  type TObligation,
  type TObligationDeleted,
  type TObligationListBody,
  type TObligationParsed,
  type TPagedResult,
  toPagedResult,
} from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { AppError, errors } from '../../../core/errors.ts';
import { allowedActions, authorize, type Caller, callerOf, can, type OperatorActor } from '../../../core/policy.ts';
import { complianceCataloguePolicy, complianceCategoryPolicy, obligationPolicy } from './catalogue.policy.ts';
import * as repo from './catalogue.repo.ts';

/**
 * The operator's compliance catalogue (issue 24; DESIGN §4): categories and obligations, kept on the
 * platform host. Each change to an obligation reaches the workspaces of its country as a job
 * (`compliance.sync-workspace`, the engine's), enqueued in the change's transaction.
 */

const notFound = (thing: 'COMPLIANCE_CATEGORY' | 'OBLIGATION', what: string) =>
  new AppError(404, 'NOT_FOUND', `${what} was not found.`, { params: { reason: `${thing}_NOT_FOUND` } });

/** The operator (else 403 `FORBIDDEN_MANAGE_CATALOGUE`). */
function asKeeper(ctx: Ctx): OperatorActor {
  const caller = callerOf(ctx);
  authorize(caller, complianceCataloguePolicy, 'manage', null);
  return caller as OperatorActor;
}

/** Unique-index races answered as the check answers them. */
function pgCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } };
  const code = e?.code ?? e?.cause?.code;
  return typeof code === 'string' ? code : undefined;
}

// --- categories

function toCategory(r: repo.CategoryRow, caller: Caller): TComplianceCategory {
  return {
    id: r.id,
    key: r.key,
    name: r.name,
    obligationCount: r.obligationCount,
    createdAt: new Date(r.createdAt).toISOString(),
    actions: allowedActions(caller, complianceCategoryPolicy, r),
  };
}

const categoryExists = (key: string) =>
  errors.conflict('CATEGORY_EXISTS', `A compliance category with the key "${key}" already exists.`, { key });

/** `GET /admin/compliance-category/all`: 100 a page, newest first (ADDED) or by key. */
export function listCategories(ctx: Ctx, q: TComplianceCategoryListQuery): Promise<TPagedResult<TComplianceCategory>> {
  const operator = asKeeper(ctx);
  return ctx.platform({ action: 'compliance.category.list', audit: false }, async (tx) => {
    const paging = { pageNo: q.pageNo, pageSize: LIMITS.complianceCategoryPageSize };
    const { rows, total } = await repo.listCategories(tx, { ...paging, sortBy: q.sortBy });
    return toPagedResult(
      rows.map((r) => toCategory(r, operator)),
      total,
      paging,
    );
  });
}

async function uniqueCategory<T>(key: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (pgCode(err) === '23505') throw categoryExists(key);
    throw err;
  }
}

export function createCategory(ctx: Ctx, input: TComplianceCategoryInput): Promise<TComplianceCategory> {
  const operator = asKeeper(ctx);
  return uniqueCategory(input.key, () =>
    ctx.platform({ action: 'compliance.category.create', audit: false }, async (tx) => {
      if (await repo.categoryKeyTaken(tx, input.key, null)) throw categoryExists(input.key);
      const id = await repo.insertCategory(tx, input);
      await ctx.audit('compliance_category.created', id, { after: input }, { workspaceId: null });
      return toCategory((await repo.findCategory(tx, id))!, operator);
    }),
  );
}

export function updateCategory(ctx: Ctx, input: TComplianceCategoryUpdate): Promise<TComplianceCategory> {
  const operator = asKeeper(ctx);
  return uniqueCategory(input.key, () =>
    ctx.platform({ action: 'compliance.category.update', audit: false }, async (tx) => {
      const before = await repo.findCategory(tx, input.id, true);
      if (!before) throw notFound('COMPLIANCE_CATEGORY', 'The compliance category');
      authorize(operator, complianceCategoryPolicy, 'update', before);
      if (await repo.categoryKeyTaken(tx, input.key, input.id)) throw categoryExists(input.key);
      const values = { key: input.key, name: input.name };
      await repo.updateCategory(tx, input.id, values);
      await ctx.audit(
        'compliance_category.updated',
        input.id,
        { before: { key: before.key, name: before.name }, after: values },
        { workspaceId: null },
      );
      return toCategory((await repo.findCategory(tx, input.id))!, operator);
    }),
  );
}

/** Deletes a category; 409 `CATEGORY_IN_USE` while an obligation is filed in it. */
export function deleteCategory(ctx: Ctx, id: string): Promise<{ deleted: true }> {
  const operator = asKeeper(ctx);
  const inUse = (count: number) =>
    errors.conflict(
      'CATEGORY_IN_USE',
      `${count} obligation(s) are filed in this category. Move or delete them first.`,
      { count },
    );
  return ctx
    .platform({ action: 'compliance.category.delete', audit: false }, async (tx) => {
      const before = await repo.findCategory(tx, id, true);
      if (!before) throw notFound('COMPLIANCE_CATEGORY', 'The compliance category');
      if (!can(operator, complianceCategoryPolicy, 'delete', before)) throw inUse(before.obligationCount);
      await repo.deleteCategory(tx, id);
      await ctx.audit(
        'compliance_category.deleted',
        id,
        { before: { key: before.key, name: before.name } },
        { workspaceId: null },
      );
      return { deleted: true as const };
    })
    .catch((err: unknown) => {
      // An obligation filed in it between the check and the delete: the foreign key answers.
      if (pgCode(err) === '23503') throw inUse(1);
      throw err;
    });
}

// --- obligations

function toObligation(r: repo.ObligationRow, caller: Caller): TObligation {
  return {
    id: r.id,
    key: r.key,
    categoryId: r.categoryId,
    country: r.country,
    jurisdictionId: r.jurisdictionId,
    law: r.law,
    section: r.section,
    title: r.title,
    description: r.description,
    evidence: r.evidence,
    kind: r.kind,
    recurrence: r.recurrence,
    dueRule: r.dueRule,
    applicability: r.applicability,
    scope: r.scope,
    evidenceSource: r.evidenceSource,
    status: r.status,
    version: r.version,
    createdAt: new Date(r.createdAt).toISOString(),
    updatedAt: new Date(r.updatedAt).toISOString(),
    actions: allowedActions(caller, obligationPolicy, r),
  };
}

/** `POST /admin/compliance/all`: 60 a page, newest first, filtered by the body. */
export function listObligations(ctx: Ctx, body: TObligationListBody): Promise<TPagedResult<TObligation>> {
  const operator = asKeeper(ctx);
  return ctx.platform({ action: 'compliance.obligation.list', audit: false }, async (tx) => {
    const paging = { pageNo: body.pageNo, pageSize: LIMITS.compliancePageSize };
    const { rows, total } = await repo.listObligations(tx, body, paging);
    return toPagedResult(
      rows.map((r) => toObligation(r, operator)),
      total,
      paging,
    );
  });
}

type Problem = { path: string; message: string; code: string };

/** Which due-rule anchors fit each kind (the engine computes dates only from these). */
const ANCHORS: Record<TObligationParsed['kind'], readonly string[]> = {
  PERIODIC: ['PERIOD_START', 'PERIOD_END', 'NEXT_PERIOD_START', 'APPLIES_FROM'],
  EVENT: ['EVENT'],
  ONE_TIME: ['APPLIES_FROM'],
  CONTINUOUS: ['APPLIES_FROM'],
};

/**
 * What zod cannot see: the due rule's anchor fits the kind, the headcount range is a range, the
 * category exists, the jurisdiction exists and is in the obligation's country. 400 `OBLIGATION_INVALID`
 * naming each problem (its `code` per field), 409 `OBLIGATION_EXISTS` for a key in use.
 */
async function checkObligation(tx: Tx, input: TObligationParsed, id: string | null): Promise<void> {
  const problems: Problem[] = [];
  if (!ANCHORS[input.kind].includes(input.dueRule.anchor))
    problems.push({
      path: 'dueRule.anchor',
      message: `A ${input.kind} obligation cannot be due from ${input.dueRule.anchor}; use ${ANCHORS[input.kind].join(' or ')}`,
      code: 'DUE_ANCHOR_KIND',
    });
  const { minHeadcount, maxHeadcount } = input.applicability;
  if (minHeadcount !== null && maxHeadcount !== null && minHeadcount > maxHeadcount)
    problems.push({
      path: 'applicability.maxHeadcount',
      message: 'The largest headcount is smaller than the smallest',
      code: 'HEADCOUNT_RANGE',
    });
  if (!(await repo.findCategory(tx, input.categoryId)))
    problems.push({ path: 'categoryId', message: 'No such compliance category', code: 'CATEGORY_UNKNOWN' });
  if (input.jurisdictionId) {
    const country = await repo.jurisdictionCountry(tx, input.jurisdictionId);
    if (!country)
      problems.push({ path: 'jurisdictionId', message: 'No such jurisdiction', code: 'JURISDICTION_UNKNOWN' });
    else if (country !== input.country)
      problems.push({
        path: 'jurisdictionId',
        message: `The jurisdiction is in ${country}, the obligation in ${input.country}`,
        code: 'JURISDICTION_COUNTRY',
      });
  }
  if (problems.length > 0)
    throw errors.badRequest(
      'OBLIGATION_INVALID',
      `The obligation cannot be saved: ${problems.map((p) => p.message).join('; ')}.`,
      problems,
      { count: problems.length },
    );
  if (await repo.obligationKeyTaken(tx, input.key, id)) throw obligationExists(input.key);
}

const obligationExists = (key: string) =>
  errors.conflict('OBLIGATION_EXISTS', `An obligation with the key "${key}" already exists.`, { key });

function valuesOf(input: TObligationParsed): repo.ObligationValues {
  return {
    key: input.key,
    categoryId: input.categoryId,
    country: input.country,
    jurisdictionId: input.jurisdictionId,
    law: input.law,
    section: input.section,
    title: input.title,
    description: input.description,
    evidence: input.evidence,
    kind: input.kind,
    recurrence: input.recurrence,
    dueRule: input.dueRule,
    applicability: input.applicability,
    scope: input.scope,
    evidenceSource: input.evidenceSource,
  };
}

/**
 * Enqueues `compliance.sync-workspace` for every active workspace of the country, in the change's
 * transaction, keyed by the obligation's version (a retry of the same change keeps one job each).
 */
async function syncCountry(ctx: Ctx, tx: Tx, country: string, obligationId: string, version: number) {
  const workspaces = await repo.activeWorkspacesOf(tx, country);
  if (workspaces.length > 0)
    await ctx.jobs.enqueueAll(
      tx,
      workspaces.map((workspaceId) => ({
        queue: 'compliance.sync-workspace' as const,
        data: { workspaceId },
        key: `sync:${workspaceId}:${obligationId}:${version}`,
      })),
    );
  return workspaces.length;
}

async function uniqueObligation<T>(key: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (pgCode(err) === '23505') throw obligationExists(key);
    throw err;
  }
}

export function createObligation(ctx: Ctx, input: TObligationParsed): Promise<TObligation> {
  const operator = asKeeper(ctx);
  return uniqueObligation(input.key, () =>
    ctx.platform({ action: 'compliance.obligation.create', audit: false }, async (tx) => {
      await checkObligation(tx, input, null);
      const values = valuesOf(input);
      const id = await repo.insertObligation(tx, values);
      const workspacesToSync = await syncCountry(ctx, tx, input.country, id, 1);
      await ctx.audit('obligation.created', id, { after: values, workspacesToSync }, { workspaceId: null });
      return toObligation((await repo.findObligation(tx, id))!, operator);
    }),
  );
}

/**
 * Changes an obligation (its key stays: 409 `OBLIGATION_KEY_STABLE` for another); its version grows
 * by one. The workspaces of its country (and of its former country, if that changed) are synced.
 */
export function updateObligation(ctx: Ctx, id: string, input: TObligationParsed): Promise<TObligation> {
  const operator = asKeeper(ctx);
  return ctx.platform({ action: 'compliance.obligation.update', audit: false }, async (tx) => {
    const before = await repo.findObligation(tx, id, true);
    if (!before) throw notFound('OBLIGATION', 'The obligation');
    authorize(operator, obligationPolicy, 'update', before);
    if (input.key !== before.key)
      throw errors.conflict(
        'OBLIGATION_KEY_STABLE',
        `An obligation's key does not change (workspaces' answers follow it): keep "${before.key}".`,
        { key: before.key },
      );
    await checkObligation(tx, input, id);
    const values = valuesOf(input);
    await repo.updateObligation(tx, id, values);
    const version = before.version + 1;
    let workspacesToSync = await syncCountry(ctx, tx, input.country, id, version);
    if (before.country !== input.country) workspacesToSync += await syncCountry(ctx, tx, before.country, id, version);
    const { id: _, status: _s, version: _v, createdAt: _c, updatedAt: _u, ...was } = before;
    await ctx.audit(
      'obligation.updated',
      id,
      { before: was, after: values, version, workspacesToSync },
      { workspaceId: null },
    );
    return toObligation((await repo.findObligation(tx, id))!, operator);
  });
}

/**
 * Deletes an obligation no workspace has answered; retires one in use (it stops generating;
 * completed occurrences stay) and syncs the workspaces of its country.
 */
export function deleteObligation(ctx: Ctx, id: string): Promise<TObligationDeleted> {
  const operator = asKeeper(ctx);
  return ctx.platform({ action: 'compliance.obligation.delete', audit: false }, async (tx) => {
    const before = await repo.findObligation(tx, id, true);
    if (!before) throw notFound('OBLIGATION', 'The obligation');
    authorize(operator, obligationPolicy, 'delete', before);
    if (!(await repo.obligationInUse(tx, id))) {
      await repo.deleteObligation(tx, id);
      await ctx.audit(
        'obligation.deleted',
        id,
        { before: { key: before.key, country: before.country, section: before.section, title: before.title } },
        { workspaceId: null },
      );
      return { deleted: true, retired: false };
    }
    await repo.retireObligation(tx, id);
    const version = before.version + 1;
    const workspacesToSync = await syncCountry(ctx, tx, before.country, id, version);
    await ctx.audit(
      'obligation.retired',
      id,
      { before: { key: before.key, status: before.status, version: before.version }, workspacesToSync },
      { workspaceId: null },
    );
    return { deleted: false, retired: true };
  });
}
