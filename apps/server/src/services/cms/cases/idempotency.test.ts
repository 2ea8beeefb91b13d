import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aCaseWorld, type CaseWorld, someAnswers, unlockKey } from '../../../testing/cases.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

/* A submission retried with the same `Idempotency-Key` (a phone on a bad network) files once. */

let t: TestApp;
let w: CaseWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await aCaseWorld(t);
  await unlockKey(w, w.complainant);
});
afterAll(() => t?.close());

async function newDraft(): Promise<{ id: string; revision: number }> {
  const res = await t.request(w.ws.host, {
    method: 'POST',
    url: '/cms/api/complaint/draft',
    token: w.complainant.token,
    payload: { workflowId: w.workflowId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const submit = (draft: { id: string; revision: number }, key: string) =>
  t.request(w.ws.host, {
    method: 'POST',
    url: `/cms/api/complaint/submit/${draft.id}`,
    token: w.complainant.token,
    headers: { 'idempotency-key': key },
    payload: { answers: someAnswers(w), revision: draft.revision },
  });

async function filedReferences(): Promise<string[]> {
  const res = await t.request(w.ws.host, { method: 'GET', url: '/cms/api/my-cases', token: w.complainant.token });
  return res
    .json()
    .cases.filter((c: { status: string }) => c.status !== 'DRAFT')
    .map((c: { reference: string }) => c.reference);
}

describe('submitting with an Idempotency-Key', () => {
  it('answers the same receipt to a retry and files once', async () => {
    const before = (await filedReferences()).length;
    const draft = await newDraft();
    const first = await submit(draft, `retry-${draft.id}`);
    expect(first.statusCode, first.body).toBe(200);
    const second = await submit(draft, `retry-${draft.id}`);
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect((await filedReferences()).length).toBe(before + 1);
  });

  it('files once when the same submission arrives twice at once', async () => {
    const before = (await filedReferences()).length;
    const draft = await newDraft();
    const [a, b] = await Promise.all([submit(draft, `twice-${draft.id}`), submit(draft, `twice-${draft.id}`)]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
    expect(a.json()).toEqual(b.json());
    const refs = await filedReferences();
    expect(refs.length).toBe(before + 1);
    expect(refs).toContain(a.json().reference);
  });

  it('refuses a second submission of a filed draft under another key, filing nothing more', async () => {
    const draft = await newDraft();
    expect((await submit(draft, `one-${draft.id}`)).statusCode).toBe(200);
    const before = (await filedReferences()).length;
    const other = await submit(draft, `two-${draft.id}`);
    expect(other.statusCode).toBe(409);
    expect((await filedReferences()).length).toBe(before);
  });
});
