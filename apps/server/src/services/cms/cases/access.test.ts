import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { decide } from '../../../core/policy.ts';
import { captureMailer } from '../../../testing/capture.ts';
import { anyKeyOpens, asPerson, keysHeldBy, readableAs, writeAs } from '../../../testing/case-access.ts';
import { aCaseWorld, type CaseWorld, fileACase, type Person, unlockKey } from '../../../testing/cases.ts';
import { aMember } from '../../../testing/factories.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { casePolicy } from './cases.policy.ts';
import * as repo from './cases.repo.ts';
import { quorumOf } from './quorum.ts';

const mail = captureMailer();
let t: TestApp;
let w: CaseWorld;
let employer: Person;

beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer });
  w = await aCaseWorld(t);
  const e = await aMember(w.ws, { role: 'EMPLOYER', firstName: 'Esha', lastName: 'Employer' });
  employer = Object.assign(e, { token: await e.session() });
  for (const p of [w.po, w.m1, w.m2]) await unlockKey(w, p);
}, 120_000);
afterAll(() => t?.close());

/** Waits until no job is due or running. */
async function settled(): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from pgboss.job where state = 'active' or (state in ('created', 'retry') and start_after <= now())`,
    );
    if (row!.n === 0) return;
    if (Date.now() > deadline) throw new Error('jobs still due');
    await new Promise((r) => setTimeout(r, 20));
  }
}

const post = (p: Person, url: string, payload: object = {}) =>
  t.request(w.ws.host, { method: 'POST', url: `/cms/api${url}`, token: p.token, payload });

/** What the policy answers `p` for running a step now (the facts as the service loads them). */
async function stepsRefusal(p: Person, caseId: string) {
  return asPerson(w, p, async (tx) => {
    const row = (await repo.findCase(tx, w.ws.id, caseId))!;
    const relations = await repo.relationsOf(tx, w.ws.id, caseId, p.accountId);
    const quorum = quorumOf(row.jurisdiction, await repo.accessOf(tx, w.ws.id, caseId));
    const actor = {
      kind: 'member' as const,
      workspaceId: w.ws.id,
      accountId: p.accountId,
      role: 'EMPLOYEE' as const,
      branchId: null,
      permissions: new Set<never>(),
    };
    return decide(actor as never, casePolicy, 'runSteps', {
      workspaceId: w.ws.id,
      status: row.status,
      jurisdiction: row.jurisdiction,
      relations,
      quorumMet: quorum.met,
      quorum,
    });
  });
}

describe('declaring and clearing a conflict', () => {
  it('a member who declares loses the case and what is written afterwards; the presiding officer clears it', async () => {
    const { caseId } = await fileACase(w);
    const before = await keysHeldBy(w, w.m1, caseId);
    expect(before.size).toBeGreaterThan(0);
    const mailsBefore = mail.to(employer.email!).length;

    const declared = await post(w.m1, `/case/${caseId}/conflict/declare`, { reason: 'He is my brother-in-law' });
    expect(declared.statusCode, declared.body).toBe(200);
    const out = declared.json();
    expect(out.quorum).toMatchObject({ met: false, members: 2, required: 3, problem: 'QUORUM_TOO_FEW' });
    // Gone: the case reads as missing, a second click too.
    expect(await readableAs(w, w.m1, caseId)).toBeNull();
    expect((await post(w.m1, `/case/${caseId}/conflict/declare`, {})).statusCode).toBe(404);

    // The committee reads the declaration; content written now is under a key m1 never held.
    const seen = (await readableAs(w, w.po, caseId))!.join('\n');
    expect(seen).toContain('He is my brother-in-law');
    const note = await writeAs(w, w.po, caseId, 'NOTE', 'COMMITTEE', { text: 'Written after m1 left' });
    expect(await anyKeyOpens(w, w.po, caseId, note, before)).toBe(false);
    expect(await readableAs(w, w.complainant, caseId)).not.toContain('Written after m1 left');

    // Quorum: steps refused with the reason and numbers; the employer is told, content-free.
    const refusal = await stepsRefusal(w.po, caseId);
    expect(refusal).toMatchObject({
      status: 409,
      code: 'QUORUM_NOT_MET',
      params: { reason: 'QUORUM_TOO_FEW', members: 2, required: 3 },
    });
    await settled();
    const told = mail.to(employer.email!).slice(mailsBefore);
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toContain('needs a member');
    expect(JSON.stringify(told[0])).not.toMatch(/C-\d{4}-\d{4}|brother|Meera/);

    // Clearing: not by another member; by the presiding officer, with a reason; m1 reads again.
    const conflictId = out.conflictId as string;
    const byMember = await post(w.m2, `/case/${caseId}/conflict/${conflictId}/clear`, { reason: 'ok' });
    expect(byMember.statusCode).toBe(403);
    expect((await post(w.po, `/case/${caseId}/conflict/${conflictId}/clear`, { reason: '' })).statusCode).toBe(400);
    const cleared = await post(w.po, `/case/${caseId}/conflict/${conflictId}/clear`, {
      reason: 'Not related after all',
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ cleared: true, accessRestored: true, quorum: { met: true } });
    expect((await readableAs(w, w.m1, caseId))!.join('\n')).toContain('Written after m1 left');
    expect(await stepsRefusal(w.po, caseId)).toBeNull();
    const again = await post(w.po, `/case/${caseId}/conflict/${conflictId}/clear`, { reason: 'twice' });
    expect(again.statusCode).toBe(409);
    expect(again.json().params.reason).toBe('CONFLICT_ALREADY_CLEARED');
  });

  it("the presiding officer's conflict: quorum says so, and only the external member may clear it", async () => {
    const { caseId } = await fileACase(w);
    const declared = await post(w.po, `/case/${caseId}/conflict/declare`, {});
    expect(declared.statusCode, declared.body).toBe(200);
    expect(declared.json().quorum).toMatchObject({
      met: false,
      problem: 'QUORUM_PRESIDING_OFFICER_CONFLICTED',
      routes: ['TRANSFER_OTHER_COMMITTEE', 'LOCAL_COMMITTEE', 'ADD_MEMBER'],
    });
    expect(await stepsRefusal(w.m1, caseId)).toMatchObject({
      params: { reason: 'QUORUM_PRESIDING_OFFICER_CONFLICTED' },
    });
    // A member is not the presiding officer, and cannot clear it either (the policy: 403).
    const res = await post(w.m1, `/case/${caseId}/conflict/${declared.json().conflictId}/clear`, { reason: 'x' });
    expect(res.statusCode).toBe(403);
  });

  it('refuses everyone not on the committee as if the case did not exist', async () => {
    const { caseId } = await fileACase(w);
    for (const p of [w.admin, w.other, w.respondent, employer]) {
      const res = await post(p, `/case/${caseId}/conflict/declare`, {});
      expect(res.statusCode, res.body).toBe(404);
    }
    // The complainant too: the route locks the case row, which only the committee may (RLS), so she
    // is refused before the policy can tell her apart (404 rather than 403).
    const own = await post(w.complainant, `/case/${caseId}/conflict/declare`, {});
    expect(own.statusCode, own.body).toBe(404);
  });
});

describe('a committee member deactivated', () => {
  it('loses access in every open case, cannot open what comes next with their old wraps, and quorum is re-checked', async () => {
    const { caseId } = await fileACase(w);
    const other = await fileACase(w);
    const old = await keysHeldBy(w, w.m2, caseId);
    expect(old.size).toBeGreaterThan(0);

    const res = await t.request(w.ws.host, {
      method: 'POST',
      url: `/api/user/update/${w.m2.accountId}`,
      token: w.admin.token,
      payload: { active: false },
    });
    expect(res.statusCode, res.body).toBe(200);
    await settled();

    for (const id of [caseId, other.caseId]) {
      expect(await asPerson(w, w.m2, (tx) => repo.findCase(tx, w.ws.id, id))).toBeNull();
      expect(await stepsRefusal(w.po, id)).toMatchObject({
        code: 'QUORUM_NOT_MET',
        params: { reason: 'QUORUM_TOO_FEW', members: 2, required: 3 },
      });
    }
    // Written after: a key version m2 never held (the job made it and wrapped it to those who remain).
    const note = await writeAs(w, w.po, caseId, 'NOTE', 'COMMITTEE', { text: 'After m2 was deactivated' });
    expect(await anyKeyOpens(w, w.po, caseId, note, old)).toBe(false);
    expect((await readableAs(w, w.m1, caseId))!.join('\n')).toContain('After m2 was deactivated');
    expect((await readableAs(w, w.complainant, caseId))!.length).toBeGreaterThan(0);
    const msg = await writeAs(w, w.po, caseId, 'MESSAGE', 'COMPLAINANT', { text: 'To the complainant, after' });
    expect(await anyKeyOpens(w, w.po, caseId, msg, old)).toBe(false);
    expect((await readableAs(w, w.complainant, caseId))!.join('\n')).toContain('To the complainant, after');
    // The employer was told (one mail per committee and day: once today, whichever change came first).
    await settled();
    expect(mail.to(employer.email!).filter((m) => m.subject.includes('needs a member'))).toHaveLength(1);
  });
});
