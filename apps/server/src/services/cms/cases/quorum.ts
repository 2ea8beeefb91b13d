import type { Tx } from '../../../core/db/database.ts';
import * as repo from './cases.repo.ts';

/**
 * The quorum of a case's committee (POSH Rule 7(7): at least three members including the presiding
 * officer; a Canadian designated recipient acts alone), counted over the members who have live
 * access to this case — conflicted members have none. When it fails, the lawful routes: another
 * committee (a transfer), the Local Committee under s.6 (the employer is the respondent), or the
 * employer adds a member to the committee.
 */
export type Quorum = {
  met: boolean;
  members: number;
  required: number;
  presidingOfficerAvailable: boolean;
  problem: 'QUORUM_TOO_FEW' | 'QUORUM_PRESIDING_OFFICER_CONFLICTED' | null;
  routes: Array<'TRANSFER_OTHER_COMMITTEE' | 'LOCAL_COMMITTEE' | 'ADD_MEMBER'>;
};

export const POSH_QUORUM = 3;

export function quorumOf(jurisdiction: repo.CaseRow['jurisdiction'], access: repo.AccessRow[]): Quorum {
  const members = access.filter((a) => a.relation === 'COMMITTEE' && a.revokedAt === null);
  if (jurisdiction === 'CA_SOR_2020_130') {
    const n = members.length;
    return {
      met: n >= 1,
      members: n,
      required: 1,
      presidingOfficerAvailable: n >= 1,
      problem: n >= 1 ? null : 'QUORUM_TOO_FEW',
      routes: n >= 1 ? [] : ['TRANSFER_OTHER_COMMITTEE', 'ADD_MEMBER'],
    };
  }
  const po = members.some((m) => m.memberRole === 'PRESIDING_OFFICER');
  const met = po && members.length >= POSH_QUORUM;
  return {
    met,
    members: members.length,
    required: POSH_QUORUM,
    presidingOfficerAvailable: po,
    problem: met ? null : !po ? 'QUORUM_PRESIDING_OFFICER_CONFLICTED' : 'QUORUM_TOO_FEW',
    routes: met ? [] : ['TRANSFER_OTHER_COMMITTEE', 'LOCAL_COMMITTEE', 'ADD_MEMBER'],
  };
}

/** The quorum as the caller can count it: the committee reads every access row; others only their own (then: unknown, reported as met). */
export async function quorumFor(tx: Tx, row: repo.CaseRow, isMember: boolean): Promise<Quorum> {
  if (!isMember)
    return { met: true, members: 0, required: 0, presidingOfficerAvailable: true, problem: null, routes: [] };
  return quorumOf(row.jurisdiction, await repo.accessOf(tx, row.workspaceId, row.id));
}
