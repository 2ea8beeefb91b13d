import {
  CREDIT_PAGE_SIZE,
  NO_CREDITS_MESSAGE,
  type TCourseCredits,
  type TCourseCreditsQuery,
  type TCreditDecision,
  type TCreditDecisionResult,
  type TCreditRequest,
  type TCreditRequestListRequest,
  type TPagedResult,
  type TRequestCreditsRequest,
  type TWorkspaceCourse,
  type TWorkspaceCourseListQuery,
  type TWorkspaceCourseRequest,
  toPagedResult,
} from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { type AppError, errors } from '../../../core/errors.ts';
import {
  actorOf,
  allowedActions,
  asOperator,
  authorize,
  type Caller,
  callerOf,
  operatorOf,
} from '../../../core/policy.ts';
import { isPgError } from '../operator.ts';
import { creditRequestPolicy, creditsPolicy } from './credits.policy.ts';
import * as repo from './credits.repo.ts';

/** Course availability and credits (docs/learning-design.md §1.8, §2, WP5). */

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

function toRequest(r: repo.RequestRow, caller: Caller): TCreditRequest {
  return {
    id: r.id,
    workspaceId: r.workspaceId,
    workspaceName: r.workspaceName,
    courseId: r.courseId,
    courseTitle: r.courseTitle,
    quantity: r.quantity,
    note: r.note,
    status: r.status,
    requestedBy: r.requestedBy,
    requestedAt: iso(r.createdAt)!,
    decidedBy: r.decidedBy,
    decidedAt: iso(r.decidedAt),
    grantedQuantity: r.grantedQuantity,
    decisionNote: r.decisionNote,
    actions: allowedActions(caller, creditRequestPolicy, r),
  };
}

// Availability (operator)

export function setAvailability(ctx: Ctx, body: TWorkspaceCourseRequest): Promise<TWorkspaceCourse> {
  const actor = asOperator(ctx).accountId;
  return ctx.platform({ action: 'lms.workspace-course.set', audit: false }, async (tx) => {
    const course = await repo.findCatalogueCourse(tx, body.courseId);
    if (!course) throw errors.notFound('COURSE');
    const workspaceName = await repo.findWorkspaceName(tx, body.workspaceId);
    if (workspaceName === undefined) throw errors.notFound('WORKSPACE');
    if (body.enabled && (!course.published || course.status !== 'ACTIVE'))
      throw errors.conflict(
        'COURSE_NOT_PUBLISHED',
        'Only a published, active catalogue course can be made available. Publish it first.',
      );
    const before = await repo.findAvailability(tx, body.workspaceId, body.courseId, true);
    if (before?.enabled !== body.enabled && (before || body.enabled)) {
      await repo.upsertAvailability(tx, { ...body, actor });
      await ctx.audit(
        'course.made_available',
        body.courseId,
        { before: { enabled: before?.enabled ?? false }, after: { enabled: body.enabled } },
        { workspaceId: body.workspaceId },
      );
    }
    const now = await repo.findAvailability(tx, body.workspaceId, body.courseId);
    return {
      workspaceId: body.workspaceId,
      workspaceName,
      courseId: course.id,
      courseTitle: course.title,
      enabled: now?.enabled ?? false,
      balance: now?.balance ?? 0,
      updatedAt: null,
    };
  });
}

export function listAvailability(ctx: Ctx, q: TWorkspaceCourseListQuery): Promise<TPagedResult<TWorkspaceCourse>> {
  asOperator(ctx);
  if (!q.courseId && !q.workspaceId)
    throw errors.badRequest('COURSE_OR_WORKSPACE_REQUIRED', 'Name a course or a workspace.', [
      { path: 'courseId', message: 'courseId or workspaceId is required', code: 'REQUIRED' },
    ]);
  return ctx.platform({ action: 'lms.workspace-course.list', audit: false }, async (tx) => {
    const page = { pageNo: q.pageNo, pageSize: CREDIT_PAGE_SIZE };
    const rows = await repo.listAvailability(tx, { ...q, ...page });
    return toPagedResult(
      rows.map((r) => ({
        workspaceId: r.workspaceId,
        workspaceName: r.workspaceName,
        courseId: r.courseId,
        courseTitle: r.courseTitle,
        enabled: r.enabled,
        balance: r.balance,
        updatedAt: iso(r.updatedAt),
      })),
      rows[0]?.total ?? 0,
      page,
    );
  });
}

// Requests

/** A workspace asks the operator for credits on an available catalogue course. */
export function requestCredits(ctx: Ctx, body: TRequestCreditsRequest): Promise<TCreditRequest> {
  if (ctx.workspaceId === null) throw errors.forbidden('REQUEST_CREDITS');
  const actor = actorOf(ctx);
  return ctx.tenant(async (tx, t) => {
    // Row-level security shows a catalogue course only once it is published and available here.
    const title = await repo.titleOf(tx, body.courseId);
    const available = await repo.findAvailability(tx, t.workspaceId, body.courseId);
    const own = available === undefined && title !== undefined;
    authorize(actor, creditsPolicy, 'request', { workspaceId: t.workspaceId, course: { own } });
    if (title === undefined || !available?.enabled) throw errors.notFound('COURSE');
    const id = await repo.insertRequest(tx, {
      workspaceId: t.workspaceId,
      courseId: body.courseId,
      quantity: body.quantity,
      note: body.note?.trim() || null,
      actor: actor.accountId,
    });
    await ctx.audit('credits.requested', id, {
      after: { courseId: body.courseId, quantity: body.quantity, note: body.note ?? null },
    });
    return toRequest((await repo.findRequest(tx, id))!, actor);
  });
}

/** The operator's queue. */
export function listRequests(ctx: Ctx, body: TCreditRequestListRequest): Promise<TPagedResult<TCreditRequest>> {
  const operator = asOperator(ctx);
  return ctx.platform({ action: 'lms.credit-requests.list', audit: false }, async (tx) => {
    const rows = await repo.listRequests(tx, { ...body, pendingFirst: true });
    return toPagedResult(
      rows.map((r) => toRequest(r, operator)),
      rows[0]?.total ?? 0,
      body,
    );
  });
}

/**
 * The operator grants (one GRANT ledger row; the trigger raises the balance) or rejects a pending
 * request, and closes it, in one transaction. The request row is locked first, so two decisions on
 * it cannot both pass: the second finds it closed (409 `CREDIT_REQUEST_CLOSED`).
 */
export function decideRequest(ctx: Ctx, requestId: string, body: TCreditDecision): Promise<TCreditDecisionResult> {
  const operator = asOperator(ctx);
  const actor = operator.accountId;
  return ctx.platform({ action: 'lms.credit-requests.decide', audit: false }, async (tx) => {
    const request = await repo.findRequest(tx, requestId, true);
    if (!request) throw errors.notFound('CREDIT_REQUEST');
    if (request.status !== 'PENDING')
      throw errors.conflict(
        'CREDIT_REQUEST_CLOSED',
        `This request was already ${request.status === 'GRANTED' ? 'granted' : 'rejected'}. Reload the list.`,
        { status: request.status },
      );
    const note = body.note?.trim() || null;
    if (body.decision === 'GRANT') {
      const available = await repo.findAvailability(tx, request.workspaceId, request.courseId, true);
      if (!available)
        throw errors.conflict(
          'COURSE_NOT_AVAILABLE',
          'This course is not available to the workspace any more. Make it available again first.',
        );
      const quantity = body.quantity ?? request.quantity;
      await repo.insertGrant(tx, {
        workspaceId: request.workspaceId,
        courseId: request.courseId,
        quantity,
        requestId,
        note,
        actor,
      });
      await repo.closeRequest(tx, requestId, { status: 'GRANTED', actor, grantedQuantity: quantity, note });
      await ctx.audit(
        'credits.granted',
        requestId,
        { before: { status: 'PENDING', balance: available.balance }, after: { status: 'GRANTED', quantity } },
        { workspaceId: request.workspaceId },
      );
    } else {
      await repo.closeRequest(tx, requestId, { status: 'REJECTED', actor, grantedQuantity: null, note });
      await ctx.audit(
        'credits.rejected',
        requestId,
        { before: { status: 'PENDING' }, after: { status: 'REJECTED', note } },
        { workspaceId: request.workspaceId },
      );
    }
    const after = await repo.findAvailability(tx, request.workspaceId, request.courseId);
    return { request: toRequest((await repo.findRequest(tx, requestId))!, operator), balance: after?.balance ?? 0 };
  });
}

// A course's credits, for its workspace (courses.manage, whole workspace) or the operator

async function inCreditsScope<T>(
  ctx: Ctx,
  q: TCourseCreditsQuery,
  action: string,
  fn: (tx: Tx, workspaceId: string, caller: Caller) => Promise<T>,
): Promise<T> {
  const operator = operatorOf(ctx);
  if (operator) {
    if (!q.workspaceId)
      throw errors.badRequest('WORKSPACE_REQUIRED', 'Name the workspace.', [
        { path: 'workspaceId', message: 'Required for the operator', code: 'REQUIRED' },
      ]);
    const workspaceId = q.workspaceId;
    authorize(operator, creditsPolicy, 'view', { workspaceId });
    return ctx.platform({ action: `lms.${action}`, audit: false }, (tx) => fn(tx, workspaceId, operator));
  }
  if (ctx.workspaceId === null) throw errors.forbidden('MANAGE_CATALOGUE');
  const actor = callerOf(ctx);
  // Who may read a workspace's credits does not depend on the course: decided before it is read.
  authorize(actor, creditsPolicy, 'view', { workspaceId: ctx.workspaceId });
  return ctx.tenant((tx, t) => fn(tx, t.workspaceId, actor));
}

export function courseRequests(
  ctx: Ctx,
  courseId: string,
  q: TCourseCreditsQuery,
): Promise<TPagedResult<TCreditRequest>> {
  return inCreditsScope(ctx, q, 'credit-requests.course', async (tx, workspaceId, caller) => {
    const page = { pageNo: q.pageNo, pageSize: CREDIT_PAGE_SIZE };
    const rows = await repo.listRequests(tx, { workspaceId, courseId, pendingFirst: false, ...page });
    return toPagedResult(
      rows.map((r) => toRequest(r, caller)),
      rows[0]?.total ?? 0,
      page,
    );
  });
}

export function courseLedger(ctx: Ctx, courseId: string, q: TCourseCreditsQuery): Promise<TCourseCredits> {
  return inCreditsScope(ctx, q, 'credits.ledger', async (tx, workspaceId) => {
    const available = await repo.findAvailability(tx, workspaceId, courseId);
    if (!available) throw errors.notFound('COURSE');
    const page = { pageNo: q.pageNo, pageSize: CREDIT_PAGE_SIZE };
    const rows = await repo.ledgerPage(tx, { workspaceId, courseId, ...page });
    return {
      courseId,
      courseTitle: (await repo.titleOf(tx, courseId)) ?? '',
      balance: available.balance,
      enabled: available.enabled,
      entries: toPagedResult(
        rows.map((r) => ({
          id: r.id,
          delta: r.delta,
          reason: r.reason,
          note: r.note,
          by: r.by,
          at: iso(r.at)!,
          enrolmentId: r.enrolmentId,
          requestId: r.requestId,
        })),
        rows[0]?.total ?? 0,
        page,
      ),
    };
  });
}

// The spend (enrolment creation calls it in its own transaction)

export function noCredits(v: { courseTitle?: string; balance: number; needed: number }): AppError {
  return errors.conflict('NO_CREDITS', NO_CREDITS_MESSAGE, {
    ...(v.courseTitle ? { courseTitle: v.courseTitle } : {}),
    balance: v.balance,
    needed: v.needed,
  });
}

/**
 * Spends one credit of a catalogue course per enrolment, in the caller's transaction: locks the
 * workspace's availability row (concurrent spenders queue on it), refuses with 409 `NO_CREDITS` when
 * the balance is short, else writes one SPEND row each (one statement). The balance CHECK is the
 * backstop: a spend that would take it below zero also answers `NO_CREDITS`.
 */
export async function spendCredits(
  tx: Tx,
  v: {
    workspaceId: string;
    courseId: string;
    courseTitle?: string;
    enrolmentIds: string[];
    actor: string | null;
    platform: boolean;
  },
): Promise<{ balance: number }> {
  const needed = v.enrolmentIds.length;
  const balance = await repo.lockCredits(tx, v.workspaceId, v.courseId, v.platform);
  if (balance === null) throw errors.notFound('COURSE');
  if (needed === 0) return { balance };
  if (balance < needed) throw noCredits({ courseTitle: v.courseTitle, balance, needed });
  try {
    await repo.insertSpends(tx, v);
  } catch (err) {
    if (isPgError(err, '23514')) throw noCredits({ courseTitle: v.courseTitle, balance, needed });
    throw err;
  }
  return { balance: balance - needed };
}
