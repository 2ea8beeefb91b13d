import type { TWorkspaceRole } from '@app/contract';
import { adminScope } from '../../../core/admin-scope.ts';
import { dateInZone } from '../../../core/deadlines.ts';
import { calendarDaysBetween } from '../../../core/due-rules.ts';
import type { JobRun } from '../../../core/job-context.ts';
import type { NewJob } from '../../../core/jobs.ts';
import { type Language, mailLanguage, messagesFor, renderMail } from '../../../core/messages/index.ts';
import { workspaceBrand } from '../../../core/messages/messages.repo.ts';
import { permissionsFor, workspaceOverrides } from '../../../core/permissions.ts';
import { holds, seesWholeWorkspace } from '../../../core/policy.ts';
import { activeWorkspacesInZone, activeWorkspaceZones, workspaceTimeZone } from '../../../core/time-zone.repo.ts';
import * as repo from '../committee.repo.ts';

/**
 * Term-end warnings (issue 24): every day at 08:00 in each workspace's zone, the members whose term
 * ends in 60 days or fewer get the 60-day warning, in 14 days or fewer the 14-day one (a warning of
 * fewer days already sent stops the 60-day one: a pass that catches up after a gap sends only the
 * nearest). Each warning is recorded once per member and term end (committee_term_notices) in the
 * transaction that queues the mail, so a pass run twice mails once. One mail per recipient and
 * committee: the workspace's administrators (who hold `compliance.manage` for the whole workspace)
 * and the committee's presiding officer, each once, in their own language, with the workspace's
 * branding.
 */

/** The days before a term ends on which a warning is due. */
export const TERM_WARNING_DAYS = [60, 14] as const;

/** The warning due with `daysLeft` days left (null: none yet, or the term has ended). */
export function termWarningDue(daysLeft: number): 60 | 14 | null {
  if (daysLeft < 0 || daysLeft > 60) return null;
  return daysLeft <= 14 ? 14 : 60;
}

const LOCALES: Record<Language, string> = {
  en: 'en-IN',
  hi: 'hi-IN',
  kn: 'kn-IN',
  te: 'te-IN',
  ta: 'ta-IN',
  mr: 'mr-IN',
  fr: 'fr-CA',
};

/** A plain date (YYYY-MM-DD) as a reader of `lang` writes it ("31 Mar 2027"). */
export function plainDate(date: string, lang: Language): string {
  return new Intl.DateTimeFormat(LOCALES[lang], { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T12:00:00Z`),
  );
}

/** The workspaces a pass works on: those of `zone`, or every active one. */
async function workspacesOf(job: JobRun, zone?: string): Promise<string[]> {
  return job.ctx(null).platform({ action: 'committee.term-warnings', audit: false }, async (tx) => {
    if (zone) return activeWorkspacesInZone(tx, zone);
    const ids: string[] = [];
    for (const z of await activeWorkspaceZones(tx)) ids.push(...(await activeWorkspacesInZone(tx, z)));
    return ids;
  });
}

/** The `committee.term-warnings` pass; answers how many warnings were recorded and mails queued. */
export async function runTermWarnings(job: JobRun, zone?: string): Promise<{ warnings: number; mails: number }> {
  let warnings = 0;
  let mails = 0;
  const now = job.deps.clock.now();
  for (const workspaceId of await workspacesOf(job, zone)) {
    const ctx = job.ctx(workspaceId);
    await ctx.tenant(async (tx) => {
      const timeZone = await workspaceTimeZone(tx, workspaceId);
      const today = dateInZone(now, timeZone);
      const terms = await repo.endingTerms(tx, workspaceId, today, 60);
      /** The warnings due today, per committee and day count. */
      const groups = new Map<
        string,
        { committeeId: string; committee: string; days: 60 | 14; terms: repo.EndingTerm[] }
      >();
      for (const term of terms) {
        const due = termWarningDue(calendarDaysBetween(today, term.termEnd));
        if (due === null || term.sent.some((d) => d <= due)) continue;
        if (!(await repo.recordTermNotice(tx, workspaceId, term.memberId, term.termEnd, due))) continue;
        warnings += 1;
        const key = `${term.committeeId}:${due}`;
        const group = groups.get(key) ?? {
          committeeId: term.committeeId,
          committee: term.committeeName,
          days: due,
          terms: [],
        };
        group.terms.push(term);
        groups.set(key, group);
      }
      if (groups.size === 0) return;

      // The administrators: who holds compliance.manage for the whole workspace (the permission
      // matrix with the workspace's overrides decides; no role is named here).
      const overrides = await workspaceOverrides(tx, workspaceId);
      const admins = (await repo.activePeopleWithMail(tx, workspaceId)).filter((p) => {
        const role = p.role as TWorkspaceRole;
        const scope = adminScope({
          workspaceId,
          accountId: p.accountId,
          role,
          branchId: p.branchId,
          permissions: permissionsFor(role, overrides),
        });
        return scope !== null && holds({ kind: 'member', ...scope }, 'compliance.manage') && seesWholeWorkspace(scope);
      });
      const host = await repo.workspaceHost(tx, workspaceId);
      const origin = `${ctx.config.env === 'production' ? 'https' : 'http'}://${host}`;
      const brand = await workspaceBrand(tx, origin, workspaceId);
      const jobs: NewJob[] = [];
      for (const g of groups.values()) {
        const recipients = new Map(admins.map((a) => [a.accountId, a]));
        const officer = await repo.presidingOfficer(tx, g.committeeId, today);
        if (officer) recipients.set(officer.accountId, officer);
        for (const r of recipients.values()) {
          const lang = mailLanguage(brand, r.language);
          const mail = messagesFor(brand, r.language).committeeTermsEnding({
            company: brand.name,
            firstName: r.firstName ?? '',
            committee: g.committee,
            members: g.terms.map((t) => `${t.name} — ${plainDate(t.termEnd, lang)}`),
            daysBefore: g.days,
            link: `${origin}/committee`,
          });
          jobs.push({
            queue: 'mail.send',
            key: `committee-term:${g.committeeId}:${g.days}:${today}:${r.accountId}`,
            data: { workspaceId, to: r.email!, ...renderMail(brand, mail, lang) },
          });
        }
      }
      if (jobs.length > 0) await ctx.jobs.enqueueAll(tx, jobs);
      mails += jobs.length;
    });
  }
  return { warnings, mails };
}
