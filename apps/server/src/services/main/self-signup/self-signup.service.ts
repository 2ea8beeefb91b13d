import { randomUUID } from 'node:crypto';
import { isOfferedLanguage, type TSelfSignUpRequest, type TSelfSignUpResponse, ZCountry } from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import { hashToken, newToken } from '../../../core/crypto.ts';
import { lockWorkspace } from '../../../core/db/tenant.ts';
import { AppError } from '../../../core/errors.ts';
import type { JobRun } from '../../../core/job-context.ts';
import type { Queues } from '../../../core/jobs.ts';
import { messagesFor, renderMail } from '../../../core/messages/index.ts';
import { workspaceBrand } from '../../../core/messages/messages.repo.ts';
import { rateCheckAll, rateLimited } from '../../../core/rate-limit.ts';
import { sendLimits } from '../auth/sign-in.ts';
import { insertInvitation, renew as renewInvitation } from '../invites/invites.repo.ts';
import { invitationExpiry, invitationMessage, invitationTemplate, placesOf } from '../invites/invites.service.ts';
import { whitelistAllows } from '../operator-settings/operator-settings.repo.ts';
import * as repo from './self-signup.repo.ts';

/** The browser's languages from `Accept-Language`, most wanted first (primary subtags, at most 10). */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  const tags = header
    .split(',')
    .slice(0, 20)
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { lang: tag.trim().split('-')[0]!.toLowerCase(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((t) => /^[a-z]{2,3}$/.test(t.lang) && t.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((t) => t.lang);
  return [...new Set(tags)].slice(0, 10);
}

/**
 * `POST /api/user/signup`: a person asks to join this workspace. Counted against the send limits
 * (per address, per IP, per workspace, as the sign-in codes are), then one job is enqueued,
 * whatever the case; the job decides. The answer is always `{ sent: true }`, so neither it nor its
 * timing tells whether the address is whitelisted, a member, or anything else.
 */
export async function requestSignUp(
  ctx: Ctx,
  input: TSelfSignUpRequest,
  acceptLanguage: string | undefined,
): Promise<TSelfSignUpResponse> {
  const workspaceId = ctx.workspaceId;
  // The route answers on workspace hosts only.
  if (workspaceId === null) throw new AppError(404, 'NOT_FOUND', 'Sign up on your workspace’s own address.');
  const email = input.email.toLowerCase();
  const wait = await ctx.tenant(async (tx) => {
    const w = await rateCheckAll(tx, sendLimits(ctx, 'self-signup', email), true);
    if (w > 0) return w;
    await ctx.jobs.enqueue(
      tx,
      'main.self-signup',
      {
        workspaceId,
        email,
        firstName: input.firstName,
        lastName: input.lastName || null,
        languages: acceptedLanguages(acceptLanguage),
        origin: ctx.origin,
      },
      { key: `self-signup:${randomUUID()}` },
    );
    return 0;
  });
  if (wait > 0) throw rateLimited(wait);
  return { sent: true };
}

/** What a self sign-up job did (logged; audited only when an invitation was made or renewed). */
export type SelfSignUpOutcome =
  | 'off'
  | 'not_whitelisted'
  | 'member'
  | 'deactivated'
  | 'limit_reached'
  | 'invited'
  | 'renewed';

/**
 * The job of one self sign-up request. In order: the workspace's bulk sign-up must be on (and the
 * workspace live), the address or its @domain on its whitelist; an active member gets a mail saying
 * to sign in instead; a deactivated one gets nothing (re-admitting them is an administrator's
 * decision); a pending invitation is sent again (new code); else, with a place under the user limit,
 * a new invitation (employee, headquarters, no inviter) is mailed in the browser's language when the
 * workspace offers it, else in the country's first language (English).
 */
export async function runSelfSignUp(job: JobRun, data: Queues['main.self-signup']): Promise<SelfSignUpOutcome> {
  const ctx = job.ctx(data.workspaceId);
  const { workspaceId, email } = data;
  const outcome = await ctx.tenant(async (tx): Promise<SelfSignUpOutcome> => {
    const ws = await repo.signUpState(tx, workspaceId);
    if (!ws?.enabled || !ws.active || ws.retiredAt || !ws.headquarterId) return 'off';
    if (!(await whitelistAllows(tx, workspaceId, email))) return 'not_whitelisted';
    const country = ZCountry.catch('IN').parse(ws.country);
    const language = data.languages.find((l) => isOfferedLanguage(l, country)) ?? null;
    // Only the origin is read from the context by the invitation's template and message.
    const at = { origin: data.origin };

    const member = await repo.membershipOf(tx, workspaceId, email);
    if (member === 'active') {
      const brand = await workspaceBrand(tx, data.origin, workspaceId);
      const text = messagesFor(brand, language).alreadyMember({ company: brand.name, link: `${data.origin}/signin` });
      await ctx.jobs.enqueue(
        tx,
        'mail.send',
        { workspaceId, to: email, ...renderMail(brand, text, language) },
        { key: `self-signup-member:${job.id}` },
      );
      return 'member';
    }
    if (member === 'inactive') return 'deactivated';

    // Two sign-ups (or an administrator's invitation) cannot both take the last place.
    await lockWorkspace(tx, workspaceId);
    const template = await invitationTemplate(tx, at, workspaceId);
    const expiresAt = await invitationExpiry(ctx, tx, workspaceId);
    const code = newToken();
    const pending = await repo.pendingInvitation(tx, workspaceId, email);
    if (pending) {
      // Sent again at the invitee's request: a new code (the old link stops working), its sender kept.
      const row = await renewInvitation(tx, workspaceId, pending.id, hashToken(code), null, expiresAt);
      await ctx.audit('invite.self_signup', row.id, { outcome: 'renewed', branchId: row.branchId });
      await ctx.jobs.enqueueAll(tx, [invitationMessage(at, workspaceId, template, row, code, row.expiresAt)]);
      return 'renewed';
    }
    const places = await placesOf(tx, workspaceId);
    if (places && places.left < 1) return 'limit_reached';
    const row = await insertInvitation(tx, {
      workspaceId,
      codeHash: hashToken(code),
      email,
      contactNumber: null,
      firstName: data.firstName,
      lastName: data.lastName,
      role: 'EMPLOYEE',
      branchId: ws.headquarterId,
      departmentId: null,
      language: language === 'en' ? null : language,
      expiresAt,
      // Nobody sent it: no sender whose right to give the role the claim would check.
      createdBy: null,
    });
    await ctx.audit('invite.self_signup', row.id, { outcome: 'invited', branchId: row.branchId });
    await ctx.jobs.enqueueAll(tx, [invitationMessage(at, workspaceId, template, row, code, row.expiresAt)]);
    return 'invited';
  });
  job.log.info?.({ jobId: job.id, workspaceId, outcome }, 'main.self-signup');
  return outcome;
}
