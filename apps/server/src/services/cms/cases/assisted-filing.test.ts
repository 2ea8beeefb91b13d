import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { withTenant } from '../../../core/db/tenant.ts';
import { aCaseWorld, type CaseWorld, type Person, someAnswers, unlockKey } from '../../../testing/cases.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

/*
 * Assisted filing (POSH s.9(1): "the committee helps write down an oral complaint"): a member of the
 * committee that handles the complainant writes her complaint down for her. She is the complainant;
 * the case records that it was assisted.
 */

let t: TestApp;
let w: CaseWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await aCaseWorld(t);
});
afterAll(() => t?.close());

const PDF = Buffer.from('%PDF-1.4\n% a photo of the note he left\n%%EOF\n');

/** The escrow flags of a person's key wraps for a case (as that person, under row-level security). */
function wrapsOf(p: Person, caseId: string) {
  return withTenant(t.database.db, { workspaceId: w.ws.id, accountId: p.accountId }, (tx) =>
    queryRows<{ escrow: boolean }>(
      tx,
      sql`select escrow from case_key_wraps where case_id = ${caseId} and account_id = ${p.accountId}`,
    ),
  );
}

describe('a complaint written down by a committee member (POSH s.9(1))', () => {
  it('files for a complainant who has never unlocked: her key waits in escrow until she does, then she reads her case', async () => {
    await unlockKey(w, w.po);
    const created = await t.request(w.ws.host, {
      method: 'POST',
      url: '/cms/api/complaint/draft',
      token: w.po.token,
      payload: { workflowId: w.workflowId, onBehalfOf: w.complainant.accountId },
    });
    expect(created.statusCode, created.body).toBe(200);
    const draft = created.json();
    expect(draft.assisted).toBe(true);

    // The complainant has no keypair yet: her wrap of the case key is to the server's escrow key.
    const pending = await wrapsOf(w.complainant, draft.id);
    expect(pending.length).toBeGreaterThan(0);
    expect(pending.every((r) => r.escrow)).toBe(true);

    // The member attaches the evidence she brought and files.
    const file = await t.request(w.ws.host, {
      method: 'POST',
      url: `/cms/api/case/${draft.id}/file`,
      token: w.po.token,
      headers: { 'content-type': 'application/pdf', 'x-file-name': 'note.pdf', 'x-attribute-key': 'EVIDENCE' },
      payload: PDF,
    });
    expect(file.statusCode, file.body).toBe(200);
    const submitted = await t.request(w.ws.host, {
      method: 'POST',
      url: `/cms/api/complaint/submit/${draft.id}`,
      token: w.po.token,
      headers: { 'idempotency-key': `assisted-${draft.id}` },
      payload: { answers: someAnswers(w, { EVIDENCE: [file.json().id] }), revision: draft.revision },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const receipt = submitted.json();
    expect(receipt.assisted).toBe(true);
    expect(receipt.reference).toMatch(/^C-\d{4}-\d{4}$/);

    // Her case is listed for her before she unlocks (metadata only), as filed.
    const mine = (
      await t.request(w.ws.host, { method: 'GET', url: '/cms/api/my-cases', token: w.complainant.token })
    ).json();
    expect(mine.cases).toEqual([
      expect.objectContaining({ id: draft.id, reference: receipt.reference, status: 'OPEN', relation: 'COMPLAINANT' }),
    ]);
    // Until she unlocks, the contents stay closed to her.
    const locked = await t.request(w.ws.host, {
      method: 'GET',
      url: `/cms/api/case/${draft.id}/file/${file.json().id}`,
      token: w.complainant.token,
    });
    expect(locked.statusCode).toBe(423);

    // She unlocks (setting up her key: a recovery code is shown once); the escrow wrap is hers now.
    expect(await unlockKey(w, w.complainant)).toMatch(/^\d{4}(-\d{4}){7}$/);
    const delivered = await wrapsOf(w.complainant, draft.id);
    expect(delivered.length).toBe(pending.length);
    expect(delivered.every((r) => !r.escrow)).toBe(true);
    const read = await t.request(w.ws.host, {
      method: 'GET',
      url: `/cms/api/case/${draft.id}/file/${file.json().id}`,
      token: w.complainant.token,
    });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.rawPayload.equals(PDF)).toBe(true);
  });

  it('refuses someone who is not on the committee handling her complaints', async () => {
    await unlockKey(w, w.other);
    const res = await t.request(w.ws.host, {
      method: 'POST',
      url: '/cms/api/complaint/draft',
      token: w.other.token,
      payload: { workflowId: w.workflowId, onBehalfOf: w.respondent.accountId },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().params.reason).toBe('FORBIDDEN_ASSISTED_FILING');
    // Nothing was started for the person named.
    const theirs = await t.request(w.ws.host, { method: 'GET', url: '/cms/api/my-cases', token: w.respondent.token });
    expect(theirs.json().cases).toEqual([]);
  });
});
