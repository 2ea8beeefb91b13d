import type { TConflictOutcome, ZConflictClear, ZConflictDeclare } from '@app/contract';
import type { z } from 'zod';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { AppError, errors } from '../../../core/errors.ts';
import * as accessRepo from './access.repo.ts';
import { revokeMember } from './access.ts';
import { withCase } from './case-core.ts';
import * as repo from './cases.repo.ts';
import { writeItem } from './items.ts';
import { wrapMissing } from './keys.ts';
import { type Quorum, quorumOf } from './quorum.ts';

type TConflictDeclare = z.output<typeof ZConflictDeclare>;
type TConflictClear = z.output<typeof ZConflictClear>;

/**
 * Conflicts of interest found by matching (docs/cases-security.md §4): a committee member is
 * conflicted in a case if they are a party (the complainant, a respondent or witness named) or the
 * manager of one (department_managers). Answers each conflicted member with the reason.
 */
export async function matchConflicts(
  tx: Tx,
  row: Pick<repo.CaseRow, 'workspaceId' | 'id' | 'complainantAccountId'>,
  memberIds: string[],
): Promise<Map<string, 'PARTY' | 'MANAGER_OF_PARTY'>> {
  const out = new Map<string, 'PARTY' | 'MANAGER_OF_PARTY'>();
  const parties = [
    row.complainantAccountId,
    ...(await repo.parties(tx, row.workspaceId, row.id)).map((p) => p.accountId),
  ];
  const members = new Set(memberIds);
  for (const p of parties) if (members.has(p)) out.set(p, 'PARTY');
  for (const p of parties) {
    for (const manager of await repo.managersOf(tx, row.workspaceId, p)) {
      if (members.has(manager) && !out.has(manager)) out.set(manager, 'MANAGER_OF_PARTY');
    }
  }
  return out;
}

// --- declaring and clearing a conflict (issue 26) -----------------------------------------------

const outcomeOf = (q: Quorum) => ({
  met: q.met,
  members: q.members,
  required: q.required,
  presidingOfficerAvailable: q.presidingOfficerAvailable,
  problem: q.problem,
  routes: q.routes,
});

/**
 * A member declares a conflict of interest in a case (docs/cases-security.md §4): a conflict row
 * (DECLARED) and a CONFLICT item with their reason in the committee's space — written while they
 * still hold the committee's key — then their access ends (`revokeMember`: wraps deleted, new key
 * versions for what comes next). From then on they get no notice, no list entry and no access; the
 * quorum is re-checked (lost: the employer is told, content-free).
 */
export function declareConflict(ctx: Ctx, caseId: string, input: TConflictDeclare): Promise<TConflictOutcome> {
  return withCase(
    ctx,
    caseId,
    'declareConflict',
    async (c) => {
      const me = c.caller.accountId;
      const conflictId = await repo.insertConflict(c.tx, {
        workspaceId: c.row.workspaceId,
        caseId: c.row.id,
        accountId: me,
        reason: 'DECLARED',
      });
      await writeItem(c, {
        kind: 'CONFLICT',
        audience: 'COMMITTEE',
        body: { conflictId, accountId: me, event: 'DECLARED', reason: input.reason },
      });
      await c.trail('case.conflict_declared', { type: 'conflict', id: conflictId });
      const { quorum } = await revokeMember(ctx, c, me, 'CONFLICT_DECLARED');
      return { conflictId, cleared: false, accessRestored: false, quorum: outcomeOf(quorum) };
    },
    { lock: true, keys: true, trailAction: null },
  );
}

/**
 * Clears a conflict, with a reason (a CONFLICT item in the committee's space, and the trail). Who:
 * the presiding officer; for the presiding officer's own conflict, the external member (when they
 * have an account — most have none: then the conflict stays, and the lawful routes are a transfer
 * or the employer giving the external member an account). A conflict found because the member is a
 * party to the case is not cleared (409 `CONFLICT_NOT_CLEARABLE`). The member, if still on the
 * committee, gets access back and the case's keys are wrapped to them by the clearer.
 */
export function clearConflict(
  ctx: Ctx,
  caseId: string,
  conflictId: string,
  input: TConflictClear,
): Promise<TConflictOutcome> {
  return withCase(
    ctx,
    caseId,
    'clearConflict',
    async (c) => {
      const ws = c.row.workspaceId;
      const conflict = (await repo.conflicts(c.tx, ws, c.row.id)).find((x) => x.id === conflictId);
      if (!conflict)
        throw new AppError(404, 'NOT_FOUND', 'This conflict was not found.', {
          params: { reason: 'CONFLICT_NOT_FOUND' },
        });
      if (conflict.clearedAt)
        throw errors.conflict('CONFLICT_ALREADY_CLEARED', 'This conflict has been cleared already.');
      if (conflict.reason === 'PARTY')
        throw errors.conflict(
          'CONFLICT_NOT_CLEARABLE',
          'A party to the case (the complainant, a respondent or a witness) cannot sit on it: this conflict cannot be cleared.',
        );
      const members = c.row.committeeId ? await repo.committeeMembers(c.tx, ws, c.row.committeeId) : [];
      const theirs = members.find((m) => m.accountId === conflict.accountId) ?? null;
      const mine = c.facts.relations.find((r) => r.relation === 'COMMITTEE')?.memberRole ?? null;
      const needed = theirs?.role === 'PRESIDING_OFFICER' ? 'EXTERNAL_MEMBER' : 'PRESIDING_OFFICER';
      if (mine !== needed || conflict.accountId === c.caller.accountId) {
        throw new AppError(
          403,
          'FORBIDDEN',
          needed === 'EXTERNAL_MEMBER'
            ? 'Only the external member clears a conflict of the presiding officer.'
            : 'Only the presiding officer clears a conflict.',
          { params: { reason: needed === 'EXTERNAL_MEMBER' ? 'CONFLICT_CLEARER_EXTERNAL' : 'CONFLICT_CLEARER' } },
        );
      }
      if (!(await accessRepo.clearConflict(c.tx, ws, c.row.id, conflictId, c.caller.accountId)))
        throw errors.conflict('CONFLICT_ALREADY_CLEARED', 'This conflict has been cleared already.');
      await writeItem(c, {
        kind: 'CONFLICT',
        audience: 'COMMITTEE',
        body: { conflictId, accountId: conflict.accountId, event: 'CLEARED', reason: input.reason },
      });
      await c.trail('case.conflict_cleared', { type: 'conflict', id: conflictId });
      // Another open conflict of the same member keeps them out.
      const stillConflicted = (await repo.conflicts(c.tx, ws, c.row.id)).some(
        (x) => x.accountId === conflict.accountId && x.clearedAt === null,
      );
      let accessRestored = false;
      if (theirs && !stillConflicted && c.row.status === 'OPEN') {
        await repo.grantAccess(c.tx, {
          workspaceId: ws,
          caseId: c.row.id,
          accountId: conflict.accountId,
          relation: 'COMMITTEE',
          memberRole: theirs.role,
        });
        await wrapMissing(c.tx, ctx.config, c.ring!);
        await c.trail('case.access_granted', { type: 'account', id: conflict.accountId });
        accessRestored = true;
      }
      const quorum = quorumOf(c.row.jurisdiction, await repo.accessOf(c.tx, ws, c.row.id));
      return { conflictId, cleared: true, accessRestored, quorum: outcomeOf(quorum) };
    },
    { lock: true, keys: true, trailAction: null },
  );
}
