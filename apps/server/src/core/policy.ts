import type { TErrorParams, TErrorResponse, TWorkspaceRole } from '@app/contract';
import { type AdminScope, adminScope, type GrantRefusal, grantRefusal, inScope } from './admin-scope.ts';
import { type Ctx, principalOf } from './context.ts';
import { AppError, errors, type ForbiddenAction, type NotFoundThing } from './errors.ts';
import type { Permission, PermissionOverride } from './permissions.ts';

/**
 * Who is asking, as policies see it: the account, its role and permissions in the workspace, the
 * business units it administers (`branchIds`, null: every one) and — where a rule gives roles — the
 * workspace's permission matrix overrides. Built once per request from the session (`actorOf`).
 */
export type Actor = AdminScope & {
  /** The workspace's overrides of the default matrix; loaded only by services whose rules give roles. */
  overrides?: PermissionOverride[] | null;
};

/**
 * A refusal with the answer the client gets: the status (403, or 404 where saying "forbidden" would
 * tell that the record exists, or 409 for a refusal about the record's state), a stable code and a
 * sentence. `details` names fields, as validation errors do.
 */
export type Refusal = {
  status: 403 | 404 | 409;
  code: string;
  message: string;
  details?: TErrorResponse['details'];
  /** The values the web translates the refusal with (`params.reason` names the case; see core/errors.ts). */
  params?: TErrorParams;
  /** A short reason, for answers that list several refused records (a bulk delete's rows). */
  reason?: string;
  /** That reason's stable code, which the web translates. */
  reasonCode?: string;
};

/** What a rule answers: allowed (true), refused with the plain 403 `FORBIDDEN` (false), or a refusal. */
export type Decision = boolean | Refusal;

/** One rule: may `actor` take this action on `record`? Pure and synchronous: the record carries every fact it needs. */
export type Rule<R> = (actor: Actor, record: R) => Decision;

/** A module's policy: one rule per action on one kind of record. */
export type Policy<R, A extends string> = {
  /** What the record is called in the default refusal ("manage this user"). */
  readonly subject: string;
  readonly rules: Readonly<Record<A, Rule<R>>>;
  /** The actions in declaration order (the order `allowedActions` lists them in). */
  readonly actions: readonly A[];
};

/**
 * Declares a policy: every action of `A` gets a rule (the compiler insists), so a new action cannot
 * be forgotten. Keep rules short: permission, scope, relationship to the record, the record's state.
 */
export function definePolicy<R, A extends string>(subject: string, rules: Record<A, Rule<R>>): Policy<R, A> {
  return { subject, rules, actions: Object.keys(rules) as A[] };
}

/** The caller of a workspace request as an actor; 403 when there is none (a platform session). */
export function actorOf(ctx: Ctx, overrides: PermissionOverride[] | null = null): Actor {
  const scope = adminScope(principalOf(ctx));
  if (!scope) throw errors.forbidden();
  return { ...scope, overrides };
}

/** The same actor with the workspace's permission overrides, for rules that give roles. */
export function withOverrides(actor: Actor, overrides: PermissionOverride[]): Actor {
  return { ...actor, overrides };
}

/** Builders for refusals, so that policies answer the codes the API has always answered. */
export const refuse = {
  /** 404 `NOT_FOUND`: outside the actor's scope the record reads as missing. */
  notFound: (thing: NotFoundThing): Refusal => fromError(errors.notFound(thing)),
  /**
   * 403 `FORBIDDEN` naming what is refused (`params.reason` FORBIDDEN_<ACTION>); `report` is the short
   * reason and its code for answers that list refused records.
   */
  forbidden: (action: ForbiddenAction, report?: { code: string; reason: string }): Refusal => ({
    ...fromError(errors.forbidden(action)),
    ...(report ? { reason: report.reason, reasonCode: report.code } : {}),
  }),
  /** 409 `CONFLICT`: allowed to the actor in general, not on this record in its state (`reasonCode` names the case). */
  conflict: (reasonCode: string, message: string, reason?: string): Refusal => ({
    ...fromError(errors.conflict(reasonCode, message)),
    reasonCode,
    ...(reason ? { reason } : {}),
  }),
  /** 403 with a code of its own. */
  with: (code: string, message: string, params?: TErrorParams, details?: Refusal['details']): Refusal => ({
    status: 403,
    code,
    message,
    ...(params ? { params } : {}),
    ...(details ? { details } : {}),
  }),
};

function fromError(e: AppError): Refusal {
  return {
    status: e.status as Refusal['status'],
    code: e.code,
    message: e.message,
    ...(e.params ? { params: e.params } : {}),
  };
}

// Facts rules decide by: permission, scope, relationship.

/** Whether the actor holds `permission` in the workspace (its role's row of the matrix). */
export const holds = (actor: Actor, permission: Permission): boolean => actor.permissions.has(permission);

/** Whether the actor's scope reaches business unit `branchId` (always, for a whole-workspace administrator). */
export const reaches = (actor: Actor, branchId: string | null): boolean => inScope(actor, branchId);

/** Whether the actor administers only its own business unit (a BRANCH_ADMIN, or a member given an admin permission). */
export const limitedToUnit = (actor: Actor): boolean => actor.branchIds !== null;

/** Relationship "self": the record is (or belongs to) the actor's own account. */
export const isSelf = (actor: Actor, accountId: string | null | undefined): boolean => actor.accountId === accountId;

/** Why the actor may not give `role` (the one grant rule, `grantRefusal`); needs the actor's overrides. */
export function grantRefusalOf(actor: Actor, role: TWorkspaceRole): GrantRefusal | null {
  if (!actor.overrides) throw new Error('policy: this rule gives roles; build the actor with the workspace overrides');
  return grantRefusal(actor, role, actor.overrides);
}

/** The roles the actor may give (the pickers offer these). */
export function grantableRoles(actor: Actor, roles: readonly TWorkspaceRole[]): TWorkspaceRole[] {
  return roles.filter((r) => !grantRefusalOf(actor, r));
}

/** The decision of `policy` on `action`, as a refusal (null: allowed). */
export function decide<R, A extends string>(actor: Actor, policy: Policy<R, A>, action: A, record: R): Refusal | null {
  const d = policy.rules[action](actor, record);
  if (d === true) return null;
  if (d === false) {
    // The generic refusal names the action and the record; the web shows its general "not allowed".
    return {
      ...refuse.forbidden('DEFAULT'),
      message: `You do not have permission to ${action} this ${policy.subject}.`,
    };
  }
  return d;
}

/** Whether `actor` may take `action` on `record`. */
export function can<R, A extends string>(actor: Actor, policy: Policy<R, A>, action: A, record: R): boolean {
  return decide(actor, policy, action, record) === null;
}

/**
 * Throws the refusal (the API's one error shape, with its code) unless the caller may take `action`
 * on `record`. The first thing a service method does once it has loaded the record; pass the
 * request's `ctx`, or an actor already built (with the overrides, for rules that give roles).
 */
export function authorize<R, A extends string>(who: Ctx | Actor, policy: Policy<R, A>, action: A, record: R): void {
  const actor = 'principal' in who ? actorOf(who) : who;
  const refused = decide(actor, policy, action, record);
  if (refused) {
    throw new AppError(refused.status, refused.code, refused.message, {
      ...(refused.details ? { details: refused.details } : {}),
      ...(refused.params ? { params: refused.params } : {}),
    });
  }
}

/** The actions `actor` may take on `record`, in the policy's order: what answers send as `actions`. */
export function allowedActions<R, A extends string>(actor: Actor, policy: Policy<R, A>, record: R): A[] {
  return policy.actions.filter((a) => can(actor, policy, a, record));
}
