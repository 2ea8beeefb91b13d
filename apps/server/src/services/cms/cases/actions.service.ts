import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { TActionSettings, TCaseWorkDone } from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import { wipe } from '../../../core/crypto.ts';
import { AppError } from '../../../core/errors.ts';
import { newFileKey } from '../../../core/storage.ts';
import { type OpenCase, textIn, withCase } from './case-core.ts';
import {
  bumpRevision,
  caseStep,
  checkRevision,
  isConciliation,
  liveAccess,
  membersIn,
  requireActive,
  requireNoMoney,
} from './case-work.ts';
import * as casesRepo from './cases.repo.ts';
import { matchConflicts } from './conflicts.ts';
import { type FileMeta, fileBodyContext, fileMetaContext } from './files.ts';
import { type Item, readItems, writeItem } from './items.ts';
import * as keysRepo from './keys.repo.ts';
import { newDataKey, wrapMissing } from './keys.ts';
import * as meetingsRepo from './meetings.repo.ts';
import { enqueueCaseNotices, type NoticeKind } from './notices.ts';
import { employersOf, presidingOfficersOf } from './step-work.ts';
import type { DefStep } from './steps.ts';
import { voteTally } from './votes.ts';

/*
 * The actions of a step (issue 26), by their type in the version the case is bound to:
 *
 * - VOTE: each member with access votes once; when the vote is decided (votes.ts) its result is
 *   recorded once as an ACTION.
 * - INFORM_RESPONDENT: the respondent (a party, or named now) gets PARTICIPANT access, a data key of
 *   their own, and a SHARE: the copy of the complaint (POSH Rule 7(2)) with the workflow's message.
 *   Nothing else of the case is theirs to read.
 * - INFORM_EMPLOYER: a person holding the employer relationship (`complaints.manage`: the
 *   permission decides, no role is named) gets PARTICIPANT access and a SHARE with the workflow's
 *   message and copies of the chosen files re-sealed under their key (interim relief, s.12 and
 *   Rule 8; the report, s.13).
 * - TRANSFER_COMPLAINT: to another committee of the workspace (its members not conflicted get
 *   access; the old committee loses its access and its wraps; new key versions), or out of the
 *   platform (the Local Committee, s.6(1); an outside authority): status TRANSFERRED.
 * - NOTIFY, BUTTON, RESOURCE, FORM, UPLOAD_RESOURCE: a notice in the recipients' threads, an
 *   outcome recorded, a resource read, a form sent to a party, files attached.
 *
 * Every action needs the quorum (POSH Rule 7(7)) except a transfer, which is the lawful way out of a
 * failed quorum. Each writes an ACTION record (COMMITTEE) with its type and input, and the trail
 * entry `case.action` on the step. Notices carry the workflow's words, never the case's.
 */

export type ActionInput = {
  option?: string | undefined;
  accountId?: string | undefined;
  committeeId?: string | null | undefined;
  reason?: string | undefined;
  fileIds?: string[] | undefined;
  text?: string | undefined;
  noMonetarySettlement?: boolean | undefined;
  revision?: number | undefined;
};

type Act<T extends TActionSettings['type']> = {
  ctx: Ctx;
  c: OpenCase;
  step: DefStep;
  stepId: string;
  actionKey: string;
  settings: Extract<TActionSettings, { type: T }>;
  input: ActionInput;
};

type Done = { itemId: string; decided?: string | null; after?: () => Promise<void> };

const invalid = (path: string, code: string, message: string) =>
  new AppError(422, 'ACTION_INVALID', 'This action needs something more: see the field.', {
    details: [{ path, code, message }],
  });

const conflict = (code: string, message: string, params: Record<string, string | number> = {}) =>
  new AppError(409, code, message, { params: { reason: code, ...params } });

/** Performs one action of a step under way. */
export function performAction(
  ctx: Ctx,
  caseId: string,
  stepId: string,
  actionKey: string,
  input: ActionInput,
): Promise<TCaseWorkDone> {
  return withCase(
    ctx,
    caseId,
    'act',
    async (c) => {
      checkRevision(c, input.revision);
      const { row, step } = await caseStep(c, stepId);
      const action = step.actions.find((a) => a.key === actionKey);
      if (!action)
        throw new AppError(404, 'NOT_FOUND', 'This step has no such action.', {
          params: { reason: 'CASE_ACTION_NOT_FOUND' },
        });
      requireActive(row);
      const settings = action.settings;
      if (settings.type !== 'TRANSFER_COMPLAINT' && !c.quorum.met)
        throw conflict(
          'QUORUM_NOT_MET',
          'The committee does not have the quorum this step needs for this case (POSH Rule 7(7)).',
          { members: c.quorum.members, required: c.quorum.required },
        );
      const a = { ctx, c, step, stepId: row.id, actionKey, input } as const;
      let done: Done;
      switch (settings.type) {
        case 'VOTE':
          done = await vote({ ...a, settings });
          break;
        case 'INFORM_RESPONDENT':
          done = await informRespondent({ ...a, settings });
          break;
        case 'INFORM_EMPLOYER':
          done = await informEmployer({ ...a, settings });
          break;
        case 'TRANSFER_COMPLAINT':
          done = await transfer({ ...a, settings });
          break;
        case 'NOTIFY':
          done = await notify({ ...a, settings });
          break;
        case 'BUTTON':
          if (isConciliation(step)) requireNoMoney(input.noMonetarySettlement);
          done = {
            itemId: await record(a, 'BUTTON', {
              outcome: settings.outcome,
              ...(isConciliation(step) ? { noMonetarySettlement: true } : {}),
            }),
          };
          break;
        case 'RESOURCE':
          done = { itemId: await record(a, 'RESOURCE', { read: true }) };
          break;
        case 'FORM':
          done = await sendForm({ ...a, settings });
          break;
        case 'UPLOAD_RESOURCE':
          done = await uploadResource({ ...a, settings });
          break;
      }
      const revision = await bumpRevision(c, transferSet(settings, input));
      await c.trail('case.action', { type: 'case_step', id: row.id });
      // A transfer ends the old committee's access last, once everything it writes is written.
      await done.after?.();
      return { id: done.itemId, revision, decided: done.decided ?? null };
    },
    { lock: true, keys: true, trailAction: null },
  );
}

/** The case columns a transfer changes (with the revision). */
function transferSet(settings: TActionSettings, input: ActionInput): Parameters<typeof bumpRevision>[1] {
  if (settings.type !== 'TRANSFER_COMPLAINT') return {};
  if (settings.to === 'OTHER_UNIT_COMMITTEE') return { committeeId: input.committeeId ?? null };
  return { status: 'TRANSFERRED', nextDueAt: null, nextStepKey: null };
}

/** The ACTION record of an action (COMMITTEE): its type and what it was given (ids and keys). */
function record(
  a: { c: OpenCase; step: DefStep; stepId: string; actionKey: string },
  type: TActionSettings['type'],
  input: Record<string, unknown>,
): Promise<string> {
  return writeItem(a.c, {
    kind: 'ACTION',
    audience: 'COMMITTEE',
    stepId: a.stepId,
    body: { stepKey: a.step.key, actionKey: a.actionKey, type, input },
  });
}

async function notice(
  ctx: Ctx,
  c: OpenCase,
  kind: NoticeKind,
  recipients: string[],
  key: string,
  committee: ReadonlySet<string> = new Set(),
): Promise<void> {
  await enqueueCaseNotices(c.tx, ctx, {
    workspaceId: c.row.workspaceId,
    caseId: c.row.id,
    reference: c.row.reference ?? '',
    kind,
    recipients: recipients.filter((r) => r !== c.caller.accountId),
    committee,
    key,
  });
}

// --- VOTE ------------------------------------------------------------------------------------------

async function vote(a: Act<'VOTE'>): Promise<Done> {
  const { c, settings, input } = a;
  if (!input.option || !settings.options.some((o) => o.key === input.option))
    throw invalid('option', 'OPTION', 'Choose one of the options.');
  const items = await readItems(c, ['VOTE', 'ACTION']);
  const mine = (i: Item) =>
    i.kind === 'VOTE' &&
    i.authorAccountId === c.caller.accountId &&
    (i.body as { stepKey: string; actionKey: string }).stepKey === a.step.key &&
    (i.body as { actionKey: string }).actionKey === a.actionKey;
  if (items.some(mine)) throw conflict('ALREADY_VOTED', 'You have voted already: each member votes once.');
  const itemId = await writeItem(c, {
    kind: 'VOTE',
    audience: 'COMMITTEE',
    stepId: a.stepId,
    body: { stepKey: a.step.key, actionKey: a.actionKey, option: input.option },
  });
  const votes = [
    ...items,
    {
      kind: 'VOTE',
      authorAccountId: c.caller.accountId,
      body: { stepKey: a.step.key, actionKey: a.actionKey, option: input.option },
    },
  ];
  const tally = voteTally(votes, a.step.key, a.actionKey, settings, {
    me: c.caller.accountId,
    presidingOfficers: presidingOfficersOf(await liveAccess(c)),
  });
  const recorded = items.some(
    (i) =>
      i.kind === 'ACTION' &&
      (i.body as { stepKey: string }).stepKey === a.step.key &&
      (i.body as { actionKey: string }).actionKey === a.actionKey,
  );
  if (tally.decided && !recorded) {
    await record(a, 'VOTE', { option: tally.decided, counts: tally.counts });
    return { itemId, decided: tally.decided };
  }
  return { itemId, decided: null };
}

// --- giving a participant access -------------------------------------------------------------------

/** Gives `accountId` PARTICIPANT access in `role` with a data key of their own, wrapped to them. */
async function grantParticipant(
  ctx: Ctx,
  c: OpenCase,
  accountId: string,
  role: 'RESPONDENT' | 'WITNESS' | 'EMPLOYER',
): Promise<void> {
  await casesRepo.grantAccess(c.tx, {
    workspaceId: c.row.workspaceId,
    caseId: c.row.id,
    accountId,
    relation: 'PARTICIPANT',
    participantRole: role,
  });
  if (!c.ring!.holds('PARTICIPANT', accountId)) await newDataKey(c.tx, c.ring!, 'PARTICIPANT', accountId);
  await wrapMissing(c.tx, ctx.config, c.ring!);
}

async function languageOf(c: OpenCase, accountId: string): Promise<string> {
  const [p] = await casesRepo.people(c.tx, c.row.workspaceId, [accountId]);
  return p?.language ?? 'en';
}

/** The complaint's answers as the respondent may read them: without file ids (the files stay the complainant's). */
function answersCopy(c: OpenCase, answers: Record<string, unknown>): Record<string, unknown> {
  const fileKeys = new Set(
    c.def.form.flatMap((g) => g.attributes.filter((x) => x.type === 'FILE_UPLOAD').map((x) => x.key)),
  );
  return Object.fromEntries(Object.entries(answers).filter(([k]) => !fileKeys.has(k)));
}

// --- INFORM_RESPONDENT -----------------------------------------------------------------------------

async function informRespondent(a: Act<'INFORM_RESPONDENT'>): Promise<Done> {
  const { ctx, c, input, settings } = a;
  const accountId = input.accountId;
  if (!accountId) throw invalid('accountId', 'REQUIRED', 'Choose the respondent.');
  const [person] = await casesRepo.people(c.tx, c.row.workspaceId, [accountId]);
  if (!person) throw invalid('accountId', 'NOT_A_MEMBER', 'This person is not a member of the workspace.');
  const access = await liveAccess(c);
  if (accountId === c.row.complainantAccountId || membersIn(access).some((m) => m.accountId === accountId))
    throw conflict('RESPONDENT_INVALID', 'The complainant or a committee member on the case cannot be the respondent.');
  const parties = await casesRepo.parties(c.tx, c.row.workspaceId, c.row.id);
  if (!parties.some((p) => p.accountId === accountId && p.role === 'RESPONDENT')) {
    // Named now: a party of the case, matched against the committee like any party.
    await casesRepo.insertParty(c.tx, {
      workspaceId: c.row.workspaceId,
      caseId: c.row.id,
      accountId,
      role: 'RESPONDENT',
      addedBy: c.caller.accountId,
    });
    const conflicted = await matchConflicts(
      c.tx,
      c.row,
      membersIn(access).map((m) => m.accountId),
    );
    if (conflicted.size > 0)
      throw conflict(
        'PARTY_CONFLICTS_MEMBER',
        'This respondent conflicts a committee member out of the case: add them as a party first, so that the member loses access.',
      );
  }
  await grantParticipant(ctx, c, accountId, 'RESPONDENT');
  const lang = await languageOf(c, accountId);
  const answers = settings.shareComplaintCopy ? (await readItems(c, ['ANSWERS']))[0] : undefined;
  const shareId = await writeItem(c, {
    kind: 'SHARE',
    audience: 'PARTICIPANT',
    participantAccountId: accountId,
    stepId: a.stepId,
    body: {
      stepKey: a.step.key,
      actionKey: a.actionKey,
      title: textIn(a.step.title, lang),
      answers: answers ? answersCopy(c, (answers as Item<'ANSWERS'>).body.answers) : null,
      message: textIn(settings.message, lang),
    },
  });
  const itemId = await record(a, 'INFORM_RESPONDENT', { accountId, shareItemId: shareId });
  await notice(ctx, c, 'ACCESS', [accountId], `access:${shareId}`);
  return { itemId };
}

// --- INFORM_EMPLOYER -------------------------------------------------------------------------------

async function informEmployer(a: Act<'INFORM_EMPLOYER'>): Promise<Done> {
  const { ctx, c, input, settings } = a;
  const accountId = input.accountId;
  if (!accountId) throw invalid('accountId', 'REQUIRED', 'Choose who receives it for the employer.');
  const eligible = await employersOf(c);
  if (!eligible.some((e) => e.accountId === accountId))
    throw invalid(
      'accountId',
      'EMPLOYER_NOT_ELIGIBLE',
      'Choose a person who handles complaints for the employer and is not a party or member on this case.',
    );
  const fileIds = [...new Set(input.fileIds ?? [])];
  const sources: casesRepo.FileRow[] = [];
  for (const [i, id] of fileIds.entries()) {
    const f = await casesRepo.file(c.tx, c.row.workspaceId, c.row.id, id);
    if (!f || !c.ring!.keyOf(f.dataKeyId))
      throw invalid(`fileIds.${i}`, 'FILE_NOT_FOUND', 'This file is not in the case.');
    sources.push(f);
  }
  await grantParticipant(ctx, c, accountId, 'EMPLOYER');
  const copies: string[] = [];
  for (const f of sources) copies.push(await copyFileTo(ctx, c, f, accountId));
  const lang = await languageOf(c, accountId);
  const shareId = await writeItem(c, {
    kind: 'SHARE',
    audience: 'PARTICIPANT',
    participantAccountId: accountId,
    stepId: a.stepId,
    body: {
      stepKey: a.step.key,
      actionKey: a.actionKey,
      title: textIn(a.step.title, lang),
      answers: null,
      message: textIn(settings.message, lang),
    },
  });
  await casesRepo.attachFiles(c.tx, c.row.workspaceId, c.row.id, copies, shareId);
  const itemId = await record(a, 'INFORM_EMPLOYER', { accountId, fileIds, copies, shareItemId: shareId });
  await notice(ctx, c, 'ACCESS', [accountId], `access:${shareId}`);
  return { itemId };
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * A copy of a case file for one participant: its body opened with the key it was sealed with and
 * sealed again under the participant's key (a new file row and stored object; the original stays).
 */
async function copyFileTo(ctx: Ctx, c: OpenCase, f: casesRepo.FileRow, participant: string): Promise<string> {
  const ring = c.ring!;
  const stored = await ctx.storage.get(f.storageKey);
  if (!stored)
    throw new AppError(404, 'NOT_FOUND', 'This file was not found.', { params: { reason: 'FILE_NOT_FOUND' } });
  const sealedBody = await bytesOf(stored.stream);
  const plain = ring.open(f.dataKeyId, fileBodyContext(c, f.id), sealedBody);
  const meta = ring.openJson<FileMeta>(f.dataKeyId, fileMetaContext(c, f.id), Buffer.from(f.sealedMeta, 'hex'));
  if (!plain || !meta)
    throw new AppError(404, 'NOT_FOUND', 'This file was not found.', { params: { reason: 'FILE_NOT_FOUND' } });
  const id = randomUUID();
  try {
    const body = ring.seal('PARTICIPANT', participant, fileBodyContext(c, id), plain);
    const sealedMeta = ring.sealJson('PARTICIPANT', participant, fileMetaContext(c, id), meta);
    const storageKey = newFileKey(c.row.workspaceId, 'cases', `${id}.bin`, ctx.clock.now());
    await ctx.storage.put(storageKey, body.sealed, { contentType: 'application/octet-stream' });
    await casesRepo.insertFile(c.tx, {
      id,
      workspaceId: c.row.workspaceId,
      caseId: c.row.id,
      audience: 'PARTICIPANT',
      participantAccountId: participant,
      dataKeyId: body.dataKeyId,
      storageKey,
      sealedMeta: sealedMeta.sealed,
      sizeBytes: f.sizeBytes,
      sha256: f.sha256,
      uploadedBy: c.caller.accountId,
    });
  } finally {
    wipe(plain);
  }
  return id;
}

// --- TRANSFER_COMPLAINT ----------------------------------------------------------------------------

async function transfer(a: Act<'TRANSFER_COMPLAINT'>): Promise<Done> {
  const { ctx, c, input, settings } = a;
  const reason = input.reason?.trim() ?? '';
  if (settings.reasonRequired && !reason) throw invalid('reason', 'REQUIRED', 'Say why the complaint is transferred.');
  const from = c.row.committeeId;
  if (settings.to !== 'OTHER_UNIT_COMMITTEE') {
    if (input.committeeId)
      throw invalid('committeeId', 'NOT_EXPECTED', 'This transfer leaves the platform: no committee.');
    const transferId = await writeItem(c, {
      kind: 'TRANSFER',
      audience: 'COMMITTEE',
      stepId: a.stepId,
      body: { fromCommitteeId: from, toCommitteeId: null, to: settings.to, reason },
    });
    const itemId = await record(a, 'TRANSFER_COMPLAINT', { to: settings.to, transferItemId: transferId });
    await notice(ctx, c, 'STATUS', [c.row.complainantAccountId], `transfer:${transferId}`);
    return { itemId };
  }

  const toId = input.committeeId;
  if (!toId) throw invalid('committeeId', 'REQUIRED', 'Choose the committee to transfer the complaint to.');
  const current = from ? await casesRepo.committee(c.tx, c.row.workspaceId, from) : null;
  const target = await casesRepo.committee(c.tx, c.row.workspaceId, toId);
  const kind =
    current?.kind ?? (c.row.jurisdiction === 'CA_SOR_2020_130' ? 'DESIGNATED_RECIPIENT' : 'INTERNAL_COMMITTEE');
  const eligibleCommittees = await meetingsRepo.liveCommittees(c.tx, c.row.workspaceId, kind, from);
  if (!target || !eligibleCommittees.some((e) => e.id === toId))
    throw invalid('committeeId', 'COMMITTEE_NOT_ELIGIBLE', 'Choose another live committee of this workspace.');
  const newMembers = await casesRepo.committeeMembers(c.tx, c.row.workspaceId, toId);
  const conflicted = await matchConflicts(
    c.tx,
    c.row,
    newMembers.map((m) => m.accountId),
  );
  const assigned = newMembers.filter((m) => !conflicted.has(m.accountId));
  if (assigned.length === 0)
    throw conflict('COMMITTEE_HAS_NO_MEMBERS', 'That committee has no member who can take this case.');
  for (const [accountId, why] of conflicted)
    await casesRepo.insertConflict(c.tx, { workspaceId: c.row.workspaceId, caseId: c.row.id, accountId, reason: why });
  for (const m of assigned)
    await casesRepo.grantAccess(c.tx, {
      workspaceId: c.row.workspaceId,
      caseId: c.row.id,
      accountId: m.accountId,
      relation: 'COMMITTEE',
      memberRole: m.role,
    });
  // What is written from now on is under keys the old committee never held.
  const ring = c.ring!;
  await newDataKey(c.tx, ring, 'CASE');
  await newDataKey(c.tx, ring, 'COMMITTEE');
  const participants = [
    ...new Set(
      ring
        .heldKeys()
        .filter((k) => k.scope === 'PARTICIPANT' && !k.retired && k.participantAccountId)
        .map((k) => k.participantAccountId!),
    ),
  ];
  for (const p of participants) await newDataKey(c.tx, ring, 'PARTICIPANT', p);
  const transferId = await writeItem(c, {
    kind: 'TRANSFER',
    audience: 'COMMITTEE',
    stepId: a.stepId,
    body: { fromCommitteeId: from, toCommitteeId: toId, to: settings.to, reason },
  });
  const itemId = await record(a, 'TRANSFER_COMPLAINT', {
    to: settings.to,
    committeeId: toId,
    transferItemId: transferId,
  });
  const keep = new Set(assigned.map((m) => m.accountId));
  const leaving = membersIn(await liveAccess(c)).filter((m) => !keep.has(m.accountId));
  // Every key (older versions too) to the new members, while the keys are open here.
  await wrapMissing(c.tx, ctx.config, ring);
  await notice(ctx, c, 'FILED', [...keep], `transfer:${transferId}`, keep);
  await notice(ctx, c, 'STATUS', [c.row.complainantAccountId], `transfer:${transferId}`);
  return {
    itemId,
    after: async () => {
      // The wraps first (the committee may delete them), then access; the caller's own last.
      const order = [...leaving].sort((x, y) =>
        x.accountId === c.caller.accountId ? 1 : y.accountId === c.caller.accountId ? -1 : 0,
      );
      for (const m of order) await keysRepo.deleteWraps(c.tx, c.row.workspaceId, c.row.id, m.accountId);
      for (const m of order) await casesRepo.revokeAccess(c.tx, c.row.workspaceId, c.row.id, m.accountId, 'COMMITTEE');
    },
  };
}

// --- NOTIFY ------------------------------------------------------------------------------------------

async function notify(a: Act<'NOTIFY'>): Promise<Done> {
  const { ctx, c, settings } = a;
  const access = await liveAccess(c);
  const members = membersIn(access).map((m) => m.accountId);
  const participantsOf = (role: 'RESPONDENT' | 'WITNESS' | 'EMPLOYER') =>
    access.filter((x) => x.relation === 'PARTICIPANT' && x.participantRole === role).map((x) => x.accountId);
  const threads: Array<{ audience: 'COMPLAINANT' | 'PARTICIPANT'; accountId: string }> = [];
  const mail: string[] = [];
  for (const r of settings.recipients) {
    if (r === 'COMPLAINANT') {
      threads.push({ audience: 'COMPLAINANT', accountId: c.row.complainantAccountId });
    } else if (r === 'COMMITTEE') {
      mail.push(...members);
    } else {
      const ps = participantsOf(r).filter((p) => c.ring!.holds('PARTICIPANT', p));
      if (ps.length === 0)
        throw conflict(
          'NOTIFY_RECIPIENT_NO_ACCESS',
          'This notice goes to someone who has not been given access to the case yet: inform them first.',
          { recipient: r },
        );
      for (const p of ps) threads.push({ audience: 'PARTICIPANT', accountId: p });
    }
  }
  for (const t of threads) {
    const lang = await languageOf(c, t.accountId);
    await writeItem(c, {
      kind: 'NOTICE',
      audience: t.audience,
      participantAccountId: t.audience === 'PARTICIPANT' ? t.accountId : null,
      stepId: a.stepId,
      body: { stepKey: a.step.key, actionKey: a.actionKey, message: textIn(settings.message, lang) },
    });
    mail.push(t.accountId);
  }
  const itemId = await record(a, 'NOTIFY', { recipients: settings.recipients });
  await notice(ctx, c, 'NEWS', mail, `notify:${itemId}`, new Set(members));
  return { itemId };
}

// --- FORM and UPLOAD_RESOURCE ----------------------------------------------------------------------

async function sendForm(a: Act<'FORM'>): Promise<Done> {
  const { ctx, c, input, settings } = a;
  let target: { audience: 'COMPLAINANT' | 'PARTICIPANT'; accountId: string };
  if (settings.recipient === 'COMPLAINANT') {
    if (input.accountId && input.accountId !== c.row.complainantAccountId)
      throw invalid('accountId', 'NOT_THE_COMPLAINANT', 'This form goes to the complainant.');
    target = { audience: 'COMPLAINANT', accountId: c.row.complainantAccountId };
  } else {
    const accountId = input.accountId;
    if (!accountId) throw invalid('accountId', 'REQUIRED', 'Choose who receives the form.');
    const access = await liveAccess(c);
    const ok = access.some(
      (x) => x.accountId === accountId && x.relation === 'PARTICIPANT' && x.participantRole === settings.recipient,
    );
    if (!ok || !c.ring!.holds('PARTICIPANT', accountId))
      throw conflict(
        'FORM_RECIPIENT_NO_ACCESS',
        'This person has not been given access to the case yet: inform them first.',
        { recipient: settings.recipient },
      );
    target = { audience: 'PARTICIPANT', accountId };
  }
  const requestId = await writeItem(c, {
    kind: 'FORM_REQUEST',
    audience: target.audience,
    participantAccountId: target.audience === 'PARTICIPANT' ? target.accountId : null,
    stepId: a.stepId,
    body: { stepKey: a.step.key, actionKey: a.actionKey, title: settings.title, fields: settings.fields },
  });
  const itemId = await record(a, 'FORM', { accountId: target.accountId, requestItemId: requestId });
  await notice(ctx, c, 'NEWS', [target.accountId], `form:${requestId}`);
  return { itemId };
}

async function uploadResource(a: Act<'UPLOAD_RESOURCE'>): Promise<Done> {
  const { c, input } = a;
  const fileIds = [...new Set(input.fileIds ?? [])];
  if (fileIds.length === 0) throw invalid('fileIds', 'REQUIRED', 'Upload at least one file.');
  for (const [i, id] of fileIds.entries()) {
    const f = await casesRepo.file(c.tx, c.row.workspaceId, c.row.id, id);
    if (!f || f.itemId !== null || !c.ring!.keyOf(f.dataKeyId))
      throw invalid(
        `fileIds.${i}`,
        'FILE_NOT_AVAILABLE',
        'This file is not an upload of this case waiting to be used.',
      );
  }
  const itemId = await record(a, 'UPLOAD_RESOURCE', { fileIds });
  await casesRepo.attachFiles(c.tx, c.row.workspaceId, c.row.id, fileIds, itemId);
  return { itemId };
}
