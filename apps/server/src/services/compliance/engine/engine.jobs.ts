import { type TWorkspaceRole, ZWorkspaceRole } from '@app/contract';
import { scopeOf } from '../../../core/admin-scope.ts';
import { dateInZone } from '../../../core/deadlines.ts';
import { calendarDaysBetween } from '../../../core/due-rules.ts';
import type { CoreEvents } from '../../../core/events.ts';
import type { JobRun } from '../../../core/job-context.ts';
import type { NewJob, Queues } from '../../../core/jobs.ts';
import { mailLanguage, renderMail } from '../../../core/messages/index.ts';
import { workspaceBrand } from '../../../core/messages/messages.repo.ts';
import { permissionsFor, workspaceOverrides } from '../../../core/permissions.ts';
import { activeWorkspacesInZone } from '../../../core/time-zone.repo.ts';
import * as esc from './escalation.repo.ts';
import { escalationMail, mailDate } from './escalation-mail.ts';
import { syncWorkspace } from './sync.ts';

/**
 * The register engine's job handlers (issue 24): the sync of a workspace, the daily pass per
 * workspace zone (every workspace synced — which extends the 24-month horizon and re-checks the
 * evidence of other modules — and the escalations due), one escalation, and the core events that
 * change a workspace's facts (members joining, moving, leaving; a committee changed; a training
 * completed), each of which enqueues a sync.
 */

/** The idempotency key of a sync job for a cause (an event's job, a day's pass, a catalogue change). */
export const syncKey = (workspaceId: string, cause: string) => `compliance-sync:${workspaceId}:${cause}`;

export async function handleSync(data: Queues['compliance.sync-workspace'], job: JobRun): Promise<void> {
  const counts = await syncWorkspace(job.ctx(data.workspaceId), data.workspaceId);
  job.log.debug?.({ jobId: job.id, workspaceId: data.workspaceId, ...counts }, 'compliance.sync-workspace');
}

/** A core event changed a workspace's facts: its sync, as a job keyed by the event's own job. */
async function enqueueSync(workspaceId: string, job: JobRun): Promise<void> {
  const ctx = job.ctx(workspaceId);
  await ctx.tenant((tx) =>
    ctx.jobs.enqueue(tx, 'compliance.sync-workspace', { workspaceId }, { key: syncKey(workspaceId, job.id) }),
  );
}

export const onWorkspaceCreated = (e: CoreEvents['workspace.created'], job: JobRun) => enqueueSync(e.workspaceId, job);
export const onMemberJoined = (e: CoreEvents['member.joined'], job: JobRun) => enqueueSync(e.workspaceId, job);
export const onMemberMoved = (e: CoreEvents['member.moved'], job: JobRun) => enqueueSync(e.workspaceId, job);
export const onMemberDeactivated = (e: CoreEvents['member.deactivated'], job: JobRun) =>
  enqueueSync(e.workspaceId, job);
export const onCommitteeChanged = (e: CoreEvents['committee.changed'], job: JobRun) => enqueueSync(e.workspaceId, job);
export const onTrainingCompleted = (e: CoreEvents['training.completed'], job: JobRun) =>
  enqueueSync(e.workspaceId, job);

/**
 * The daily pass (02:30 where each workspace is): for each active workspace of the zone (every
 * active workspace when fired without one), a sync job keyed by the day, and one escalation job per
 * overdue occurrence and threshold due today, keyed by occurrence and level (sent once each).
 */
export async function runDailyPass(
  data: Queues['compliance.daily-pass'],
  job: JobRun,
): Promise<{ workspaces: number; escalations: number }> {
  const workspaces = await job
    .ctx(null)
    .platform({ action: 'compliance.daily-pass', audit: false }, async (tx) =>
      data.timeZone
        ? (await activeWorkspacesInZone(tx, data.timeZone)).map((id) => ({ id, timeZone: data.timeZone! }))
        : esc.activeWorkspaces(tx),
    );
  const now = job.deps.clock.now();
  let escalations = 0;
  for (const ws of workspaces) {
    const today = dateInZone(now, ws.timeZone);
    const ctx = job.ctx(ws.id);
    await ctx.tenant(async (tx) => {
      const due = await esc.dueEscalations(tx, ws.id, today);
      const jobs: NewJob[] = [
        { queue: 'compliance.sync-workspace', key: syncKey(ws.id, `day:${today}`), data: { workspaceId: ws.id } },
        ...due.map(
          (d): NewJob => ({
            queue: 'compliance.escalate',
            key: `compliance-escalate:${d.id}:${d.level}`,
            data: { workspaceId: ws.id, occurrenceId: d.id, level: d.level },
          }),
        ),
      ];
      escalations += due.length;
      await ctx.jobs.enqueueAll(tx, jobs);
    });
  }
  return { workspaces: workspaces.length, escalations };
}

/**
 * The first sync of workspaces whose register was never filled (`compliance.first-sync-pass`, at
 * each server start and each hour): up to 5,000 per pass, each keyed once (`first`), so a fresh start
 * with the demo catalogue shows its register at once.
 */
export async function runFirstSyncPass(job: JobRun): Promise<{ workspaces: number }> {
  const ctx = job.ctx(null);
  return ctx.platform({ action: 'compliance.first-sync-pass', audit: false }, async (tx) => {
    const ids = await esc.workspacesNeverSynced(tx, 5000);
    await ctx.jobs.enqueueAll(
      tx,
      ids.map(
        (id): NewJob => ({ queue: 'compliance.sync-workspace', key: syncKey(id, 'first'), data: { workspaceId: id } }),
      ),
    );
    return { workspaces: ids.length };
  });
}

/**
 * The workspace's roles that hold compliance.manage for the whole workspace (the workspace's
 * permission matrix decides; no role is named here).
 */
function registerManagerRoles(overrides: Awaited<ReturnType<typeof workspaceOverrides>>): TWorkspaceRole[] {
  return ZWorkspaceRole.options.filter((role) => {
    const held = permissionsFor(role, overrides);
    return held.has('compliance.manage') && scopeOf(role, null, held).kind === 'workspace';
  });
}

export type EscalateOutcome = { sent: number } | { skipped: string };

/**
 * One escalation (queue `compliance.escalate`): marks the occurrence escalated at its level (once:
 * a second run finds it marked and sends nothing), then mails, in each recipient's language,
 * the first threshold to the answer's owner and reviewer (those still active members; none: the
 * members holding compliance.manage for the whole workspace) and the second to the setting's
 * target (while an active member; else the same managers). Titles and dates only, with a link to
 * the occurrence.
 */
export async function handleEscalate(data: Queues['compliance.escalate'], job: JobRun): Promise<EscalateOutcome> {
  const ctx = job.ctx(data.workspaceId);
  return ctx.tenant(async (tx) => {
    const zone = await esc.zoneOf(tx, data.workspaceId);
    if (!zone) return { skipped: 'no such workspace' };
    const today = dateInZone(ctx.clock.now(), zone);
    const o = await esc.markEscalated(tx, { ...data, today });
    if (!o) return { skipped: 'escalated already, done, or not overdue' };

    const named = data.level === 1 ? [o.ownerId, o.reviewerId] : [o.targetId];
    let recipients = await esc.activeRecipients(
      tx,
      data.workspaceId,
      named.filter((x): x is string => x !== null),
    );
    if (recipients.length === 0) {
      const roles = registerManagerRoles(await workspaceOverrides(tx, data.workspaceId));
      recipients = await esc.membersInRoles(tx, data.workspaceId, roles);
    }
    const withMail = recipients.filter((r) => r.email);
    const daysOverdue = calendarDaysBetween(o.dueDate, today);
    await ctx.audit('obligation_occurrence.escalated', o.id, {
      after: { level: data.level, recipients: withMail.length, daysOverdue },
    });
    if (withMail.length === 0) return { sent: 0 };

    const origin = `${ctx.config.env === 'production' ? 'https' : 'http'}://${o.host}`;
    const brand = await workspaceBrand(tx, origin, data.workspaceId);
    const link = `${origin}/compliance/occurrences/${o.id}`;
    const jobs: NewJob[] = withMail.map((r) => {
      const lang = mailLanguage(brand, r.language);
      const mail = escalationMail(data.level, lang, {
        firstName: r.firstName ?? '',
        title: o.title[lang] || o.title.en || '',
        unit: o.unitName,
        due: mailDate(new Date(o.dueAt), lang, o.timeZone),
        daysOverdue,
        link,
      });
      return {
        queue: 'mail.send',
        key: `compliance-escalation:${o.id}:${data.level}:${r.accountId}`,
        data: { workspaceId: data.workspaceId, to: r.email!, ...renderMail(brand, mail, lang) },
      };
    });
    await ctx.jobs.enqueueAll(tx, jobs);
    return { sent: jobs.length };
  });
}
