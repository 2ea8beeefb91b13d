import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../../../app.ts';
import { withPlatform } from '../../../core/db/tenant.ts';
import { jobRun } from '../../../core/job-context.ts';
import { defineModule } from '../../../core/module.ts';
import { auditLog } from '../../../db/schema.ts';
import { type AWorkspace, aMember, anOperator, aWorkspace } from '../../../testing/factories.ts';
import { type Received, type SmtpReceiver, startSmtpReceiver } from '../../../testing/smtp-receiver.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';
import { runContractWarnings, warningDue } from './operator-contract.service.ts';

// The operator's user limit and contract end date (issue 23), moved through with the test clock:
// a limit below the members blocks invitations with the numbers; the warnings 30, 7 and 1 days
// before reach each administrator once, in their language, at a real SMTP receiver; after the last
// day administration and learning are read-only, reads, sign-in and the legal duties' routes work.

/** A module of this test only: one route marked for the law's duties, one ordinary, both writes. */
const probe = defineModule({
  name: 'probe',
  service: 'main',
  api: {
    prefix: '/probe/api',
    routes: async (app) => {
      app.post(
        '/legal-duty',
        { config: { host: 'workspace', public: true, duringContractExpiry: true } },
        async () => ({
          ok: true,
        }),
      );
      app.post('/ordinary', { config: { host: 'workspace', public: true } }, async () => ({ ok: true }));
    },
  },
});

const ZONE = 'Asia/Kolkata';
let t: TestApp;
let smtp: SmtpReceiver;
let operator: string;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp({ config: { smtpUrl: smtp.url }, modules: [...MODULES, probe] });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});
afterEach(() => t.clock.reset());

/** A fresh operator session (a session goes idle when the test clock jumps). */
const asOperator = async () => (await anOperator(t.database.db)).signIn(t);

async function setLimit(workspaceId: string, userLimit: number | null) {
  return t.request(t.config.platformHost, {
    method: 'PUT',
    url: '/api/admin/workspace-user-limit',
    token: operator,
    payload: { workspaceId, userLimit },
  });
}
async function setExpiry(workspaceId: string, contractExpiryDate: string | null) {
  const res = await t.request(t.config.platformHost, {
    method: 'PUT',
    url: '/api/admin/workspace/contract/expiry-date',
    token: operator,
    payload: { workspaceId, contractExpiryDate },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const audits = (workspaceId: string, action: string) =>
  withPlatform(t.database.db, { action: 'test.audit', audit: false }, (tx) =>
    tx
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.workspaceId, workspaceId), eq(auditLog.action, action))),
  );

/** The decoded text of a received message (its subject's encoded words, base64 and quoted-printable parts). */
function decoded(m: Received): string {
  const words = m.raw
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_, enc: string, text: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
  const parts = words.split(/\r?\n--/);
  return parts
    .map((p) => {
      const [head = '', ...rest] = p.split(/\r?\n\r?\n/);
      const body = rest.join('\n\n');
      if (/content-transfer-encoding:\s*base64/i.test(head))
        return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head))
        return Buffer.from(
          body
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16))),
          'latin1',
        ).toString('utf8');
      return p;
    })
    .join('\n');
}

const mailsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));

describe('the user limit', () => {
  it('set below the members blocks invitations with the numbers; raising it unblocks', async () => {
    operator = await asOperator();
    const ws = await aWorkspace(t);
    const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    await aMember(ws);
    await aMember(ws);
    const res = await setLimit(ws.id, 2);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      workspaceId: ws.id,
      userLimit: 2,
      members: 3,
      pendingInvitations: 0,
      userLimitReached: true,
    });
    const [entry] = await audits(ws.id, 'workspace.user_limit_changed');
    expect(entry?.details).toMatchObject({ before: null, after: 2, members: 3 });

    const token = await admin.session();
    const status = (tok: string) => t.request(ws.host, { method: 'GET', url: '/api/workspace/contract', token: tok });
    expect((await status(token)).json()).toEqual({
      expiredOn: null,
      contractExpiryDate: null,
      userLimit: { limit: 2, members: 3, pendingInvitations: 0, reached: true },
    });
    const employeeToken = await (await aMember(ws, { active: true })).session();
    expect((await status(employeeToken)).json()).toEqual({
      expiredOn: null,
      contractExpiryDate: null,
      userLimit: null,
    });
    await setLimit(ws.id, 2); // the new employee made 4 members: still refused below
    const invite = () =>
      t.request(ws.host, {
        method: 'POST',
        url: `/api/invite/user/${ws.branchId}`,
        token,
        payload: { email: `new-${Math.random().toString(36).slice(2, 8)}@example.test`, firstName: 'Asha' },
      });
    const refused = await invite();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'USER_LIMIT_REACHED',
      params: { reason: 'LIMIT_BELOW_MEMBERS', limit: 2, members: 4 },
    });
    expect(refused.json().message).toMatch(/4 members and its limit is 2/);

    const raised = await setLimit(ws.id, 5);
    expect(raised.json()).toMatchObject({ userLimit: 5, members: 4, userLimitReached: false });
    expect((await invite()).statusCode).toBe(200);
    // The pending invitation takes the last place: the next one is refused again, with the numbers.
    expect((await invite()).json()).toMatchObject({ params: { reason: 'NO_PLACES_LEFT', limit: 5, members: 4 } });
    expect((await setLimit(ws.id, null)).json()).toMatchObject({ userLimit: null, userLimitReached: false });
    expect((await invite()).statusCode).toBe(200);
  });

  it('refuses an unknown workspace with 404 and changes nothing on bad input', async () => {
    operator = await asOperator();
    const missing = await setLimit('00000000-0000-4000-8000-000000000000', 5);
    expect(missing.statusCode).toBe(404);
    const ws = await aWorkspace(t, { userLimit: 7 });
    expect((await setLimit(ws.id, 0)).statusCode).toBe(400);
    expect((await setLimit(ws.id, 8)).json()).toMatchObject({ userLimit: 8 });
  });
});

describe('the contract warnings', () => {
  it('picks the nearest warning not passed', () => {
    expect([45, 31, 30, 29, 8, 7, 6, 2, 1, 0, -1].map(warningDue)).toEqual([
      null,
      null,
      30,
      30,
      30,
      7,
      7,
      7,
      1,
      1,
      null,
    ]);
  });

  it('mails each administrator once at 30, 7 and 1 days, in their language; a new date re-arms', async () => {
    t.clock.set('2030-01-01T03:00:00Z'); // 08:30 in India
    operator = await asOperator();
    const ws: AWorkspace = await aWorkspace(t, { name: 'Initech India', timeZone: ZONE });
    const hindi = await aMember(ws, { role: 'WORKSPACE_ADMIN', language: 'hi', firstName: 'Meera' });
    const employer = await aMember(ws, { role: 'EMPLOYER', firstName: 'Ravi' });
    const employee = await aMember(ws);
    const away = await aMember(ws, { role: 'WORKSPACE_ADMIN', active: false });
    const body = await setExpiry(ws.id, '2030-02-10');
    expect(body).toEqual({ workspaceId: ws.id, contractExpiryDate: '2030-02-10', contractState: 'ACTIVE' });
    expect((await audits(ws.id, 'workspace.contract_expiry_changed'))[0]?.details).toMatchObject({
      before: null,
      after: '2030-02-10',
    });

    let run = 0;
    const pass = async () => (await runContractWarnings(jobRun(t.app.deps, `contract-test-${run++}`), ZONE)).sent;
    const day = (d: string) => t.clock.set(`${d}T03:00:00Z`);

    expect(await pass()).toBe(0); // 40 days left: nothing yet
    day('2030-01-11'); // 30 days left
    expect(await pass()).toBe(2);
    expect(await pass()).toBe(0); // the same day again: once
    await smtp.waitFor(
      () => mailsTo(hindi.email).length === 1 && mailsTo(employer.email).length === 1,
      'day 30',
      30_000,
    );
    const hi = decoded(mailsTo(hindi.email)[0]!);
    expect(hi).toContain('Initech India वर्कस्पेस का अनुबंध');
    expect(hi).toContain('30 दिन में');
    expect(hi).toContain('केवल पढ़ने योग्य');
    const en = decoded(mailsTo(employer.email)[0]!);
    expect(en).toContain('Initech India: your contract ends on');
    expect(en).toContain('in 30 days');
    expect(en).toContain('read-only for administration and learning');
    expect(mailsTo(employee.email)).toHaveLength(0);
    expect(mailsTo(away.email)).toHaveLength(0);

    day('2030-01-12');
    expect(await pass()).toBe(0); // 29 days: the 30-day warning is sent, the 7-day one not due
    day('2030-02-03'); // 7 days left
    expect(await pass()).toBe(2);
    expect(await pass()).toBe(0);
    // The 1-day warning through the schedule itself (its job for India's zone).
    day('2030-02-09');
    expect(await t.app.deps.jobs.fire('main.contract-warnings', ZONE)).toBeTruthy();
    await smtp.waitFor(
      () => mailsTo(hindi.email).length === 3 && mailsTo(employer.email).length === 3,
      'day 1',
      45_000,
    );
    expect(decoded(mailsTo(employer.email)[2]!)).toContain('in 1 day.');
    expect(await pass()).toBe(0);

    // The operator extends the contract: the new date has its own warnings. Eleven days before it,
    // the next pass sends one (the 30-day warning, saying 11 days).
    operator = await asOperator();
    await setExpiry(ws.id, '2030-02-20');
    expect(await pass()).toBe(2);
    await smtp.waitFor(() => mailsTo(employer.email).length === 4, 'new date', 30_000);
    expect(decoded(mailsTo(employer.email)[3]!)).toContain('in 11 days');
    // A missed week: the pass that catches up sends only the nearest warning (7), not 7 and 1.
    day('2030-02-18');
    expect(await pass()).toBe(2);
    expect(await pass()).toBe(0);
    day('2030-02-19');
    expect(await pass()).toBe(2);
    const notices = await withPlatform(t.database.db, { action: 'test.notices', audit: false }, (tx) =>
      tx.execute(
        sql`select expiry_date::text as d, days_before as n from contract_notices where workspace_id = ${ws.id} order by 1, 2`,
      ),
    );
    expect((notices as unknown as { rows: unknown[] }).rows ?? notices).toEqual([
      { d: '2030-02-10', n: 1 },
      { d: '2030-02-10', n: 7 },
      { d: '2030-02-10', n: 30 },
      { d: '2030-02-20', n: 1 },
      { d: '2030-02-20', n: 7 },
      { d: '2030-02-20', n: 30 },
    ]);
  });
});

describe('after the contract’s last day', () => {
  it('administration and learning writes are refused, reads, sign-in and legal duties go on; extending opens at once', async () => {
    // 23:30 in India on the last day: still writable.
    t.clock.set('2030-05-09T18:00:00Z');
    operator = await asOperator();
    const ws = await aWorkspace(t, { timeZone: ZONE });
    const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    const employee = await aMember(ws);
    expect((await setExpiry(ws.id, '2030-05-09')).contractState).toBe('EXPIRING');
    const createUnit = (token: string, name: string) =>
      t.request(ws.host, {
        method: 'POST',
        url: '/api/workspace/create-branch',
        token,
        payload: { branchName: name, backgroundColor: '0B7285' },
      });
    expect((await createUnit(await admin.session(), 'Pune')).statusCode).toBe(200);

    // 01:30 in India the next day: ended.
    t.clock.set('2030-05-09T20:00:00Z');
    operator = await asOperator();
    const adminToken = await admin.session();
    const employeeToken = await employee.session();
    const expired = { code: 'CONTRACT_EXPIRED', params: { expiredOn: '2030-05-09' } };
    const banner = await t.request(ws.host, { method: 'GET', url: '/api/workspace/contract', token: employeeToken });
    expect(banner.json()).toMatchObject({ expiredOn: '2030-05-09', contractExpiryDate: null });

    // Administration: refused with the date.
    const unit = await createUnit(adminToken, 'Nashik');
    expect(unit.statusCode).toBe(403);
    expect(unit.json()).toMatchObject(expired);
    const invite = await t.request(ws.host, {
      method: 'POST',
      url: `/api/invite/user/${ws.branchId}`,
      token: adminToken,
      payload: { email: 'late@example.test' },
    });
    expect(invite.json()).toMatchObject(expired);
    const settings = await t.request(ws.host, {
      method: 'PUT',
      url: '/api/workspace/settings',
      token: adminToken,
      payload: {},
    });
    expect(settings.json()).toMatchObject(expired);
    // Learning: a learner's progress and a quiz answer are refused too.
    for (const url of [
      '/lms/api/user-course-content/video-progress',
      '/lms/api/user-course-content/quiz/00000000-0000-4000-8000-000000000000/submit',
    ]) {
      const res = await t.request(ws.host, { method: 'POST', url, token: employeeToken, payload: {} });
      expect(res.statusCode, url).toBe(403);
      expect(res.json()).toMatchObject(expired);
    }
    // An ordinary write of any area is refused; a route marked for the law's duties accepts.
    for (const token of [adminToken, employeeToken]) {
      const ordinary = await t.request(ws.host, { method: 'POST', url: '/probe/api/ordinary', token, payload: {} });
      expect(ordinary.json()).toMatchObject(expired);
      const duty = await t.request(ws.host, { method: 'POST', url: '/probe/api/legal-duty', token, payload: {} });
      expect(duty.statusCode).toBe(200);
    }

    // Reads work: GETs and the list routes that read with a POST body.
    expect(
      (await t.request(ws.host, { method: 'GET', url: '/api/workspace/overview', token: adminToken })).statusCode,
    ).toBe(200);
    const invitations = await t.request(ws.host, {
      method: 'POST',
      url: `/api/invite/branch/${ws.branchId}?pageNo=0&pageSize=10`,
      token: adminToken,
      payload: { status: 'ALL' },
    });
    expect(invitations.statusCode, invitations.body).toBe(200);
    const courses = await t.request(ws.host, {
      method: 'POST',
      url: '/lms/api/workspace-course/courses?pageNo=0&pageSize=10',
      token: employeeToken,
      payload: {},
    });
    expect(courses.statusCode, courses.body).toBe(200);
    // An employee's own profile, and signing in.
    const profile = await t.request(ws.host, {
      method: 'PUT',
      url: '/api/user',
      token: employeeToken,
      payload: { firstName: 'Still' },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    expect(await employee.signIn(t)).toBeTruthy();

    // The operator extends the contract: writable again at once, with the same session.
    expect((await setExpiry(ws.id, '2030-08-31')).contractState).toBe('ACTIVE');
    expect((await createUnit(adminToken, 'Nagpur')).statusCode).toBe(200);
    // And ends it again by a date in the past.
    expect((await setExpiry(ws.id, '2030-05-01')).contractState).toBe('EXPIRED');
    expect((await createUnit(adminToken, 'Thane')).json()).toMatchObject({
      code: 'CONTRACT_EXPIRED',
      params: { expiredOn: '2030-05-01' },
    });
    // Open-ended: writable.
    expect((await setExpiry(ws.id, null)).contractState).toBe('NONE');
    expect((await createUnit(adminToken, 'Thane')).statusCode).toBe(200);
  });
});
