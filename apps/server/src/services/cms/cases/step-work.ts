import type { TCaseStepWork, TWorkflowDefinition, TWorkspaceRole } from '@app/contract';
import { permissionsFor, workspaceOverrides } from '../../../core/permissions.ts';
import type { OpenCase } from './case-core.ts';
import { isConciliation, liveAccess } from './case-work.ts';
import * as casesRepo from './cases.repo.ts';
import * as repo from './meetings.repo.ts';
import { findStep } from './steps.ts';
import { voteTally } from './votes.ts';

/*
 * The committee's work on a step, for the case view (`ZCaseStep.work`): the step's meeting fields
 * and actions from the frozen definition, whether each action was performed, the vote counts, and
 * what the pickers offer. `stepWorkOf` is pure (the view calls it per step with the committee's
 * items); `stepWorkContext` loads, once per view, what it needs besides the items.
 */

/** What `stepWorkOf` needs besides the definition and the items (load it with `stepWorkContext`). */
export type StepWorkContext = {
  me: string;
  presidingOfficers: string[];
  committees: Array<{ id: string; name: string }>;
  employers: Array<{ accountId: string; name: string; email: string | null }>;
};

type WorkItem = { kind: string; authorAccountId: string | null; body: unknown };

/** The committee's work on step `stepKey` (null when the definition has no such step). */
export function stepWorkOf(
  def: TWorkflowDefinition,
  stepKey: string,
  items: readonly WorkItem[],
  who: StepWorkContext,
): TCaseStepWork | null {
  const found = findStep(def, stepKey);
  if (!found) return null;
  const { step } = found;
  const done = new Set(
    items
      .filter((i) => i.kind === 'ACTION')
      .map((i) => i.body as { stepKey: string; actionKey: string })
      .filter((b) => b.stepKey === stepKey)
      .map((b) => b.actionKey),
  );
  return {
    meetingFields: step.meetingFields.map((f) => ({
      key: f.key,
      type: f.type,
      label: f.label,
      mandatory: f.mandatory,
      options: f.options,
    })),
    quorum: step.type === 'MEETING' ? (step.settings.quorum ?? null) : null,
    conciliation: isConciliation(step),
    actions: step.actions.map((a) => ({
      key: a.key,
      type: a.settings.type,
      settings: a.settings,
      done: done.has(a.key),
      tally:
        a.settings.type === 'VOTE'
          ? voteTally(items, stepKey, a.key, a.settings, { me: who.me, presidingOfficers: who.presidingOfficers })
          : null,
    })),
    committees: step.actions.some((a) => a.settings.type === 'TRANSFER_COMPLAINT') ? who.committees : [],
    employers: step.actions.some((a) => a.settings.type === 'INFORM_EMPLOYER') ? who.employers : [],
  };
}

/** The presiding officers (or Canada's designated recipient) among the members with access. */
export function presidingOfficersOf(access: readonly casesRepo.AccessRow[]): string[] {
  return access
    .filter(
      (a) =>
        a.relation === 'COMMITTEE' &&
        a.revokedAt === null &&
        (a.memberRole === 'PRESIDING_OFFICER' || a.memberRole === 'DESIGNATED_RECIPIENT'),
    )
    .map((a) => a.accountId);
}

/**
 * The people who may receive a share for the employer: active members holding `complaints.manage`
 * (the permission matrix with the workspace's overrides decides; no role is named here), who are
 * neither a member on this case, nor its complainant, nor a party.
 */
export async function employersOf(c: OpenCase): Promise<StepWorkContext['employers']> {
  const overrides = await workspaceOverrides(c.tx, c.row.workspaceId);
  const access = await liveAccess(c);
  const parties = await casesRepo.parties(c.tx, c.row.workspaceId, c.row.id);
  const excluded = new Set([
    c.row.complainantAccountId,
    ...access.filter((a) => a.relation !== 'PARTICIPANT').map((a) => a.accountId),
    ...parties.map((p) => p.accountId),
  ]);
  return (await repo.activeMembers(c.tx, c.row.workspaceId))
    .filter((m) => !excluded.has(m.accountId))
    .filter((m) => permissionsFor(m.role as TWorkspaceRole, overrides).has('complaints.manage'))
    .map((m) => ({ accountId: m.accountId, name: m.name, email: m.email }));
}

/** Loads what `stepWorkOf` needs for the caller (a committee member) in an open case. */
export async function stepWorkContext(c: OpenCase): Promise<StepWorkContext> {
  const access = await liveAccess(c);
  const current = c.row.committeeId ? await casesRepo.committee(c.tx, c.row.workspaceId, c.row.committeeId) : null;
  const kind =
    current?.kind ?? (c.row.jurisdiction === 'CA_SOR_2020_130' ? 'DESIGNATED_RECIPIENT' : 'INTERNAL_COMMITTEE');
  return {
    me: c.caller.accountId,
    presidingOfficers: presidingOfficersOf(access),
    committees: await repo.liveCommittees(c.tx, c.row.workspaceId, kind, c.row.committeeId),
    employers: await employersOf(c),
  };
}
