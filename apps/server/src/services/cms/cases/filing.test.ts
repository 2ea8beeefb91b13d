import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aCaseWorld, type CaseWorld, fileACase, someAnswers, unlockKey } from '../../../testing/cases.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
let w: CaseWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await aCaseWorld(t);
});
afterAll(() => t?.close());

describe('filing a complaint', () => {
  it('refuses a draft until the key is unlocked, then files once per idempotency key', async () => {
    const locked = await t.request(w.ws.host, {
      method: 'POST',
      url: '/cms/api/complaint/draft',
      token: w.other.token,
      payload: { workflowId: w.workflowId },
    });
    expect(locked.statusCode).toBe(423);
    const code = await unlockKey(w, w.complainant);
    expect(code).toMatch(/^\d{4}(-\d{4}){7}$/);
    const { caseId, reference, receipt } = await fileACase(w, { idempotencyKey: 'same-key-123' });
    expect(reference).toMatch(/^C-\d{4}-0001$/);
    expect(receipt.committeeName).toBe('Internal Committee');
    expect((receipt.next as unknown[]).length).toBeGreaterThan(0);

    // The committee member unlocks and reads the answers.
    await unlockKey(w, w.po);
    const draftRead = await t.request(w.ws.host, {
      method: 'GET',
      url: `/cms/api/complaint/draft/${caseId}`,
      token: w.po.token,
    });
    expect(draftRead.statusCode).toBe(409);
    // Another employee: the case reads as missing.
    const other = await t.request(w.ws.host, {
      method: 'GET',
      url: `/cms/api/complaint/draft/${caseId}`,
      token: w.other.token,
    });
    expect(other.statusCode).toBe(404);
    // The admin too.
    const admin = await t.request(w.ws.host, {
      method: 'GET',
      url: `/cms/api/complaint/draft/${caseId}`,
      token: w.admin.token,
    });
    expect(admin.statusCode).toBe(404);
  });

  it('refuses incomplete answers with one detail per question and writes nothing', async () => {
    await unlockKey(w, w.complainant);
    const draft = (
      await t.request(w.ws.host, {
        method: 'POST',
        url: '/cms/api/complaint/draft',
        token: w.complainant.token,
        payload: { workflowId: w.workflowId },
      })
    ).json();
    const answers = someAnswers(w);
    delete answers.INCIDENT_DETAILS;
    const res = await t.request(w.ws.host, {
      method: 'POST',
      url: `/cms/api/complaint/submit/${draft.id}`,
      token: w.complainant.token,
      payload: { answers, revision: draft.revision },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().details.map((d: { path: string }) => d.path)).toEqual(['answers.INCIDENT_DETAILS']);
    const again = await t.request(w.ws.host, {
      method: 'GET',
      url: `/cms/api/complaint/draft/${draft.id}`,
      token: w.complainant.token,
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().answers).toEqual({});
  });

  it('saves a draft and comes back to it', async () => {
    await unlockKey(w, w.complainant);
    const draft = (
      await t.request(w.ws.host, {
        method: 'POST',
        url: '/cms/api/complaint/draft',
        token: w.complainant.token,
        payload: { workflowId: w.workflowId },
      })
    ).json();
    const saved = await t.request(w.ws.host, {
      method: 'POST',
      url: `/cms/api/complaint/draft/${draft.id}`,
      token: w.complainant.token,
      payload: { answers: { INCIDENT_DETAILS: 'Half written' }, revision: draft.revision },
    });
    expect(saved.statusCode).toBe(200);
    const back = await t.request(w.ws.host, {
      method: 'GET',
      url: `/cms/api/complaint/draft/${draft.id}`,
      token: w.complainant.token,
    });
    expect(back.json().answers).toEqual({ INCIDENT_DETAILS: 'Half written' });
    const stale = await t.request(w.ws.host, {
      method: 'POST',
      url: `/cms/api/complaint/draft/${draft.id}`,
      token: w.complainant.token,
      payload: { answers: { INCIDENT_DETAILS: 'Other window' }, revision: draft.revision },
    });
    expect(stale.statusCode).toBe(409);
  });
});
