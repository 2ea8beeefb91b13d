import type { TErrorParams, TErrorResponse, TWorkspaceRole } from '@app/contract';
import {
  type AdminScope,
  adminScope,
  type GrantRefusal,
  grantRefusal,
  inScope,
  type Scope,
  unitLimited,
  wholeWorkspace,
} from './admin-scope.ts';
import { type Ctx, principalOf } from './context.ts';
import { AppError, errors, type ForbiddenAction, type NotFoundThing } from './errors.ts';
import { isTopRole, type Permission, type PermissionOverride } from './permissions.ts';

export type { Scope };

/**
 * Who is asking, as policies see it: a workspace member — the account, its role and permissions in
 * the workspace, its `scope` (the whole workspace, its business units, or itself) and, where a rule
 * gives roles, the workspace's permission matrix overrides. Built once per request from the session
 * (`actorOf`).
 */
export type Actor = AdminScope & {
  readonly kind?: 'member';
  /** The workspace's overrides of the default matrix; loaded only by services whose rules give roles. */
  overrides?: PermissionOverride[] | null;
};

/**
 * The platform operator (a PLATFORM_ADMIN signed in on the platform host): no workspace, no
 * permission of the matrix; it authors the course catalogue, keeps jurisdictions and grants credits.
 * Only policies that admit it (`callerOf`) ever see it.
 */
export type OperatorActor = { readonly kind: 'operator'; readonly accountId: string; readonly workspaceId: null };

/** Any caller a policy may decide about: a workspace member or the operator. */
export type Caller = Actor | OperatorActor;

/** Whether the caller is the platform operator. */
export const isOperator = (c: Caller): c is OperatorActor => c.kind === 'operator';

/** Whether the caller is a workspace member (narrows to `Actor`). */
export const isMember = (c: Caller): c is Actor => c.kind !== 'operator';

/**
 * The operator, when the request is a PLATFORM_ADMIN's on the platform host (null otherwise). The one
 * operator test: no module compares `platformRole` itself.
 */
export function operatorOf(ctx: Ctx): OperatorActor | null {
  const me = principalOf(ctx);
  return me.workspaceId === null && ctx.workspaceId === null && me.platformRole === 'PLATFORM_ADMIN'
    ? { kind: 'operator', accountId: me.accountId, workspaceId: null }
    : null;
}

/** The operator (the platform's own tools: `platformPolicy`), else 403 `FORBIDDEN_MANAGE_CATALOGUE`. */
export function asOperator(ctx: Ctx): OperatorActor {
  const operator = operatorOf(ctx);
  if (!operator) throw errors.forbidden('MANAGE_CATALOGUE');
  authorize(operator, platformPolicy, 'operate', null);
  return operator;
}

/** The caller: the operator on the platform host, else the workspace member; 403 for anyone else. */
export function callerOf(ctx: Ctx): Caller {
  return operatorOf(ctx) ?? actorOf(ctx);
}

/**
 * The names of every policy declared (`definePolicy` adds its subject). Routes name the policy their
 * handler decides with (`config.policy`); the authorization suite checks each name is one of these.
 */
const SUBJECTS = new Set<string>();

/** The policy subjects declared so far (every module's, once the app has loaded its modules). */
export function policySubjects(): ReadonlySet<string> {
  return SUBJECTS;
}

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
export type Rule<R, X extends Caller = Actor> = (actor: X, record: R) => Decision;

/** A module's policy: one rule per action on one kind of record. */
export type Policy<R, A extends string, X extends Caller = Actor> = {
  /** What the record is called in the default refusal ("manage this user"), and the policy's name in route declarations. */
  readonly subject: string;
  readonly rules: Readonly<Record<A, Rule<R, X>>>;
  /** The actions in declaration order (the order `allowedActions` lists them in). */
  readonly actions: readonly A[];
  /** Whether the operator is one of the callers its rules decide about (`defineCallerPolicy`). */
  readonly admitsOperator: boolean;
};

/**
 * Declares a policy about workspace members: every action of `A` gets a rule (the compiler insists),
 * so a new action cannot be forgotten. Keep rules short: permission, scope, relationship to the
 * record, the record's state. An operator asking is refused before any rule runs.
 */
export function definePolicy<R, A extends string>(subject: string, rules: Record<A, Rule<R>>): Policy<R, A> {
  SUBJECTS.add(subject);
  return { subject, rules, actions: Object.keys(rules) as A[], admitsOperator: false };
}

/** Declares a policy whose rules also decide about the platform operator (`isOperator(caller)`). */
export function defineCallerPolicy<R, A extends string>(
  subject: string,
  rules: Record<A, Rule<R, Caller>>,
): Policy<R, A, Caller> {
  SUBJECTS.add(subject);
  return { subject, rules, actions: Object.keys(rules) as A[], admitsOperator: true };
}

/**
 * The platform's own tools (the course catalogue, jurisdictions, credit grants, feature flags): the
 * operator's alone. Routes that only the operator uses declare `policy: 'platform'`.
 */
export const platformPolicy = defineCallerPolicy<null, 'operate'>('platform', {
  operate: (c) => isOperator(c) || refuse.forbidden('MANAGE_CATALOGUE'),
});

/** The caller of a workspace request as an actor; 403 when there is none (a platform session). */
export function actorOf(ctx: Ctx, overrides: PermissionOverride[] | null = null): Actor {
  const scope = adminScope(principalOf(ctx));
  if (!scope) throw errors.forbidden();
  return { kind: 'member', ...scope, overrides };
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
export const holds = (actor: Caller, permission: Permission): boolean =>
  isMember(actor) && actor.permissions.has(permission);

/**
 * Whether the actor's scope reaches business unit `branchId`: always for the whole workspace, its own
 * units for a unit administrator, never for `self` (who administers nobody).
 */
export const reaches = (actor: Actor, branchId: string | null): boolean => inScope(actor, branchId);

/** Whether the actor administers only its own business unit (a BRANCH_ADMIN, or a member given an admin permission). */
export const limitedToUnit = (actor: Actor): boolean => unitLimited(actor);

/** Whether the actor's scope is the whole workspace (the one "sees the whole workspace" rule). */
export const seesWholeWorkspace = (actor: Actor): boolean => wholeWorkspace(actor);

/** Whether the actor holds the workspace's top role (only it acts on its own kind; see `TOP_ROLE`). */
export const holdsTopRole = (actor: Actor): boolean => isTopRole(actor.role);

/** Relationship "self": the record is (or belongs to) the actor's own account. */
export const isSelf = (actor: Caller, accountId: string | null | undefined): boolean => actor.accountId === accountId;

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
export function decide<R, A extends string, X extends Caller>(
  actor: X,
  policy: Policy<R, A, X>,
  action: A,
  record: R,
): Refusal | null {
  // A policy about members refuses the operator before any rule runs (its rules never see one).
  if (isOperator(actor) && !policy.admitsOperator) return refuse.forbidden('DEFAULT');
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
export function can<R, A extends string, X extends Caller>(
  actor: X,
  policy: Policy<R, A, X>,
  action: A,
  record: R,
): boolean {
  return decide(actor, policy, action, record) === null;
}

/**
 * Throws the refusal (the API's one error shape, with its code) unless the caller may take `action`
 * on `record`. The first thing a service method does once it has loaded the record; pass the
 * request's `ctx`, or an actor already built (with the overrides, for rules that give roles).
 */
export function authorize<R, A extends string, X extends Caller>(
  who: Ctx | X,
  policy: Policy<R, A, X>,
  action: A,
  record: R,
): void {
  const actor = ('principal' in who ? (policy.admitsOperator ? callerOf(who) : actorOf(who)) : who) as X;
  const refused = decide(actor, policy, action, record);
  if (refused) {
    throw new AppError(refused.status, refused.code, refused.message, {
      ...(refused.details ? { details: refused.details } : {}),
      ...(refused.params ? { params: refused.params } : {}),
    });
  }
}

/** The actions `actor` may take on `record`, in the policy's order: what answers send as `actions`. */
export function allowedActions<R, A extends string, X extends Caller>(
  actor: X,
  policy: Policy<R, A, X>,
  record: R,
): A[] {
  return policy.actions.filter((a) => can(actor, policy, a, record));
}
