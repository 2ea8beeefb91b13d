import { randomBytes } from 'node:crypto';
import type { TWorkspaceDetails, TWorkspaceSummary } from '@app/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform } from '../../../core/db/tenant.ts';
import { dateInZone } from '../../../core/deadlines.ts';
import {
  type AWorkspace,
  aCourse,
  aMember,
  anOperator,
  aWorkspace,
  createTestApp,
  makeAvailable,
  TEST_PLATFORM_HOST,
  type TestApp,
} from '../../../testing/index.ts';
import { type SmtpReceiver, startSmtpReceiver } from '../../../testing/smtp-receiver.ts';

// The operator's workspaces (issue 23): create (end to end, through the real SMTP receiver and the
// new host), the host checks, idempotency, the list and its filters, the typeahead, the details.

let smtp: SmtpReceiver;
let t: TestApp;
let operator: string;
let a: AWorkspace;
let adminA: string;
let employeeA: string;

const u = () => randomBytes(4).toString('hex');
const db = () => t.database.db;
const platform = <T>(fn: Parameters<typeof withPlatform<T>>[2]) =>
  withPlatform(db(), { action: 'test.operator-workspaces', audit: false }, fn);

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp({ config: { smtpUrl: smtp.url } });
  operator = await (await anOperator(t)).signIn(t);
  a = await aWorkspace(t);
  adminA = await (await aMember(a, { role: 'WORKSPACE_ADMIN' })).session();
  employeeA = await (await aMember(a)).session();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

function create(payload: object, opts: { key?: string; token?: string; host?: string } = {}) {
  return t.request(opts.host ?? TEST_PLATFORM_HOST, {
    method: 'POST',
    url: '/api/admin/workspace/create',
    token: opts.token ?? operator,
    payload,
    ...(opts.key ? { headers: { 'idempotency-key': opts.key } } : {}),
  });
}

const newRequest = (over: object = {}) => {
  const slug = `initech-${u()}`;
  return {
    companyName: `Initech ${slug}`,
    workspaceUrl: `${slug}.${TEST_PLATFORM_HOST}`,
    country: 'IN',
    adminEmail: `${slug}@example.test`,
    adminFirstName: 'Asha',
    adminLastName: 'Rao',
    ...over,
  } as Record<string, unknown> & { workspaceUrl: string; adminEmail: string; companyName: string };
};

async function countRows(table: 'workspaces' | 'invitations', where: ReturnType<typeof sql>): Promise<number> {
  const [row] = await platform((tx) =>
    queryRows<{ n: number }>(tx, sql`select count(*)::int as n from ${sql.raw(table)} where ${where}`),
  );
  return Number(row!.n);
}
const workspacesAt = (host: string) => countRows('workspaces', sql`host = ${host.toLowerCase()}`);

/** Decodes RFC 2047 words, quoted-printable and base64 (what nodemailer writes for non-ASCII text). */
function qp(s: string): string {
  const soft = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
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
  const at = raw.search(/Content-Type: text\/plain/i);
  const part = raw.slice(at);
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

async function mailTo(email: string): Promise<{ subject: string; text: string }> {
  await smtp.waitFor(() => smtp.received.some((m) => m.to.includes(email)), `the mail to ${email}`, 30_000);
  return decodeMail(smtp.received.find((m) => m.to.includes(email))!.raw);
}

async function details(id: string): Promise<TWorkspaceDetails> {
  const res = await t.request(TEST_PLATFORM_HOST, {
    method: 'GET',
    url: `/api/admin/workspace/${id}`,
    token: operator,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('creating a workspace', () => {
  it('makes a usable workspace: the first admin gets the mail in their language with the new host’s link, claims it there, signs in and works', async () => {
    const req = newRequest({ adminLanguage: 'hi', userLimit: 50, contractExpiryDate: '2099-03-31' });
    const res = await create({ ...req, workspaceUrl: req.workspaceUrl.toUpperCase() });
    expect(res.statusCode, res.body).toBe(200);
    const { workspaceId, workspaceUrl } = res.json();
    expect(workspaceUrl).toBe(req.workspaceUrl);

    const mail = await mailTo(req.adminEmail);
    expect(mail.subject).toBe(`${req.companyName} की ओर से आपको आमंत्रण`);
    expect(mail.text).toContain('नमस्ते Asha');
    const link = new RegExp(`http://${req.workspaceUrl.replace(/\./g, '\\.')}/signup\\?code=([A-Za-z0-9_-]+)`).exec(
      mail.text,
    );
    expect(link, mail.text).not.toBeNull();
    const code = link![1]!;

    // Before it is claimed, the details show the invitation pending and the workspace's defaults.
    const before = await details(workspaceId);
    expect(before).toMatchObject({
      workspaceId,
      companyName: req.companyName,
      workspaceUrl: req.workspaceUrl,
      country: 'IN',
      timeZone: 'Asia/Kolkata',
      status: 'ACTIVE',
      members: 0,
      pendingInvitations: 1,
      userLimit: 50,
      userLimitReached: false,
      contractExpiryDate: '2099-03-31',
      contractState: 'ACTIVE',
      headquarterName: 'मुख्यालय',
      admins: [],
      firstAdminInvitation: { email: req.adminEmail, state: 'PENDING' },
      lastActivityAt: null,
      whitelistCount: 0,
      adminIpRanges: [],
      previousHosts: [],
      retiredAt: null,
      purgeAfter: null,
    });
    expect(before.areas).toEqual(['cms', 'lms', 'policies', 'compliance', 'concernedAuthority']);
    expect(before.navigation.length).toBeGreaterThan(10);
    expect(before.navigation.every((n) => n.enabled && !n.menu.startsWith('PLATFORM_'))).toBe(true);

    // The claim on the new host.
    const claim = await t.request(req.workspaceUrl, {
      method: 'POST',
      url: `/api/invite/claim/${code}`,
      payload: { firstName: 'Asha', lastName: 'Rao', userPassword: 'the first admin’s own secret' },
    });
    expect(claim.statusCode, claim.body).toBe(200);
    const signin = await t.request(req.workspaceUrl, {
      method: 'POST',
      url: '/api/user/signin',
      payload: { userEmail: req.adminEmail, userPassword: 'the first admin’s own secret' },
    });
    expect(signin.statusCode, signin.body).toBe(200);
    const token = signin.json().accessToken as string;
    const me = await t.request(req.workspaceUrl, { method: 'GET', url: '/api/user/details', token });
    expect(me.statusCode).toBe(200);
    expect(me.json().currentRole).toBe('WORKSPACE_ADMIN');
    expect(me.json().workspaces[0]).toMatchObject({ workspaceId, role: 'WORKSPACE_ADMIN' });
    // The default permission matrix lets the admin work: invite a colleague to the headquarters.
    const hq = me.json().workspaces[0].branch.branchId as string;
    const invite = await t.request(req.workspaceUrl, {
      method: 'POST',
      url: `/api/invite/user/${hq}`,
      token,
      payload: { email: `colleague-${u()}@example.test`, firstName: 'Ravi', role: 'EMPLOYEE' },
    });
    expect(invite.statusCode, invite.body).toBe(200);

    const after = await details(workspaceId);
    expect(after.members).toBe(1);
    expect(after.pendingInvitations).toBe(1);
    expect(after.firstAdminInvitation).toMatchObject({ state: 'ACCEPTED' });
    expect(after.admins).toEqual([
      expect.objectContaining({ email: req.adminEmail, role: 'WORKSPACE_ADMIN', active: true, firstName: 'Asha' }),
    ]);
    expect(after.admins[0]!.lastSignInAt).not.toBeNull();
    expect(after.lastActivityAt).not.toBeNull();

    // Audited with ids and the host only.
    const audit = await platform((tx) =>
      queryRows<{ details: Record<string, unknown>; actor: string | null }>(
        tx,
        sql`select details, actor_account_id as actor from audit_log where action = 'workspace.created' and target_id = ${workspaceId}`,
      ),
    );
    expect(audit).toHaveLength(1);
    expect(Object.keys(audit[0]!.details).sort()).toEqual(['headquarterId', 'host', 'invitationId']);
    expect(JSON.stringify(audit[0]!.details)).not.toContain(req.adminEmail);
  }, 60_000);

  it('defaults the time zone to the country’s and names the headquarters in the admin’s language', async () => {
    const ca = newRequest({ country: 'CA' });
    const res = await create(ca);
    expect(res.statusCode, res.body).toBe(200);
    expect(await details(res.json().workspaceId)).toMatchObject({
      timeZone: 'America/Toronto',
      headquarterName: 'Headquarters',
      userLimit: null,
      contractExpiryDate: null,
      contractState: 'NONE',
    });
    const fr = newRequest({ country: 'CA', adminLanguage: 'fr', timeZone: 'America/Vancouver' });
    const frRes = await create(fr);
    expect(frRes.statusCode).toBe(200);
    expect(await details(frRes.json().workspaceId)).toMatchObject({
      timeZone: 'America/Vancouver',
      headquarterName: 'Siège social',
    });
    const named = newRequest({ headquarterName: 'Pune Office' });
    const namedRes = await create(named);
    expect((await details(namedRes.json().workspaceId)).headquarterName).toBe('Pune Office');
    const frMail = await mailTo(fr.adminEmail);
    expect(frMail.subject).toContain('Vous êtes invité');
    expect(frMail.text).toContain(`http://${fr.workspaceUrl}/signup?code=`);
  }, 60_000);

  it('refuses a workspace admin and an employee of any workspace, on the platform host and on their own', async () => {
    const req = newRequest();
    for (const token of [adminA, employeeA]) {
      for (const host of [TEST_PLATFORM_HOST, a.host]) {
        const res = await create(req, { token, host });
        expect([401, 403, 404], res.body).toContain(res.statusCode);
        for (const [method, url] of [
          ['GET', `/api/admin/workspace/host-availability?host=${req.workspaceUrl}`],
          ['GET', `/api/admin/workspace/${a.id}`],
          ['GET', '/api/workspace/search/Company'],
          ['GET', '/api/workspace/search/name-url/Company'],
        ] as const) {
          const r = await t.request(host, { method, url, token });
          expect([401, 403, 404], `${method} ${url}: ${r.body}`).toContain(r.statusCode);
        }
        const list = await t.request(host, {
          method: 'POST',
          url: '/api/admin/workspace?pageNo=0&pageSize=20',
          token,
          payload: {},
        });
        expect([401, 403, 404]).toContain(list.statusCode);
      }
    }
    // Without a session at all.
    expect((await create(req, { token: '' })).statusCode).toBe(401);
    expect(await workspacesAt(req.workspaceUrl)).toBe(0);
  });

  it('refuses bad input, changing nothing', async () => {
    const req = newRequest();
    for (const [body, path] of [
      [{ ...req, companyName: 'x' }, 'companyName'],
      [{ ...req, adminEmail: 'not-an-address' }, 'adminEmail'],
      [{ ...req, country: 'US' }, 'country'],
      [{ ...req, timeZone: 'IST' }, 'timeZone'],
      [{ ...req, userLimit: 0 }, 'userLimit'],
      [{ ...req, contractExpiryDate: '31/03/2030' }, 'contractExpiryDate'],
      [{ ...req, adminLanguage: 'de' }, 'adminLanguage'],
      [{ ...req, extra: true }, ''],
      [{ ...req, adminFirstName: undefined }, 'adminFirstName'],
    ] as const) {
      const res = await create(body);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(400);
    }
    // A language the country does not offer.
    const fr = await create({ ...req, adminLanguage: 'fr' });
    expect(fr.statusCode).toBe(400);
    expect(fr.json().code).toBe('LANGUAGE_NOT_OFFERED');
    expect(await workspacesAt(req.workspaceUrl)).toBe(0);
  });

  it('refuses malformed hosts, the platform’s own, a host already served (in any case) and one still redirecting', async () => {
    for (const host of ['https://initech.example.com', 'initech', 'in_itech.example.com', 'initech.example.com/x']) {
      const res = await create(newRequest({ workspaceUrl: host }));
      expect(res.statusCode, host).toBe(400);
    }
    const port = await create(newRequest({ workspaceUrl: 'initech.example.com:70000' }));
    expect(port.json().code).toBe('WORKSPACE_HOST_MALFORMED');
    // The test platform host (one label and a port) is refused by the body's own rule already.
    for (const host of [TEST_PLATFORM_HOST, 'LOCALHOST:3000']) {
      expect((await create(newRequest({ workspaceUrl: host }))).statusCode, host).toBe(400);
    }
    for (const host of ['scorm.localhost:3000', 'SCORM.localhost:3000', 'x.scorm.localhost:3000']) {
      const res = await create(newRequest({ workspaceUrl: host }));
      expect(res.statusCode, host).toBe(400);
      expect(res.json().code, host).toBe('HOST_IS_PLATFORM');
    }
    const taken = await create(newRequest({ workspaceUrl: a.host.toUpperCase() }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'WORKSPACE_HOST_TAKEN', params: { host: a.host } });

    const old = `moved-${u()}.${TEST_PLATFORM_HOST}`;
    await platform((tx) =>
      tx.execute(
        sql`insert into workspace_host_redirects (host, workspace_id, until) values (${old}, ${a.id}, app_now() + interval '1 hour')`,
      ),
    );
    const redirecting = await create(newRequest({ workspaceUrl: old }));
    expect(redirecting.statusCode).toBe(409);
    expect(redirecting.json().code).toBe('WORKSPACE_HOST_REDIRECTING');
    const check = (host: string) =>
      t.request(TEST_PLATFORM_HOST, {
        method: 'GET',
        url: `/api/admin/workspace/host-availability?host=${encodeURIComponent(host)}`,
        token: operator,
      });
    expect((await check(old)).json()).toEqual({ host: old, available: false, reason: 'REDIRECTING' });
    expect((await check(a.host.toUpperCase())).json()).toEqual({ host: a.host, available: false, reason: 'TAKEN' });
    expect((await check(TEST_PLATFORM_HOST)).json()).toMatchObject({ available: false, reason: 'PLATFORM_HOST' });
    expect((await check('scorm.localhost:3000')).json()).toMatchObject({ available: false, reason: 'PLATFORM_HOST' });
    expect((await check('https://x.example.com')).json()).toMatchObject({ available: false, reason: 'MALFORMED' });
    const free = `free-${u()}.example.com`;
    expect((await check(free)).json()).toEqual({ host: free, available: true, reason: null });
    // Once the redirect has ended, the old host is free again.
    t.clock.advance(2 * 3_600_000);
    try {
      expect((await check(old)).json()).toMatchObject({ available: true });
      expect((await create(newRequest({ workspaceUrl: old }))).statusCode).toBe(200);
    } finally {
      t.clock.reset();
    }
  });
});

describe('creating a workspace is idempotent per Idempotency-Key', () => {
  it('a repeat answers the first result: one workspace, one invitation, one mail', async () => {
    const req = newRequest();
    const key = `key-${u()}-${u()}`;
    const first = await create(req, { key });
    expect(first.statusCode, first.body).toBe(200);
    const again = await create({ ...req, workspaceUrl: req.workspaceUrl.toUpperCase() }, { key });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await workspacesAt(req.workspaceUrl)).toBe(1);
    expect(await countRows('invitations', sql`workspace_id = ${first.json().workspaceId}`)).toBe(1);
    await mailTo(req.adminEmail);
    expect(smtp.received.filter((m) => m.to.includes(req.adminEmail))).toHaveLength(1);
    // The same key with another body is refused; without a key, the repeat clashes with the host.
    const other = await create({ ...req, companyName: 'Another company' }, { key });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    const noKey = await create(req);
    expect(noKey.statusCode).toBe(409);
    // A key too short is bad input.
    expect((await create(newRequest(), { key: 'short' })).statusCode).toBe(400);
  }, 60_000);

  it('parallel repeats make one workspace', async () => {
    const req = newRequest();
    const key = `par-${u()}-${u()}`;
    const answers = await Promise.all(Array.from({ length: 5 }, () => create(req, { key })));
    for (const r of answers) expect(r.statusCode, r.body).toBe(200);
    expect(new Set(answers.map((r) => r.json().workspaceId)).size).toBe(1);
    expect(await workspacesAt(req.workspaceUrl)).toBe(1);
    expect(await countRows('invitations', sql`workspace_id = ${answers[0]!.json().workspaceId}`)).toBe(1);
    // Different keys racing for one host: one wins, the others are told the host is taken.
    const race = newRequest();
    const raced = await Promise.all(Array.from({ length: 3 }, (_, i) => create(race, { key: `race-${i}-${u()}` })));
    expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await workspacesAt(race.workspaceUrl)).toBe(1);
  }, 60_000);
});

describe('the list', () => {
  const tag = `Listco${u()}`;
  const ids: Record<string, string> = {};
  let now: Date;
  let expiry: Record<string, string> = {};
  const list = async (filter: object, page = '?pageNo=0&pageSize=20') => {
    const res = await t.request(TEST_PLATFORM_HOST, {
      method: 'POST',
      url: `/api/admin/workspace${page}`,
      token: operator,
      payload: { q: tag, ...filter },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { content: TWorkspaceSummary[]; totalElements: number; totalPages: number; last: boolean };
  };
  const names = (r: { content: TWorkspaceSummary[] }) => r.content.map((w) => w.companyName.replace(`${tag} `, ''));

  beforeAll(async () => {
    // Frozen now; the contracts end relative to today in Kolkata.
    t.clock.set(Date.now());
    now = t.clock.now();
    const today = dateInZone(now, 'Asia/Kolkata');
    const day = (n: number) => new Date(Date.parse(`${today}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
    expiry = { Full: day(-1), Roomy: day(19), Soon: day(30), Later: day(31) };
    const make = async (name: string, o: Parameters<typeof aWorkspace>[1] = {}, expiry: string | null = null) => {
      const ws = await aWorkspace(t, { name: `${tag} ${name}`, ...o });
      if (expiry)
        await platform((tx) =>
          tx.execute(sql`update workspaces set contract_expiry_date = ${expiry} where id = ${ws.id}`),
        );
      ids[name] = ws.id;
      return ws;
    };
    const full = await make('Full', { userLimit: 2 }, expiry.Full!); // expired yesterday
    await aMember(full);
    await aMember(full);
    await aMember(full, { active: false });
    const roomy = await make('Roomy', { userLimit: 5, country: 'CA', timeZone: 'America/Toronto' }, expiry.Roomy!);
    await aMember(roomy);
    await make('Soon', {}, expiry.Soon!); // 30 days left: expiring
    await make('Later', {}, expiry.Later!); // 31 days left: active
    await make('Open'); // no contract
    const retired = await make('Retired');
    await platform((tx) =>
      tx.execute(
        sql`update workspaces set retired_at = app_now(), purge_after = app_now() + interval '30 days', active = false where id = ${retired.id}`,
      ),
    );
    const purged = await make('Purged');
    await platform((tx) =>
      tx.execute(sql`update workspaces set retired_at = app_now(), purged_at = app_now() where id = ${purged.id}`),
    );
  });
  afterAll(async () => {
    t.clock.reset();
    operator = await (await anOperator(t)).signIn(t);
  });

  it('answers every workspace but the purged, by name, with its counts and contract state', async () => {
    const all = await list({});
    expect(names(all)).toEqual(['Full', 'Later', 'Open', 'Retired', 'Roomy', 'Soon']);
    expect(all.totalElements).toBe(6);
    const full = all.content.find((w) => w.workspaceId === ids.Full)!;
    expect(full).toMatchObject({
      members: 2,
      userLimit: 2,
      userLimitReached: true,
      contractExpiryDate: expiry.Full,
      contractState: 'EXPIRED',
      status: 'ACTIVE',
      pendingInvitations: 0,
      purgeAfter: null,
    });
    expect(all.content.find((w) => w.workspaceId === ids.Roomy)).toMatchObject({
      members: 1,
      userLimitReached: false,
      contractState: 'EXPIRING',
      country: 'CA',
    });
    expect(all.content.find((w) => w.workspaceId === ids.Soon)!.contractState).toBe('EXPIRING');
    expect(all.content.find((w) => w.workspaceId === ids.Later)!.contractState).toBe('ACTIVE');
    expect(all.content.find((w) => w.workspaceId === ids.Open)!.contractState).toBe('NONE');
    const retired = all.content.find((w) => w.workspaceId === ids.Retired)!;
    expect(retired.status).toBe('SUSPENDED');
    expect(retired.purgeAfter).toBe(new Date(now.getTime() + 30 * 86_400_000).toISOString());
  });

  it('filters by each field', async () => {
    expect(names(await list({ country: 'CA' }))).toEqual(['Roomy']);
    expect(names(await list({ contract: 'EXPIRED' }))).toEqual(['Full']);
    expect(names(await list({ contract: 'EXPIRING' }))).toEqual(['Roomy', 'Soon']);
    expect(names(await list({ contract: 'EXPIRING', expiringWithinDays: 20 }))).toEqual(['Roomy']);
    expect((await list({ contract: 'EXPIRING', expiringWithinDays: 20 })).content[0]!.contractState).toBe('EXPIRING');
    expect(names(await list({ contract: 'ACTIVE' }))).toEqual(['Later']);
    expect(names(await list({ contract: 'NONE' }))).toEqual(['Open', 'Retired']);
    expect(names(await list({ userLimitReached: true }))).toEqual(['Full']);
    expect(names(await list({ status: 'SUSPENDED' }))).toEqual(['Retired']);
    expect(names(await list({ status: 'PURGED' }))).toEqual(['Purged']);
    expect(names(await list({ status: 'ACTIVE', contract: 'NONE' }))).toEqual(['Open']);
    expect(names(await list({ q: `${tag} ro` }))).toEqual(['Roomy']);
    // By host, and in any case.
    const roomy = (await list({})).content.find((w) => w.workspaceId === ids.Roomy)!;
    const byHost = await t.request(TEST_PLATFORM_HOST, {
      method: 'POST',
      url: '/api/admin/workspace?pageNo=0&pageSize=20',
      token: operator,
      payload: { q: roomy.workspaceUrl.toUpperCase() },
    });
    expect(byHost.json().content.map((w: TWorkspaceSummary) => w.workspaceId)).toEqual([ids.Roomy]);
    // The clock moves: a day later Soon has 29 days left, Later 30 (expiring now too).
    // (a day idles the session out: the operator signs in again.)
    t.clock.advance(86_400_000);
    operator = await (await anOperator(t)).signIn(t);
    expect(names(await list({ contract: 'EXPIRING' }))).toEqual(['Later', 'Roomy', 'Soon']);
    t.clock.advance(-86_400_000);
  });

  it('sorts and pages (zero-based)', async () => {
    expect(names(await list({ sort: 'CONTRACT_EXPIRY' }))).toEqual([
      'Full',
      'Roomy',
      'Soon',
      'Later',
      'Open',
      'Retired',
    ]);
    expect(names(await list({ sort: 'CREATED' }))).toHaveLength(6);
    const p0 = await list({}, '?pageNo=0&pageSize=4');
    const p1 = await list({}, '?pageNo=1&pageSize=4');
    expect(names(p0)).toEqual(['Full', 'Later', 'Open', 'Retired']);
    expect(names(p1)).toEqual(['Roomy', 'Soon']);
    expect(p1).toMatchObject({ totalElements: 6, totalPages: 2, last: true });
    const past = await list({}, '?pageNo=5&pageSize=4');
    expect(past).toMatchObject({ content: [], totalElements: 6 });
  });

  it('refuses bad filters', async () => {
    for (const body of [{ contract: 'SOON' }, { expiringWithinDays: 0 }, { country: 'FR' }, { extra: 1 }]) {
      const res = await t.request(TEST_PLATFORM_HOST, {
        method: 'POST',
        url: '/api/admin/workspace?pageNo=0&pageSize=20',
        token: operator,
        payload: body,
      });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const size = await t.request(TEST_PLATFORM_HOST, {
      method: 'POST',
      url: '/api/admin/workspace?pageNo=-1&pageSize=20',
      token: operator,
      payload: {},
    });
    expect(size.statusCode).toBe(400);
  });
});

describe('the typeahead', () => {
  it('finds by name (and by host on name-url), at most 10, starting matches first', async () => {
    const tag = `Typeco${u()}`;
    const made: AWorkspace[] = [];
    for (let i = 0; i < 12; i++) made.push(await aWorkspace(t, { name: `${i === 11 ? '' : 'The '}${tag} ${i}` }));
    const search = async (path: string, q: string) => {
      const res = await t.request(TEST_PLATFORM_HOST, {
        method: 'GET',
        url: `/api/workspace/${path}${encodeURIComponent(q)}`,
        token: operator,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { workspaceId: string; companyName: string; workspaceUrl: string }[];
    };
    const byName = await search('search/', tag.toLowerCase());
    expect(byName).toHaveLength(10);
    expect(byName[0]!.workspaceId).toBe(made[11]!.id);
    // The host is found by name-url only.
    expect(await search('search/', made[3]!.slug)).toEqual([]);
    expect(await search('search/name-url/', made[3]!.slug)).toEqual([
      { workspaceId: made[3]!.id, companyName: `The ${tag} 3`, workspaceUrl: made[3]!.host },
    ]);
    // Wildcards are taken literally.
    expect(await search('search/', '%')).toEqual([]);
  });
});

describe('the details', () => {
  it('show the admins, flags on the workspace, course credits, menus and old hosts; 404 for an unknown id', async () => {
    const ws = await aWorkspace(t);
    await aMember(ws, { role: 'WORKSPACE_ADMIN', firstName: 'Zoya' });
    await aMember(ws, { role: 'EMPLOYER', firstName: 'Arun' });
    await aMember(ws, { role: 'EMPLOYEE' });
    const on = `on-${u()}`;
    const elsewhere = `else-${u()}`;
    const everywhere = `all-${u()}`;
    await platform(async (tx) => {
      await tx.execute(
        sql`insert into feature_flags (key, value) values (${on}, 'true'), (${elsewhere}, 'true'), (${everywhere}, 'true')`,
      );
      await tx.execute(
        sql`insert into feature_flag_workspaces (workspace_id, flag_key) values (${ws.id}, ${on}), (${a.id}, ${elsewhere})`,
      );
      await tx.execute(
        sql`insert into workspace_menus (workspace_id, menu, enabled) values (${ws.id}, 'COURSES', false)`,
      );
      await tx.execute(sql`insert into signup_whitelist (workspace_id, value) values (${ws.id}, '@initech.com')`);
      await tx.execute(
        sql`insert into workspace_host_redirects (host, workspace_id, until) values (${`old-${u()}.example.com`}, ${ws.id}, app_now() + interval '10 days')`,
      );
    });
    const course = await aCourse(t, TEST_PLATFORM_HOST, operator, { catalogue: true, title: 'POSH basics' });
    await makeAvailable(t, ws.id, course.id, 5);

    const d = await details(ws.id);
    expect(d.admins.map((x) => [x.firstName, x.role])).toEqual([
      ['Zoya', 'WORKSPACE_ADMIN'],
      ['Arun', 'EMPLOYER'],
    ]);
    expect(d.featureFlags).toContain(on);
    expect(d.featureFlags).toContain(everywhere);
    expect(d.featureFlags).not.toContain(elsewhere);
    expect(d.courseCredits).toEqual([{ courseId: course.id, title: 'POSH basics', credits: 5, used: 0 }]);
    expect(d.navigation.find((n) => n.menu === 'COURSES')!.enabled).toBe(false);
    expect(d.navigation.find((n) => n.menu === 'USERS')!.enabled).toBe(true);
    expect(d.whitelistCount).toBe(1);
    expect(d.previousHosts).toHaveLength(1);
    expect(d.members).toBe(3);
    expect(d.headquarterName).toBe('Head Office');
    expect(d.firstAdminInvitation).toBeNull();

    const unknown = await t.request(TEST_PLATFORM_HOST, {
      method: 'GET',
      url: '/api/admin/workspace/00000000-0000-4000-8000-000000000000',
      token: operator,
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.request(TEST_PLATFORM_HOST, { method: 'GET', url: '/api/admin/workspace/x', token: operator });
    expect(bad.statusCode).toBe(400);
  });
});
