import {
  type TDeleteUsersResponse,
  type TPagedResult,
  type TUpdateUserFields,
  type TUserFilter,
  type TUserFilterOptions,
  type TUserStats,
  type TWorkspaceRole,
  type TWorkspaceUser,
  toPagedResult,
  ZWorkspaceRole,
} from '@app/contract';
import { type AdminScope, adminScope, assertCanGrantRole, inScope } from '../../../core/admin-scope.ts';
import { type Ctx, principalOf } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { escalateToPlatform } from '../../../core/db/tenant.ts';
import { AppError, errors } from '../../../core/errors.ts';
import { workspaceOverrides } from '../../../core/permissions.ts';
import { deleteStoredFile, fileUrlOrNull } from '../../../core/storage.ts';
import * as repo from './users.repo.ts';

/**
 * Who may manage users how widely: workspace admins and employers the whole workspace; any other
 * role that holds `users.manage` (a BRANCH_ADMIN by default) only its own business unit, only
 * employees, and may grant no role but EMPLOYEE.
 */
export function manager(ctx: Ctx): AdminScope {
  const me = principalOf(ctx);
  const m = me.permissions.has('users.manage') ? adminScope(me) : null;
  if (!m || m.branchIds?.length === 0) throw errors.forbidden('manage users');
  return m;
}

const restricted = (m: AdminScope) => m.branchIds !== null;
/** The one business unit a restricted manager administers (null: all). */
const ownUnit = (m: AdminScope) => m.branchIds?.[0] ?? null;

/** Refuses a filter on a business unit outside the manager's scope, or one that does not exist. */
async function checkBranchFilter(tx: Tx, m: AdminScope, branchId: string | undefined) {
  if (!branchId) return;
  if (!(await repo.findBranch(tx, m.workspaceId, branchId))) throw errors.notFound('The business unit');
  if (!inScope(m, branchId)) throw errors.forbidden('see users of other business units');
}

/** A user as the audit trail records it: everything the table shows but the (short-lived) picture URL. */
function toUser(r: repo.UserRow): Omit<TWorkspaceUser, 'profileImageUrl'> {
  return {
    userId: r.userId,
    firstName: r.firstName,
    lastName: r.lastName,
    userEmail: r.userEmail,
    username: r.username,
    contactNumber: r.contactNumber,
    employeeId: r.employeeId,
    designation: r.designation,
    role: ZWorkspaceRole.parse(r.role),
    branch: r.branchId ? { branchId: r.branchId, branchName: r.branchName ?? '' } : null,
    department: r.departmentId ? { departmentId: r.departmentId, departmentName: r.departmentName ?? '' } : null,
    dateOfJoining: r.dateOfJoining,
    active: r.active,
    emailVerified: r.emailVerified,
    createdAt: r.createdAt.toISOString(),
  };
}

/** Users as the API answers them, each with a fresh signed URL of its picture. */
function present(ctx: Ctx, rows: repo.UserRow[]): Promise<TWorkspaceUser[]> {
  return Promise.all(
    rows.map(async (r) => ({ ...toUser(r), profileImageUrl: await fileUrlOrNull(ctx.storage, r.profileImageKey) })),
  );
}

const ALL_FIELDS: repo.SearchField[] = ['NAME', 'EMAIL', 'USERNAME', 'EMPLOYEE_ID', 'CONTACT_NUMBER'];

/** A page of the users table (`/workspace/users`, `/workspace/users/search`). */
export async function listUsers(
  ctx: Ctx,
  filter: TUserFilter & { searchText?: string },
  page: { pageNo: number; pageSize: number },
): Promise<TPagedResult<TWorkspaceUser>> {
  const m = manager(ctx);
  const { rows, total } = await ctx.tenant(async (tx) => {
    await checkBranchFilter(tx, m, filter.branchId);
    return repo.listUsers(
      tx,
      { workspaceId: m.workspaceId, branchId: ownUnit(m) },
      {
        ...filter,
        search: filter.searchText ? { text: filter.searchText, fields: ALL_FIELDS } : undefined,
      },
      page,
    );
  });
  return toPagedResult(await present(ctx, rows), total, page);
}

/** `/user/search`: one category (or all), active users unless `includeNonActive`; at most 50 rows. */
export async function quickSearch(
  ctx: Ctx,
  q: {
    category: 'ALL' | repo.SearchField;
    searchText: string;
    includeNonActive?: boolean | undefined;
    branchId?: string | undefined;
  },
): Promise<TWorkspaceUser[]> {
  const m = manager(ctx);
  const rows = await ctx.tenant(async (tx) => {
    await checkBranchFilter(tx, m, q.branchId);
    const { rows } = await repo.listUsers(
      tx,
      { workspaceId: m.workspaceId, branchId: ownUnit(m) },
      {
        branchId: q.branchId,
        status: q.includeNonActive ? 'ALL' : 'ACTIVE',
        search: { text: q.searchText, fields: q.category === 'ALL' ? ALL_FIELDS : [q.category] },
      },
      { pageNo: 0, pageSize: 50 },
    );
    return rows;
  });
  return present(ctx, rows);
}

/** Counts for the stats cards, in the caller's scope (or one business unit of it). */
export async function userStats(ctx: Ctx, branchId?: string): Promise<TUserStats> {
  const m = manager(ctx);
  return ctx.tenant(async (tx) => {
    await checkBranchFilter(tx, m, branchId);
    const { rows, pendingInvitations } = await repo.stats(tx, {
      workspaceId: m.workspaceId,
      branchId: branchId ?? ownUnit(m),
    });
    const byRole: Record<TWorkspaceRole, number> = { EMPLOYEE: 0, BRANCH_ADMIN: 0, EMPLOYER: 0, WORKSPACE_ADMIN: 0 };
    let active = 0;
    let inactive = 0;
    for (const r of rows) {
      byRole[r.role as TWorkspaceRole] += r.n;
      if (r.active) active += r.n;
      else inactive += r.n;
    }
    return { total: active + inactive, active, inactive, byRole, pendingInvitations };
  });
}

/** Refuses acting on a user outside the manager's reach (404 outside the scope, so nothing leaks). */
export function checkReach(m: AdminScope, target: repo.UserRow) {
  if (!inScope(m, target.branchId)) throw errors.notFound('The user');
  if (restricted(m) && target.role !== 'EMPLOYEE' && target.userId !== m.accountId) {
    throw errors.forbidden('manage administrators (a business unit admin manages employees only)');
  }
  if (target.role === 'WORKSPACE_ADMIN' && m.role !== 'WORKSPACE_ADMIN') {
    throw errors.forbidden('change a workspace admin');
  }
}

const lastAdmin = () =>
  new AppError(
    409,
    'LAST_ADMIN',
    'This is the workspace’s last active workspace admin. Make someone else a workspace admin first.',
  );

/** Whether `err` (or the driver error it wraps) is PostgreSQL error `code`. */
function isPgError(err: unknown, code: '23505' | '23514'): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === code || e?.cause?.code === code;
}

/** `/user/update/{id}` and `/admin/update-user`: changes a member; every change audited with before and after. */
export async function updateUser(ctx: Ctx, userId: string, fields: TUpdateUserFields): Promise<TWorkspaceUser> {
  const m = manager(ctx);
  const saved = await ctx.tenant(async (tx) => {
    const admins = await repo.lockActiveAdmins(tx, m.workspaceId);
    const before = await repo.findUser(tx, m.workspaceId, userId, true);
    if (!before) throw errors.notFound('The user');
    checkReach(m, before);
    const self = userId === m.accountId;
    const role = fields.role ?? (before.role as TWorkspaceRole);
    const active = fields.active ?? before.active;
    if (self && role !== before.role) throw errors.conflict('You cannot change your own role.');
    if (self && !active) throw errors.conflict('You cannot deactivate yourself.');
    if (role !== before.role) assertCanGrantRole(m, role, await workspaceOverrides(tx, m.workspaceId));
    if (before.role === 'WORKSPACE_ADMIN' && before.active && (role !== 'WORKSPACE_ADMIN' || !active)) {
      if (admins.filter((id) => id !== userId).length === 0) throw lastAdmin();
    }
    const branchId = fields.branchId ?? before.branchId;
    if (fields.branchId && fields.branchId !== before.branchId) {
      if (restricted(m)) throw errors.forbidden('move users to another business unit');
      if (!(await repo.findBranch(tx, m.workspaceId, fields.branchId))) throw errors.notFound('The business unit');
    }
    let departmentId = fields.departmentId === undefined ? before.departmentId : fields.departmentId;
    if (departmentId) {
      const dept = await repo.findDepartment(tx, m.workspaceId, departmentId);
      if (!dept) throw errors.notFound('The department');
      if (dept.branchId !== branchId) {
        if (fields.departmentId) {
          throw new AppError(400, 'DEPARTMENT_NOT_IN_BRANCH', 'Choose a department of the user’s business unit.', {
            details: [{ path: 'body.departmentId', message: 'not a department of this business unit' }],
          });
        }
        departmentId = null; // moved to another unit: the old department no longer fits
      }
    }
    const membershipChange = {
      ...(fields.role !== undefined && { role }),
      ...(branchId && branchId !== before.branchId && { branchId }),
      ...(departmentId !== before.departmentId && { departmentId }),
      ...(fields.designation !== undefined && { designation: fields.designation || null }),
      ...(fields.employeeId !== undefined && { employeeId: fields.employeeId || null }),
      ...(fields.dateOfJoining !== undefined && { dateOfJoining: fields.dateOfJoining }),
      ...(fields.active !== undefined && { active }),
    };
    const accountChange = {
      ...(fields.firstName !== undefined && { firstName: fields.firstName }),
      ...(fields.lastName !== undefined && { lastName: fields.lastName }),
      ...(fields.contactNumber !== undefined && { contactNumber: fields.contactNumber }),
    };
    await repo.updateMembership(tx, m.workspaceId, userId, membershipChange, m.accountId);
    // Deactivation ends the member's sessions here for good (reactivation must not revive old tokens).
    const sessionsEnded = before.active && !active ? await repo.endSessions(tx, m.workspaceId, [userId]) : undefined;
    if (Object.keys(accountChange).length > 0) {
      try {
        await tx.transaction((sp) => repo.updateAccount(sp, userId, accountChange));
      } catch (err) {
        if (isPgError(err, '23505')) throw errors.conflict('Another account already uses this phone number.');
        if (isPgError(err, '23514')) {
          throw errors.conflict('The account needs an email, username or phone number; keep the phone number.');
        }
        throw err;
      }
    }
    const after = (await repo.findUser(tx, m.workspaceId, userId))!;
    await ctx.audit('user.updated', userId, {
      before: toUser(before),
      after: toUser(after),
      ...(sessionsEnded !== undefined && { sessionsEnded }),
    });
    return after;
  });
  const [user] = await present(ctx, [saved]);
  return user!;
}

/**
 * Why the manager may not delete `target` (null: it may). An unknown user and one outside the
 * manager's business unit read alike (`NOT_FOUND`), so that nothing about other units leaks.
 */
export function deleteRefusal(
  m: AdminScope,
  id: string,
  target: repo.UserRow | undefined,
): { kind: 'NOT_FOUND' | 'FORBIDDEN' | 'CONFLICT'; reason: string } | null {
  if (!target || !inScope(m, target.branchId)) return { kind: 'NOT_FOUND', reason: 'no such user' };
  if (id === m.accountId) return { kind: 'CONFLICT', reason: 'you cannot delete yourself' };
  if (restricted(m) && target.role !== 'EMPLOYEE') {
    return { kind: 'FORBIDDEN', reason: 'a business unit admin deletes employees only' };
  }
  if (target.role === 'WORKSPACE_ADMIN' && m.role !== 'WORKSPACE_ADMIN') {
    return { kind: 'FORBIDDEN', reason: 'only a workspace admin deletes a workspace admin' };
  }
  return null;
}

/** Whether deleting `targets` would leave the workspace without an active workspace admin (`admins`: the active ones). */
export function removesLastAdmin(admins: string[], targets: repo.UserRow[]): boolean {
  const removed = new Set(targets.filter((t) => t.role === 'WORKSPACE_ADMIN' && t.active).map((t) => t.userId));
  return removed.size > 0 && admins.every((id) => removed.has(id));
}

/**
 * Deletes users, all or nothing: the memberships are kept (deleted, inactive, attributable), the
 * workspace's sessions end, and accounts left without any live membership are anonymised.
 */
export async function deleteUsers(ctx: Ctx, ids: string[]): Promise<TDeleteUsersResponse> {
  const m = manager(ctx);
  const unique = [...new Set(ids)];
  const { result, images } = await ctx.tenant(async (tx) => {
    const admins = await repo.lockActiveAdmins(tx, m.workspaceId);
    const found = new Map((await repo.findUsers(tx, m.workspaceId, unique)).map((r) => [r.userId, r]));
    const problems: { path: string; message: string }[] = [];
    unique.forEach((id, i) => {
      const path = `body.ids.${ids.indexOf(id) >= 0 ? ids.indexOf(id) : i}`;
      const refused = deleteRefusal(m, id, found.get(id));
      if (refused) problems.push({ path, message: `${id}: ${refused.reason}` });
    });
    if (problems.length === 0 && removesLastAdmin(admins, [...found.values()])) throw lastAdmin();
    if (problems.length > 0) {
      const status = problems.every((p) => p.message.endsWith('no such user')) ? 404 : 409;
      throw new AppError(
        status,
        status === 404 ? 'NOT_FOUND' : 'DELETE_REFUSED',
        `Nothing was deleted: ${problems.length === 1 ? 'one user' : `${problems.length} users`} cannot be deleted.`,
        { details: problems },
      );
    }
    await repo.deleteMemberships(tx, m.workspaceId, unique, m.accountId);
    await ctx.audit.many(
      'user.deleted',
      unique.map((id) => ({
        targetId: id,
        change: { before: toUser(found.get(id)!), erased: { profileImageKey: found.get(id)!.profileImageKey } },
      })),
    );
    await escalateToPlatform(tx, {
      action: 'users.anonymise',
      actorAccountId: m.accountId,
      traceId: ctx.traceId,
      ip: ctx.ip,
      details: { workspaceId: m.workspaceId, candidates: unique },
    });
    const anonymised = await repo.anonymiseOrphans(tx, unique);
    await ctx.audit.many(
      'account.anonymised',
      anonymised.map((id) => ({ targetId: id, change: null })),
    );
    const images = unique.flatMap((id) => found.get(id)?.profileImageKey ?? []);
    return { result: { deleted: unique }, images };
  });
  // The pictures are erased once no membership points at them any more.
  for (const key of images) await deleteStoredFile(ctx, key);
  return result;
}

/** Business units and departments for the users table's filters and the edit form, in the caller's scope. */
export async function filterOptions(ctx: Ctx, branchId?: string): Promise<TUserFilterOptions> {
  const m = manager(ctx);
  return ctx.tenant(async (tx) => {
    await checkBranchFilter(tx, m, branchId);
    return repo.filterOptions(tx, m.workspaceId, branchId ?? ownUnit(m));
  });
}
