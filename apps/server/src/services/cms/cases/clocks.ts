import type { TWorkflowDefinition } from '@app/contract';
import { dateInZone } from '../../../core/deadlines.ts';
import { calendarDaysBetween } from '../../../core/due-rules.ts';
import { dueInWorkspace } from '../../../core/holiday-calendars.repo.ts';
import type { JobRun } from '../../../core/job-context.ts';
import { appendTrail } from '../../../core/trail.ts';
import { definitionOf } from './case-core.ts';
import * as repo from './committee.repo.ts';
import { enqueueCaseNotices, type NoticeKind } from './notices.ts';
import { engineRule, findStep } from './steps.ts';

/*
 * The case clock (issue 26, DESIGN §10): once a day at 07:00 where each workspace is, for the
 * active steps with a deadline (the one clock: the job's `now`, `app_now()` in SQL):
 *
 * (a) reminders before a step's due date to the committee members with access (DEADLINE), on the
 *     days its workflow says (`reminderDaysBefore`; a statutory deadline with none set: 7 days and
 *     1 day before), each once per step (`reminders_sent`); a pass that catches up after a gap sends
 *     only the nearest one;
 * (b) escalation of an overdue step that escalates (`escalate`) at the first and second thresholds
 *     of the workspace's CASE escalation setting (the business unit's own, else the default;
 *     `/api/escalation-setting`): the first to the committee members with access, the second also to
 *     the setting's target (ESCALATION), each level once (`escalation_level`); no setting, or one
 *     switched off: no escalation (the settings page shows that gap);
 * (c) a repeating step (Canada s.34's monthly status update) on its due date: the complainant and
 *     each respondent with access are sent their update (STATUS: "sign in to see where it stands"),
 *     the occurrence is completed by the system and the next one starts, due a month later by the
 *     engine — once however often the pass runs (the occurrence is no longer active the second time);
 *     the committee gets no reminder or escalation for it (the system does it);
 * (d) the POSH appeal window (s.18(2)) kept open after a closing is marked done once it has passed.
 *
 * Jobs act for no account, so RLS shows them no case row: everything goes through the
 * `app_case_clock_*` functions (ids, dates, statuses; never a sealed column). Notices carry no
 * contents (notices.ts). A trail entry (actor: none) records each monthly update and escalation.
 */

/** Reminders for a statutory deadline whose workflow sets none: a week and a day before. */
export const STATUTORY_REMINDER_DAYS = [7, 1] as const;

/** The reminder due with `daysLeft` days left, of `days` (null: none yet, or one as near already sent). */
export function reminderDue(days: readonly number[], daysLeft: number, sent: readonly number[]): number | null {
  if (daysLeft < 0) return null;
  const due = days.filter((d) => d >= daysLeft).sort((a, b) => a - b)[0];
  if (due === undefined || sent.some((s) => s <= due)) return null;
  return due;
}

/** The escalation level owed `overdueDays` after the due date (0: none). */
export function escalationDue(overdueDays: number, s: { firstDays: number; secondDays: number }): 0 | 1 | 2 {
  if (overdueDays >= s.secondDays) return 2;
  if (overdueDays >= s.firstDays) return 1;
  return 0;
}

export type ClockCounts = {
  reminders: number;
  escalations: number;
  statusUpdates: number;
  appeals: number;
  notices: number;
};

/** The `cms.case-clock` of one zone; answers what it did. */
export async function runCaseClocks(job: JobRun, zone: string): Promise<ClockCounts> {
  const counts: ClockCounts = { reminders: 0, escalations: 0, statusUpdates: 0, appeals: 0, notices: 0 };
  const now = job.deps.clock.now();
  for (const workspaceId of await job.workspacesInZone(zone)) {
    const ctx = job.ctx(workspaceId);
    await ctx.tenant(async (tx) => {
      // Nothing to do in a workspace without a running case clock (one index probe).
      if (!(await repo.hasRunningClock(tx))) return;
      const today = dateInZone(now, zone);
      const origin = `${ctx.config.env === 'production' ? 'https' : 'http'}://${await repo.workspaceHost(tx, workspaceId)}`;
      const deps = { jobs: ctx.jobs, origin };
      counts.appeals += await repo.endAppealWindows(tx, today);
      const defs = new Map<string, TWorkflowDefinition>();
      const settings = new Map<string, Awaited<ReturnType<typeof repo.caseEscalation>>>();
      const trail = (caseId: string, action: string, stepId: string) =>
        appendTrail(tx, workspaceId, {
          chainId: caseId,
          actorAccountId: null,
          action,
          targetType: 'case_step',
          targetId: stepId,
          traceId: ctx.traceId,
        });
      const notify = async (
        s: repo.ClockStep,
        kind: NoticeKind,
        recipients: string[],
        committee: string[],
        key: string,
      ) => {
        counts.notices += await enqueueCaseNotices(tx, deps, {
          workspaceId,
          caseId: s.caseId,
          reference: s.reference,
          kind,
          recipients,
          committee: new Set(committee),
          key,
        });
      };
      for (const s of await repo.clockSteps(tx, today)) {
        if (s.caseStatus !== 'OPEN') continue;
        let def = defs.get(s.versionId);
        if (!def) {
          def = (await definitionOf(tx, workspaceId, s.versionId)).def;
          defs.set(s.versionId, def);
        }
        const step = findStep(def, s.stepKey)?.step;
        if (!step) continue;
        const daysLeft = calendarDaysBetween(today, s.dueDate);
        const people = () => repo.clockPeople(tx, s.caseId);

        // (c) A repeating step: the system sends it on its due date and starts the next.
        if (step.settings.dueRule?.repeats) {
          if (daysLeft > 0) continue;
          const rule = engineRule(step);
          if (!rule) continue;
          const due = await dueInWorkspace(tx, rule, now, { workspaceId, unitId: s.branchId });
          const next = { dueAt: due.dueAt, dueDate: due.date, reference: due.reference };
          if (!(await repo.repeatStep(tx, s.stepId, next))) continue;
          const parties = (await people()).filter(
            (p) => p.relation === 'COMPLAINANT' || (p.relation === 'PARTICIPANT' && p.participantRole === 'RESPONDENT'),
          );
          await notify(
            s,
            'STATUS',
            parties.map((p) => p.accountId),
            [],
            `status:${s.stepId}`,
          );
          await trail(s.caseId, 'case.status_update_sent', s.stepId);
          counts.statusUpdates += 1;
          continue;
        }

        // (a) Reminders before the due date.
        const configured = step.settings.reminderDaysBefore ?? [];
        const days =
          configured.length > 0
            ? configured
            : step.statutory?.maxOffset !== null && step.statutory !== null
              ? STATUTORY_REMINDER_DAYS
              : [];
        const reminder = reminderDue(days, daysLeft, s.remindersSent);
        if (reminder !== null && (await repo.markReminder(tx, s.stepId, reminder))) {
          const members = (await people()).filter((p) => p.relation === 'COMMITTEE').map((p) => p.accountId);
          await notify(s, 'DEADLINE', members, members, `deadline:${s.stepId}:${reminder}`);
          counts.reminders += 1;
        }

        // (b) Escalation after it.
        if (!step.settings.escalate || daysLeft >= 0) continue;
        const branch = s.branchId ?? '';
        if (!settings.has(branch)) settings.set(branch, await repo.caseEscalation(tx, workspaceId, s.branchId));
        const setting = settings.get(branch);
        if (!setting?.enabled) continue;
        const level = escalationDue(-daysLeft, setting);
        if (level === 0 || level <= s.escalationLevel) continue;
        if (!(await repo.markEscalation(tx, s.stepId, level))) continue;
        const members = (await people()).filter((p) => p.relation === 'COMMITTEE').map((p) => p.accountId);
        const target = level === 2 && setting.targetId ? [setting.targetId] : [];
        await notify(
          s,
          'ESCALATION',
          [...members, ...target],
          [...members, ...target],
          `escalation:${s.stepId}:${level}`,
        );
        await trail(s.caseId, `case.escalated_${level}`, s.stepId);
        counts.escalations += 1;
      }
    });
  }
  return counts;
}
