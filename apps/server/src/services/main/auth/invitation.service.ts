import { randomUUID } from 'node:crypto';
import type { TClaimInvitationRequest, TInvitationPreview, TSignInResponse, TWorkspaceRole } from '@app/contract';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { adminScope, grantRefusal, inScope } from '../../../core/admin-scope.ts';
import { audit } from '../../../core/audit.ts';
import type { Ctx } from '../../../core/context.ts';
import { hashPassword, hashToken, verifyPassword } from '../../../core/crypto.ts';
import type { Tx } from '../../../core/db/database.ts';
import { withPlatform, withTenant } from '../../../core/db/tenant.ts';
import { AppError, errors } from '../../../core/errors.ts';
import { assertAcceptablePassword } from '../../../core/passwords.ts';
import { permissionsFor, workspaceOverrides } from '../../../core/permissions.ts';
import { rateLimited, rateRecord } from '../../../core/rate-limit.ts';
import { accounts, branches, departments, invitations, memberships, workspaces } from '../../../db/schema.ts';
import type * as repo from './auth.repo.ts';
import {
  auditSignInFailure,
  failureAnswer,
  failureLimits,
  failureWaits,
  invalidCredentials,
  settle,
} from './auth.service.ts';
import { consumeOtp } from './codes.ts';
import { renewalRequestMail, senderName } from './messages.ts';
import { invalidCode, limitSend } from './otp.service.ts';
import { sendConfirmationLink } from './recovery.service.ts';
import { openSession } from './sessions.ts';

type Invitation = typeof invitations.$inferSelect;

const notFound = () =>
  new AppError(
    404,
    'INVITE_NOT_FOUND',
    'This invitation link is not valid. Check that you opened the whole link from the mail.',
  );
const expired = () =>
  new AppError(410, 'INVITE_EXPIRED', 'This invitation has expired. Ask for a new one, or ask your administrator.');
const revoked = () =>
  new AppError(410, 'INVITE_REVOKED', 'This invitation was withdrawn. Ask your administrator for a new one.');
const used = () =>
  new AppError(409, 'INVITE_USED', 'This invitation has already been used. Sign in with the account that accepted it.');

const inviterCannotGrant = () =>
  new AppError(
    403,
    'INVITE_NO_LONGER_VALID',
    'This invitation can no longer be accepted: whoever sent it may no longer give this role. Ask your administrator for a new invitation.',
  );

/**
 * Whether the invitation's sender may still give what it gives, as they stand now (their role may
 * have changed, their membership ended, or the matrix changed since it was sent): the same rule as
 * when it was sent (`grantRefusal`, and the business unit within their scope). An invitation the
 * platform made itself (no sender: demo data) is not limited.
 */
async function inviterStillMayGrant(tx: Tx, inv: Invitation): Promise<boolean> {
  if (!inv.createdBy) return true;
  const [inviter] = await tx
    .select({ role: memberships.role, branchId: memberships.branchId })
    .from(memberships)
    .where(
      and(
        eq(memberships.workspaceId, inv.workspaceId),
        eq(memberships.accountId, inv.createdBy),
        eq(memberships.active, true),
        isNull(memberships.deletedAt),
      ),
    );
  if (!inviter) return false;
  const role = inviter.role as TWorkspaceRole;
  const overrides = await workspaceOverrides(tx, inv.workspaceId);
  const permissions = permissionsFor(role, overrides);
  if (!permissions.has('invites.manage')) return false;
  const scope = adminScope({
    workspaceId: inv.workspaceId,
    accountId: inv.createdBy,
    role,
    branchId: inviter.branchId,
    permissions,
  });
  return (
    Boolean(scope) && inScope(scope!, inv.branchId) && !grantRefusal(scope!, inv.role as TWorkspaceRole, overrides)
  );
}

function statusOf(inv: Invitation, now: Date): TInvitationPreview['status'] {
  if (inv.usedAt) return 'USED';
  if (inv.revokedAt) return 'REVOKED';
  if (inv.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  return 'VALID';
}

function workspaceOf(ctx: Ctx): string {
  if (ctx.site.kind !== 'workspace') throw errors.notFound('This page');
  return ctx.site.workspaceId;
}

/** The invitation with this code in the request's workspace (RLS keeps other workspaces' out). */
async function findInvitation(tx: Tx, workspaceId: string, code: string, lock = false): Promise<Invitation | null> {
  const q = tx
    .select()
    .from(invitations)
    .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.codeHash, hashToken(code))))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

/** The invitation when it can still be claimed here, else null. */
export async function findClaimableInvitation(ctx: Ctx, code: string): Promise<Invitation | null> {
  const workspaceId = workspaceOf(ctx);
  const inv = await withTenant(ctx.db, { workspaceId }, (tx) => findInvitation(tx, workspaceId, code));
  return inv && statusOf(inv, ctx.clock.now()) === 'VALID' ? inv : null;
}

/**
 * Whether an account exists for the invited address. Accounts outside the workspace are hidden by
 * row-level security, so this one question goes through the platform path (not audited: it is
 * asked by the holder of the invitation code, about the address the code was sent to).
 */
async function existingAccount(ctx: Ctx, inv: Invitation) {
  if (!inv.email && !inv.contactNumber) return null;
  return withPlatform(ctx.db, { action: 'invite.account-lookup', audit: false }, async (tx) => {
    const [row] = await tx
      .select()
      .from(accounts)
      .where(
        inv.email
          ? sql`lower(${accounts.email}) = lower(${inv.email})`
          : eq(accounts.contactNumber, inv.contactNumber!),
      )
      .limit(1);
    return row ?? null;
  });
}

/**
 * `GET /api/invite/claim/{code}`: what the invitation is for, so the page can offer the right form;
 * 403 `INVITE_NO_LONGER_VALID` when its sender may no longer give its role (as the claim would answer).
 */
export async function previewInvitation(ctx: Ctx, code: string): Promise<TInvitationPreview> {
  const workspaceId = workspaceOf(ctx);
  const found = await withTenant(ctx.db, { workspaceId }, async (tx) => {
    const inv = await findInvitation(tx, workspaceId, code);
    if (!inv) return null;
    const [names] = await tx
      .select({ company: workspaces.companyName, branch: branches.name, department: departments.name })
      .from(workspaces)
      .leftJoin(branches, and(eq(branches.workspaceId, workspaces.id), eq(branches.id, inv.branchId)))
      .leftJoin(
        departments,
        and(eq(departments.workspaceId, workspaces.id), sql`${departments.id} = ${inv.departmentId}`),
      )
      .where(eq(workspaces.id, workspaceId));
    // A valid invitation whose sender may no longer give its role says so now, not after the form.
    const grantable = statusOf(inv, ctx.clock.now()) !== 'VALID' || (await inviterStillMayGrant(tx, inv));
    return { inv, names, grantable };
  });
  if (!found) throw notFound();
  const { inv, names, grantable } = found;
  if (!grantable) throw inviterCannotGrant();
  const account = statusOf(inv, ctx.clock.now()) === 'VALID' ? await existingAccount(ctx, inv) : null;
  return {
    status: statusOf(inv, ctx.clock.now()),
    companyName: names?.company ?? '',
    userEmail: inv.email,
    contactNumber: inv.contactNumber,
    firstName: inv.firstName,
    lastName: inv.lastName,
    role: inv.role as TWorkspaceRole,
    branchName: names?.branch ?? null,
    departmentName: names?.department ?? null,
    accountExists: Boolean(account),
  };
}

type Proof = { password: string } | { otp: string };

/**
 * Claims an invitation: proves the person (their existing account's password or a code sent to
 * the invited address; a new person sets a password or uses a code), creates the account when
 * there is none, adds the membership with the invitation's business unit, department and role,
 * marks the invitation used and opens a session on this workspace — all in one transaction, with
 * the invitation row locked so that it cannot be used twice.
 */
async function claim(
  ctx: Ctx,
  code: string,
  proof: Proof,
  profile: { firstName?: string | undefined; lastName?: string | undefined },
  claimedAs?: repo.Identifier,
): Promise<TSignInResponse> {
  const workspaceId = workspaceOf(ctx);
  const method = 'password' in proof ? 'password' : 'email_otp';
  // One transaction finds the invitation and checks the failure limits of its address.
  // A full IP window refuses wrong proofs only (see failureWaits); the address's limit is a lock.
  const { preview, subject, limits, blocked, ipWait } = await withTenant(ctx.db, { workspaceId }, async (tx) => {
    const inv = await findInvitation(tx, workspaceId, code);
    if (!inv) return { preview: null, subject: '', limits: null, blocked: 0, ipWait: 0 };
    const subject = inv.email?.toLowerCase() ?? inv.contactNumber ?? inv.id;
    const keys = failureLimits(ctx, `invite:${subject}`);
    const waits = await failureWaits(tx, keys);
    if (waits.subject > 0) await auditSignInFailure(tx, ctx, { method, reason: 'rate_limited', identifier: subject });
    return { preview: inv, subject, limits: keys, blocked: waits.subject, ipWait: waits.ip };
  });
  if (!preview || !limits) throw notFound();
  if (blocked > 0) throw rateLimited(blocked);

  const existing = await existingAccount(ctx, preview);
  if (!existing && 'password' in proof) assertAcceptablePassword(proof.password, 'body.userPassword');
  if (!existing && (!profile.firstName || !profile.lastName)) {
    throw new AppError(400, 'VALIDATION_FAILED', 'Enter your first and last name.', {
      details: [
        ...(profile.firstName ? [] : [{ path: 'body.firstName', message: 'Enter your first name' }]),
        ...(profile.lastName ? [] : [{ path: 'body.lastName', message: 'Enter your last name' }]),
      ],
    });
  }
  // Slow hashing happens before the transaction, so that the invitation row is locked briefly.
  const passwordOk =
    existing && 'password' in proof ? await verifyPassword(existing.passwordHash, proof.password) : false;
  const newHash = !existing && 'password' in proof ? await hashPassword(proof.password) : null;

  const outcome = await withPlatform(
    ctx.db,
    { action: 'invite.claim', traceId: ctx.traceId, ip: ctx.ip, details: { workspaceId, invitationId: preview.id } },
    async (tx) => {
      const fail = async (reason: string, error: AppError, accountId?: string | null) => {
        await rateRecord(tx, [limits.subject, limits.ip]);
        await auditSignInFailure(tx, ctx, { method, reason: `invitation_${reason}`, accountId, identifier: subject });
        return { ok: false as const, error: failureAnswer(ipWait, error) };
      };
      const inv = await findInvitation(tx, workspaceId, code, true);
      if (!inv) return { ok: false as const, error: notFound() };
      const status = statusOf(inv, ctx.clock.now());
      if (status === 'USED') return { ok: false as const, error: used() };
      if (status === 'REVOKED') return { ok: false as const, error: revoked() };
      if (status === 'EXPIRED') return { ok: false as const, error: expired() };
      if (!(await inviterStillMayGrant(tx, inv))) return { ok: false as const, error: inviterCannotGrant() };

      // The person signing in with an invitation must be the one it was sent to.
      if (claimedAs) {
        const matches =
          ('email' in claimedAs && inv.email?.toLowerCase() === claimedAs.email.toLowerCase()) ||
          ('username' in claimedAs && existing?.username?.toLowerCase() === claimedAs.username.toLowerCase()) ||
          ('phone' in claimedAs && inv.contactNumber === claimedAs.phone);
        if (!matches || !existing) return fail('other_account', invalidCredentials(), existing?.id);
      }

      if ('otp' in proof) {
        const channel = inv.email ? 'SIGNIN_EMAIL' : 'SIGNIN_SMS';
        const row = await consumeOtp(tx, {
          purpose: channel,
          target: inv.email?.toLowerCase() ?? inv.contactNumber ?? '',
          workspaceId,
          code: proof.otp,
          secret: ctx.config.authSecret,
        });
        if (!row) return fail('wrong_code', invalidCode(), existing?.id);
      } else if (existing && !passwordOk) {
        return fail('wrong_password', invalidCredentials(), existing.id);
      }

      let accountId = existing?.id;
      if (accountId) {
        const [member] = await tx
          .select({ id: memberships.id })
          .from(memberships)
          .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.accountId, accountId)));
        if (member) {
          return {
            ok: false as const,
            error: new AppError(409, 'ALREADY_MEMBER', 'You already belong to this workspace. Sign in instead.'),
          };
        }
      }
      const [ws] = await tx
        .select({ limit: workspaces.userLimit })
        .from(workspaces)
        .where(eq(workspaces.id, workspaceId))
        .for('update');
      if (ws?.limit != null) {
        const [n] = await tx
          .select({ n: count() })
          .from(memberships)
          .where(and(eq(memberships.workspaceId, workspaceId), eq(memberships.active, true)));
        if ((n?.n ?? 0) >= ws.limit) {
          return {
            ok: false as const,
            error: new AppError(
              409,
              'USER_LIMIT_REACHED',
              'This workspace has reached its number of users. Ask your administrator to make room.',
            ),
          };
        }
      }

      if (!accountId) {
        const [created] = await tx
          .insert(accounts)
          .values({
            email: inv.email,
            contactNumber: inv.contactNumber,
            passwordHash: newHash,
            firstName: profile.firstName ?? inv.firstName ?? '',
            lastName: profile.lastName ?? inv.lastName ?? '',
            // A code sent to the address proves it; a password alone does not (a link is mailed).
            emailVerified: 'otp' in proof && Boolean(inv.email),
          })
          .returning({ id: accounts.id });
        accountId = created!.id;
        if (inv.email && 'password' in proof) await sendConfirmationLink(ctx, tx, accountId, inv.email);
      }
      const [others] = await tx.select({ n: count() }).from(memberships).where(eq(memberships.accountId, accountId));
      await tx.insert(memberships).values({
        workspaceId,
        accountId,
        role: inv.role,
        branchId: inv.branchId,
        departmentId: inv.departmentId,
        designation: inv.designation,
        employeeId: inv.employeeId,
        dateOfJoining: inv.dateOfJoining,
        isDefault: (others?.n ?? 0) === 0,
        createdBy: inv.createdBy,
      });
      await tx
        .update(invitations)
        .set({ usedAt: sql`app_now()`, usedBy: accountId, updatedAt: sql`app_now()` })
        .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.id, inv.id)));
      await audit(tx, {
        workspaceId,
        action: 'invite.claimed',
        actorAccountId: accountId,
        targetType: 'invitation',
        targetId: inv.id,
        ip: ctx.ip,
        traceId: ctx.traceId,
        details: { newAccount: !existing, role: inv.role, proof: 'otp' in proof ? 'code' : 'password' },
      });
      const session = await openSession(tx, ctx, {
        accountId,
        workspaceId,
        method: 'invitation',
        details: { invitationId: inv.id },
      });
      return { ok: true as const, value: session };
    },
  );
  return settle(outcome);
}

/** `POST /api/invite/claim/{code}`. */
export function claimInvitation(ctx: Ctx, code: string, input: TClaimInvitationRequest): Promise<TSignInResponse> {
  const proof: Proof = input.userOtp ? { otp: input.userOtp } : { password: input.userPassword ?? '' };
  return claim(ctx, code, proof, { firstName: input.firstName, lastName: input.lastName });
}

/** `POST /api/user/signin` with `inviteCode`: an existing account signs in and joins the workspace. */
export function claimWithPassword(ctx: Ctx, code: string, as: repo.Identifier, password: string) {
  return claim(ctx, code, { password }, {}, as);
}

/**
 * `POST /api/invite/request-new/{code}`: the holder of an expired invitation asks for a new one.
 * The workspace's administrators (and whoever sent it) get a mail; the request is audited.
 * Limited per invitation, so that it cannot be used to flood the administrators.
 */
export async function requestNewInvitation(ctx: Ctx, code: string): Promise<void> {
  const workspaceId = workspaceOf(ctx);
  const inv = await withTenant(ctx.db, { workspaceId }, (tx) => findInvitation(tx, workspaceId, code));
  if (!inv) throw notFound();
  if (inv.usedAt) throw used();
  await limitSend(ctx, 'invite-renewal', inv.id, 'invite.renewal_requested');
  await withTenant(ctx.db, { workspaceId }, async (tx) => {
    const admins = await tx
      .select({ email: accounts.email })
      .from(memberships)
      .innerJoin(accounts, eq(accounts.id, memberships.accountId))
      .where(
        and(
          eq(memberships.workspaceId, workspaceId),
          eq(memberships.active, true),
          sql`(${memberships.role} = 'WORKSPACE_ADMIN' or ${memberships.accountId} = ${inv.createdBy})`,
        ),
      );
    await audit(tx, {
      workspaceId,
      action: 'invite.renewal_requested',
      targetType: 'invitation',
      targetId: inv.id,
      ip: ctx.ip,
      traceId: ctx.traceId,
      details: { notified: admins.length },
    });
    const company = await senderName(tx, ctx);
    const invitee =
      [inv.firstName, inv.lastName].filter(Boolean).join(' ') || inv.email || inv.contactNumber || 'Someone';
    const mail = renewalRequestMail(company, invitee, `${ctx.origin}/dashboard`);
    const request = randomUUID();
    for (const to of new Set(admins.map((a) => a.email).filter((e): e is string => Boolean(e)))) {
      await ctx.jobs.enqueue(tx, 'mail.send', { workspaceId, to, ...mail }, { key: `invite-renewal:${request}:${to}` });
    }
  });
}
