import type { TInvitationListRequest } from '@app/contract';
import { and, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../core/db/database.ts';
import { containsPattern, paginate } from '../../../core/paginate.ts';
import {
  accounts,
  branches,
  departments,
  emailTemplates,
  invitations,
  memberships,
  workspaces,
} from '../../../db/schema.ts';

export type InvitationRow = typeof invitations.$inferSelect;

/** Business units an administrator is limited to (null: every one). */
type Units = string[] | null;

const unitFilter = (units: Units): SQL | undefined =>
  units === null ? undefined : inArray(invitations.branchId, units);

const live = () => and(isNull(invitations.usedAt), isNull(invitations.revokedAt));

/**
 * A workspace's user limit, its active members and what is left under the limit (members plus
 * pending invitations; never below 0, even when the operator set the limit below today's members);
 * null without a limit.
 */
export async function userLimit(
  tx: Tx,
  workspaceId: string,
): Promise<{ limit: number; members: number; left: number } | null> {
  const [row] = await queryRows<{ user_limit: number | null; members: number; pending: number }>(
    tx,
    sql`select w.user_limit,
               (select count(*)::int from memberships m where m.workspace_id = w.id and m.active and m.deleted_at is null) as members,
               (select count(*)::int from invitations i where i.workspace_id = w.id and i.used_at is null and i.revoked_at is null and i.expires_at > app_now()) as pending
        from workspaces w where w.id = ${workspaceId}`,
  );
  if (row?.user_limit == null) return null;
  const limit = Number(row.user_limit);
  const members = Number(row.members);
  return { limit, members, left: Math.max(0, limit - members - Number(row.pending)) };
}

/** The workspace's saved invitation mail, if it has customised it. */
export async function findTemplate(tx: Tx, workspaceId: string) {
  const [row] = await tx
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.workspaceId, workspaceId), eq(emailTemplates.kind, 'INVITATION')));
  return row;
}

/** Saves the workspace's invitation mail. */
export async function saveTemplate(
  tx: Tx,
  workspaceId: string,
  input: { subject: string; bodyText: string },
  by: string,
): Promise<void> {
  await tx
    .insert(emailTemplates)
    .values({ workspaceId, kind: 'INVITATION', subject: input.subject, bodyText: input.bodyText, updatedBy: by })
    .onConflictDoUpdate({
      target: [emailTemplates.workspaceId, emailTemplates.kind],
      set: { subject: input.subject, bodyText: input.bodyText, updatedAt: sql`app_now()`, updatedBy: by },
    });
}

/** The workspace's company name. */
export async function companyName(tx: Tx, workspaceId: string): Promise<string> {
  const [ws] = await tx.select({ name: workspaces.companyName }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return ws?.name ?? '';
}

/** The names of these business units and departments (only those, not every one in the workspace). */
export async function unitNames(tx: Tx, workspaceId: string, branchIds: string[], departmentIds: string[]) {
  const names = await tx
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(and(eq(branches.workspaceId, workspaceId), inArray(branches.id, branchIds)));
  const depts = await tx
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(and(eq(departments.workspaceId, workspaceId), inArray(departments.id, departmentIds)));
  return {
    branches: new Map(names.map((b) => [b.id, b.name])),
    departments: new Map(depts.map((d) => [d.id, d.name])),
  };
}

/** Whether the business unit exists in the workspace. */
export async function branchExists(tx: Tx, workspaceId: string, branchId: string): Promise<boolean> {
  const [branch] = await tx
    .select({ id: branches.id })
    .from(branches)
    .where(and(eq(branches.workspaceId, workspaceId), eq(branches.id, branchId)));
  return Boolean(branch);
}

/** Whether the department exists in that business unit. */
export async function departmentInBranch(
  tx: Tx,
  workspaceId: string,
  departmentId: string,
  branchId: string,
): Promise<boolean> {
  const [dept] = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(
      and(
        eq(departments.workspaceId, workspaceId),
        eq(departments.id, departmentId),
        eq(departments.branchId, branchId),
      ),
    );
  return Boolean(dept);
}

/** Who a person is: a lower-case email address, or else a phone number. */
export type Contact = { email: string | null; contactNumber: string | null };

/** Whether a (not deleted) member of the workspace has this address or number. */
export async function isMember(tx: Tx, workspaceId: string, who: Contact): Promise<boolean> {
  const [member] = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(
      and(
        eq(memberships.workspaceId, workspaceId),
        isNull(memberships.deletedAt),
        who.email ? sql`lower(${accounts.email}) = ${who.email}` : eq(accounts.contactNumber, who.contactNumber ?? ''),
      ),
    )
    .limit(1);
  return Boolean(member);
}

/** Whether a pending (unused, not revoked, unexpired) invitation has this address or number. */
export async function isInvited(tx: Tx, workspaceId: string, who: Contact): Promise<boolean> {
  const [pending] = await tx
    .select({ id: invitations.id })
    .from(invitations)
    .where(
      and(
        eq(invitations.workspaceId, workspaceId),
        live(),
        sql`${invitations.expiresAt} > app_now()`,
        who.email
          ? sql`lower(${invitations.email}) = ${who.email}`
          : eq(invitations.contactNumber, who.contactNumber ?? ''),
      ),
    )
    .limit(1);
  return Boolean(pending);
}

/** Saves a new invitation (sent once, valid for the usual days) and returns its row. */
export async function insertInvitation(
  tx: Tx,
  values: Omit<typeof invitations.$inferInsert, 'id' | 'lastSentAt' | 'sendCount' | 'createdAt' | 'updatedAt'> & {
    expiresAt: Date;
  },
): Promise<InvitationRow> {
  const [row] = await tx
    .insert(invitations)
    .values({ ...values, lastSentAt: sql`app_now()`, sendCount: 1 })
    .returning();
  return row!;
}

/** Which unused invitations a resend names: these ids (optionally in one unit), or every one. */
export type ResendSelection = { ids?: string[]; branchId?: string };

/** The unused, not revoked invitations selected within the administrator's units, locked (in id order) until commit. */
export async function lockUnused(
  tx: Tx,
  workspaceId: string,
  units: Units,
  pick: ResendSelection,
): Promise<InvitationRow[]> {
  return (
    tx
      .select()
      .from(invitations)
      .where(
        and(
          eq(invitations.workspaceId, workspaceId),
          live(),
          unitFilter(units),
          pick.ids ? inArray(invitations.id, pick.ids) : undefined,
          pick.branchId ? eq(invitations.branchId, pick.branchId) : undefined,
        ),
      )
      // In id order, as the mail-state recorder locks them: different orders deadlock (issue 21 item 24).
      .orderBy(invitations.id)
      .for('update')
  );
}

/**
 * Renews an invitation: a new code hash, the usual days from now, one more send, its mail queued
 * again, and `by` as its sender (null: the sender stays, as when the invitee asks again through
 * self sign-up; the claim still checks that sender's right to give the role).
 */
export async function renew(
  tx: Tx,
  workspaceId: string,
  id: string,
  codeHash: string,
  by: string | null,
  /** When the renewed invitation expires (computed in the workspace's time zone by the service). */
  expiresAt: Date,
): Promise<InvitationRow> {
  const [updated] = await tx
    .update(invitations)
    .set({
      codeHash,
      expiresAt,
      lastSentAt: sql`app_now()`,
      sendCount: sql`${invitations.sendCount} + 1`,
      // The new message is queued (committed with it); its worker records SENT or FAILED.
      mailStatus: 'QUEUED',
      mailError: null,
      mailUpdatedAt: sql`app_now()`,
      ...(by === null ? {} : { createdBy: by }),
      updatedAt: sql`app_now()`,
    })
    .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.id, id)))
    .returning();
  return updated!;
}

/** How many invitations are unused (optionally: and expired) within the administrator's units. */
export async function countUnused(tx: Tx, workspaceId: string, units: Units, onlyExpired: boolean): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(invitations)
    .where(
      and(
        eq(invitations.workspaceId, workspaceId),
        live(),
        unitFilter(units),
        onlyExpired ? sql`${invitations.expiresAt} <= app_now()` : undefined,
      ),
    );
  return row?.n ?? 0;
}

/** Revokes an unused invitation of the unit; null when there is none such. */
export async function revokeUnused(tx: Tx, workspaceId: string, branchId: string, id: string) {
  const [row] = await tx
    .update(invitations)
    .set({ revokedAt: sql`app_now()`, updatedAt: sql`app_now()` })
    .where(
      and(eq(invitations.workspaceId, workspaceId), eq(invitations.id, id), eq(invitations.branchId, branchId), live()),
    )
    .returning({ id: invitations.id, email: invitations.email });
  return row ?? null;
}

/** One invitation of a business unit, locked until the transaction ends (to decide on it, then change it). */
export async function lockOne(
  tx: Tx,
  workspaceId: string,
  branchId: string,
  id: string,
): Promise<InvitationRow | null> {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.id, id), eq(invitations.branchId, branchId)))
    .for('update');
  return row ?? null;
}

/** One page of a business unit's invitations, newest first, filtered by status and text; and how many match. */
export function pageOfUnit(
  tx: Tx,
  workspaceId: string,
  branchId: string,
  filter: TInvitationListRequest,
  page: { pageNo: number; pageSize: number },
): Promise<{ rows: InvitationRow[]; total: number }> {
  return pageOfUnits(tx, workspaceId, [branchId], filter, page);
}

/**
 * One page of the invitations of the business units `units` (null: every unit of the workspace),
 * newest first, filtered by status and text; and how many match (the same rule as the counters).
 */
export async function pageOfUnits(
  tx: Tx,
  workspaceId: string,
  units: Units,
  filter: TInvitationListRequest,
  page: { pageNo: number; pageSize: number },
): Promise<{ rows: InvitationRow[]; total: number }> {
  const byStatus: Record<TInvitationListRequest['status'], SQL | undefined> = {
    ALL: undefined,
    UNUSED: live(),
    PENDING: and(live(), sql`${invitations.expiresAt} > app_now()`),
    EXPIRED: and(live(), sql`${invitations.expiresAt} <= app_now()`),
    USED: sql`${invitations.usedAt} is not null`,
    REVOKED: sql`${invitations.revokedAt} is not null and ${invitations.usedAt} is null`,
  };
  const text = filter.searchText ? containsPattern(filter.searchText) : null;
  const where = and(
    eq(invitations.workspaceId, workspaceId),
    unitFilter(units),
    byStatus[filter.status],
    text
      ? sql`(${invitations.email} ilike ${text} or ${invitations.firstName} ilike ${text} or ${invitations.lastName} ilike ${text} or ${invitations.contactNumber} ilike ${text})`
      : undefined,
  );
  return paginate({
    rows: tx.select().from(invitations).where(where).$dynamic(),
    count: tx.select({ n: count() }).from(invitations).where(where),
    page,
    order: { orderBy: [desc(invitations.createdAt)], tiebreaker: invitations.id },
  });
}

// Bulk invitations

/** The workspace's business units and departments, for matching a file's names. */
/** The workspace's country (IN or CA): how its people write dates and phone numbers. */
export async function workspaceCountry(tx: Tx, workspaceId: string): Promise<'IN' | 'CA'> {
  const [ws] = await tx.select({ country: workspaces.country }).from(workspaces).where(eq(workspaces.id, workspaceId));
  return ws?.country === 'CA' ? 'CA' : 'IN';
}

export async function unitsAndDepartments(tx: Tx, workspaceId: string) {
  const unitRows = await tx
    .select({ id: branches.id, name: branches.name, headquarter: branches.headquarter })
    .from(branches)
    .where(eq(branches.workspaceId, workspaceId));
  const deptRows = await tx
    .select({ id: departments.id, name: departments.name, branchId: departments.branchId })
    .from(departments)
    .where(eq(departments.workspaceId, workspaceId));
  return { unitRows, deptRows };
}

type ContactRow = { email: string | null; contact_number: string | null };

/** Of these addresses and numbers: those of (not deleted) members, and those of pending invitations. One query each. */
export async function membersAndInvited(
  tx: Tx,
  workspaceId: string,
  emails: string[],
  phones: string[],
): Promise<{ members: ContactRow[]; pending: ContactRow[] }> {
  const members = await queryRows<ContactRow>(
    tx,
    sql`select lower(a.email) as email, a.contact_number from memberships m join accounts a on a.id = m.account_id
        where m.workspace_id = ${workspaceId} and m.deleted_at is null
          and (lower(a.email) = any(${sql.param(emails)}::text[]) or a.contact_number = any(${sql.param(phones)}::text[]))`,
  );
  const pending = await queryRows<ContactRow>(
    tx,
    sql`select lower(email) as email, contact_number from invitations
        where workspace_id = ${workspaceId} and used_at is null and revoked_at is null and expires_at > app_now()
          and (lower(email) = any(${sql.param(emails)}::text[]) or contact_number = any(${sql.param(phones)}::text[]))`,
  );
  return { members, pending };
}

/** The columns of one invitation of a file (what `insertMany` writes besides the code). */
export type InvitationColumns = {
  email: string | null;
  contactNumber: string | null;
  firstName: string | null;
  lastName: string | null;
  role: string;
  branchId: string;
  departmentId: string | null;
  designation: string | null;
  employeeId: string | null;
  gender: string | null;
  homeAddress: string | null;
  dateOfJoining: string | null;
};

/** Inserts many invitations in one statement (sent once, valid for the usual days, sent by `by`). */
export async function insertMany(
  tx: Tx,
  workspaceId: string,
  rows: Array<{ codeHash: string; invite: InvitationColumns }>,
  by: string,
  /** When every invitation of the file expires (computed in the workspace's time zone by the service). */
  expiresAt: Date,
  /** The language of every invitation of the file (the inviter's; null: English). */
  language: string | null = null,
): Promise<Array<{ id: string; code_hash: string; expires_at: string | Date }>> {
  if (!rows.length) return [];
  const col = <K extends keyof InvitationColumns>(k: K) => sql.param(rows.map((r) => r.invite[k]));
  return queryRows<{ id: string; code_hash: string; expires_at: string | Date }>(
    tx,
    sql`insert into invitations (workspace_id, code_hash, email, contact_number, first_name, last_name, role, branch_id,
          department_id, designation, employee_id, gender, home_address, date_of_joining, last_sent_at, send_count,
          expires_at, created_by, language)
        select ${workspaceId}, t.code_hash, t.email, t.contact_number, t.first_name, t.last_name, t.role, t.branch_id,
          t.department_id, t.designation, t.employee_id, t.gender, t.home_address, t.date_of_joining, app_now(), 1,
          ${expiresAt.toISOString()}::timestamptz, ${by}, ${language}::text
        from unnest(${sql.param(rows.map((r) => r.codeHash))}::text[], ${col('email')}::text[], ${col('contactNumber')}::text[],
          ${col('firstName')}::text[], ${col('lastName')}::text[], ${col('role')}::text[], ${col('branchId')}::uuid[],
          ${col('departmentId')}::uuid[], ${col('designation')}::text[], ${col('employeeId')}::text[], ${col('gender')}::text[],
          ${col('homeAddress')}::text[], ${col('dateOfJoining')}::date[])
          as t(code_hash, email, contact_number, first_name, last_name, role, branch_id, department_id, designation,
               employee_id, gender, home_address, date_of_joining)
        returning id, code_hash, expires_at`,
  );
}
