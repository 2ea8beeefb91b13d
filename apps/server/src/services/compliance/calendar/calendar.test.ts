import type { TCalendar } from '@app/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashToken } from '../../../core/crypto.ts';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform } from '../../../core/db/tenant.ts';
import {
  A_PDF,
  aRegisterAnswer,
  aRegisterObligation,
  aRegisterOccurrence,
} from '../../../testing/compliance-register.ts';
import { aBusinessUnit, aMember, aWorkspace, createTestApp, type TestApp } from '../../../testing/index.ts';
import { multipart } from '../../../testing/multipart.ts';
import { foldLine, icsCalendar } from './ics.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
const NOW = new Date('2031-03-20T05:30:00Z');
beforeEach(() => t.clock.set(NOW));
afterEach(() => t.clock.reset());
afterAll(() => t.close());

const C = '/lms/api/compliance/calendar';

async function aCalendar() {
  const db = t.database.db;
  const ws = await aWorkspace(t, { timeZone: 'Asia/Kolkata' });
  const north = await aBusinessUnit(ws, { name: 'North' });
  const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
  const owner = await aMember(ws, { firstName: 'Olga', lastName: 'Owner', unit: north });
  const other = await aMember(ws, { firstName: 'Ola', lastName: 'Other' });
  const mine = await aRegisterObligation(db, {
    title: { en: 'Display the order; penalties, too', hi: 'आदेश प्रदर्शित करें' },
  });
  const theirs = await aRegisterObligation(db, { title: { en: 'Annual report' } });
  const myAnswer = await aRegisterAnswer(db, {
    workspaceId: ws.id,
    obligationId: mine,
    branchId: north.id,
    ownerId: owner.accountId,
  });
  const theirAnswer = await aRegisterAnswer(db, { workspaceId: ws.id, obligationId: theirs, branchId: ws.hq.id });
  const mineMarch = await aRegisterOccurrence(db, { workspaceId: ws.id, answerId: myAnswer, dueDate: '2031-03-31' });
  const mineMay = await aRegisterOccurrence(db, {
    workspaceId: ws.id,
    answerId: myAnswer,
    dueDate: '2031-05-15',
    periodStart: '2031-05-01',
  });
  const theirsMarch = await aRegisterOccurrence(db, {
    workspaceId: ws.id,
    answerId: theirAnswer,
    dueDate: '2031-03-25',
  });
  return {
    ws,
    admin,
    owner,
    other,
    tokens: { admin: await admin.session(), owner: await owner.session(), other: await other.session() },
    mineMarch,
    mineMay,
    theirsMarch,
  };
}

describe('the calendar', () => {
  it('shows the caller’s occurrences between two dates: an owner its own, a manager all (or its own with mine)', async () => {
    const s = await aCalendar();
    const cal = (who: keyof typeof s.tokens, q: string) =>
      t.request(s.ws.host, { method: 'GET', url: `${C}?${q}`, token: s.tokens[who] });
    const owner = (await cal('owner', 'from=2031-03-01&to=2031-03-31')).json() as TCalendar;
    expect(owner.occurrences.map((o) => o.id)).toEqual([s.mineMarch]);
    const admin = (await cal('admin', 'from=2031-03-01&to=2031-05-31')).json() as TCalendar;
    expect(admin.occurrences.map((o) => o.id)).toEqual([s.theirsMarch, s.mineMarch, s.mineMay]);
    expect((await cal('admin', 'from=2031-03-01&to=2031-05-31&mine=true')).json().occurrences).toEqual([]);
    expect((await cal('other', 'from=2031-03-01&to=2031-05-31')).json().occurrences).toEqual([]);
    const reversed = await cal('admin', 'from=2031-05-01&to=2031-03-01');
    expect(reversed.json().params.reason).toBe('DATES_REVERSED');
    const tooLong = await cal('admin', 'from=2031-01-01&to=2032-12-31');
    expect(tooLong.json().params.reason).toBe('RANGE_TOO_LONG');
  });
});

describe('the ICS feed', () => {
  it('serves titles and due dates only behind a token stored as its SHA-256; a new token revokes the old', async () => {
    const s = await aCalendar();
    // Evidence with a note and a file name: none of it may reach the feed.
    await t.request(s.ws.host, {
      method: 'POST',
      url: `/lms/api/compliance/register/occurrence/${s.mineMarch}/evidence`,
      token: s.tokens.owner,
      ...multipart(A_PDF, { note: 'Secret note' }, 'hidden-name.pdf'),
    });
    expect((await t.request(s.ws.host, { method: 'GET', url: `${C}/feed`, token: s.tokens.owner })).json()).toEqual({
      active: false,
      createdAt: null,
    });
    const created = await t.request(s.ws.host, { method: 'POST', url: `${C}/feed`, token: s.tokens.owner });
    expect(created.statusCode, created.body).toBe(200);
    const url = new URL(created.json().url);
    const token = /\/feed\/([^/]+)\.ics$/.exec(url.pathname)![1]!;
    const stored = await withPlatform(t.database.db, { action: 'test.feed', audit: false }, (tx) =>
      queryRows<{ tokenHash: string }>(
        tx,
        sql`select token_hash as "tokenHash" from calendar_feed_tokens where workspace_id = ${s.ws.id}`,
      ),
    );
    expect(stored).toEqual([{ tokenHash: hashToken(token) }]);

    const ics = await t.request(s.ws.host, { method: 'GET', url: url.pathname });
    expect(ics.statusCode, ics.body).toBe(200);
    expect(ics.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const body = ics.body;
    expect(body.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(body.endsWith('END:VCALENDAR\r\n')).toBe(true);
    expect(body).toContain(`UID:${s.mineMarch}@`);
    expect(body).toContain('DTSTART;VALUE=DATE:20310331\r\nDTEND;VALUE=DATE:20310401');
    expect(body).toContain('SUMMARY:Display the order\\; penalties\\, too');
    expect(body).toContain(`UID:${s.mineMay}@`);
    expect(body).not.toContain(s.theirsMarch);
    for (const leak of ['Secret note', 'hidden-name', 'Olga', 'Owner', s.owner.email!])
      expect(body).not.toContain(leak);

    // Not on another workspace's host, not with a made-up token.
    const other = await aWorkspace(t);
    expect((await t.request(other.host, { method: 'GET', url: url.pathname })).statusCode).toBe(404);
    // A new token: the old one stops working.
    const again = await t.request(s.ws.host, { method: 'POST', url: `${C}/feed`, token: s.tokens.owner });
    expect((await t.request(s.ws.host, { method: 'GET', url: url.pathname })).statusCode).toBe(404);
    const fresh = new URL(again.json().url).pathname;
    expect((await t.request(s.ws.host, { method: 'GET', url: fresh })).statusCode).toBe(200);
    // Revoked: nothing works.
    const revoked = await t.request(s.ws.host, { method: 'DELETE', url: `${C}/feed`, token: s.tokens.owner });
    expect(revoked.json()).toEqual({ active: false, createdAt: null });
    expect((await t.request(s.ws.host, { method: 'GET', url: fresh })).statusCode).toBe(404);
  });

  it('gives a register manager every occurrence it reaches', async () => {
    const s = await aCalendar();
    const created = await t.request(s.ws.host, { method: 'POST', url: `${C}/feed`, token: s.tokens.admin });
    const ics = await t.request(s.ws.host, { method: 'GET', url: new URL(created.json().url).pathname });
    for (const id of [s.mineMarch, s.mineMay, s.theirsMarch]) expect(ics.body).toContain(`UID:${id}@`);
  });

  it('folds long lines at 75 octets without splitting a character', () => {
    const title = 'अ'.repeat(60);
    const out = icsCalendar('Compliance register', [{ uid: 'x@y', title, date: '2031-01-31' }], NOW);
    for (const line of out.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(out).toContain('DTEND;VALUE=DATE:20310201');
    const folded = foldLine(`SUMMARY:${title}`);
    expect(folded.replaceAll('\r\n ', '')).toBe(`SUMMARY:${title}`);
  });
});
