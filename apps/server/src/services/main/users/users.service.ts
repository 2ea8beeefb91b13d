import { once } from 'node:events';
import type { Writable } from 'node:stream';
import {
  type TDeleteUsersResponse,
  type TErrorDetail,
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
import ExcelJS from 'exceljs';
import {
  type AdminScope,
  administersNoUnit,
  adminScope,
  assertCanGrantRole,
  inScope,
  ownUnit,
} from '../../../core/admin-scope.ts';
import { type Ctx, principalOf } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { escalateToPlatform } from '../../../core/db/tenant.ts';
import { AppError, errors } from '../../../core/errors.ts';
import { emit } from '../../../core/events.ts';
import { workspaceOverrides } from '../../../core/permissions.ts';
import { phoneCountry, phoneOrThrow } from '../../../core/phone.ts';
import { type Actor, allowedActions, authorize, decide, grantableRoles, withOverrides } from '../../../core/policy.ts';
import { neutraliseCell } from '../../../core/spreadsheets.ts';
import { deleteStoredFile, fileUrlOrNull } from '../../../core/storage.ts';
import { usersPolicy } from './users.policy.ts';
import * as repo from './users.repo.ts';

/**
 * Who may manage users how widely: workspace admins and employers the whole workspace; any other
 * role that holds `users.manage` (a BRANCH_ADMIN by default) only its own business unit, only
 * employees, and may grant no role but EMPLOYEE.
 */
export function manager(ctx: Ctx): AdminScope {
  const me = principalOf(ctx);
  const m = me.permissions.has('users.manage') ? adminScope(me) : null;
  if (!m || administersNoUnit(m)) throw errors.forbidden('MANAGE_USERS');
  return m;
}

/** Refuses a filter on a business unit outside the manager's scope, or one that does not exist. */
async function checkBranchFilter(tx: Tx, m: AdminScope, branchId: string | undefined) {
  if (!branchId) return;
  if (!(await repo.findBranch(tx, m.workspaceId, branchId))) throw errors.notFound('BRANCH');
  if (!inScope(m, branchId)) throw errors.forbidden('SEE_OTHER_UNITS');
}

/** A user as the audit trail records it: everything the table shows but the (short-lived) picture URL. */
function toUser(r: repo.UserRow): Omit<TWorkspaceUser, 'profileImageUrl' | 'actions'> {
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

/** Users as the API answers them, each with a fresh signed URL of its picture and what `m` may do with it. */
function present(ctx: Ctx, m: Actor, rows: repo.UserRow[]): Promise<TWorkspaceUser[]> {
  return Promise.all(
    rows.map(async (r) => ({
      ...toUser(r),
      profileImageUrl: await fileUrlOrNull(ctx.storage, r.profileImageKey),
      actions: allowedActions(m, usersPolicy, r),
    })),
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
  return toPagedResult(await present(ctx, m, rows), total, page);
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
  return present(ctx, m, rows);
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
    if (!before) throw errors.notFound('USER');
    // What the change does decides what it needs (usersPolicy): a request that changes nothing of a kind needs nothing of it.
    authorize(m, usersPolicy, 'edit', before);
    const role = fields.role ?? (before.role as TWorkspaceRole);
    const active = fields.active ?? before.active;
    if (role !== before.role) authorize(m, usersPolicy, 'changeRole', before);
    if (active !== before.active) authorize(m, usersPolicy, active ? 'reactivate' : 'deactivate', before);
    if (role !== before.role) assertCanGrantRole(m, role, await workspaceOverrides(tx, m.workspaceId));
    if (before.role === 'WORKSPACE_ADMIN' && before.active && (role !== 'WORKSPACE_ADMIN' || !active)) {
      if (admins.filter((id) => id !== userId).length === 0) throw lastAdmin();
    }
    const branchId = fields.branchId ?? before.branchId;
    if (fields.branchId && fields.branchId !== before.branchId) {
      authorize(m, usersPolicy, 'move', before);
      if (!(await repo.findBranch(tx, m.workspaceId, fields.branchId))) throw errors.notFound('BRANCH');
    }
    let departmentId = fields.departmentId === undefined ? before.departmentId : fields.departmentId;
    if (departmentId) {
      const dept = await repo.findDepartment(tx, m.workspaceId, departmentId);
      if (!dept) throw errors.notFound('DEPARTMENT');
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
      // The name an administrator records is the one certificates carry from now on.
      ...((fields.firstName !== undefined || fields.lastName !== undefined) && {
        legalName: `${fields.firstName ?? before.firstName} ${fields.lastName ?? before.lastName}`.trim() || null,
      }),
    };
    const accountChange = {
      ...(fields.firstName !== undefined && { firstName: fields.firstName }),
      ...(fields.lastName !== undefined && { lastName: fields.lastName }),
      ...(fields.contactNumber !== undefined && {
        // Typed the workspace's national way or with a country code; stored in E.164.
        contactNumber: fields.contactNumber
          ? phoneOrThrow(fields.contactNumber, await phoneCountry(tx, m.workspaceId), 'body.contactNumber')
          : null,
      }),
    };
    await repo.updateMembership(tx, m.workspaceId, userId, membershipChange, m.accountId);
    // The modules hear of it in this transaction (core events): learning retrains a member moved
    // into a higher-risk department; cases will revoke a deactivated member's access.
    if (branchId !== before.branchId || departmentId !== before.departmentId) {
      await emit(ctx, tx, 'member.moved', {
        workspaceId: m.workspaceId,
        accountId: userId,
        from: { branchId: before.branchId, departmentId: before.departmentId },
        to: { branchId, departmentId },
      });
    }
    if (before.active && !active) {
      await emit(ctx, tx, 'member.deactivated', { workspaceId: m.workspaceId, accountIds: [userId], deleted: false });
    }
    // Deactivation ends the member's sessions here for good (reactivation must not revive old tokens).
    const sessionsEnded = before.active && !active ? await repo.endSessions(tx, m.workspaceId, [userId]) : undefined;
    if (Object.keys(accountChange).length > 0) {
      try {
        await tx.transaction((sp) => repo.updateAccount(sp, userId, accountChange));
      } catch (err) {
        if (isPgError(err, '23505'))
          throw errors.conflict('PHONE_TAKEN', 'Another account already uses this phone number.');
        if (isPgError(err, '23514')) {
          throw errors.conflict(
            'ACCOUNT_NEEDS_IDENTIFIER',
            'The account needs an email, username or phone number; keep the phone number.',
          );
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
  const [user] = await present(ctx, m, [saved]);
  return user!;
}

/**
 * Why the manager may not delete `target` (null: it may), as the users policy decides. An unknown
 * user and one outside the manager's business unit read alike (`NOT_FOUND`), so that nothing about
 * other units leaks.
 */
export function deleteRefusal(
  m: AdminScope,
  _id: string,
  target: repo.UserRow | undefined,
): { kind: 'NOT_FOUND' | 'FORBIDDEN' | 'CONFLICT'; code: string; reason: string } | null {
  const refused = target ? decide(m, usersPolicy, 'delete', target) : null;
  if (target && !refused) return null;
  if (!refused || refused.status === 404) return { kind: 'NOT_FOUND', code: 'USER_NOT_FOUND', reason: 'no such user' };
  return {
    kind: refused.status === 409 ? 'CONFLICT' : 'FORBIDDEN',
    code: refused.reasonCode ?? refused.code,
    reason: refused.reason ?? refused.message,
  };
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
    const problems: TErrorDetail[] = [];
    unique.forEach((id, i) => {
      const path = `body.ids.${ids.indexOf(id) >= 0 ? ids.indexOf(id) : i}`;
      const refused = deleteRefusal(m, id, found.get(id));
      if (refused) problems.push({ path, message: `${id}: ${refused.reason}`, code: refused.code, params: { id } });
    });
    if (problems.length === 0 && removesLastAdmin(admins, [...found.values()])) throw lastAdmin();
    if (problems.length > 0) {
      const status = problems.every((p) => p.message.endsWith('no such user')) ? 404 : 409;
      throw new AppError(
        status,
        status === 404 ? 'NOT_FOUND' : 'DELETE_REFUSED',
        `Nothing was deleted: ${problems.length === 1 ? 'one user' : `${problems.length} users`} cannot be deleted.`,
        { details: problems, params: { reason: 'USERS_NOT_DELETED', count: problems.length } },
      );
    }
    await repo.deleteMemberships(tx, m.workspaceId, unique, m.accountId);
    await emit(ctx, tx, 'member.deactivated', { workspaceId: m.workspaceId, accountIds: unique, deleted: true });
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

/**
 * Business units and departments for the users table's filters and the edit form, in the caller's
 * scope, and the roles the caller may give (the grant rule, as a role change applies it).
 */
export async function filterOptions(ctx: Ctx, branchId?: string): Promise<TUserFilterOptions> {
  const m = manager(ctx);
  return ctx.tenant(async (tx) => {
    await checkBranchFilter(tx, m, branchId);
    const options = await repo.filterOptions(tx, m.workspaceId, branchId ?? ownUnit(m));
    const actor = withOverrides(m, await workspaceOverrides(tx, m.workspaceId));
    return { ...options, grantableRoles: grantableRoles(actor, ZWorkspaceRole.options) };
  });
}

/** Users read per batch by an export (each batch one short read). */
export const EXPORT_BATCH = 1000;

const EXPORT_ROLE: Record<string, string> = {
  EMPLOYEE: 'Employee',
  BRANCH_ADMIN: 'Business unit admin',
  EMPLOYER: 'Employer',
  WORKSPACE_ADMIN: 'Workspace admin',
};
/** The export's columns: the names the import's column guesser knows, so a file can go back in. */
export const EXPORT_HEADER = [
  'First name',
  'Last name',
  'Email',
  'Username',
  'Phone number',
  'Employee ID',
  'Role',
  'Business unit',
  'Department',
  'Designation',
  'Date of joining',
  'Status',
];
const exportCells = (u: repo.UserRow): string[] => [
  u.firstName,
  u.lastName,
  u.userEmail ?? '',
  u.username ?? '',
  u.contactNumber ?? '',
  u.employeeId ?? '',
  EXPORT_ROLE[u.role] ?? u.role,
  u.branchName ?? '',
  u.departmentName ?? '',
  u.designation ?? '',
  u.dateOfJoining ?? '',
  u.active ? 'Active' : 'Deactivated',
];

/**
 * `POST /api/workspace/users/export?format=csv|xlsx`: the users the filters match (the same
 * filters and role scoping as the list: a business unit admin exports its unit only), in the
 * list's order. Checks the filter and audits the export (with its row count) first, then returns
 * the writer: it reads `EXPORT_BATCH` users at a time (keyset, each batch its own short read)
 * and writes them to the stream, waiting for the reader, so memory stays flat however many
 * members the workspace has. Every text cell is neutralised against formulas.
 */
export async function exportUsers(
  ctx: Ctx,
  filter: TUserFilter & { searchText?: string },
  format: 'csv' | 'xlsx',
): Promise<(out: Writable) => Promise<void>> {
  const m = manager(ctx);
  const scope = { workspaceId: m.workspaceId, branchId: ownUnit(m) };
  const query: repo.UserQuery = {
    ...filter,
    search: filter.searchText ? { text: filter.searchText, fields: ALL_FIELDS } : undefined,
  };
  await ctx.tenant(async (tx) => {
    await checkBranchFilter(tx, m, filter.branchId);
    const rows = await repo.countUsers(tx, scope, query);
    await ctx.audit('users.exported', 'list', { format, filter: { ...filter }, rows });
  });
  async function* batches(): AsyncGenerator<string[][]> {
    let after: repo.ExportCursor | null = null;
    for (;;) {
      const cursor: repo.ExportCursor | null = after;
      const rows: Awaited<ReturnType<typeof repo.exportBatch>> = await ctx.tenant((tx) =>
        repo.exportBatch(tx, scope, query, cursor, EXPORT_BATCH),
      );
      if (rows.length) yield rows.map(exportCells);
      if (rows.length < EXPORT_BATCH) return;
      const last: (typeof rows)[number] = rows.at(-1)!;
      after = { key: last.sortKey, sortFirst: last.sortFirst, sortLast: last.sortLast, accountId: last.userId };
    }
  }
  if (format === 'xlsx') {
    return async (out) => {
      const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
      const sheet = wb.addWorksheet('Users');
      const top = sheet.addRow(EXPORT_HEADER);
      top.font = { bold: true };
      top.commit();
      for await (const batch of batches()) {
        for (const cells of batch) sheet.addRow(cells.map(neutraliseCell)).commit();
        if (out.writableNeedDrain) await once(out, 'drain');
      }
      sheet.commit();
      await wb.commit();
    };
  }
  const line = (cells: Array<string | number>) =>
    `${cells.map((c) => (/[",\r\n]/.test(String(c)) ? `"${String(c).replaceAll('"', '""')}"` : String(c))).join(',')}\r\n`;
  return async (out) => {
    out.write(`\ufeff${line(EXPORT_HEADER)}`);
    for await (const batch of batches()) {
      if (!out.write(batch.map((cells) => line(cells.map(neutraliseCell))).join(''))) await once(out, 'drain');
    }
    out.end();
  };
}
