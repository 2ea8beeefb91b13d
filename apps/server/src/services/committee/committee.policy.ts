import {
  type Actor,
  definePolicy,
  holds,
  limitedToUnit,
  type Refusal,
  reaches,
  refuse,
  seesWholeWorkspace,
} from '../../core/policy.ts';

/**
 * What a rule about a committee knows: whose it is, whether it serves the whole workspace, and the
 * units it serves (for a new committee: the ones asked for).
 */
export type CommitteeRecord = { workspaceId: string; workspaceWide: boolean; branchIds: readonly string[] };

const manageRefused = (): Refusal =>
  refuse.with('FORBIDDEN', 'You do not have permission to manage this committee.', {
    reason: 'FORBIDDEN_MANAGE_COMMITTEE',
  });
const notFound = (): Refusal => ({
  status: 404,
  code: 'NOT_FOUND',
  message: 'The committee was not found.',
  params: { reason: 'COMMITTEE_NOT_FOUND' },
});

/** Whether the actor keeps registers at all: `compliance.manage`, for the whole workspace or its own units. */
const keepsRegisters = (actor: Actor, workspaceId: string): boolean =>
  actor.workspaceId === workspaceId &&
  holds(actor, 'compliance.manage') &&
  (seesWholeWorkspace(actor) || limitedToUnit(actor));

/**
 * Whether the actor may keep this committee: `compliance.manage` within its scope — the whole
 * workspace, or (a unit admin) a committee whose units are all its own; never a workspace-wide one.
 */
export const managesCommittee = (actor: Actor, r: CommitteeRecord): boolean =>
  keepsRegisters(actor, r.workspaceId) &&
  (seesWholeWorkspace(actor) ||
    (!r.workspaceWide && r.branchIds.length > 0 && r.branchIds.every((b) => reaches(actor, b))));

/** Whether the actor may read this committee: a keeper of registers reaching one of its units (or any unit, workspace-wide). */
const seesCommittee = (actor: Actor, r: CommitteeRecord): boolean =>
  keepsRegisters(actor, r.workspaceId) &&
  (seesWholeWorkspace(actor) || r.workspaceWide || r.branchIds.some((b) => reaches(actor, b)));

/**
 * The Internal Committee register (POSH s.4) and designated recipients (s.14): managing is
 * `compliance.manage` within the caller's business-unit scope. Outside its reach a committee reads
 * as missing (404), and another workspace's too.
 */
export const committeePolicy = definePolicy<
  CommitteeRecord,
  'viewRegister' | 'view' | 'create' | 'update' | 'uploadOrder' | 'dissolve' | 'history' | 'readOrder'
>('committee', {
  viewRegister: (actor, r) => keepsRegisters(actor, r.workspaceId) || manageRefused(),
  view: (actor, r) => seesCommittee(actor, r) || notFound(),
  create: (actor, r) => managesCommittee(actor, r) || manageRefused(),
  update: (actor, r) => (seesCommittee(actor, r) ? managesCommittee(actor, r) || manageRefused() : notFound()),
  uploadOrder: (actor, r) => (seesCommittee(actor, r) ? managesCommittee(actor, r) || manageRefused() : notFound()),
  dissolve: (actor, r) => (seesCommittee(actor, r) ? managesCommittee(actor, r) || manageRefused() : notFound()),
  history: (actor, r) => seesCommittee(actor, r) || notFound(),
  readOrder: (actor, r) => seesCommittee(actor, r) || notFound(),
});

/** What the card's rules know: whose workspace, and whether the committee serves the caller's unit. */
export type CardRecord = { workspaceId: string; servesCaller: boolean };

/**
 * The employee's card (`/api/committee/my`): any active member of the workspace sees the committee of
 * their own unit (s.19, Rule 13: its members' names and contacts are published to employees) and
 * reads its order (s.19(b)); the order of a committee that does not serve them reads as missing.
 */
export const committeeCardPolicy = definePolicy<CardRecord, 'view' | 'readOrder'>('committee card', {
  view: (actor, r) => actor.workspaceId === r.workspaceId || refuse.forbidden('DEFAULT'),
  readOrder: (actor, r) => (actor.workspaceId === r.workspaceId && r.servesCaller) || notFound(),
});
