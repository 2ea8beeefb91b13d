import type { TUserSortBy, TUserStatus, TWorkspaceRole } from '@app/contract';
import { type AnyColumn, and, asc, count, desc, eq, gt, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../core/db/database.ts';
import { containsPattern, pageWindow } from '../../../core/paginate.ts';
import {
  accounts,
  branches,
  departments,
  invitations,
  memberships,
  rolePermissions,
  sessions,
} from '../../../db/schema.ts';

/** Which users a query may see: a whole workspace, or one business unit of it. */
export type UserScope = { workspaceId: string; branchId: string | null };

/**
 * Filters of a users query. `search` is matched case-insensitively with `ILIKE` on each chosen
 * field of the membership's `search_text` (see `searchWhere`).
 */
export type UserQuery = {
  branchId?: string | undefined;
  departmentId?: string | undefined;
  role?: TWorkspaceRole | undefined;
  status?: TUserStatus | undefined;
  search?: { text: string; fields: SearchField[] } | undefined;
  sortBy?: TUserSortBy | undefined;
  sortDirection?: 'ASC' | 'DESC' | undefined;
};
export type SearchField = 'NAME' | 'EMAIL' | 'EMPLOYEE_ID' | 'CONTACT_NUMBER' | 'USERNAME';

/** The filters that read memberships alone (scope, unit, department, role, status). */
function memberWhere(scope: UserScope, q: UserQuery): SQL[] {
  const parts: SQL[] = [eq(memberships.workspaceId, scope.workspaceId), isNull(memberships.deletedAt)];
  if (scope.branchId) parts.push(eq(memberships.branchId, scope.branchId));
  if (q.branchId) parts.push(eq(memberships.branchId, q.branchId));
  if (q.departmentId) parts.push(eq(memberships.departmentId, q.departmentId));
  if (q.role) parts.push(eq(memberships.role, q.role));
  if (q.status === 'ACTIVE') parts.push(eq(memberships.active, true));
  if (q.status === 'INACTIVE') parts.push(eq(memberships.active, false));
  return parts;
}

/** Where each field sits in `memberships.search_text` (migration 0019, `app_user_search_text`). */
const SEARCH_FIELD_NO: Record<SearchField, number> = {
  NAME: 1,
  EMAIL: 2,
  USERNAME: 3,
  EMPLOYEE_ID: 4,
  CONTACT_NUMBER: 5,
};
const fieldOf = (f: SearchField) =>
  sql`split_part(${memberships.searchText}, chr(31), ${sql.raw(String(SEARCH_FIELD_NO[f]))})`;
/** The workspace's members whose whole search text contains the pattern, by its trigram index. */
const narrowedBy = (pattern: string) =>
  sql`${memberships.accountId} in (select account_id from app_member_search(${pattern}))`;

/**
 * The search's filters (none without search text), on memberships alone: the members whose
 * search text contains the text, found by the trigram index (`app_member_search`), then the
 * exact case-insensitive match on each chosen field ("first last", email, username, employee id;
 * the contact number without spaces, brackets and dashes in the text; `%` and `_` literal).
 */
function searchWhere(q: UserQuery): SQL[] {
  const text = q.search?.text.trim();
  if (!text || !q.search) return [];
  const pattern = containsPattern(text);
  const phonePattern = containsPattern(text.replace(/[\s()-]/g, ''));
  const fields = new Set(q.search.fields);
  const any: SQL[] = [];
  const patterns = new Set<string>();
  for (const f of ['NAME', 'EMAIL', 'USERNAME', 'EMPLOYEE_ID'] as const) {
    if (!fields.has(f)) continue;
    any.push(ilike(fieldOf(f), pattern));
    patterns.add(pattern);
  }
  if (fields.has('CONTACT_NUMBER')) {
    any.push(and(sql`${fieldOf('CONTACT_NUMBER')} <> ''`, ilike(fieldOf('CONTACT_NUMBER'), phonePattern))!);
    patterns.add(phonePattern);
  }
  return [or(...[...patterns].map(narrowedBy))!, or(...any)!];
}

function whereOf(scope: UserScope, q: UserQuery): SQL {
  return and(...memberWhere(scope, q), ...searchWhere(q))!;
}

/** A user's own columns (account and membership), without the names of its unit and department. */
const memberColumns = {
  userId: accounts.id,
  firstName: accounts.firstName,
  lastName: accounts.lastName,
  userEmail: accounts.email,
  username: accounts.username,
  contactNumber: accounts.contactNumber,
  emailVerified: accounts.emailVerified,
  employeeId: memberships.employeeId,
  designation: memberships.designation,
  role: memberships.role,
  branchId: memberships.branchId,
  departmentId: memberships.departmentId,
  dateOfJoining: memberships.dateOfJoining,
  active: memberships.active,
  createdAt: memberships.createdAt,
  profileImageKey: memberships.profileImageKey,
};
const rowColumns = { ...memberColumns, branchName: branches.name, departmentName: departments.name };
export type UserRow = {
  userId: string;
  firstName: string;
  lastName: string;
  userEmail: string | null;
  username: string | null;
  contactNumber: string | null;
  emailVerified: boolean;
  employeeId: string | null;
  designation: string | null;
  role: string;
  branchId: string | null;
  branchName: string | null;
  departmentId: string | null;
  departmentName: string | null;
  dateOfJoining: string | null;
  active: boolean;
  createdAt: Date;
  profileImageKey: string | null;
};

function baseSelect(tx: Tx) {
  return tx
    .select(rowColumns)
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .leftJoin(branches, and(eq(branches.workspaceId, memberships.workspaceId), eq(branches.id, memberships.branchId)))
    .leftJoin(
      departments,
      and(eq(departments.workspaceId, memberships.workspaceId), eq(departments.id, memberships.departmentId)),
    );
}

/**
 * The column each sort reads first (then the name keys and the id); NAME: the name keys alone.
 * Business unit and department: their names, lower-cased, kept on the membership by triggers
 * (migration 0024), so that each order is an index scan like the name's.
 */
const SORT_COLUMN: Record<TUserSortBy, AnyColumn | null> = {
  NAME: null,
  EMPLOYEE_ID: memberships.employeeId,
  ROLE: memberships.role,
  STATUS: memberships.active,
  BUSINESS_UNIT: memberships.sortUnit,
  DEPARTMENT: memberships.sortDepartment,
};
/** The sort columns that may be NULL (no employee ID, unit or department): last going up, first going down. */
const NULLABLE_SORT = new Set<TUserSortBy>(['EMPLOYEE_ID', 'BUSINESS_UNIT', 'DEPARTMENT']);

/**
 * One page of users, sorted by name then id (stable), and the exact total. The page is chosen on
 * memberships alone (an index scan of `memberships_sort_idx` in name order; with search, the
 * trigram-narrowed members) and only its rows are joined to their accounts, units and
 * departments; the total counts memberships alone. See docs/web-forms-and-lists.md, "Lists at
 * scale".
 */
export async function listUsers(tx: Tx, scope: UserScope, q: UserQuery, page: { pageNo: number; pageSize: number }) {
  const where = whereOf(scope, q);
  const w = pageWindow(page);
  const rows = await sortedRows(tx, scope, q, where, w.limit, w.offset);
  const [counted] = await tx.select({ n: count() }).from(memberships).where(where);
  const total = counted?.n ?? 0;
  return { rows: rows as UserRow[], total };
}

/** One live (not deleted) member of the workspace, with its membership. */
export async function findUser(tx: Tx, workspaceId: string, accountId: string, lock = false) {
  const q = baseSelect(tx).where(
    and(eq(memberships.workspaceId, workspaceId), eq(memberships.accountId, accountId), isNull(memberships.deletedAt)),
  );
  const [row] = await (lock ? q.for('update', { of: memberships }) : q);
  return (row as UserRow | undefined) ?? null;
}

/** Live members of the workspace among `ids`, locked for the command. */
export async function findUsers(tx: Tx, workspaceId: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await baseSelect(tx)
    .where(
      and(eq(memberships.workspaceId, workspaceId), inArray(memberships.accountId, ids), isNull(memberships.deletedAt)),
    )
    .orderBy(asc(memberships.id))
    .for('update', { of: memberships });
  return rows as UserRow[];
}

/** Counts in the scope: by status and role, and pending invitations. */
export async function stats(tx: Tx, scope: UserScope) {
  const rows = await tx
    .select({ role: memberships.role, active: memberships.active, n: count() })
    .from(memberships)
    .where(whereOf(scope, {}))
    .groupBy(memberships.role, memberships.active);
  const [pending] = await tx
    .select({ n: count() })
    .from(invitations)
    .where(
      and(
        eq(invitations.workspaceId, scope.workspaceId),
        scope.branchId ? eq(invitations.branchId, scope.branchId) : undefined,
        isNull(invitations.usedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, sql`app_now()`),
      ),
    );
  return { rows, pendingInvitations: pending?.n ?? 0 };
}

/**
 * Locks and returns the workspace's active admins (ordered, so that concurrent commands lock in the
 * same order and cannot deadlock). Taken first by every command that may change an admin, so that
 * two concurrent demotions cannot both pass the last-admin check.
 */
export async function lockActiveAdmins(tx: Tx, workspaceId: string): Promise<string[]> {
  const rows = await tx
    .select({ accountId: memberships.accountId })
    .from(memberships)
    .where(
      and(
        eq(memberships.workspaceId, workspaceId),
        eq(memberships.role, 'WORKSPACE_ADMIN'),
        eq(memberships.active, true),
        isNull(memberships.deletedAt),
      ),
    )
    .orderBy(asc(memberships.id))
    .for('update');
  return rows.map((r) => r.accountId);
}

export async function findBranch(tx: Tx, workspaceId: string, branchId: string) {
  const [row] = await tx
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(and(eq(branches.workspaceId, workspaceId), eq(branches.id, branchId)));
  return row ?? null;
}

export async function findDepartment(tx: Tx, workspaceId: string, departmentId: string) {
  const [row] = await tx
    .select({ id: departments.id, branchId: departments.branchId })
    .from(departments)
    .where(and(eq(departments.workspaceId, workspaceId), eq(departments.id, departmentId)));
  return row ?? null;
}

/** Changes a membership's workspace-specific fields. */
export async function updateMembership(
  tx: Tx,
  workspaceId: string,
  accountId: string,
  set: Partial<{
    role: string;
    branchId: string;
    departmentId: string | null;
    designation: string | null;
    employeeId: string | null;
    dateOfJoining: string | null;
    active: boolean;
    profileImageKey: string | null;
    /** The name certificates carry (issue 21, item 25): what the administrator records. */
    legalName: string | null;
  }>,
  by: string,
) {
  await tx
    .update(memberships)
    .set({ ...set, updatedAt: sql`app_now()`, updatedBy: by })
    .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.accountId, accountId)));
}

/** Changes the account's own fields (shared by all its workspaces). */
export async function updateAccount(
  tx: Tx,
  accountId: string,
  set: Partial<{ firstName: string; lastName: string; contactNumber: string | null }>,
) {
  await tx
    .update(accounts)
    .set({ ...set, updatedAt: sql`app_now()` })
    .where(eq(accounts.id, accountId));
}

/**
 * Marks memberships deleted (and inactive), forgets their profile images (the caller deletes the
 * files) and ends their sessions in this workspace.
 */
export async function deleteMemberships(tx: Tx, workspaceId: string, accountIds: string[], by: string) {
  await tx
    .update(memberships)
    .set({
      active: false,
      deletedAt: sql`app_now()`,
      deletedBy: by,
      profileImageKey: null,
      updatedAt: sql`app_now()`,
      updatedBy: by,
    })
    .where(and(eq(memberships.workspaceId, workspaceId), inArray(memberships.accountId, accountIds)));
  await endSessions(tx, workspaceId, accountIds);
}

/**
 * Revokes for good the live sessions of these accounts in this workspace (deactivation, deletion):
 * a later reactivation does not bring the old bearer tokens back. Returns how many were ended.
 */
export async function endSessions(tx: Tx, workspaceId: string, accountIds: string[]): Promise<number> {
  if (accountIds.length === 0) return 0;
  const rows = await tx
    .update(sessions)
    .set({ revokedAt: sql`app_now()` })
    .where(
      and(eq(sessions.workspaceId, workspaceId), inArray(sessions.accountId, accountIds), isNull(sessions.revokedAt)),
    )
    .returning({ id: sessions.id });
  return rows.length;
}

/**
 * Erases the identifying data of those `accountIds` that have no live membership left anywhere
 * (platform role: other workspaces' memberships must be seen). Returns the ids anonymised.
 */
export async function anonymiseOrphans(tx: Tx, accountIds: string[]) {
  if (accountIds.length === 0) return [];
  const rows = await tx
    .update(accounts)
    .set({
      email: null,
      username: sql`'deleted-' || ${accounts.id}::text`,
      contactNumber: null,
      firstName: '',
      lastName: '',
      passwordHash: null,
      emailVerified: false,
      anonymisedAt: sql`app_now()`,
      updatedAt: sql`app_now()`,
    })
    .where(
      and(
        inArray(accounts.id, accountIds),
        isNull(accounts.platformRole),
        sql`not exists (select 1 from ${memberships} m where m.account_id = ${accounts.id} and m.deleted_at is null)`,
      ),
    )
    .returning({ id: accounts.id });
  // Sessions on the platform host, and any other, end too.
  const ids = rows.map((r) => r.id);
  if (ids.length > 0) {
    await tx
      .update(sessions)
      .set({ revokedAt: sql`app_now()` })
      .where(and(inArray(sessions.accountId, ids), isNull(sessions.revokedAt)));
  }
  return ids;
}

/** Sets one cell: an override row when it differs from the default, none when it matches. */
export async function setPermission(
  tx: Tx,
  workspaceId: string,
  cell: { role: string; permission: string; granted: boolean },
  isDefault: boolean,
  by: string,
) {
  const key = and(
    eq(rolePermissions.workspaceId, workspaceId),
    eq(rolePermissions.role, cell.role),
    eq(rolePermissions.permission, cell.permission),
  );
  if (isDefault) {
    await tx.delete(rolePermissions).where(key);
    return;
  }
  await tx
    .insert(rolePermissions)
    .values({ workspaceId, ...cell, updatedBy: by })
    .onConflictDoUpdate({
      target: [rolePermissions.workspaceId, rolePermissions.role, rolePermissions.permission],
      set: { granted: cell.granted, updatedAt: sql`app_now()`, updatedBy: by },
    });
}

/** Business units (one, or all) and their departments, sorted by name. */
export async function filterOptions(tx: Tx, workspaceId: string, branchId: string | null) {
  const units = await tx
    .select({ branchId: branches.id, branchName: branches.name })
    .from(branches)
    .where(and(eq(branches.workspaceId, workspaceId), branchId ? eq(branches.id, branchId) : undefined))
    .orderBy(asc(sql`lower(${branches.name})`), asc(branches.id));
  const depts = await tx
    .select({ departmentId: departments.id, departmentName: departments.name, branchId: departments.branchId })
    .from(departments)
    .where(and(eq(departments.workspaceId, workspaceId), branchId ? eq(departments.branchId, branchId) : undefined))
    .orderBy(asc(sql`lower(${departments.name})`), asc(departments.id));
  return { branches: units, departments: depts };
}

/**
 * Live members of the workspace (every business unit) whose email or username (without case) or
 * employee id is among these; for a file that names users to delete.
 */
export async function findUsersByIdentifiers(
  tx: Tx,
  workspaceId: string,
  ids: { emails: string[]; usernames: string[]; employeeIds: string[] },
) {
  const rows = await baseSelect(tx).where(
    and(
      eq(memberships.workspaceId, workspaceId),
      isNull(memberships.deletedAt),
      or(
        sql`lower(${accounts.email}) = any(${sql.param(ids.emails)}::text[])`,
        sql`lower(${accounts.username}) = any(${sql.param(ids.usernames)}::text[])`,
        sql`${memberships.employeeId} = any(${sql.param(ids.employeeIds)}::text[])`,
      ),
    ),
  );
  return rows as UserRow[];
}

/**
 * Accounts of any workspace with one of these emails (lower case) or phone numbers. Needs the
 * platform role: an account that belongs only to other workspaces is hidden from this one.
 */
export async function findAccountsByAddress(tx: Tx, emails: string[], phones: string[]) {
  return queryRows<{ id: string; email: string | null; contact_number: string | null }>(
    tx,
    sql`select id, lower(email) as email, contact_number from accounts
        where lower(email) = any(${sql.param(emails)}::text[]) or contact_number = any(${sql.param(phones)}::text[])`,
  );
}

/** A new member's account as an administrator creates it: no password, so the first sign-in is by code. */
export type NewAccount = { email: string | null; contactNumber: string | null; firstName: string; lastName: string };

/**
 * Creates accounts in one statement, each without a password and with `first_login` set (the person
 * signs in with a code, then sets a name and password on /first-login). Platform role.
 */
export async function insertAccounts(tx: Tx, list: NewAccount[]) {
  if (list.length === 0) return [];
  const col = <K extends keyof NewAccount>(k: K) => sql.param(list.map((a) => a[k]));
  return queryRows<{ id: string; email: string | null; contact_number: string | null }>(
    tx,
    sql`insert into accounts (email, contact_number, first_name, last_name, first_login, email_verified)
        select t.email, t.contact_number, t.first_name, t.last_name, true, false
        from unnest(${col('email')}::text[], ${col('contactNumber')}::text[], ${col('firstName')}::text[], ${col('lastName')}::text[])
          as t(email, contact_number, first_name, last_name)
        returning id, lower(email) as email, contact_number`,
  );
}

/** A membership to add from a file row. */
export type NewMembership = {
  accountId: string;
  role: string;
  branchId: string;
  departmentId: string | null;
  designation: string | null;
  employeeId: string | null;
  dateOfJoining: string | null;
};

/**
 * Adds memberships in one statement. A membership deleted earlier (the person left and comes back)
 * is brought back with the new fields; a live one is never overwritten (it is not returned, and the
 * caller then counts fewer rows). The first membership of an account becomes its default workspace.
 */
export async function insertMemberships(tx: Tx, workspaceId: string, list: NewMembership[], by: string) {
  if (list.length === 0) return [];
  const col = <K extends keyof NewMembership>(k: K) => sql.param(list.map((a) => a[k]));
  return queryRows<{ account_id: string }>(
    tx,
    sql`insert into memberships (workspace_id, account_id, role, branch_id, department_id, designation, employee_id,
          date_of_joining, is_default, created_by)
        select ${workspaceId}, t.account_id, t.role, t.branch_id, t.department_id, t.designation, t.employee_id,
          t.date_of_joining, not exists (select 1 from memberships o where o.account_id = t.account_id), ${by}
        from unnest(${col('accountId')}::uuid[], ${col('role')}::text[], ${col('branchId')}::uuid[], ${col('departmentId')}::uuid[],
          ${col('designation')}::text[], ${col('employeeId')}::text[], ${col('dateOfJoining')}::date[])
          as t(account_id, role, branch_id, department_id, designation, employee_id, date_of_joining)
        on conflict (workspace_id, account_id) do update set
          role = excluded.role, branch_id = excluded.branch_id, department_id = excluded.department_id,
          designation = excluded.designation, employee_id = excluded.employee_id, date_of_joining = excluded.date_of_joining,
          active = true, deleted_at = null, deleted_by = null, updated_at = app_now(), updated_by = ${by}
          where memberships.deleted_at is not null
        returning account_id`,
  );
}

/**
 * Marks the pending invitations of these people (by lower-case email, or phone) used by their new
 * membership, so that they no longer hold a place and their links stop working.
 */
export async function useInvitations(tx: Tx, workspaceId: string, people: Array<{ key: string; accountId: string }>) {
  if (people.length === 0) return 0;
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update invitations i set used_at = app_now(), used_by = t.account_id, updated_at = app_now()
        from unnest(${sql.param(people.map((p) => p.key))}::text[], ${sql.param(people.map((p) => p.accountId))}::uuid[])
          as t(key, account_id)
        where i.workspace_id = ${workspaceId} and i.used_at is null and i.revoked_at is null and i.expires_at > app_now()
          and (lower(i.email) = t.key or i.contact_number = t.key)
        returning i.id`,
  );
  return rows.length;
}

/** Where an export batch stopped: the last row's sort keys (`key`: the sort's own column, null for NAME). */
export type ExportCursor = { key: string | boolean | null; sortFirst: string; sortLast: string; accountId: string };
export type ExportRow = UserRow & { sortKey: string | boolean | null; sortFirst: string; sortLast: string };

/**
 * The next `limit` users of an export, in the list's order (`q.sortBy`, `q.sortDirection`: the sort
 * column, then name, then id, all one way), after `after`: a keyset read on the order's index (the
 * filters of the list, the rows past the cursor as one row comparison, which the index takes as
 * its start), then only these rows joined to their accounts, units and departments. Each batch is
 * its own short read, so an export of 100,000 members never holds them all. A column that may be
 * NULL is read in two segments (values, then NULLs going up; NULLs, then values going down), each
 * a row comparison on the index, as a row comparison with a NULL is never true.
 */
export async function exportBatch(
  tx: Tx,
  scope: UserScope,
  q: UserQuery,
  after: ExportCursor | null,
  limit: number,
): Promise<ExportRow[]> {
  const sortBy = q.sortBy ?? 'NAME';
  const primary = SORT_COLUMN[sortBy];
  const down = q.sortDirection === 'DESC';
  const cmp = down ? sql.raw('<') : sql.raw('>');
  const names = sql`${memberships.sortFirst}, ${memberships.sortLast}, ${memberships.accountId}`;
  const namesAfter = (c: ExportCursor) => sql`(${names}) ${cmp} (${c.sortFirst}, ${c.sortLast}, ${c.accountId}::uuid)`;
  if (!primary) return exportRead(tx, scope, q, after ? namesAfter(after) : undefined, limit);
  const keyAfter = (c: ExportCursor) =>
    sql`(${primary}, ${names}) ${cmp} (${c.key}, ${c.sortFirst}, ${c.sortLast}, ${c.accountId}::uuid)`;
  if (!NULLABLE_SORT.has(sortBy)) return exportRead(tx, scope, q, after ? keyAfter(after) : undefined, limit);
  // Two segments: where the cursor is, then (if the batch is not full) the next one from its start.
  type Segment = 'VALUES' | 'NULLS';
  const segments: Segment[] = down ? ['NULLS', 'VALUES'] : ['VALUES', 'NULLS'];
  const at: Segment = after === null ? segments[0]! : after.key === null ? 'NULLS' : 'VALUES';
  const where = (seg: Segment, c: ExportCursor | null) =>
    seg === 'NULLS'
      ? and(sql`${primary} is null`, c ? namesAfter(c) : undefined)
      : and(sql`${primary} is not null`, c ? keyAfter(c) : undefined);
  const rows = await exportRead(tx, scope, q, where(at, after), limit);
  const next = segments[segments.indexOf(at) + 1];
  if (rows.length < limit && next)
    rows.push(...(await exportRead(tx, scope, q, where(next, null), limit - rows.length)));
  return rows;
}

/** One keyset read of an export: the filters and `past`, in the list's order, `limit` rows, joined. */
async function exportRead(tx: Tx, scope: UserScope, q: UserQuery, past: SQL | undefined, limit: number) {
  return (await sortedRows(tx, scope, q, and(whereOf(scope, q), past), limit, 0)) as ExportRow[];
}

/**
 * The rows of `where` in the list's order (`q.sortBy`, then the name keys and the id), `limit` of
 * them from `offset`: chosen on memberships alone (an index scan that stops after them), then only
 * these joined to their accounts, units and departments. Each row also carries its sort keys (an
 * export's cursor). The users page and the export both read through here.
 */
async function sortedRows(
  tx: Tx,
  scope: UserScope,
  q: UserQuery,
  where: SQL | undefined,
  limit: number,
  offset: number,
) {
  const primary = SORT_COLUMN[q.sortBy ?? 'NAME'];
  // Every key in one direction, so that the index is read forwards or backwards and stops after the page.
  const dir = q.sortDirection === 'DESC' ? desc : asc;
  const keys = {
    accountId: memberships.accountId,
    sortFirst: memberships.sortFirst,
    sortLast: memberships.sortLast,
    // The sort's own column (a constant for NAME), for the outer query's order.
    sortKey: (primary ? sql`${primary}` : sql`null`).as('sort_key'),
  };
  const chosen = tx
    .select(keys)
    .from(memberships)
    .where(where)
    .orderBy(
      ...(primary ? [dir(primary)] : []),
      dir(memberships.sortFirst),
      dir(memberships.sortLast),
      dir(memberships.accountId),
    )
    .limit(limit)
    .offset(offset)
    .as('chosen');
  return tx
    .select({ ...rowColumns, sortKey: chosen.sortKey, sortFirst: chosen.sortFirst, sortLast: chosen.sortLast })
    .from(chosen)
    .innerJoin(
      memberships,
      and(eq(memberships.workspaceId, scope.workspaceId), eq(memberships.accountId, chosen.accountId)),
    )
    .innerJoin(accounts, eq(accounts.id, chosen.accountId))
    .leftJoin(branches, and(eq(branches.workspaceId, scope.workspaceId), eq(branches.id, memberships.branchId)))
    .leftJoin(
      departments,
      and(eq(departments.workspaceId, scope.workspaceId), eq(departments.id, memberships.departmentId)),
    )
    .orderBy(
      ...(primary ? [dir(chosen.sortKey)] : []),
      dir(chosen.sortFirst),
      dir(chosen.sortLast),
      dir(chosen.accountId),
    );
}

/** How many users the filters match (the list's total). */
export async function countUsers(tx: Tx, scope: UserScope, q: UserQuery): Promise<number> {
  const [counted] = await tx.select({ n: count() }).from(memberships).where(whereOf(scope, q));
  return counted?.n ?? 0;
}
