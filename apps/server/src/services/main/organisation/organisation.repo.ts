import { and, asc, count, desc, eq, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Tx } from '../../../core/db/database.ts';
import { containsPattern, type PageRequest, paginate } from '../../../core/paginate.ts';
import {
  accounts,
  branches,
  departmentManagers,
  departments,
  invitations,
  memberships,
  workspaces,
} from '../../../db/schema.ts';

/**
 * A unit's logo path if it is one the platform stored for the unit's workspace; null otherwise, so a
 * link to another site saved before such links were refused is never handed to a page to load.
 */
export const storedBranchLogo = sql<
  string | null
>`case when ${branches.logoUrl} like '/api/workspace/logo/' || ${branches.workspaceId}::text || '/%' then ${branches.logoUrl} end`;

/** Columns of a business unit as the API shows it. */
const branchColumns = {
  branchId: branches.id,
  branchName: branches.name,
  backgroundColor: branches.backgroundColor,
  headquarter: branches.headquarter,
  branchLogo: storedBranchLogo,
  address: branches.address,
};
export type BranchRow = {
  branchId: string;
  branchName: string;
  backgroundColor: string | null;
  headquarter: boolean;
  branchLogo: string | null;
  address: string | null;
};

/** A page of business units (headquarters first, then by name), limited to `onlyIds` when given. */
export async function listBranches(tx: Tx, page: PageRequest, onlyIds: string[] | null) {
  const where = onlyIds ? inArray(branches.id, onlyIds) : undefined;
  return paginate({
    rows: tx.select(branchColumns).from(branches).where(where).$dynamic(),
    count: tx.select({ n: count() }).from(branches).where(where),
    page,
    order: { orderBy: [desc(branches.headquarter), asc(sql`lower(${branches.name})`)], tiebreaker: branches.id },
  });
}

/** Active, non-deleted members per business unit. */
export async function userCounts(tx: Tx, branchIds: string[]): Promise<Map<string, number>> {
  if (branchIds.length === 0) return new Map();
  const rows = await tx
    .select({ branchId: memberships.branchId, n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(inArray(memberships.branchId, branchIds), eq(memberships.active, true), isNull(memberships.deletedAt)))
    .groupBy(memberships.branchId);
  return new Map(rows.map((r) => [r.branchId ?? '', r.n]));
}

export async function findBranch(tx: Tx, id: string): Promise<BranchRow | null> {
  const [row] = await tx.select(branchColumns).from(branches).where(eq(branches.id, id)).limit(1);
  return row ?? null;
}

export async function findBranches(tx: Tx, ids: string[]): Promise<BranchRow[]> {
  return tx.select(branchColumns).from(branches).where(inArray(branches.id, ids)).for('update');
}

/** Ids of every business unit of the workspace. */
export async function allBranchIds(tx: Tx): Promise<string[]> {
  return (await tx.select({ id: branches.id }).from(branches).orderBy(asc(branches.name))).map((r) => r.id);
}

/** Another unit with this name (case-insensitive), if any. */
export async function branchNamed(tx: Tx, name: string, exceptId?: string) {
  const [row] = await tx
    .select({ id: branches.id })
    .from(branches)
    .where(
      and(sql`lower(${branches.name}) = lower(${name})`, exceptId ? sql`${branches.id} <> ${exceptId}` : undefined),
    )
    .limit(1);
  return row ?? null;
}

type BranchValues = { name: string; backgroundColor: string; logoUrl: string | null; address: string | null };

export async function insertBranch(tx: Tx, workspaceId: string, v: BranchValues, by: string) {
  const [row] = await tx
    .insert(branches)
    .values({ workspaceId, ...v, createdBy: by, updatedBy: by })
    .returning({ id: branches.id });
  return row!.id;
}

export async function updateBranch(tx: Tx, id: string, v: Partial<BranchValues>, by: string) {
  await tx
    .update(branches)
    .set({ ...v, updatedBy: by, updatedAt: sql`app_now()` })
    .where(eq(branches.id, id));
}

/** Makes `id` the one headquarters: unmarks the old one first (the unique index allows one), then syncs the workspace. */
export async function setHeadquarter(tx: Tx, workspaceId: string, id: string, by: string) {
  await tx
    .update(branches)
    .set({ headquarter: false, updatedBy: by, updatedAt: sql`app_now()` })
    .where(and(eq(branches.headquarter, true), sql`${branches.id} <> ${id}`));
  await tx
    .update(branches)
    .set({ headquarter: true, updatedBy: by, updatedAt: sql`app_now()` })
    .where(and(eq(branches.id, id), eq(branches.headquarter, false)));
  await tx
    .update(workspaces)
    .set({ headQuarterBranchId: id, updatedAt: sql`app_now()` })
    .where(eq(workspaces.id, workspaceId));
}

/** Per unit: members (any state, deleted ones included: their records point at the unit) and pending invitations. */
export async function branchOccupancy(tx: Tx, ids: string[]) {
  const members = await tx
    .select({ branchId: memberships.branchId, n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(inArray(memberships.branchId, ids))
    .groupBy(memberships.branchId);
  const pending = await tx
    .select({ branchId: invitations.branchId, n: sql<number>`count(*)::int` })
    .from(invitations)
    .where(
      and(
        inArray(invitations.branchId, ids),
        isNull(invitations.usedAt),
        isNull(invitations.revokedAt),
        sql`${invitations.expiresAt} > app_now()`,
      ),
    )
    .groupBy(invitations.branchId);
  return {
    members: new Map(members.map((r) => [r.branchId ?? '', r.n])),
    pending: new Map(pending.map((r) => [r.branchId, r.n])),
  };
}

/** Deletes units and what hangs only on them: their departments (and managers), and used, revoked or expired invitations. */
export async function deleteBranches(tx: Tx, ids: string[]) {
  await tx.delete(invitations).where(inArray(invitations.branchId, ids));
  await tx.delete(departments).where(inArray(departments.branchId, ids));
  await tx.delete(branches).where(inArray(branches.id, ids));
}

export async function setWorkspaceColor(tx: Tx, workspaceId: string, hex: string) {
  const [before] = await tx
    .select({ color: workspaces.backgroundColor })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  await tx
    .update(workspaces)
    .set({ backgroundColor: hex, updatedAt: sql`app_now()` })
    .where(eq(workspaces.id, workspaceId));
  return before?.color ?? null;
}

// Departments

const departmentColumns = {
  departmentId: departments.id,
  departmentName: departments.name,
  branchId: departments.branchId,
  createdAt: departments.createdAt,
  createdBy: departments.createdBy,
};
export type DepartmentRow = {
  departmentId: string;
  departmentName: string;
  branchId: string;
  createdAt: Date;
  createdBy: string | null;
};

/** A page of departments of the given units (all units when null), by name. */
export async function listDepartments(tx: Tx, branchIds: string[] | null, page: { offset: number; limit: number }) {
  const where = branchIds ? inArray(departments.branchId, branchIds) : undefined;
  const rows =
    page.limit <= 0
      ? []
      : await tx
          .select(departmentColumns)
          .from(departments)
          .where(where)
          .orderBy(asc(sql`lower(${departments.name})`), asc(departments.branchId), asc(departments.id))
          .limit(page.limit)
          .offset(page.offset);
  const [total] = await tx.select({ n: sql<number>`count(*)::int` }).from(departments).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function findDepartment(tx: Tx, id: string): Promise<DepartmentRow | null> {
  const [row] = await tx.select(departmentColumns).from(departments).where(eq(departments.id, id)).limit(1);
  return row ?? null;
}

export async function findDepartments(tx: Tx, ids: string[]): Promise<DepartmentRow[]> {
  return tx.select(departmentColumns).from(departments).where(inArray(departments.id, ids)).for('update');
}

/** The departments of these units already named `name` (case-insensitive). */
export async function departmentsNamed(tx: Tx, branchIds: string[], name: string, exceptId?: string) {
  return tx
    .select({ id: departments.id, branchId: departments.branchId })
    .from(departments)
    .where(
      and(
        inArray(departments.branchId, branchIds),
        sql`lower(${departments.name}) = lower(${name})`,
        exceptId ? sql`${departments.id} <> ${exceptId}` : undefined,
      ),
    );
}

export async function insertDepartments(tx: Tx, workspaceId: string, branchIds: string[], name: string, by: string) {
  return tx
    .insert(departments)
    .values(branchIds.map((branchId) => ({ workspaceId, branchId, name, createdBy: by, updatedBy: by })))
    .returning(departmentColumns);
}

export async function renameDepartment(tx: Tx, id: string, name: string, by: string) {
  await tx.update(departments).set({ name, updatedBy: by, updatedAt: sql`app_now()` }).where(eq(departments.id, id));
}

/** Members (any state) per department. */
export async function departmentMembers(tx: Tx, ids: string[]) {
  const rows = await tx
    .select({ departmentId: memberships.departmentId, n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(inArray(memberships.departmentId, ids))
    .groupBy(memberships.departmentId);
  return new Map(rows.map((r) => [r.departmentId ?? '', r.n]));
}

/** Deletes departments; invitations that named one keep their business unit and lose the department. */
export async function deleteDepartments(tx: Tx, ids: string[]) {
  await tx
    .update(invitations)
    .set({ departmentId: null, updatedAt: sql`app_now()` })
    .where(inArray(invitations.departmentId, ids));
  await tx.delete(departments).where(inArray(departments.id, ids));
}

// Department managers

export async function listManagers(tx: Tx, departmentId: string) {
  return tx
    .select({
      userId: departmentManagers.accountId,
      role: departmentManagers.role,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      userEmail: accounts.email,
      createdAt: departmentManagers.createdAt,
    })
    .from(departmentManagers)
    .innerJoin(accounts, eq(accounts.id, departmentManagers.accountId))
    .where(eq(departmentManagers.departmentId, departmentId))
    .orderBy(asc(accounts.firstName), asc(accounts.lastName));
}

export async function findManager(tx: Tx, departmentId: string, accountId: string) {
  const [row] = await tx
    .select({ role: departmentManagers.role })
    .from(departmentManagers)
    .where(and(eq(departmentManagers.departmentId, departmentId), eq(departmentManagers.accountId, accountId)))
    .limit(1);
  return row ?? null;
}

/** Adds a manager, or changes the role of an existing one. */
export async function upsertManager(
  tx: Tx,
  workspaceId: string,
  departmentId: string,
  accountId: string,
  role: string,
  by: string,
) {
  await tx
    .insert(departmentManagers)
    .values({ workspaceId, departmentId, accountId, role, createdBy: by })
    .onConflictDoUpdate({
      target: [departmentManagers.workspaceId, departmentManagers.departmentId, departmentManagers.accountId],
      set: { role },
    });
}

export async function removeManager(tx: Tx, departmentId: string, accountId: string) {
  await tx
    .delete(departmentManagers)
    .where(and(eq(departmentManagers.departmentId, departmentId), eq(departmentManagers.accountId, accountId)));
}

/**
 * Whether the account is an active, non-deleted member of the transaction's workspace (and of one
 * of `branchIds`, unless null).
 */
export async function isActiveMember(tx: Tx, accountId: string, branchIds: string[] | null = null) {
  const [row] = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.accountId, accountId),
        eq(memberships.active, true),
        isNull(memberships.deletedAt),
        branchIds ? inArray(memberships.branchId, branchIds) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** Active members matching `q` (name or email), for choosing a manager; of one unit when `branchId` is set. */
export async function searchMembers(tx: Tx, q: string, branchId: string | null) {
  const like = containsPattern(q);
  return tx
    .select({
      userId: accounts.id,
      firstName: accounts.firstName,
      lastName: accounts.lastName,
      userEmail: accounts.email,
    })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(
      and(
        eq(memberships.active, true),
        isNull(memberships.deletedAt),
        isNull(accounts.anonymisedAt),
        branchId ? eq(memberships.branchId, branchId) : undefined,
        q
          ? or(
              ilike(accounts.firstName, like),
              ilike(accounts.lastName, like),
              ilike(accounts.email, like),
              ilike(sql`${accounts.firstName} || ' ' || ${accounts.lastName}`, like),
            )
          : undefined,
      ),
    )
    .orderBy(asc(accounts.firstName), asc(accounts.lastName))
    .limit(20);
}
