import {
  INVITATION_TTL_DAYS,
  type TEmailTemplateRequest,
  type TInvitation,
  type TInvitationListRequest,
  type TInviteUserRequest,
  type TPagedResult,
  type TPageQuery,
  type TWorkspaceRole,
  toPagedResult,
} from '@app/contract';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type AdminScope, adminScope, assertCanGrantRole, grantRefusal, inScope } from '../../../core/admin-scope.ts';
import { audit } from '../../../core/audit.ts';
import { type Ctx, principalOf } from '../../../core/context.ts';
import { hashToken, newToken } from '../../../core/crypto.ts';
import { queryRows, type Tx } from '../../../core/db/database.ts';
import { lockWorkspace, withTenant } from '../../../core/db/tenant.ts';
import { addDaysInZone } from '../../../core/deadlines.ts';
import { AppError, errors } from '../../../core/errors.ts';
import type { NewJob } from '../../../core/jobs.ts';
import { workspaceOverrides } from '../../../core/permissions.ts';
import { workspaceTimeZone } from '../../../core/time-zone.repo.ts';
import {
  accounts,
  branches,
  departments,
  emailTemplates,
  invitations,
  memberships,
  workspaces,
} from '../../../db/schema.ts';

type InvitationRow = typeof invitations.$inferSelect;

/** The caller's administration scope (see `adminScope`); the route's config has checked `invites.manage`. */
export function scopeOf(ctx: Ctx): AdminScope {
  const scope = adminScope(principalOf(ctx));
  if (!scope) throw errors.forbidden();
  return scope;
}

const scopeFilter = (scope: AdminScope): SQL | undefined =>
  scope.branchIds === null ? undefined : inArray(invitations.branchId, scope.branchIds);

export function run<T>(ctx: Ctx, scope: AdminScope, fn: (tx: Tx) => Promise<T>) {
  return withTenant(ctx.db, scope, fn);
}

const statusOf = (row: Pick<InvitationRow, 'usedAt' | 'revokedAt' | 'expiresAt'>, now: Date): TInvitation['status'] =>
  row.usedAt ? 'USED' : row.revokedAt ? 'REVOKED' : row.expiresAt.getTime() <= now.getTime() ? 'EXPIRED' : 'PENDING';

const notFound = () => new AppError(404, 'INVITE_NOT_FOUND', 'That invitation was not found.');

/** A workspace's user limit and the places left under it (members plus pending invitations). */
export type Places = { limit: number; left: number };

/** The workspace's places, or null when it has no user limit. */
export async function placesOf(tx: Tx, workspaceId: string): Promise<Places | null> {
  const [row] = await queryRows<{ user_limit: number | null; left: number | null }>(
    tx,
    sql`select w.user_limit, w.user_limit - (select count(*)::int from memberships m where m.workspace_id = w.id and m.active and m.deleted_at is null)
          - (select count(*)::int from invitations i where i.workspace_id = w.id and i.used_at is null and i.revoked_at is null and i.expires_at > app_now()) as left
        from workspaces w where w.id = ${workspaceId}`,
  );
  return row?.user_limit == null ? null : { limit: Number(row.user_limit), left: Math.max(0, Number(row.left)) };
}

/**
 * Refuses (409) `wanted` new invitations beyond the places left. Callers lock the workspace row
 * before counting, so that two invitations cannot both take the last place.
 */
export function assertPlaces(places: Places | null, wanted: number): void {
  if (!places || wanted <= places.left) return;
  const { limit, left } = places;
  throw new AppError(
    409,
    'USER_LIMIT_REACHED',
    left === 0
      ? `This workspace has no places left (limit ${limit}, counting pending invitations). Revoke unused invitations or ask for a higher limit.`
      : `Only ${left} place${left === 1 ? '' : 's'} left in this workspace (limit ${limit}, counting pending invitations); this would need ${wanted}.`,
    { details: [{ path: 'userLimit', message: `${left} left` }] },
  );
}

const DEFAULT_TEMPLATE = {
  subject: 'You are invited to {{companyName}}',
  bodyText:
    'Hello {{firstName}},\n\n{{companyName}} invites you to its workplace compliance platform: training, policies and a confidential way to raise concerns.\n\nCreate your account here:\n{{link}}\n\nThe link works until {{expiresAt}}.',
};

function render(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (m, key: string) => values[key] ?? m);
}

/** The workspace's saved invitation mail, if it has customised it. */
async function findTemplate(tx: Tx, workspaceId: string) {
  const [row] = await tx
    .select()
    .from(emailTemplates)
    .where(and(eq(emailTemplates.workspaceId, workspaceId), eq(emailTemplates.kind, 'INVITATION')));
  return row;
}

/** What every invitation message of a workspace shares: the company name and the mail template. Read once per request. */
export type InvitationTemplate = { companyName: string; subject: string; bodyText: string };

export async function invitationTemplate(tx: Tx, workspaceId: string): Promise<InvitationTemplate> {
  const [ws] = await tx.select({ name: workspaces.companyName }).from(workspaces).where(eq(workspaces.id, workspaceId));
  const { subject, bodyText } = (await findTemplate(tx, workspaceId)) ?? DEFAULT_TEMPLATE;
  return { companyName: ws?.name ?? '', subject, bodyText };
}

/**
 * The invitation mail (or SMS, to a person without an email address) with its sign-up code, as a
 * job to enqueue in the transaction that creates or renews the invitation. Its idempotency key is
 * the code's hash: one message per code.
 */
export function invitationMessage(
  ctx: Ctx,
  workspaceId: string,
  template: InvitationTemplate,
  to: { id: string; sendCount: number; email: string | null; contactNumber: string | null; firstName: string | null },
  code: string,
  expiresAt: Date,
): NewJob {
  const key = `invitation:${hashToken(code)}`;
  // The worker records the delivery state on the invitation (see mail-state.repo.ts).
  const ref = { kind: 'invitation' as const, workspaceId, id: to.id, version: to.sendCount };
  const link = `${ctx.origin}/signup?code=${code}`;
  const { email, contactNumber, firstName } = to;
  if (email) {
    const values = {
      firstName: firstName || 'there',
      companyName: template.companyName,
      link,
      expiresAt: expiresAt.toISOString().slice(0, 10),
    };
    return {
      queue: 'mail.send',
      key,
      data: {
        workspaceId,
        to: email,
        subject: render(template.subject, values),
        text: render(template.bodyText, values),
        ref,
      },
    };
  }
  const text = `${template.companyName} invites you to join. Create your account: ${link}`;
  return { queue: 'sms.send', key, data: { workspaceId, to: contactNumber!, text, ref } };
}

async function toInvitation(tx: Tx, rows: InvitationRow[], now: Date): Promise<TInvitation[]> {
  if (rows.length === 0) return [];
  // The names of the units and departments these rows name, not of every one in the workspace.
  const workspaceId = rows[0]!.workspaceId;
  const names = await tx
    .select({ id: branches.id, name: branches.name })
    .from(branches)
    .where(and(eq(branches.workspaceId, workspaceId), inArray(branches.id, [...new Set(rows.map((r) => r.branchId))])));
  const deptIds = [...new Set(rows.flatMap((r) => (r.departmentId ? [r.departmentId] : [])))];
  const depts = await tx
    .select({ id: departments.id, name: departments.name })
    .from(departments)
    .where(and(eq(departments.workspaceId, workspaceId), inArray(departments.id, deptIds)));
  const branchName = new Map(names.map((b) => [b.id, b.name]));
  const deptName = new Map(depts.map((d) => [d.id, d.name]));
  return rows.map((r) => ({
    invitationId: r.id,
    email: r.email,
    contactNumber: r.contactNumber,
    firstName: r.firstName,
    lastName: r.lastName,
    role: r.role as TWorkspaceRole,
    branchId: r.branchId,
    branchName: branchName.get(r.branchId) ?? '',
    departmentId: r.departmentId,
    departmentName: r.departmentId ? (deptName.get(r.departmentId) ?? null) : null,
    designation: r.designation,
    employeeId: r.employeeId,
    status: statusOf(r, now),
    expiresAt: r.expiresAt.toISOString(),
    lastSentAt: r.lastSentAt?.toISOString() ?? null,
    sendCount: r.sendCount,
    mailStatus: r.mailStatus as TInvitation['mailStatus'],
    mailError: r.mailError,
    mailUpdatedAt: r.mailUpdatedAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * When an invitation sent now expires: `INVITATION_TTL_DAYS` calendar days later in the workspace's
 * time zone, at the same local time (core/deadlines.ts).
 */
export async function invitationExpiry(ctx: Ctx, tx: Tx, workspaceId: string): Promise<Date> {
  return addDaysInZone(ctx.clock.now(), INVITATION_TTL_DAYS, await workspaceTimeZone(tx, workspaceId));
}

/**
 * `POST /api/invite/user/{branchId}`: invites one person to a business unit. Refused when the
 * address already belongs to a member or has a pending invitation here, or when the workspace's
 * user limit has no place left. The mail carries the sign-up link with a new random code (only its
 * hash is stored); it is sent once the invitation is saved.
 */
export async function inviteUser(ctx: Ctx, branchId: string, input: TInviteUserRequest): Promise<TInvitation> {
  const scope = scopeOf(ctx);
  if (!inScope(scope, branchId)) throw errors.notFound('That business unit');
  const code = newToken();
  return run(ctx, scope, async (tx) => {
    assertCanGrantRole(scope, input.role, await workspaceOverrides(tx, scope.workspaceId));
    const [branch] = await tx
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.workspaceId, scope.workspaceId), eq(branches.id, branchId)));
    if (!branch) throw errors.notFound('That business unit');
    if (input.departmentId) {
      const [dept] = await tx
        .select({ id: departments.id })
        .from(departments)
        .where(
          and(
            eq(departments.workspaceId, scope.workspaceId),
            eq(departments.id, input.departmentId),
            eq(departments.branchId, branchId),
          ),
        );
      if (!dept) {
        throw new AppError(400, 'VALIDATION_FAILED', 'That department is not in this business unit.', {
          details: [{ path: 'body.departmentId', message: 'Choose a department of this business unit' }],
        });
      }
    }
    await lockWorkspace(tx, scope.workspaceId);
    assertPlaces(await placesOf(tx, scope.workspaceId), 1);
    const email = input.email?.toLowerCase() ?? null;
    const [member] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .innerJoin(accounts, eq(accounts.id, memberships.accountId))
      .where(
        and(
          eq(memberships.workspaceId, scope.workspaceId),
          isNull(memberships.deletedAt),
          email ? sql`lower(${accounts.email}) = ${email}` : eq(accounts.contactNumber, input.contactNumber ?? ''),
        ),
      )
      .limit(1);
    if (member) throw new AppError(409, 'ALREADY_MEMBER', 'This person is already a member of the workspace.');
    const [pending] = await tx
      .select({ id: invitations.id })
      .from(invitations)
      .where(
        and(
          eq(invitations.workspaceId, scope.workspaceId),
          isNull(invitations.usedAt),
          isNull(invitations.revokedAt),
          sql`${invitations.expiresAt} > app_now()`,
          email
            ? sql`lower(${invitations.email}) = ${email}`
            : eq(invitations.contactNumber, input.contactNumber ?? ''),
        ),
      )
      .limit(1);
    if (pending) {
      throw new AppError(409, 'ALREADY_INVITED', 'This person already has a pending invitation. Resend it instead.');
    }
    const [row] = await tx
      .insert(invitations)
      .values({
        workspaceId: scope.workspaceId,
        codeHash: hashToken(code),
        email,
        contactNumber: input.contactNumber ?? null,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        branchId,
        departmentId: input.departmentId ?? null,
        designation: input.designation ?? null,
        employeeId: input.employeeId ?? null,
        gender: input.gender ?? null,
        homeAddress: input.homeAddress ?? null,
        dateOfJoining: input.dateOfJoining ?? null,
        lastSentAt: sql`app_now()`,
        sendCount: 1,
        expiresAt: await invitationExpiry(ctx, tx, scope.workspaceId),
        createdBy: scope.accountId,
      })
      .returning();
    await audit(tx, {
      workspaceId: scope.workspaceId,
      action: 'invite.created',
      actorAccountId: scope.accountId,
      targetType: 'invitation',
      targetId: row!.id,
      ip: ctx.ip,
      traceId: ctx.traceId,
      details: {
        after: { email, contactNumber: row!.contactNumber, role: row!.role, branchId, departmentId: row!.departmentId },
      },
    });
    const template = await invitationTemplate(tx, scope.workspaceId);
    // The mail commits with the invitation, or neither does.
    await ctx.jobs.enqueueAll(tx, [invitationMessage(ctx, scope.workspaceId, template, row!, code, row!.expiresAt)]);
    return (await toInvitation(tx, [row!], ctx.clock.now()))[0]!;
  });
}

/**
 * Resends invitations: each gets a new code (the old link stops working) and 7 more days, and the
 * resender becomes its sender — the one whose right to give the role the claim checks. So a resend
 * is held to the rule of giving roles (`grantRefusal`): naming an invitation whose role the caller
 * may not give refuses the whole request (403, nothing sent); "resend all" leaves such ones alone.
 */
async function resend(ctx: Ctx, scope: AdminScope, where: SQL | undefined, expected?: number): Promise<number> {
  return run(ctx, scope, async (tx) => {
    const found = await tx
      .select()
      .from(invitations)
      .where(
        and(
          eq(invitations.workspaceId, scope.workspaceId),
          isNull(invitations.usedAt),
          isNull(invitations.revokedAt),
          scopeFilter(scope),
          where,
        ),
      )
      .for('update');
    if (expected !== undefined && found.length !== expected) {
      throw new AppError(
        404,
        'INVITE_NOT_FOUND',
        `${expected - found.length} of the ${expected} invitations were not found or can no longer be resent (used or revoked). Nothing was sent.`,
      );
    }
    const overrides = await workspaceOverrides(tx, scope.workspaceId);
    const rows = found.filter((row) => !grantRefusal(scope, row.role as TWorkspaceRole, overrides));
    const refused = found.find((row) => !rows.includes(row));
    if (expected !== undefined && refused) assertCanGrantRole(scope, refused.role as TWorkspaceRole, overrides);
    const template = await invitationTemplate(tx, scope.workspaceId);
    const expiresAt = await invitationExpiry(ctx, tx, scope.workspaceId);
    const out: NewJob[] = [];
    for (const row of rows) {
      const code = newToken();
      const [updated] = await tx
        .update(invitations)
        .set({
          codeHash: hashToken(code),
          expiresAt,
          lastSentAt: sql`app_now()`,
          sendCount: sql`${invitations.sendCount} + 1`,
          // The new message is queued (committed with it); its worker records SENT or FAILED.
          mailStatus: 'QUEUED',
          mailError: null,
          mailUpdatedAt: sql`app_now()`,
          createdBy: scope.accountId,
          updatedAt: sql`app_now()`,
        })
        .where(and(eq(invitations.workspaceId, scope.workspaceId), eq(invitations.id, row.id)))
        .returning();
      await audit(tx, {
        workspaceId: scope.workspaceId,
        action: 'invite.resent',
        actorAccountId: scope.accountId,
        targetType: 'invitation',
        targetId: row.id,
        ip: ctx.ip,
        traceId: ctx.traceId,
        details: {
          before: { expiresAt: row.expiresAt, sendCount: row.sendCount, sentBy: row.createdBy },
          after: { expiresAt: updated!.expiresAt, sentBy: scope.accountId },
        },
      });
      out.push(invitationMessage(ctx, scope.workspaceId, template, updated!, code, updated!.expiresAt));
    }
    await ctx.jobs.enqueueAll(tx, out);
    return out.length;
  });
}

/** `GET /api/invite/resend/{branchId}/{invitationId}`. */
export async function resendOne(ctx: Ctx, branchId: string, invitationId: string): Promise<number> {
  const scope = scopeOf(ctx);
  if (!inScope(scope, branchId)) throw notFound();
  return resend(ctx, scope, and(eq(invitations.id, invitationId), eq(invitations.branchId, branchId)), 1);
}

/**
 * `POST /api/invite/resend/bulk {invitationIds}`: all or nothing — when any of them is unknown,
 * outside the caller's business units, used or revoked, nothing is sent (404).
 */
export async function resendMany(ctx: Ctx, ids: string[]): Promise<number> {
  const scope = scopeOf(ctx);
  const wanted = new Set(ids);
  return resend(ctx, scope, inArray(invitations.id, [...wanted]), wanted.size);
}

/** `POST /api/invite/resend/unused/all`: every unused invitation the caller administers. */
export async function resendAllUnused(ctx: Ctx): Promise<number> {
  const scope = scopeOf(ctx);
  return resend(ctx, scope, undefined);
}

/** `GET /api/invite/unused/count[?filterOnlyExpired=true]`. */
export async function unusedCount(ctx: Ctx, onlyExpired: boolean): Promise<number> {
  const scope = scopeOf(ctx);
  return run(ctx, scope, async (tx) => {
    const [row] = await tx
      .select({ n: count() })
      .from(invitations)
      .where(
        and(
          eq(invitations.workspaceId, scope.workspaceId),
          isNull(invitations.usedAt),
          isNull(invitations.revokedAt),
          scopeFilter(scope),
          onlyExpired ? sql`${invitations.expiresAt} <= app_now()` : undefined,
        ),
      );
    return row?.n ?? 0;
  });
}

/** `DELETE /api/invite/{branchId}/{invitationId}`: revokes an unused invitation (its link stops working). */
export async function revoke(ctx: Ctx, branchId: string, invitationId: string): Promise<void> {
  const scope = scopeOf(ctx);
  if (!inScope(scope, branchId)) throw notFound();
  await run(ctx, scope, async (tx) => {
    const [row] = await tx
      .update(invitations)
      .set({ revokedAt: sql`app_now()`, updatedAt: sql`app_now()` })
      .where(
        and(
          eq(invitations.workspaceId, scope.workspaceId),
          eq(invitations.id, invitationId),
          eq(invitations.branchId, branchId),
          isNull(invitations.usedAt),
          isNull(invitations.revokedAt),
        ),
      )
      .returning({ id: invitations.id, email: invitations.email });
    if (!row) throw notFound();
    await audit(tx, {
      workspaceId: scope.workspaceId,
      action: 'invite.revoked',
      actorAccountId: scope.accountId,
      targetType: 'invitation',
      targetId: row.id,
      ip: ctx.ip,
      traceId: ctx.traceId,
      details: { before: { status: 'PENDING' }, after: { status: 'REVOKED' }, email: row.email },
    });
  });
}

/** `POST /api/invite/branch/{id}?pageNo&pageSize`: one business unit's invitations, newest first. */
export async function listForBranch(
  ctx: Ctx,
  branchId: string,
  page: TPageQuery,
  filter: TInvitationListRequest,
): Promise<TPagedResult<TInvitation>> {
  const scope = scopeOf(ctx);
  if (!inScope(scope, branchId)) throw errors.notFound('That business unit');
  const live = and(isNull(invitations.usedAt), isNull(invitations.revokedAt));
  const byStatus: Record<TInvitationListRequest['status'], SQL | undefined> = {
    ALL: undefined,
    UNUSED: live,
    PENDING: and(live, sql`${invitations.expiresAt} > app_now()`),
    EXPIRED: and(live, sql`${invitations.expiresAt} <= app_now()`),
    USED: sql`${invitations.usedAt} is not null`,
    REVOKED: sql`${invitations.revokedAt} is not null and ${invitations.usedAt} is null`,
  };
  const text = filter.searchText ? `%${filter.searchText.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    eq(invitations.workspaceId, scope.workspaceId),
    eq(invitations.branchId, branchId),
    byStatus[filter.status],
    text
      ? sql`(${invitations.email} ilike ${text} or ${invitations.firstName} ilike ${text} or ${invitations.lastName} ilike ${text} or ${invitations.contactNumber} ilike ${text})`
      : undefined,
  );
  return run(ctx, scope, async (tx) => {
    const [branch] = await tx
      .select({ id: branches.id })
      .from(branches)
      .where(and(eq(branches.workspaceId, scope.workspaceId), eq(branches.id, branchId)));
    if (!branch) throw errors.notFound('That business unit');
    const [total] = await tx.select({ n: count() }).from(invitations).where(where);
    const rows = await tx
      .select()
      .from(invitations)
      .where(where)
      .orderBy(desc(invitations.createdAt), asc(invitations.id))
      .limit(page.pageSize)
      .offset(page.pageNo * page.pageSize);
    return toPagedResult(await toInvitation(tx, rows, ctx.clock.now()), total?.n ?? 0, page);
  });
}

/** `GET /api/template`: the invitation mail as this workspace sends it. */
export async function getTemplate(ctx: Ctx) {
  const scope = scopeOf(ctx);
  return run(ctx, scope, async (tx) => templateOf(await findTemplate(tx, scope.workspaceId)));
}

function templateOf(custom: { subject: string; bodyText: string } | undefined) {
  const { subject, bodyText } = custom ?? DEFAULT_TEMPLATE;
  return { kind: 'INVITATION' as const, subject, bodyText, custom: Boolean(custom) };
}

/** `POST /api/template`: sets the invitation mail's subject and text (must contain {{link}}). */
export async function setTemplate(ctx: Ctx, input: TEmailTemplateRequest) {
  const scope = scopeOf(ctx);
  // Workspace-wide settings are for whoever administers the whole workspace, whatever its role's name.
  if (scope.branchIds !== null) throw errors.forbidden('change the workspace’s invitation mail');
  return run(ctx, scope, async (tx) => {
    const before = (await findTemplate(tx, scope.workspaceId)) ?? DEFAULT_TEMPLATE;
    await tx
      .insert(emailTemplates)
      .values({
        workspaceId: scope.workspaceId,
        kind: 'INVITATION',
        subject: input.subject,
        bodyText: input.bodyText,
        updatedBy: scope.accountId,
      })
      .onConflictDoUpdate({
        target: [emailTemplates.workspaceId, emailTemplates.kind],
        set: {
          subject: input.subject,
          bodyText: input.bodyText,
          updatedAt: sql`app_now()`,
          updatedBy: scope.accountId,
        },
      });
    await audit(tx, {
      workspaceId: scope.workspaceId,
      action: 'template.updated',
      actorAccountId: scope.accountId,
      targetType: 'email_template',
      targetId: 'INVITATION',
      ip: ctx.ip,
      traceId: ctx.traceId,
      details: { before: { subject: before.subject, bodyText: before.bodyText }, after: input },
    });
    return templateOf(input);
  });
}
