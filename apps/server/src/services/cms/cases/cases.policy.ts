import type { TCaseAction } from '@app/contract';
import { type Actor, definePolicy, type Refusal, refuse } from '../../../core/policy.ts';
import type { CaseRow, Relation } from './cases.repo.ts';
import type { Quorum } from './quorum.ts';

/**
 * What a rule about a case knows: the case's state and the caller's relationships to it, loaded
 * with the case (docs/cases-security.md §1). Nothing here reads the permission matrix: access to a
 * case is by relationship only, so no permission an administrator grants can widen it.
 */
export type CaseFacts = {
  workspaceId: string;
  status: CaseRow['status'];
  jurisdiction: CaseRow['jurisdiction'];
  relations: Relation[];
  /** POSH Rule 7(7) (and the Canada designated recipient's presence) for this case. */
  quorumMet: boolean;
  /** Why not (with the numbers), for the refusal: QUORUM_TOO_FEW, QUORUM_PRESIDING_OFFICER_CONFLICTED. */
  quorum?: Pick<Quorum, 'problem' | 'members' | 'required'>;
};

const notFound = (): Refusal => ({
  status: 404,
  code: 'NOT_FOUND',
  message: 'The case was not found.',
  params: { reason: 'CASE_NOT_FOUND' },
});

const has = (f: CaseFacts, r: Relation['relation']) => f.relations.some((x) => x.relation === r);
const related = (actor: Actor, f: CaseFacts) => actor.workspaceId === f.workspaceId && f.relations.length > 0;
const member = (actor: Actor, f: CaseFacts) => related(actor, f) && has(f, 'COMMITTEE');
const open = (f: CaseFacts) => f.status === 'OPEN';

const notOpen = (): Refusal => refuse.conflict('CASE_NOT_OPEN', 'The case is closed.');
/**
 * 409 `QUORUM_NOT_MET`, `params.reason` saying why (QUORUM_TOO_FEW: fewer members with access than
 * required; QUORUM_PRESIDING_OFFICER_CONFLICTED: the presiding officer has none) with the numbers.
 */
const noQuorum = (f: CaseFacts): Refusal => {
  const q = f.quorum;
  const reason = q?.problem ?? 'QUORUM_TOO_FEW';
  const why =
    reason === 'QUORUM_PRESIDING_OFFICER_CONFLICTED'
      ? 'the presiding officer may not take part in it'
      : `${q?.members ?? 0} of the ${q?.required ?? 3} members it needs may take part in it`;
  return {
    status: 409,
    code: 'QUORUM_NOT_MET',
    message:
      f.jurisdiction === 'CA_SOR_2020_130'
        ? 'No designated recipient may act on this case: the employer names another, or the case goes to another.'
        : `The committee does not have its quorum for this case (POSH Rule 7(7)): ${why}. The employer adds a member, or the committee transfers the case (the Local Committee under s.6(1) when the complaint is against the employer).`,
    params: { reason, members: q?.members ?? 0, required: q?.required ?? 3 },
  };
};

/** A decision in order: not related → 404 (its existence is not confirmed); related but not allowed → 403; state → 409. */
function rule(
  who: (actor: Actor, f: CaseFacts) => boolean,
  state?: (f: CaseFacts) => true | Refusal,
): (actor: Actor, f: CaseFacts) => boolean | Refusal {
  return (actor, f) => {
    if (!related(actor, f)) return notFound();
    if (!who(actor, f))
      return refuse.with('FORBIDDEN', 'This is not yours to do in this case.', { reason: 'FORBIDDEN_CASE' });
    return state ? state(f) : true;
  };
}

const whenOpen = (f: CaseFacts) => open(f) || notOpen();

const whenOpenWithQuorum = (f: CaseFacts) => (!open(f) ? notOpen() : f.quorumMet || noQuorum(f));

/**
 * Complaint cases (issue 26, DESIGN §9). The complainant: her case, her thread, additions, the
 * withdrawal the law allows (Canada s.18 at any time; POSH provides none), requests for the steps
 * the law starts on request. A participant: what was shared with them, their replies and forms.
 * The committee (members assigned, not conflicted): everything, its steps with quorum (Rule 7(7)),
 * its private space and the trail. Conflict clearing: the presiding officer, or the external member.
 */
export const casePolicy = definePolicy<CaseFacts, TCaseAction>('case', {
  read: rule(() => true),
  // A draft: its complainant, or the committee member writing it down for her (POSH s.9(1)).
  editDraft: rule(
    (_, f) => has(f, 'COMPLAINANT') || has(f, 'COMMITTEE'),
    (f) => f.status === 'DRAFT' || refuse.conflict('CASE_NOT_DRAFT', 'This complaint has been filed already.'),
  ),
  message: rule(() => true, whenOpen),
  addInformation: rule((_, f) => has(f, 'COMPLAINANT'), whenOpen),
  withdraw: rule(
    (_, f) => has(f, 'COMPLAINANT'),
    (f) =>
      !open(f)
        ? notOpen()
        : f.jurisdiction === 'CA_SOR_2020_130' ||
          refuse.conflict(
            'WITHDRAWAL_NOT_PROVIDED',
            'The POSH Act provides no withdrawal of a complaint: the committee inquires into it. You may ask for conciliation (s.10(1)).',
          ),
  ),
  request: rule(
    (_, f) => has(f, 'COMPLAINANT') || f.relations.some((r) => r.participantRole === 'RESPONDENT'),
    whenOpen,
  ),
  runSteps: rule(member, whenOpenWithQuorum),
  scheduleMeeting: rule(member, whenOpenWithQuorum),
  recordMeeting: rule(member, whenOpen),
  // An action of a step: quorum is checked per action by the service (a transfer is the lawful way out of a failed quorum).
  act: rule(member, whenOpen),
  note: rule(member),
  addParty: rule(member, whenOpen),
  declareConflict: rule(member, whenOpen),
  clearConflict: rule(
    (a, f) =>
      member(a, f) &&
      f.relations.some((r) => r.memberRole === 'PRESIDING_OFFICER' || r.memberRole === 'EXTERNAL_MEMBER'),
  ),
  close: rule(member, whenOpenWithQuorum),
  trail: rule(member),
  answerForm: rule((_, f) => has(f, 'PARTICIPANT') || has(f, 'COMPLAINANT'), whenOpen),
});
