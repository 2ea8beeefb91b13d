import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aCaseWorld, type CaseWorld, type Person, someAnswers, unlockKey } from '../../../testing/cases.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

let t: TestApp;
let w: CaseWorld;
beforeAll(async () => {
  t = await createTestApp();
  w = await aCaseWorld(t);
  await unlockKey(w, w.complainant);
});
afterAll(() => t?.close());

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <<>> endobj\n% Evidence: the message he sent on 3 November\ntrailer <<>>\n%%EOF\n',
);

async function newDraft(p: Person = w.complainant): Promise<{ id: string; revision: number }> {
  const res = await t.request(w.ws.host, {
    method: 'POST',
    url: '/cms/api/complaint/draft',
    token: p.token,
    payload: { workflowId: w.workflowId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

function upload(
  p: Person,
  caseId: string,
  body: Buffer,
  name = 'मैसेज स्क्रीनशॉट.pdf',
  headers: Record<string, string | undefined> = {},
) {
  const all: Record<string, string | undefined> = {
    'content-type': 'application/octet-stream',
    'x-file-name': encodeURIComponent(name),
    'x-attribute-key': 'EVIDENCE',
    ...headers,
  };
  return t.request(w.ws.host, {
    method: 'POST',
    url: `/cms/api/case/${caseId}/file`,
    token: p.token,
    headers: Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as Record<string, string>,
    payload: body,
  });
}

const download = (p: Person, caseId: string, fileId: string) =>
  t.request(w.ws.host, { method: 'GET', url: `/cms/api/case/${caseId}/file/${fileId}`, token: p.token });

/** Every object stored for a case (the storage's own folder, read directly). */
function storedObjects(caseId: string): Buffer[] {
  const dir = path.join(t.config.storage.dir, w.ws.id, 'cases', caseId);
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names.map((n) => readFileSync(path.join(dir, n)));
}

describe('case files', () => {
  it('stores an upload encrypted and gives the same bytes back, with its name, as a private download', async () => {
    const draft = await newDraft();
    const res = await upload(w.complainant, draft.id, PDF);
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json();
    expect(file).toMatchObject({
      name: 'मैसेज स्क्रीनशॉट.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
      mine: true,
    });
    expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);

    const stored = storedObjects(draft.id);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.includes(PDF)).toBe(false);
    expect(stored[0]!.includes(Buffer.from('%PDF'))).toBe(false);
    expect(stored[0]!.includes(Buffer.from('Evidence'))).toBe(false);

    const back = await download(w.complainant, draft.id, file.id);
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(PDF)).toBe(true);
    expect(back.headers['content-type']).toBe('application/pdf');
    expect(back.headers['cache-control']).toContain('no-store');
    expect(back.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('मैसेज स्क्रीनशॉट.pdf')}`);
    expect(back.headers['content-disposition']).toMatch(/^attachment;/);

    // The draft lists it.
    const again = await t.request(w.ws.host, {
      method: 'GET',
      url: `/cms/api/complaint/draft/${draft.id}`,
      token: w.complainant.token,
    });
    expect(again.json().files.map((f: { id: string }) => f.id)).toEqual([file.id]);
  });

  it('refuses a file whose content is not an accepted type, and stores nothing', async () => {
    const draft = await newDraft();
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
    const res = await upload(w.complainant, draft.id, exe, 'photo.jpg', { 'content-type': 'image/jpeg' });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('FILE_TYPE_NOT_ALLOWED');
    expect(storedObjects(draft.id)).toHaveLength(0);
    // A plain text (an exported chat) and an image are fine.
    expect(
      (await upload(w.complainant, draft.id, Buffer.from('12/11/26, 9:14 pm - R: रात को मिलो\n'), 'chat.txt')).json(),
    ).toMatchObject({ contentType: 'text/plain; charset=utf-8' });
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    expect((await upload(w.complainant, draft.id, png, 'screen.png')).json()).toMatchObject({
      contentType: 'image/png',
    });
  });

  it('refuses a file over the field’s limit on the bytes received, and stores nothing', async () => {
    const draft = await newDraft();
    const big = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024, 0x20)]);
    const res = await upload(w.complainant, draft.id, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('FILE_TOO_LARGE');
    expect(storedObjects(draft.id)).toHaveLength(0);
    const d = await t.request(w.ws.host, {
      method: 'GET',
      url: `/cms/api/complaint/draft/${draft.id}`,
      token: w.complainant.token,
    });
    expect(d.json().files).toEqual([]);
    // A field that is not a file field is refused.
    const wrong = await upload(w.complainant, draft.id, PDF, 'a.pdf', { 'x-attribute-key': 'INCIDENT_DETAILS' });
    expect(wrong.statusCode).toBe(422);
  });

  it('reads as missing to another employee, to upload and to download', async () => {
    const draft = await newDraft();
    const file = (await upload(w.complainant, draft.id, PDF)).json();
    await unlockKey(w, w.other);
    expect((await upload(w.other, draft.id, PDF)).statusCode).toBe(404);
    expect((await download(w.other, draft.id, file.id)).statusCode).toBe(404);
    const del = await t.request(w.ws.host, {
      method: 'POST',
      url: `/cms/api/case/${draft.id}/file/delete/${file.id}`,
      token: w.other.token,
    });
    expect(del.statusCode).toBe(404);
    expect(storedObjects(draft.id)).toHaveLength(1);
  });

  it('takes back a draft’s upload: the row and the stored object go', async () => {
    const draft = await newDraft();
    const file = (await upload(w.complainant, draft.id, PDF)).json();
    const del = await t.request(w.ws.host, {
      method: 'POST',
      url: `/cms/api/case/${draft.id}/file/delete/${file.id}`,
      token: w.complainant.token,
    });
    expect(del.statusCode, del.body).toBe(200);
    expect(storedObjects(draft.id)).toHaveLength(0);
    expect((await download(w.complainant, draft.id, file.id)).statusCode).toBe(404);
  });

  it('attaches the files named in a FILE_UPLOAD answer on submit; the committee then reads the evidence', async () => {
    const draft = await newDraft();
    const file = (await upload(w.complainant, draft.id, PDF)).json();
    const sub = await t.request(w.ws.host, {
      method: 'POST',
      url: `/cms/api/complaint/submit/${draft.id}`,
      token: w.complainant.token,
      headers: { 'idempotency-key': `files-${draft.id}` },
      payload: { answers: someAnswers(w, { EVIDENCE: [file.id] }), revision: draft.revision },
    });
    expect(sub.statusCode, sub.body).toBe(200);
    // Attached: no longer the uploader's to take back.
    const del = await t.request(w.ws.host, {
      method: 'POST',
      url: `/cms/api/case/${draft.id}/file/delete/${file.id}`,
      token: w.complainant.token,
    });
    expect(del.statusCode).toBe(409);
    expect(del.json().params.reason).toBe('CASE_FILE_ATTACHED');
    // A committee member (who unlocks after the filing: her wrap waited in escrow) downloads it.
    await unlockKey(w, w.m1);
    const back = await download(w.m1, draft.id, file.id);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.rawPayload.equals(PDF)).toBe(true);
    // The respondent, not (yet) given anything, reads it as missing.
    await unlockKey(w, w.respondent);
    expect((await download(w.respondent, draft.id, file.id)).statusCode).toBe(404);
  });

  it('keeps a member’s COMMITTEE file from the complainant', async () => {
    const draft = await newDraft();
    const sub = await t.request(w.ws.host, {
      method: 'POST',
      url: `/cms/api/complaint/submit/${draft.id}`,
      token: w.complainant.token,
      headers: { 'idempotency-key': `files2-${draft.id}` },
      payload: { answers: someAnswers(w), revision: draft.revision },
    });
    expect(sub.statusCode, sub.body).toBe(200);
    await unlockKey(w, w.po);
    const note = await upload(w.po, draft.id, Buffer.from('Minutes draft'), 'minutes.txt', {
      'x-attribute-key': undefined,
    });
    expect(note.statusCode, note.body).toBe(200);
    expect((await download(w.po, draft.id, note.json().id)).statusCode).toBe(200);
    expect((await download(w.complainant, draft.id, note.json().id)).statusCode).toBe(404);
    // The complainant cannot put a file in the committee's space.
    const hers = await upload(w.complainant, draft.id, PDF, 'x.pdf', { 'x-audience': 'COMMITTEE' });
    expect(hers.statusCode).toBe(403);
  });
});
