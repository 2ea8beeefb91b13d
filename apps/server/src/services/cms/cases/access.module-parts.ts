import type { Schedule } from '../../../core/jobs.ts';
import type { EventSubscriptions, QueueDefinitions } from '../../../core/module.ts';
import { reconcileInJob, revokeInJob } from './access.ts';
import * as repo from './cases.repo.ts';

/*
 * Issue 26, a case's members over time (docs/cases-security.md §4): the core events that change who
 * may sit on a case. Each handler runs as a job (retried; harmless twice: revoking what is revoked,
 * granting what is granted and recording a known conflict change nothing), one transaction per case.
 *
 * - `member.deactivated`: the person's committee and participant access ends in every open case of
 *   the workspace (new key versions for the rest), quorum re-checked; lost, the employer is told.
 * - `member.moved`: their department's managers changed, so conflicts are matched again in the open
 *   cases they are related to.
 * - `member.joined` (a membership brought back): the open cases of the committees they sit on are
 *   brought in line (access back unless conflicted).
 * - `committee.changed` (issue 24's register: composed, a member's term set or ended, dissolved):
 *   the open cases of that committee are brought in line — members who left lose access, new
 *   members get it (their keys reach them from the next member who opens the case), conflicts are
 *   matched for the newcomers, quorum re-checked.
 *
 * Not covered by an event: a change of a department's managers (department_managers) alone; it is
 * matched again at the next of the events above on the case, and when the committee names a party.
 */
export const ACCESS_QUEUES: QueueDefinitions = {};
export const ACCESS_SCHEDULES: readonly Schedule[] = [];
export const ACCESS_EVENTS: EventSubscriptions = {
  'member.deactivated': async (e, job) => {
    const ctx = job.ctx(e.workspaceId);
    for (const accountId of e.accountIds) await revokeInJob(ctx, accountId);
  },
  'member.moved': async (e, job) => {
    await reconcileInJob(job.ctx(e.workspaceId), { accountId: e.accountId });
  },
  'member.joined': async (e, job) => {
    const ctx = job.ctx(e.workspaceId);
    const committees = new Set<string>();
    await ctx.tenant(async (tx) => {
      for (const id of e.accountIds) for (const c of await repo.myCommittees(tx, e.workspaceId, id)) committees.add(c);
    });
    for (const committeeId of committees) await reconcileInJob(ctx, { committeeId });
  },
  'committee.changed': async (e, job) => {
    await reconcileInJob(job.ctx(e.workspaceId), { committeeId: e.committeeId });
  },
};
