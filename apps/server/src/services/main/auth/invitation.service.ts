import { randomUUID } from 'node:crypto';
import type { TClaimInvitationRequest, TInvitationPreview, TSignInResponse, TWorkspaceRole } from '@app/contract';
import { adminScope, grantRefusal, inScope } from '../../../core/admin-scope.ts';
import type { Ctx } from '../../../core/context.ts';
import { hashPassword, verifyPassword } from '../../../core/crypto.ts';
import type { Tx } from '../../../core/db/database.ts';
import { AppError } from '../../../core/errors.ts';
import { emit } from '../../../core/events.ts';
import { assertAcceptablePassword } from '../../../core/passwords.ts';
import { permissionsFor, workspaceOverrides } from '../../../core/permissions.ts';
import { rateLimited, rateRecord } from '../../../core/rate-limit.ts';
import type * as authRepo from './auth.repo.ts';
import { consumeOtp } from './codes.repo.ts';
import * as repo from './invitation.repo.ts';
import { brandOf, renewalRequestMail } from './messages.ts';
import { openSession } from './sessions.ts';
import {
  auditSignInFailure,
  failureAnswer,
  failureLimits,
  failureWaits,
  invalidCode,
  invalidCredentials,
  limitSend,
  settle,
  invitationStatus as statusOf,
} from './sign-in.ts';

type Invitation = repo.Invitation;

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
  const inviter = await repo.activeMembership(tx, inv.workspaceId, inv.createdBy);
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

/**
 * Whether an account exists for the invited address. Accounts outside the workspace are hidden by
 * row-level security, so this one question goes through the platform path (not audited: it is
 * asked by the holder of the invitation code, about the address the code was sent to).
 */
async function existingAccount(ctx: Ctx, inv: Invitation) {
  if (!inv.email && !inv.contactNumber) return null;
  return ctx.platform({ action: 'invite.account-lookup', audit: false }, (tx) => repo.accountInvited(tx, inv));
}

/**
 * `GET /api/invite/claim/{code}`: what the invitation is for, so the page can offer the right form;
 * 403 `INVITE_NO_LONGER_VALID` when its sender may no longer give its role (as the claim would answer).
 */
export async function previewInvitation(ctx: Ctx, code: string): Promise<TInvitationPreview> {
  const found = await ctx.tenant(async (tx, { workspaceId }) => {
    const inv = await repo.findInvitation(tx, workspaceId, code);
    if (!inv) return null;
    const names = await repo.invitationNames(tx, workspaceId, inv);
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
  claimedAs?: authRepo.Identifier,
): Promise<TSignInResponse> {
  const method = 'password' in proof ? 'password' : 'email_otp';
  // One transaction finds the invitation and checks the failure limits of its address.
  // A full IP window refuses wrong proofs only (see failureWaits); the address's limit is a lock.
  const { workspaceId, preview, subject, limits, blocked, ipWait } = await ctx.tenant(async (tx, { workspaceId }) => {
    const inv = await repo.findInvitation(tx, workspaceId, code);
    if (!inv) return { workspaceId, preview: null, subject: '', limits: null, blocked: 0, ipWait: 0 };
    const subject = inv.email?.toLowerCase() ?? inv.contactNumber ?? inv.id;
    const keys = failureLimits(ctx, `invite:${subject}`);
    const waits = await failureWaits(tx, keys);
    if (waits.subject > 0) await auditSignInFailure(ctx, { method, reason: 'rate_limited', identifier: subject });
    return { workspaceId, preview: inv, subject, limits: keys, blocked: waits.subject, ipWait: waits.ip };
  });
  if (!preview || !limits) throw notFound();
  if (blocked > 0) throw rateLimited(blocked);

  const existing = await existingAccount(ctx, preview);
  if (!existing && 'password' in proof) assertAcceptablePassword(proof.password, 'body.userPassword');
  // A last name is optional: many people have one name only.
  if (!existing && !profile.firstName) {
    throw new AppError(400, 'VALIDATION_FAILED', 'Enter your first name.', {
      details: [{ path: 'body.firstName', message: 'Enter your first name' }],
    });
  }
  // Slow hashing happens before the transaction, so that the invitation row is locked briefly.
  const passwordOk =
    existing && 'password' in proof ? await verifyPassword(existing.passwordHash, proof.password) : false;
  const newHash = !existing && 'password' in proof ? await hashPassword(proof.password) : null;

  const outcome = await ctx.platform(
    { action: 'invite.claim', details: { workspaceId, invitationId: preview.id } },
    async (tx) => {
      const fail = async (reason: string, error: AppError, accountId?: string | null) => {
        await rateRecord(tx, [limits.subject, limits.ip]);
        await auditSignInFailure(ctx, { method, reason: `invitation_${reason}`, accountId, identifier: subject });
        return { ok: false as const, error: failureAnswer(ipWait, error) };
      };
      const inv = await repo.findInvitation(tx, workspaceId, code, true);
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
        if (await repo.hasMembership(tx, workspaceId, accountId)) {
          return {
            ok: false as const,
            error: new AppError(409, 'ALREADY_MEMBER', 'You already belong to this workspace. Sign in instead.'),
          };
        }
      }
      const full = await repo.userLimitReached(tx, workspaceId);
      if (full) {
        return {
          ok: false as const,
          error: new AppError(
            409,
            'USER_LIMIT_REACHED',
            `This workspace has reached its number of users (${full.members} of ${full.limit}). Ask your administrator to make room.`,
            { params: { reason: 'CLAIM_LIMIT_REACHED', limit: full.limit, members: full.members } },
          ),
        };
      }

      if (!accountId) {
        accountId = await repo.insertAccount(tx, {
          email: inv.email,
          contactNumber: inv.contactNumber,
          passwordHash: newHash,
          firstName: profile.firstName ?? inv.firstName ?? '',
          lastName: profile.lastName ?? inv.lastName ?? '',
          // The invitation's code went to this address only (mailed when it has one), so whoever
          // holds the link has read that mailbox: no second confirmation mail. The account always
          // takes the invited address; the person cannot choose another here.
          emailVerified: Boolean(inv.email),
          // The invitation's language becomes the new account's, until the person chooses another.
          language: inv.language,
        });
      }
      await repo.joinByInvitation(tx, inv, accountId);
      // The modules hear of the joiner in this transaction (core event; learning's auto-assign rules enrol them).
      await emit(ctx, tx, 'member.joined', { workspaceId, accountIds: [accountId] });
      await ctx.audit(
        'invite.claimed',
        inv.id,
        { newAccount: !existing, role: inv.role, proof: 'otp' in proof ? 'code' : 'password' },
        { actorAccountId: accountId },
      );
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
export function claimWithPassword(ctx: Ctx, code: string, as: authRepo.Identifier, password: string) {
  return claim(ctx, code, { password }, {}, as);
}

/**
 * `POST /api/invite/request-new/{code}`: the holder of an expired invitation asks for a new one.
 * The workspace's administrators (and whoever sent it) get a mail; the request is audited.
 * Limited per invitation, so that it cannot be used to flood the administrators.
 */
export async function requestNewInvitation(ctx: Ctx, code: string): Promise<void> {
  const inv = await ctx.tenant((tx, { workspaceId }) => repo.findInvitation(tx, workspaceId, code));
  if (!inv) throw notFound();
  if (inv.usedAt) throw used();
  await limitSend(ctx, 'invite-renewal', inv.id, 'invite.renewal_requested');
  await ctx.tenant(async (tx, { workspaceId }) => {
    const admins = await repo.renewalRecipients(tx, workspaceId, inv.createdBy);
    await ctx.audit('invite.renewal_requested', inv.id, { notified: admins.length }, { actorAccountId: null });
    const brand = await brandOf(tx, ctx);
    const invitee =
      [inv.firstName, inv.lastName].filter(Boolean).join(' ') || inv.email || inv.contactNumber || 'Someone';
    const request = randomUUID();
    // One mail per address, each in its reader's language.
    const readers = new Map(admins.flatMap((a) => (a.email ? [[a.email, a.language] as const] : [])));
    for (const [to, language] of readers) {
      const mail = renewalRequestMail(brand, language, invitee, `${ctx.origin}/dashboard`);
      await ctx.jobs.enqueue(tx, 'mail.send', { workspaceId, to, ...mail }, { key: `invite-renewal:${request}:${to}` });
    }
  });
}
