import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withTenant } from '../../../core/db/tenant.ts';
import { aCaseWorld, type CaseWorld, fileACase, type Person, unlockKey } from '../../../testing/cases.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { grantAccess } from './cases.repo.ts';

let t: TestApp;
let w: CaseWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await aCaseWorld(t);
});
afterAll(() => t?.close());

const mine = async (p: Person) =>
  (await t.request(w.ws.host, { method: 'GET', url: '/cms/api/my-cases', token: p.token })).json().cases as Array<
    Record<string, unknown>
  >;

describe('my cases', () => {
  it('lists my complaints, drafts included and newest first, with stage and next step; metadata only', async () => {
    const filed = await fileACase(w);
    await unlockKey(w, w.complainant);
    const draft = (
      await t.request(w.ws.host, {
        method: 'POST',
        url: '/cms/api/complaint/draft',
        token: w.complainant.token,
        payload: { workflowId: w.workflowId },
      })
    ).json();
    const cases = await mine(w.complainant);
    expect(cases.map((c) => c.id)).toEqual([draft.id, filed.caseId]);
    expect(cases[0]).toMatchObject({ status: 'DRAFT', reference: null, relation: 'COMPLAINANT', next: null });
    const open = cases[1]!;
    expect(open).toMatchObject({ status: 'OPEN', reference: filed.reference, relation: 'COMPLAINANT' });
    expect(open.stageTitle).toMatchObject({ en: expect.any(String) });
    const next = (filed.receipt.next as Array<{ stepKey: string; dueDate: string | null }>)[0]!;
    expect(open.next).toMatchObject({ stepKey: next.stepKey, dueDate: next.dueDate });
    // No contents: nothing of what she wrote is in the list.
    expect(JSON.stringify(cases)).not.toContain('appearance');
  });

  it('lists a case I take part in, and nothing to anyone else', async () => {
    const { caseId } = await fileACase(w);
    expect((await mine(w.respondent)).map((c) => c.id)).not.toContain(caseId);
    // The committee shares a part with the respondent (as an action of a step would).
    await withTenant(t.database.db, { workspaceId: w.ws.id, accountId: w.po.accountId }, (tx) =>
      grantAccess(tx, {
        workspaceId: w.ws.id,
        caseId,
        accountId: w.respondent.accountId,
        relation: 'PARTICIPANT',
        participantRole: 'RESPONDENT',
      }),
    );
    expect(await mine(w.respondent)).toEqual([expect.objectContaining({ id: caseId, relation: 'PARTICIPANT' })]);
    expect(await mine(w.other)).toEqual([]);
    expect(await mine(w.admin)).toEqual([]);
    // The committee's cases are on its own list, not here.
    expect(await mine(w.po)).toEqual([]);
  });
});
