import { randomUUID } from 'node:crypto';
import { AppError } from '../../../core/errors.ts';
import type { OpenCase } from './case-core.ts';
import * as repo from './cases.repo.ts';
import type { DataKeyScope } from './keys.ts';

/*
 * Everything written in a case is a sealed item (db/cases-schema.ts `case_items`). Its audience
 * decides who reads it (row-level security) and which data key seals it:
 *   COMPLAINANT → the CASE key (the complainant and the committee),
 *   COMMITTEE   → the COMMITTEE key (the committee's own space),
 *   PARTICIPANT → that participant's PARTICIPANT key (the participant and the committee).
 * The body is JSON, sealed with its place (workspace/case/case_items/<id>/body) as additional data.
 *
 * Kinds and their bodies (one catalogue, so every part reads the others' items):
 */
export type ItemBodies = {
  /** The complaint's answers (COMPLAINANT). */
  ANSWERS: { answers: Record<string, unknown> };
  /** Information the complainant adds after filing (COMPLAINANT). */
  ADDITION: { text: string };
  /** A message in a thread (COMPLAINANT, PARTICIPANT) or in the committee's space (COMMITTEE). */
  MESSAGE: { text: string };
  /** The committee's private note (COMMITTEE). */
  NOTE: { text: string };
  /** The committee's private sub-status (COMMITTEE); the latest counts. */
  SUB_STATUS: { label: string };
  /** A meeting's fields as scheduled (COMMITTEE); `meetingId` names the case_meetings row. */
  MEETING: { meetingId: string; stepKey: string; fields: Record<string, unknown> };
  /** What a guest sees of a meeting they are invited to (their thread: COMPLAINANT or PARTICIPANT). */
  MEETING_NOTICE: {
    meetingId: string;
    title: string;
    startsAt: string;
    endsAt: string;
    location: string;
    status: string;
  };
  /** Minutes, outcome, who was present (COMMITTEE). */
  MINUTES: { meetingId: string; fields: Record<string, unknown>; present: string[]; status: string };
  /** A member's vote (COMMITTEE). */
  VOTE: { stepKey: string; actionKey: string; option: string };
  /** An action performed, with what it was given (COMMITTEE). */
  ACTION: { stepKey: string; actionKey: string; type: string; input: Record<string, unknown> };
  /** What an action shared with a participant, e.g. the complaint's copy under Rule 7(2) (PARTICIPANT). */
  SHARE: {
    stepKey: string;
    actionKey: string;
    title: string;
    answers: Record<string, unknown> | null;
    message: string;
  };
  /** A notice from the workflow to a party (COMPLAINANT, PARTICIPANT): the workflow's words, no case contents added. */
  NOTICE: { stepKey: string; actionKey: string; message: string };
  /** A form the committee sent to a party (COMPLAINANT, PARTICIPANT). */
  FORM_REQUEST: { stepKey: string; actionKey: string; title: Record<string, string>; fields: unknown[] };
  /** A party's answers to a form request (same audience). */
  FORM_ANSWER: { requestItemId: string; answers: Record<string, unknown> };
  /** A party asked for a step the law starts on request (their thread). */
  REQUEST: { stepKey: string; text: string };
  /** The complainant withdrew (COMPLAINANT). */
  WITHDRAWAL: { reason: string };
  /** Why a step was completed after its due date (COMMITTEE; Canada s.35(1)(f)). */
  LATE_REASON: { stepKey: string; occurrence: number; reason: string };
  /** How the case closed, as the complainant is told (COMPLAINANT). */
  CLOSURE: { outcome: string; reportOn: string; employerAction: string; employerActionOn: string | null };
  /** A conflict declared or cleared, with its reason (COMMITTEE). */
  CONFLICT: { conflictId: string; accountId: string; event: 'DECLARED' | 'CLEARED'; reason: string };
  /** A transfer to another committee, with its reason (COMMITTEE). */
  TRANSFER: { fromCommitteeId: string | null; toCommitteeId: string | null; to: string; reason: string };
};
export type ItemKind = keyof ItemBodies;

export type Item<K extends ItemKind = ItemKind> = Omit<repo.ItemRow, 'sealed' | 'kind'> & {
  kind: K;
  body: ItemBodies[K];
};

export function scopeOf(audience: repo.Audience): DataKeyScope {
  return audience === 'COMPLAINANT' ? 'CASE' : audience;
}

/** Writes a sealed item with the live key of its audience's scope (the caller must hold it). Answers its id. */
export async function writeItem<K extends ItemKind>(
  c: OpenCase,
  i: {
    kind: K;
    audience: repo.Audience;
    participantAccountId?: string | null;
    stepId?: string | null;
    body: ItemBodies[K];
  },
): Promise<string> {
  if (!c.ring) throw new Error('writeItem: open the case with keys');
  const participant = i.audience === 'PARTICIPANT' ? (i.participantAccountId ?? null) : null;
  if (i.audience === 'PARTICIPANT' && !participant)
    throw new Error('writeItem: a participant item names its participant');
  const id = randomUUID();
  const sealed = c.ring.sealJson(scopeOf(i.audience), participant, c.ring.context('case_items', id, 'body'), i.body);
  await repo.insertItem(c.tx, {
    id,
    workspaceId: c.row.workspaceId,
    caseId: c.row.id,
    kind: i.kind,
    audience: i.audience,
    participantAccountId: participant,
    stepId: i.stepId ?? null,
    authorAccountId: c.caller.accountId,
    dataKeyId: sealed.dataKeyId,
    sealed: sealed.sealed,
  });
  return id;
}

/** The items the caller may read (RLS), opened; `kinds` to filter. An item whose key the caller lacks is left out. */
export async function readItems(c: OpenCase, kinds?: ItemKind[]): Promise<Item[]> {
  if (!c.ring) throw new Error('readItems: open the case with keys');
  const rows = await repo.items(c.tx, c.row.workspaceId, c.row.id, kinds);
  const out: Item[] = [];
  for (const r of rows) {
    const body = c.ring.openJson(r.dataKeyId, c.ring.context('case_items', r.id, 'body'), Buffer.from(r.sealed, 'hex'));
    if (body === null) continue;
    const { sealed: _s, ...rest } = r;
    out.push({ ...rest, kind: r.kind as ItemKind, body } as Item);
  }
  return out;
}

/** One item the caller may read, opened; 404 otherwise. */
export async function readItem(c: OpenCase, itemId: string): Promise<Item> {
  if (!c.ring) throw new Error('readItem: open the case with keys');
  const r = await repo.item(c.tx, c.row.workspaceId, c.row.id, itemId);
  const body = r
    ? c.ring.openJson(r.dataKeyId, c.ring.context('case_items', r.id, 'body'), Buffer.from(r.sealed, 'hex'))
    : null;
  if (!r || body === null)
    throw new AppError(404, 'NOT_FOUND', 'Not found.', { params: { reason: 'CASE_ITEM_NOT_FOUND' } });
  const { sealed: _s, ...rest } = r;
  return { ...rest, kind: r.kind as ItemKind, body } as Item;
}
