import {
  CONTRACT_EXPIRING_DAYS,
  CONTRACT_WARNING_DAYS,
  type TContractState,
  type TWorkspaceContractStatus,
  type ZContractExpiryResponse,
  type ZWorkspaceUserLimitResponse,
} from '@app/contract';
import type { z } from 'zod';
import { type Ctx, principalOf } from '../../../core/context.ts';
import { dateInZone } from '../../../core/deadlines.ts';
import { AppError, errors } from '../../../core/errors.ts';
import type { JobRun } from '../../../core/job-context.ts';
import type { NewJob } from '../../../core/jobs.ts';
import { mailLanguage, renderMail } from '../../../core/messages/index.ts';
import { workspaceBrand } from '../../../core/messages/messages.repo.ts';
import { authorize, operatorOf, platformPolicy } from '../../../core/policy.ts';
import { contractWarningMail, plainDateIn } from './contract-mail.ts';
import * as repo from './operator-contract.repo.ts';

/**
 * The operator's user limit and contract end date of a workspace (issue 23), and the daily pass
 * that warns a workspace's administrators 30, 7 and 1 days before its contract's last day. What a
 * workspace may do once the contract has ended is decided per request by the session check
 * (core/auth.ts `assertContractAllows`).
 */

/** The operator (core/policy.ts `operatorOf`), else 403. */
function requireOperator(ctx: Ctx) {
  const operator = operatorOf(ctx);
  if (!operator) throw errors.forbidden();
  authorize(operator, platformPolicy, 'operate', null);
  return operator;
}

/** Whole days from `from` to `to` (both YYYY-MM-DD). */
export const daysBetween = (from: string, to: string): number =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);

/** Whether a YYYY-MM-DD is a day of the calendar (not 2031-02-30), between the years 2000 and 2999. */
const isCalendarDate = (date: string): boolean => {
  const at = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === date && date >= '2000' && date < '3000';
};

/** The contract's state on `today` (the workspace's day): its last day is still ACTIVE/EXPIRING; the day after, EXPIRED. */
export function contractStateOn(expiry: string | null, today: string): TContractState {
  if (!expiry) return 'NONE';
  const left = daysBetween(today, expiry);
  if (left < 0) return 'EXPIRED';
  return left <= CONTRACT_EXPIRING_DAYS ? 'EXPIRING' : 'ACTIVE';
}

/**
 * The warning due on a day `daysLeft` before the last day: the nearest of 30, 7 and 1 not passed
 * yet (the smallest at least `daysLeft`), or null when none is (more than 30 days left, or the
 * contract has ended). A pass that missed days so catches up with one warning, not three.
 */
export function warningDue(daysLeft: number): number | null {
  if (daysLeft < 0) return null;
  const due = [...CONTRACT_WARNING_DAYS].sort((a, b) => a - b).find((d) => d >= daysLeft);
  return due ?? null;
}

/** `PUT /api/admin/workspace-user-limit`: any limit (even below today's members: it blocks new members). */
export async function setUserLimit(
  ctx: Ctx,
  workspaceId: string,
  userLimit: number | null,
): Promise<z.infer<typeof ZWorkspaceUserLimitResponse>> {
  requireOperator(ctx);
  return ctx.platform({ action: 'workspace.user-limit', details: { workspaceId, userLimit } }, async (tx) => {
    const ws = await repo.lockWorkspace(tx, workspaceId);
    if (!ws) throw errors.notFound('WORKSPACE');
    await repo.setUserLimit(tx, workspaceId, userLimit);
    const { members, pending } = await repo.headcount(tx, workspaceId);
    if (ws.userLimit !== userLimit) {
      await ctx.audit(
        'workspace.user_limit_changed',
        workspaceId,
        { before: ws.userLimit, after: userLimit, members },
        { workspaceId },
      );
    }
    return {
      workspaceId,
      userLimit,
      members,
      pendingInvitations: pending,
      userLimitReached: userLimit !== null && members >= userLimit,
    };
  });
}

/**
 * `PUT /api/admin/workspace/contract/expiry-date`: the contract's last day (null: open-ended). A new
 * date has its own warnings (they are recorded per date); a date in the past ends the contract at
 * once, a later one opens the workspace again at once (the session check reads the date).
 */
export async function setContractExpiry(
  ctx: Ctx,
  workspaceId: string,
  contractExpiryDate: string | null,
): Promise<z.infer<typeof ZContractExpiryResponse>> {
  requireOperator(ctx);
  if (contractExpiryDate !== null && !isCalendarDate(contractExpiryDate)) {
    throw new AppError(400, 'VALIDATION_FAILED', `${contractExpiryDate} is not a date of the calendar.`, {
      details: [{ path: 'body.contractExpiryDate', message: 'Use a date of the calendar (YYYY-MM-DD)' }],
    });
  }
  return ctx.platform(
    { action: 'workspace.contract-expiry', details: { workspaceId, contractExpiryDate } },
    async (tx) => {
      const ws = await repo.lockWorkspace(tx, workspaceId);
      if (!ws) throw errors.notFound('WORKSPACE');
      await repo.setContractExpiry(tx, workspaceId, contractExpiryDate);
      if (ws.contractExpiryDate !== contractExpiryDate) {
        await ctx.audit(
          'workspace.contract_expiry_changed',
          workspaceId,
          { before: ws.contractExpiryDate, after: contractExpiryDate },
          { workspaceId },
        );
      }
      const today = dateInZone(ctx.clock.now(), ws.timeZone);
      return { workspaceId, contractExpiryDate, contractState: contractStateOn(contractExpiryDate, today) };
    },
  );
}

/**
 * `GET /api/workspace/contract`: any member learns whether the contract has ended (the banner); a
 * member who may invite also gets the last day and the user limit's figures.
 */
export async function contractStatus(ctx: Ctx): Promise<TWorkspaceContractStatus> {
  const me = principalOf(ctx);
  const { workspaceId } = ctx.member();
  const admin = me.permissions.has('invites.manage');
  return ctx.tenant(async (tx) => {
    const ws = await repo.contractOf(tx, workspaceId);
    if (!ws) throw errors.notFound('WORKSPACE');
    const today = dateInZone(ctx.clock.now(), ws.timeZone);
    const expired = contractStateOn(ws.contractExpiryDate, today) === 'EXPIRED';
    let userLimit: TWorkspaceContractStatus['userLimit'] = null;
    if (admin && ws.userLimit !== null) {
      const { members, pending } = await repo.headcount(tx, workspaceId);
      userLimit = { limit: ws.userLimit, members, pendingInvitations: pending, reached: members >= ws.userLimit };
    }
    return {
      expiredOn: expired ? ws.contractExpiryDate : null,
      contractExpiryDate: admin ? ws.contractExpiryDate : null,
      userLimit,
    };
  });
}

/** `scheme://host` of a workspace for links in mail sent outside a request. */
const originOf = (env: string, host: string) => `${env === 'production' ? 'https' : 'http'}://${host}`;

/**
 * The daily `main.contract-warnings` pass (per workspace zone, 08:00): for each active workspace of
 * the zone with a contract end date, the warning due today (`warningDue`): in one transaction the
 * `contract_notices` row (its key makes it once per workspace, date and day count) and one mail
 * per administrator, in each one's language. A warning of a lower day count already sent for the
 * same date stops a higher one (a date moved closer never sends "30 days" after "7 days").
 */
export async function runContractWarnings(job: JobRun, timeZone?: string): Promise<{ sent: number }> {
  const list = await job
    .ctx(null)
    .platform({ action: 'main.contract-warnings', audit: false }, (tx) => repo.workspacesWithContract(tx, timeZone));
  let sent = 0;
  const now = job.deps.clock.now();
  for (const ws of list) {
    const expiry = ws.contractExpiryDate;
    if (!expiry) continue;
    const daysLeft = daysBetween(dateInZone(now, ws.timeZone), expiry);
    const due = warningDue(daysLeft);
    if (due === null) continue;
    const ctx = job.ctx(ws.id);
    sent += await ctx.tenant(async (tx) => {
      const before = await repo.noticesSent(tx, ws.id, expiry);
      if (before.some((d) => d <= due)) return 0;
      if (!(await repo.recordNotice(tx, ws.id, expiry, due))) return 0;
      const recipients = await repo.contractRecipients(tx, ws.id);
      const origin = originOf(ctx.config.env, ws.host);
      const brand = await workspaceBrand(tx, origin, ws.id);
      const jobs: NewJob[] = recipients.map((r) => {
        const lang = mailLanguage(brand, r.language);
        const mail = contractWarningMail(lang, {
          company: brand.name,
          firstName: r.firstName,
          lastDay: plainDateIn(expiry, lang),
          daysLeft,
          link: origin,
        });
        return {
          queue: 'mail.send',
          key: `contract-warning:${ws.id}:${expiry}:${due}:${r.accountId}`,
          data: { workspaceId: ws.id, to: r.email!, ...renderMail(brand, mail, lang) },
        };
      });
      await ctx.jobs.enqueueAll(tx, jobs);
      return jobs.length;
    });
  }
  if (sent > 0) job.log.info?.({ jobId: job.id, timeZone, sent }, 'main.contract-warnings: warnings queued');
  return { sent };
}
