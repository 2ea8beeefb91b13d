import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform } from '../../../core/db/tenant.ts';
import { DEFAULT_RATE_LIMITS } from '../../../core/rate-limit.ts';
import { auditLog, invitations } from '../../../db/schema.ts';
import {
  type AWorkspace,
  aMember,
  anOperator,
  aWorkspace,
  createTestApp,
  TEST_PLATFORM_HOST,
  type TestApp,
} from '../../../testing/index.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../../../testing/smtp-receiver.ts';
import { acceptedLanguages } from './self-signup.service.ts';

// Self sign-up through the whitelist (issue 23): `POST /api/user/signup` always answers the same;
// a job decides, and mails an invitation (claimed through the existing flow), a "sign in instead"
// note, or nothing. Through the real SMTP receiver.

let smtp: SmtpReceiver;
let t: TestApp;
let operator: string;
/** Bulk sign-up on, a whitelist of one address and one domain. */
let open: AWorkspace;
let domain: string;
let listed: string;

const u = () => randomBytes(4).toString('hex');
const platform = <T>(fn: Parameters<typeof withPlatform<T>>[2]) =>
  withPlatform(t.database.db, { action: 'test.self-signup', audit: false }, fn);

const SAME = { sent: true };

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp({
    config: {
      smtpUrl: smtp.url,
      rateLimits: { ...DEFAULT_RATE_LIMITS, codeSendsPerTarget: { max: 3, windowSeconds: 900 } },
    },
  });
  operator = await (await anOperator(t)).signIn(t);
  open = await aWorkspace(t, { bulkSignUp: true });
  domain = `initech-${u()}.example`;
  listed = `listed-${u()}@elsewhere.example`;
  await whitelist(open.id, [listed, `@${domain}`]);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

async function whitelist(workspaceId: string, entries: string[]) {
  const res = await t.request(TEST_PLATFORM_HOST, {
    method: 'POST',
    url: '/api/admin/add-email-to-whitelist',
    token: operator,
    payload: { workspaceId, entries },
  });
  expect(res.statusCode, res.body).toBe(200);
}

function signUp(host: string, payload: object, headers: Record<string, string> = {}) {
  return t.request(host, { method: 'POST', url: '/api/user/signup', payload, headers });
}

/** Signs up and checks the answer is the one every case gets. */
async function signUpAlike(host: string, payload: { email: string; firstName: string }, lang?: string) {
  const res = await signUp(host, payload, lang ? { 'accept-language': lang } : {});
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json()).toEqual(SAME);
  return res;
}

/** Waits until every sign-up job for `email` has run (completed), then lets its mail job be seen. */
async function jobsDone(email: string) {
  const until = Date.now() + 20_000;
  for (;;) {
    const rows = await queryRows<{ state: string }>(
      t.database.db,
      sql`select state from pgboss.job where name = 'main.self-signup' and data->>'email' = ${email}`,
    );
    if (rows.length > 0 && rows.every((r) => r.state === 'completed')) return rows.length;
    if (rows.some((r) => r.state === 'failed')) throw new Error(`a sign-up job for ${email} failed`);
    if (Date.now() > until) throw new Error(`the sign-up jobs for ${email} did not run`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function mailJobsTo(email: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    t.database.db,
    sql`select count(*)::int as n from pgboss.job where name = 'mail.send' and data->>'to' = ${email}`,
  );
  return row!.n;
}

const invitationsOf = (workspaceId: string, email: string) =>
  platform((tx) =>
    tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.workspaceId, workspaceId), eq(invitations.email, email))),
  );

function qp(soft: string): string {
  const bytes: number[] = [];
  soft = soft.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}
function decodeMail(raw: string): { subject: string; text: string } {
  const [head] = raw.split(/\r?\n\r?\n/);
  const subjectLine = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(head!)?.[1] ?? '';
  const subject = subjectLine
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi, (_m, enc: string, data: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : qp(data.replace(/_/g, ' ')),
    );
  const part = raw.slice(raw.search(/Content-Type: text\/plain/i));
  const sep = part.search(/\r?\n\r?\n/);
  const headers = part.slice(0, sep);
  const body = part.slice(sep).replace(/^\r?\n\r?\n/, '');
  const end = body.search(/\r?\n--/);
  const content = end >= 0 ? body.slice(0, end) : body;
  const cte = /Content-Transfer-Encoding: (\S+)/i.exec(headers)?.[1]?.toLowerCase();
  const text =
    cte === 'base64'
      ? Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8')
      : cte === 'quoted-printable'
        ? qp(content)
        : content;
  return { subject, text };
}

async function mailsTo(email: string, count = 1): Promise<Array<{ subject: string; text: string }>> {
  const of = () => smtp.received.filter((m) => m.to.includes(email));
  await smtp.waitFor(() => of().length >= count, `${count} mail(s) to ${email}`, 30_000);
  return of().map((m) => decodeMail(m.raw));
}

function codeIn(text: string, host: string): string {
  const link = new RegExp(`http://${host.replace(/[.]/g, '\\.')}/signup\\?code=([A-Za-z0-9_-]+)`).exec(text);
  expect(link, text).not.toBeNull();
  return link![1]!;
}

async function claimAndSignIn(host: string, code: string, email: string) {
  const claim = await t.request(host, {
    method: 'POST',
    url: `/api/invite/claim/${code}`,
    payload: { firstName: 'Asha', userPassword: 'a self-chosen secret' },
  });
  expect(claim.statusCode, claim.body).toBe(200);
  const signin = await t.request(host, {
    method: 'POST',
    url: '/api/user/signin',
    payload: { userEmail: email, userPassword: 'a self-chosen secret' },
  });
  expect(signin.statusCode, signin.body).toBe(200);
  const me = await t.request(host, { method: 'GET', url: '/api/user/details', token: signin.json().accessToken });
  expect(me.statusCode).toBe(200);
  return me.json();
}

describe('POST /api/user/signup', () => {
  it('a whitelisted address gets an invitation to the headquarters as an employee, claims it and signs in', async () => {
    await signUpAlike(open.host, { email: listed.toUpperCase(), firstName: 'Asha' });
    expect(await jobsDone(listed)).toBe(1);
    const [mail] = await mailsTo(listed);
    expect(mail!.subject).toContain(open.companyName);
    expect(mail!.text).toContain('Asha');
    const [row] = await invitationsOf(open.id, listed);
    expect(row).toMatchObject({ role: 'EMPLOYEE', branchId: open.hq.id, createdBy: null, language: null });
    // Audited with ids and the outcome only: no address, no name.
    const audits = await platform((tx) =>
      tx
        .select({ targetId: auditLog.targetId, details: auditLog.details })
        .from(auditLog)
        .where(and(eq(auditLog.workspaceId, open.id), eq(auditLog.action, 'invite.self_signup'))),
    );
    expect(audits).toContainEqual({ targetId: row!.id, details: { outcome: 'invited', branchId: open.hq.id } });
    expect(JSON.stringify(audits)).not.toContain(listed);

    const me = await claimAndSignIn(open.host, codeIn(mail!.text, open.host), listed);
    expect(me.currentRole).toBe('EMPLOYEE');
    expect(me.workspaces[0]).toMatchObject({ workspaceId: open.id, branch: { branchId: open.hq.id } });
  });

  it('an address of a whitelisted domain too, in the browser’s language when the workspace offers it', async () => {
    const email = `ravi-${u()}@${domain}`;
    await signUpAlike(open.host, { email, firstName: 'Ravi' }, 'fr-CA, hi;q=0.9, en;q=0.5');
    await jobsDone(email);
    const [mail] = await mailsTo(email);
    // French is not offered by an Indian workspace; Hindi is.
    expect(mail!.subject).toBe(`${open.companyName} की ओर से आपको आमंत्रण`);
    expect((await invitationsOf(open.id, email))[0]).toMatchObject({ language: 'hi' });
    const me = await claimAndSignIn(open.host, codeIn(mail!.text, open.host), email);
    expect(me.currentRole).toBe('EMPLOYEE');
  });

  it('an address not on the whitelist: the same answer, no mail, no invitation', async () => {
    const email = `stranger-${u()}@not-listed.example`;
    // A subdomain of a listed domain is not the domain.
    const sub = `someone-${u()}@mail.${domain}`;
    await signUpAlike(open.host, { email, firstName: 'Nobody' });
    await signUpAlike(open.host, { email: sub, firstName: 'Nobody' });
    await jobsDone(email);
    await jobsDone(sub);
    expect(await mailJobsTo(email)).toBe(0);
    expect(await mailJobsTo(sub)).toBe(0);
    expect(await invitationsOf(open.id, email)).toEqual([]);
    expect(await invitationsOf(open.id, sub)).toEqual([]);
  });

  it('bulk sign-up off: the same answer, nothing happens even for a whitelisted address', async () => {
    const closed = await aWorkspace(t, { bulkSignUp: false });
    const email = `closed-${u()}@example.test`;
    await whitelist(closed.id, [email]);
    await signUpAlike(closed.host, { email, firstName: 'Asha' });
    await jobsDone(email);
    expect(await mailJobsTo(email)).toBe(0);
    expect(await invitationsOf(closed.id, email)).toEqual([]);
    // Its sign-in page offers no sign-up; the open one does.
    const setting = (host: string) =>
      t.request(host, { method: 'GET', url: '/api/workspace/bulk-signup-setting' }).then((r) => r.json());
    expect(await setting(closed.host)).toEqual({ bulkSignUpEnabled: false });
    expect(await setting(open.host)).toEqual({ bulkSignUpEnabled: true });
  });

  it('an existing member: the same answer, and a mail saying to sign in instead (no invitation)', async () => {
    const member = await aMember(open, { email: `member-${u()}@${domain}` });
    await signUpAlike(open.host, { email: member.email!, firstName: 'Asha' });
    await jobsDone(member.email!);
    const [mail] = await mailsTo(member.email!);
    expect(mail!.subject).toBe(`You already have an account at ${open.companyName}`);
    expect(mail!.text).toContain(`http://${open.host}/signin`);
    expect(mail!.text).not.toContain('/signup?code=');
    expect(await invitationsOf(open.id, member.email!)).toEqual([]);
    // A deactivated member gets nothing: re-admitting them is an administrator's decision.
    const gone = await aMember(open, { email: `gone-${u()}@${domain}`, active: false });
    await signUpAlike(open.host, { email: gone.email!, firstName: 'Asha' });
    await jobsDone(gone.email!);
    expect(await mailJobsTo(gone.email!)).toBe(0);
    expect(await invitationsOf(open.id, gone.email!)).toEqual([]);
  });

  it('the user limit reached: the same answer, no invitation, no mail', async () => {
    const full = await aWorkspace(t, { bulkSignUp: true, userLimit: 1 });
    await aMember(full);
    const email = `late-${u()}@example.test`;
    await whitelist(full.id, [email]);
    await signUpAlike(full.host, { email, firstName: 'Asha' });
    await jobsDone(email);
    expect(await mailJobsTo(email)).toBe(0);
    expect(await invitationsOf(full.id, email)).toEqual([]);
  });

  it('a second sign-up while the invitation is pending sends it again with a new code (the old link stops working)', async () => {
    const email = `again-${u()}@${domain}`;
    await signUpAlike(open.host, { email, firstName: 'Asha' });
    await jobsDone(email);
    const first = codeIn((await mailsTo(email, 1))[0]!.text, open.host);
    await signUpAlike(open.host, { email, firstName: 'Asha' });
    expect(await jobsDone(email)).toBe(2);
    const second = codeIn((await mailsTo(email, 2))[1]!.text, open.host);
    expect(second).not.toBe(first);
    const rows = await invitationsOf(open.id, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.sendCount).toBe(2);
    const old = await t.request(open.host, { method: 'GET', url: `/api/invite/claim/${first}` });
    expect(old.statusCode).toBeGreaterThanOrEqual(400);
    await claimAndSignIn(open.host, second, email);
  });

  it('is limited per address (429 with Retry-After, alike for any address), and nothing more is enqueued', async () => {
    const email = `hammer-${u()}@not-listed.example`;
    for (let i = 0; i < 3; i++) await signUpAlike(open.host, { email, firstName: 'X' });
    const refused = await signUp(open.host, { email, firstName: 'X' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await jobsDone(email)).toBe(3);
    // Another address from the same client still goes through.
    await signUpAlike(open.host, { email: `other-${u()}@not-listed.example`, firstName: 'X' });
  });

  it('refuses bad input (400, nothing enqueued), and answers 404 on the platform host', async () => {
    const email = `bad-${u()}@example.test`;
    for (const payload of [
      {},
      { email },
      { email: 'not-an-address', firstName: 'Asha' },
      { email, firstName: '  ' },
      { email, firstName: 'Asha', lastName: 7 },
    ]) {
      const res = await signUp(open.host, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const onPlatform = await signUp(TEST_PLATFORM_HOST, { email, firstName: 'Asha' });
    expect(onPlatform.statusCode).toBe(404);
    const [row] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from pgboss.job where name = 'main.self-signup' and data->>'email' = ${email}`,
    );
    expect(row!.n).toBe(0);
  });
});

describe('acceptedLanguages', () => {
  it('orders the primary subtags by weight, drops refused and malformed ones', () => {
    expect(acceptedLanguages('fr-CA, hi;q=0.9, en;q=0.5')).toEqual(['fr', 'hi', 'en']);
    expect(acceptedLanguages('en;q=0.2, ta')).toEqual(['ta', 'en']);
    expect(acceptedLanguages('kn;q=0, *, 12')).toEqual([]);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});
