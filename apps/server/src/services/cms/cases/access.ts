import type { TWorkspaceRole } from '@app/contract';
import type { Config } from '../../../core/config.ts';
import { newKey, wipe, wrapKey } from '../../../core/crypto.ts';
import type { Tx } from '../../../core/db/database.ts';
import { dateInZone } from '../../../core/deadlines.ts';
import type { JobCtx } from '../../../core/job-context.ts';
import type { Jobs, NewJob } from '../../../core/jobs.ts';
import { mailLanguage, messagesFor, renderMail } from '../../../core/messages/index.ts';
import { workspaceBrand } from '../../../core/messages/messages.repo.ts';
import { permissionsFor, workspaceOverrides } from '../../../core/permissions.ts';
import { appendTrail } from '../../../core/trail.ts';
import * as ar from './access.repo.ts';
import type { OpenCase } from './case-core.ts';
import * as repo from './cases.repo.ts';
import * as keysRepo from './keys.repo.ts';
import { escrowKeypair, newDataKey } from './keys.ts';
import { type Quorum, quorumOf } from './quorum.ts';

/*
 * A member's access to a case over time (docs/cases-security.md §3, §4): ending it (a conflict, a
 * member deactivated or gone from the committee), giving it back (a conflict cleared, a member
 * joined), and the quorum re-checked after each change.
 *
 * Ending someone's access: their access rows are revoked, their wraps deleted, and new versions of
 * the case's data keys are started (CASE and COMMITTEE, and every PARTICIPANT one they held), wrapped
 * to everyone who remains. What was written before stays under the old versions, still wrapped to
 * the remaining people; what is written after uses the new ones, which the person removed never had.
 *
 * In a request the caller's keyring is open (`revokeMember`); a job has neither keyring nor account
 * (`revokeInJob`): it makes the new keys itself and wraps them to the remaining people's public keys
 * (or the escrow key until they unlock), through the `app_case_job_*` functions.
 */

export type RevokeReason = 'CONFLICT_DECLARED' | 'CONFLICT_FOUND' | 'DEACTIVATED' | 'LEFT_COMMITTEE';

/** What a request's context gives these functions (a `Ctx` has it all). */
export type AccessDeps = {
  config: Pick<Config, 'authSecret' | 'env'>;
  jobs: Pick<Jobs, 'enqueueAll'>;
  clock: { now(): Date };
  traceId: string;
  origin?: string;
};

type Scope = { scope: keysRepo.DataKeyScope; participantAccountId: string | null };

/** The scopes to re-key when `relations` of a person end: a committee member held every key; a participant their own. */
function scopesHeld(
  relations: ReadonlyArray<repo.Relation['relation']>,
  accountId: string,
  existing: Scope[],
): Scope[] {
  if (relations.includes('COMMITTEE')) return existing;
  if (relations.includes('PARTICIPANT'))
    return existing.filter((s) => s.scope === 'PARTICIPANT' && s.participantAccountId === accountId);
  return [];
}

const uniqueScopes = (rows: Scope[]): Scope[] => {
  const seen = new Map<string, Scope>();
  for (const r of rows) seen.set(`${r.scope}:${r.participantAccountId ?? ''}`, r);
  return [...seen.values()];
};

/** Whether a live access row reaches a scope (the rule of `app_case_missing_wraps`). */
const reaches = (a: { relation: string; accountId: string }, s: Scope) =>
  a.relation === 'COMMITTEE' ||
  (a.relation === 'COMPLAINANT' && s.scope === 'CASE') ||
  (a.relation === 'PARTICIPANT' && s.scope === 'PARTICIPANT' && s.participantAccountId === a.accountId);

/**
 * Ends `accountId`'s committee and participant access to the case open in `c` (a request, the
 * caller's keyring open): their wraps deleted, new key versions wrapped to everyone remaining, the
 * access rows revoked last (so that a member who declares their own conflict can still write the
 * new wraps), a trail entry. The caller may be the person removed. Answers whether anything ended
 * and the quorum afterwards; when the quorum is lost by this, the employer is told (content-free).
 */
export async function revokeMember(
  deps: AccessDeps,
  c: OpenCase,
  accountId: string,
  reason: RevokeReason,
): Promise<{ revoked: boolean; quorum: Quorum }> {
  if (!c.ring) throw new Error('revokeMember: open the case with keys');
  const ws = c.row.workspaceId;
  const caseId = c.row.id;
  const access = await repo.accessOf(c.tx, ws, caseId);
  const live = access.filter((a) => a.revokedAt === null);
  const ending = live.filter((a) => a.accountId === accountId && a.relation !== 'COMPLAINANT');
  const remaining = live.filter((a) => !(a.accountId === accountId && a.relation !== 'COMPLAINANT'));
  const before = quorumOf(c.row.jurisdiction, live);
  const after = quorumOf(c.row.jurisdiction, remaining);
  if (ending.length === 0) return { revoked: false, quorum: after };

  await keysRepo.deleteWraps(c.tx, ws, caseId, accountId);
  const existing = uniqueScopes(await keysRepo.dataKeys(c.tx, ws, caseId));
  const rekey = scopesHeld(
    ending.map((a) => a.relation),
    accountId,
    existing,
  );
  const made: Array<Scope & { id: string }> = [];
  for (const s of rekey) made.push({ ...s, id: await newDataKey(c.tx, c.ring, s.scope, s.participantAccountId) });
  // Wrapped to the remaining people now, while the caller (perhaps the person leaving) still may.
  const pubs = new Map(
    (await keysRepo.publicKeys(c.tx, ws, [...new Set(remaining.map((a) => a.accountId))])).map((p) => [
      p.accountId,
      Buffer.from(p.publicKey, 'hex'),
    ]),
  );
  const escrow = escrowKeypair(deps.config).publicKey;
  for (const k of made) {
    const key = c.ring.keyOf(k.id)!;
    const to = new Set(remaining.filter((a) => reaches(a, k)).map((a) => a.accountId));
    for (const person of to) {
      const pub = pubs.get(person);
      await keysRepo.insertWrap(c.tx, {
        workspaceId: ws,
        caseId,
        dataKeyId: k.id,
        accountId: person,
        wrapped: wrapKey(key, pub ?? escrow),
        escrow: !pub,
      });
    }
  }
  await c.trail('case.access_revoked', { type: 'account', id: accountId });
  for (const relation of new Set(ending.map((a) => a.relation)))
    await repo.revokeAccess(c.tx, ws, caseId, accountId, relation);
  if (before.met && !after.met && c.row.committeeId)
    await noticeQuorumLost(c.tx, deps, ws, c.row.committeeId, deps.origin);
  void reason;
  return { revoked: true, quorum: after };
}

/**
 * Conflicts on change, in a request (the committee named a party, `POST /case/:id/party`): the
 * committee members with access matched against the parties (and their managers); each newly
 * conflicted member gets a conflict row (reason PARTY or MANAGER_OF_PARTY) and loses access
 * (`revokeMember`). A conflict of that reason recorded before — even cleared — is not raised again.
 */
export async function recheckConflicts(
  deps: AccessDeps,
  c: OpenCase,
  matched: Map<string, 'PARTY' | 'MANAGER_OF_PARTY'>,
): Promise<{ conflicted: string[]; quorum: Quorum }> {
  const ws = c.row.workspaceId;
  const recorded = await repo.conflicts(c.tx, ws, c.row.id);
  const out: string[] = [];
  let quorum = quorumOf(c.row.jurisdiction, await repo.accessOf(c.tx, ws, c.row.id));
  for (const [accountId, reason] of matched) {
    if (recorded.some((r) => r.accountId === accountId && r.reason === reason)) continue;
    const id = await repo.insertConflict(c.tx, { workspaceId: ws, caseId: c.row.id, accountId, reason });
    await c.trail('case.conflict_found', { type: 'conflict', id });
    const r = await revokeMember(deps, c, accountId, 'CONFLICT_FOUND');
    quorum = r.quorum;
    out.push(accountId);
  }
  return { conflicted: out, quorum };
}

// --- the employer told, content-free, that a committee needs a member -----------------------------

/**
 * A mail to each active holder of `complaints.manage` (the matrix with the workspace's overrides
 * decides; no role is named): the committee's name and a link to the register — no case reference,
 * no person (who left or is conflicted would tell an administrator who is in which case). Keyed per
 * committee and day: several cases losing quorum at once send one mail.
 */
export async function noticeQuorumLost(
  tx: Tx,
  deps: AccessDeps,
  workspaceId: string,
  committeeId: string,
  origin?: string,
): Promise<number> {
  const committee = await ar.committeeName(tx, workspaceId, committeeId);
  if (!committee) return 0;
  const overrides = await workspaceOverrides(tx, workspaceId);
  const holders = (await ar.activePeople(tx, workspaceId)).filter((p) =>
    permissionsFor(p.role as TWorkspaceRole, overrides).has('complaints.manage'),
  );
  if (holders.length === 0) return 0;
  const base =
    origin ?? `${deps.config.env === 'production' ? 'https' : 'http'}://${await ar.workspaceHost(tx, workspaceId)}`;
  const brand = await workspaceBrand(tx, base, workspaceId);
  const day = dateInZone(deps.clock.now(), await repo.timeZoneOf(tx, workspaceId));
  const jobs: NewJob[] = holders.map((p) => {
    const lang = mailLanguage(brand, p.language);
    const mail = messagesFor(brand, p.language).committeeNeedsMember({
      company: brand.name,
      firstName: p.firstName ?? '',
      committee,
      link: `${base}/committee`,
    });
    return {
      queue: 'mail.send',
      key: `case-quorum:${committeeId}:${day}:${p.accountId}`,
      data: { workspaceId, to: p.email, ...renderMail(brand, mail, lang) },
    };
  });
  await deps.jobs.enqueueAll(tx, jobs);
  return jobs.length;
}

// --- the job path: no keyring, no account --------------------------------------------------------

type JobAccess = { accountId: string; relation: repo.Relation['relation']; memberRole: string | null; live: boolean };

function accessRowsOf(people: ar.JobPerson[]): JobAccess[] {
  return people
    .filter((p) => p.kind === 'COMMITTEE' || p.kind === 'COMPLAINANT' || p.kind === 'PARTICIPANT')
    .map((p) => ({
      accountId: p.accountId!,
      relation: p.kind as repo.Relation['relation'],
      memberRole: p.kind === 'COMMITTEE' ? p.role : null,
      live: p.live,
    }));
}

const asAccessRows = (rows: JobAccess[]): repo.AccessRow[] =>
  rows
    .filter((r) => r.live)
    .map((r) => ({
      accountId: r.accountId,
      relation: r.relation,
      memberRole: r.memberRole,
      participantRole: null,
      grantedAt: '',
      revokedAt: null,
    }));

/** New versions of `scopes` made in a job and wrapped to every live holder (public key, else escrow). */
async function rekeyInJob(tx: Tx, config: AccessDeps['config'], ws: string, caseId: string, scopes: Scope[]) {
  const access = asAccessRows(accessRowsOf(await ar.jobPeople(tx, caseId)));
  const pubs = new Map(
    (await keysRepo.publicKeys(tx, ws, [...new Set(access.map((a) => a.accountId))])).map((p) => [
      p.accountId,
      Buffer.from(p.publicKey, 'hex'),
    ]),
  );
  const escrow = escrowKeypair(config).publicKey;
  for (const s of scopes) {
    const { id } = await ar.jobNewKey(tx, caseId, s.scope, s.participantAccountId);
    const key = newKey();
    try {
      for (const a of access.filter((x) => reaches(x, s))) {
        const pub = pubs.get(a.accountId);
        await ar.jobWrap(tx, {
          caseId,
          dataKeyId: id,
          accountId: a.accountId,
          wrapped: wrapKey(key, pub ?? escrow),
          escrow: !pub,
        });
      }
    } finally {
      wipe(key);
    }
  }
}

const trailIn =
  (tx: Tx, ws: string, caseId: string, traceId: string) => (action: string, target: { type: string; id: string }) =>
    appendTrail(tx, ws, {
      chainId: caseId,
      actorAccountId: null,
      action,
      targetType: target.type,
      targetId: target.id,
      traceId,
    });

/**
 * Brings one open case's committee access in line with the committee today, in a job: members who
 * left the committee (or are no longer active) lose access; members conflicted by matching (a party,
 * or the manager of one) get a conflict row and lose access; members who joined (and are not
 * conflicted) get access — their keys reach them from the next member who opens the case; a role
 * changed is recorded. `alsoEnd`: a person whose participant access ends too (deactivated). When
 * anyone lost access, new key versions are made and wrapped to those who remain. The quorum is
 * re-checked; lost by this change, the employer is told.
 */
export async function reconcileCase(
  job: JobCtx,
  tx: Tx,
  ws: string,
  kase: ar.JobCase,
  opts: { alsoEnd?: string[] } = {},
): Promise<{ revoked: string[]; granted: string[]; quorum: Quorum }> {
  // The case as it is now, locked: a transfer or a filing meanwhile is wholly before this or waits.
  const fresh = await ar.jobLockCase(tx, kase.caseId);
  if (fresh?.status !== 'OPEN') {
    return { revoked: [], granted: [], quorum: quorumOf(kase.jurisdiction, []) };
  }
  kase = { caseId: fresh.caseId, jurisdiction: fresh.jurisdiction, committeeId: fresh.committeeId };
  const trail = trailIn(tx, ws, kase.caseId, job.traceId);
  const people = await ar.jobPeople(tx, kase.caseId);
  const rows = accessRowsOf(people);
  const before = quorumOf(kase.jurisdiction, asAccessRows(rows));
  const members = kase.committeeId ? await repo.committeeMembers(tx, ws, kase.committeeId) : [];
  const memberIds = new Set(members.map((m) => m.accountId));

  // Conflicts found by matching: the parties (complainant, respondents, witnesses) and their managers.
  const parties = [
    ...rows.filter((r) => r.relation === 'COMPLAINANT').map((r) => r.accountId),
    ...people.filter((p) => p.kind === 'PARTY').map((p) => p.accountId!),
  ];
  const found = new Map<string, 'PARTY' | 'MANAGER_OF_PARTY'>();
  for (const p of parties) if (memberIds.has(p)) found.set(p, 'PARTY');
  for (const p of parties)
    for (const m of await repo.managersOf(tx, ws, p))
      if (memberIds.has(m) && !found.has(m)) found.set(m, 'MANAGER_OF_PARTY');
  const conflicted = new Set(people.filter((p) => p.kind === 'CONFLICT' && p.live).map((p) => p.accountId!));
  for (const [accountId, reason] of found) {
    const id = await ar.jobConflict(tx, kase.caseId, accountId, reason);
    if (id) {
      conflicted.add(accountId);
      await trail('case.conflict_found', { type: 'conflict', id });
    }
  }

  const revoked: string[] = [];
  const endedRelations = new Map<string, Array<'COMMITTEE' | 'PARTICIPANT'>>();
  const liveCommittee = rows.filter((r) => r.relation === 'COMMITTEE' && r.live);
  for (const r of liveCommittee) {
    if (memberIds.has(r.accountId) && !conflicted.has(r.accountId)) continue;
    endedRelations.set(r.accountId, ['COMMITTEE']);
  }
  for (const id of opts.alsoEnd ?? []) {
    const theirs = rows.filter((r) => r.accountId === id && r.live && r.relation !== 'COMPLAINANT');
    if (theirs.length)
      endedRelations.set(id, [...new Set(theirs.map((r) => r.relation as 'COMMITTEE' | 'PARTICIPANT'))]);
  }
  for (const [accountId, relations] of endedRelations) {
    if (await ar.jobRevoke(tx, kase.caseId, accountId, relations)) {
      revoked.push(accountId);
      await trail('case.access_revoked', { type: 'account', id: accountId });
    }
  }

  const granted: string[] = [];
  for (const m of members) {
    if (conflicted.has(m.accountId)) continue;
    if (await ar.jobGrant(tx, kase.caseId, m.accountId, m.role)) {
      const had = liveCommittee.some((r) => r.accountId === m.accountId);
      if (!had) {
        granted.push(m.accountId);
        await trail('case.access_granted', { type: 'account', id: m.accountId });
      }
    }
  }

  if (revoked.length > 0) {
    const scopes = uniqueScopes(
      people
        .filter((p) => p.kind === 'SCOPE')
        .map((p) => ({ scope: p.role as keysRepo.DataKeyScope, participantAccountId: p.accountId })),
    );
    const rekey = uniqueScopes(
      [...endedRelations.entries()]
        .filter(([id]) => revoked.includes(id))
        .flatMap(([id, rel]) => scopesHeld(rel, id, scopes)),
    );
    await rekeyInJob(tx, job.config, ws, kase.caseId, rekey);
    await trail('case.rekeyed', { type: 'case', id: kase.caseId });
  }

  const after = quorumOf(kase.jurisdiction, asAccessRows(accessRowsOf(await ar.jobPeople(tx, kase.caseId))));
  if (before.met && !after.met && kase.committeeId) await noticeQuorumLost(tx, job, ws, kase.committeeId);
  return { revoked, granted, quorum: after };
}

/**
 * Ends a person's access in every open case of the workspace they are related to, in a job (one
 * transaction per case): `member.deactivated` — their committee and participant access (the
 * complainant keeps her own case).
 */
export async function revokeInJob(job: JobCtx, accountId: string): Promise<number> {
  const ws = job.workspaceId!;
  const cases = await job.tenant((tx) => ar.jobCases(tx, { accountId }));
  let n = 0;
  for (const kase of cases) {
    const r = await job.tenant((tx) => reconcileCase(job, tx, ws, kase, { alsoEnd: [accountId] }));
    n += r.revoked.length;
  }
  return n;
}

/** Re-checks every open case related to a person (moved: their managers changed) or handled by a committee (changed). */
export async function reconcileInJob(job: JobCtx, by: { accountId?: string; committeeId?: string }): Promise<number> {
  const ws = job.workspaceId!;
  const cases = await job.tenant((tx) => ar.jobCases(tx, by));
  let n = 0;
  for (const kase of cases) {
    const r = await job.tenant((tx) => reconcileCase(job, tx, ws, kase));
    n += r.revoked.length + r.granted.length;
  }
  return n;
}
