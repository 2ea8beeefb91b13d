import type { Config } from '../../../core/config.ts';
import type { OpenCase } from './case-core.ts';
import * as repo from './cases.repo.ts';
import * as keysRepo from './keys.repo.ts';
import { newDataKey, wrapMissing } from './keys.ts';

/*
 * A member's access to a case ends (docs/cases-security.md §3, §4): a conflict found or declared,
 * or the member leaves the committee. Their access row is revoked (never deleted), their wrapped
 * keys are deleted, and every scope they held starts a new key version, wrapped to everyone who
 * keeps access: what is written from now on is sealed with keys they never had. What was written
 * before stays under the older versions (they may have read it while they had access).
 *
 * The caller must hold the case's keys (`withCase(…, { keys: true })`) and be on its committee; a
 * member cannot revoke themself here (their own access ends last, after the keys are wrapped to the
 * others, which only a related caller may do): see `conflicts.routes.ts` for a declaration.
 */

/** Revokes `accountId`'s COMMITTEE access to the case open in `c` (`config`: the escrow key's secret); false when they had none. */
export async function revokeMember(
  c: OpenCase,
  accountId: string,
  reason: 'PARTY' | 'MANAGER_OF_PARTY' | 'DECLARED' | 'LEFT',
  config: Pick<Config, 'authSecret'>,
): Promise<boolean> {
  if (!c.ring) throw new Error('revokeMember: open the case with keys');
  if (accountId === c.caller.accountId) throw new Error('revokeMember: a member does not revoke themself');
  const ws = c.row.workspaceId;
  const revoked = await repo.revokeAccess(c.tx, ws, c.row.id, accountId, 'COMMITTEE');
  if (!revoked) return false;
  await keysRepo.deleteWraps(c.tx, ws, c.row.id, accountId);
  const scopes = new Map<string, { scope: keysRepo.DataKeyScope; participant: string | null }>();
  for (const k of await keysRepo.dataKeys(c.tx, ws, c.row.id)) {
    if (k.retired) continue;
    scopes.set(`${k.scope}:${k.participantAccountId ?? ''}`, { scope: k.scope, participant: k.participantAccountId });
  }
  for (const { scope, participant } of scopes.values()) await newDataKey(c.tx, c.ring, scope, participant);
  await wrapMissing(c.tx, config, c.ring);
  await c.trail(`case.access_revoked.${reason.toLowerCase()}`, { type: 'account', id: accountId });
  return true;
}
