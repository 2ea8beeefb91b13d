import { HOST_REDIRECT_DAYS, RETIREMENT_GRACE_DAYS } from '@app/contract';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform } from '../../../core/db/tenant.ts';
import { jobRun } from '../../../core/job-context.ts';
import {
  type AWorkspace,
  aMember,
  anInvitation,
  anOperator,
  aWorkspace,
  createTestApp,
  signIn,
  TEST_PASSWORD,
  TEST_PLATFORM_HOST,
  type TestApp,
} from '../../../testing/index.ts';
import { aLearningCourse, anEnrolment } from '../../../testing/learning.ts';
import { purgeOrder, purgeWorkspace, retainedByLaw, runPurgePass } from './lifecycle.purge.ts';

const DAY = 86_400_000;
let t: TestApp;
let operator: string;
let operatorAccount: Awaited<ReturnType<typeof anOperator>>;
let seq = 0;
/** Moves the test clock and signs the operator in again (its session would have expired). */
async function setClock(at: number | string) {
  t.clock.set(at);
  operator = await operatorAccount.signIn(t);
}
const newHost = () => `moved-${Date.now().toString(36)}-${++seq}.${TEST_PLATFORM_HOST}`;

beforeAll(async () => {
  t = await createTestApp();
  operatorAccount = await anOperator(t);
  operator = await operatorAccount.signIn(t);
});
afterAll(() => t.close());
afterEach(async () => {
  t.clock.reset();
  operator = await operatorAccount.signIn(t);
});

function op(
  method: 'PUT' | 'DELETE' | 'POST',
  url: string,
  payload?: object,
  token = operator,
  host = TEST_PLATFORM_HOST,
) {
  return t.request(host, { method, url, token, ...(payload ? { payload } : {}) });
}
const moveHost = (workspaceId: string, workspaceUrl: string, token?: string, host?: string) =>
  op('PUT', '/api/workspace/update-workspace-url', { workspaceId, workspaceUrl }, token, host);
const retire = (id: string, confirmHost: string, token?: string, host?: string) =>
  op('DELETE', `/api/workspace/${id}`, { confirmHost }, token, host);
const restore = (id: string, token?: string, host?: string) =>
  op('POST', `/api/admin/workspace/${id}/restore`, undefined, token, host);

const appConfig = async (host: string) => (await t.request(host, { method: 'GET', url: '/api/app-config' })).json();
const details = (host: string, token?: string) =>
  t.request(host, { method: 'GET', url: '/api/user/details', ...(token ? { token } : {}) });

async function q<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return withPlatform(t.database.db, { action: 'test.read', audit: false }, (tx) => queryRows<T>(tx, query));
}
async function workspaceRow(id: string) {
  const [row] = await q<{
    host: string;
    active: boolean;
    retired_at: Date | null;
    purge_after: Date | null;
    purged_at: Date | null;
    company_name: string;
  }>(sql`select host, active, retired_at, purge_after, purged_at, company_name from workspaces where id = ${id}`);
  return row!;
}
async function auditOf(workspaceId: string, action: string) {
  return q<{ details: Record<string, unknown>; actor_account_id: string | null }>(
    sql`select details, actor_account_id from audit_log where workspace_id = ${workspaceId} and action = ${action} order by occurred_at`,
  );
}

describe('changing a workspace host', () => {
  let a: AWorkspace;
  let b: AWorkspace;
  beforeAll(async () => {
    a = await aWorkspace(t);
    b = await aWorkspace(t);
  });

  it('refuses a malformed, reserved, same or taken host, and changes nothing', async () => {
    const bad = await moveHost(a.id, 'https://x.example.com/path');
    expect(bad.statusCode).toBe(400);
    // The platform host (here `localhost:3000`, which is not even a well-formed workspace host).
    const platform = await moveHost(a.id, TEST_PLATFORM_HOST);
    expect(platform.statusCode).toBe(400);
    const scorm = await moveHost(a.id, new URL(t.app.deps.config.lmsContentOrigin).host);
    expect(scorm.statusCode).toBe(400);
    expect(scorm.json().params.reason).toBe('HOST_RESERVED');
    const same = await moveHost(a.id, a.host);
    expect(same.statusCode).toBe(400);
    expect(same.json().params.reason).toBe('SAME_HOST');
    const taken = await moveHost(a.id, b.host.toUpperCase());
    expect(taken.statusCode).toBe(409);
    expect(taken.json().params).toMatchObject({ reason: 'WORKSPACE_HOST_TAKEN', host: b.host });
    const missing = await moveHost('00000000-0000-4000-8000-000000000000', newHost());
    expect(missing.statusCode).toBe(404);
    expect((await workspaceRow(a.id)).host).toBe(a.host);
    expect(await auditOf(a.id, 'workspace.host_changed')).toEqual([]);
  });

  it('is refused to every workspace member, the workspace’s own admin included', async () => {
    const adminA = await aMember(a, { role: 'WORKSPACE_ADMIN' });
    const employeeA = await aMember(a);
    const adminB = await aMember(b, { role: 'WORKSPACE_ADMIN' });
    for (const [token, host] of [
      [await adminA.signIn(t), a.host],
      [await adminA.signIn(t), TEST_PLATFORM_HOST],
      [await employeeA.signIn(t), a.host],
      [await adminB.signIn(t), b.host],
    ] as const) {
      const res = await moveHost(a.id, newHost(), token, host);
      expect([401, 403, 404], res.body).toContain(res.statusCode);
      const r = await retire(a.id, a.host, token, host);
      expect([401, 403, 404], r.body).toContain(r.statusCode);
      const s = await restore(a.id, token, host);
      expect([401, 403, 404], s.body).toContain(s.statusCode);
    }
    expect(await workspaceRow(a.id)).toMatchObject({ host: a.host, active: true, retired_at: null });
  });

  it('moves at once: the old session ends, the new host serves, the old one points there for 30 days', async () => {
    await setClock('2031-05-01T10:00:00Z');
    const ws = await aWorkspace(t);
    const member = await aMember(ws);
    const oldToken = await member.signIn(t);
    expect((await details(ws.host, oldToken)).statusCode).toBe(200);
    const oldHost = ws.host;
    const target = newHost();

    const res = await moveHost(ws.id, target);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      workspaceId: ws.id,
      workspaceUrl: target,
      previousUrl: oldHost,
      redirectUntil: new Date(Date.parse('2031-05-01T10:00:00Z') + HOST_REDIRECT_DAYS * DAY).toISOString(),
    });
    // The open session has ended: on the old host the request is told where the workspace went; on the new one it is no session.
    const onOld = await details(oldHost, oldToken);
    expect(onOld.statusCode).toBe(410);
    expect(onOld.json()).toMatchObject({ code: 'WORKSPACE_MOVED', params: { host: target } });
    expect((await details(target, oldToken)).statusCode).toBe(401);
    const [live] = await q<{ n: number }>(
      sql`select count(*)::int as n from sessions where workspace_id = ${ws.id} and revoked_at is null`,
    );
    expect(live!.n).toBe(0);
    // The new host works at once.
    const newToken = await signIn(t, target, { email: member.email, password: TEST_PASSWORD });
    expect((await details(target, newToken)).statusCode).toBe(200);
    expect((await appConfig(target)).hostNotice).toBeUndefined();
    // The old host: sign-in is refused with the same answer; the web is told to show the moved page.
    const signInOld = await t.request(oldHost, {
      method: 'POST',
      url: '/api/user/signin',
      payload: { userEmail: member.email, userPassword: TEST_PASSWORD },
    });
    expect(signInOld.statusCode).toBe(410);
    expect(signInOld.json().params.host).toBe(target);
    expect((await appConfig(oldHost)).hostNotice).toEqual({
      kind: 'MOVED',
      currentHost: target,
      until: res.json().redirectUntil,
    });
    const profile = await t.request(oldHost, { method: 'GET', url: `/api/workspace/company-profile/${oldHost}` });
    expect([404, 410]).toContain(profile.statusCode);
    // Audited, with both hosts.
    const [entry] = await auditOf(ws.id, 'workspace.host_changed');
    expect(entry!.details).toMatchObject({ before: oldHost, after: target, sessionsEnded: 1 });

    // Another workspace cannot take the old host while it points to the new one.
    const other = await aWorkspace(t);
    const clash = await moveHost(other.id, oldHost);
    expect(clash.statusCode).toBe(409);
    expect(clash.json().params.reason).toBe('WORKSPACE_HOST_TAKEN');

    // A day before the 30 days end it still points there; after them the old host is unknown and free.
    await setClock(Date.parse('2031-05-01T10:00:00Z') + (HOST_REDIRECT_DAYS - 1) * DAY);
    expect((await appConfig(oldHost)).hostNotice?.kind).toBe('MOVED');
    await setClock(Date.parse('2031-05-01T10:00:00Z') + HOST_REDIRECT_DAYS * DAY + 60_000);
    expect((await appConfig(oldHost)).hostNotice).toBeUndefined();
    const gone = await details(oldHost);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('UNKNOWN_HOST');
    const taken = await moveHost(other.id, oldHost);
    expect(taken.statusCode, taken.body).toBe(200);
  });

  it('may move back to its own old host: the redirect of that host ends', async () => {
    const ws = await aWorkspace(t);
    const first = ws.host;
    const second = newHost();
    expect((await moveHost(ws.id, second)).statusCode).toBe(200);
    const back = await moveHost(ws.id, first);
    expect(back.statusCode, back.body).toBe(200);
    expect((await appConfig(first)).hostNotice).toBeUndefined();
    expect((await appConfig(second)).hostNotice).toMatchObject({ kind: 'MOVED', currentHost: first });
    const redirects = await q<{ host: string }>(
      sql`select host from workspace_host_redirects where workspace_id = ${ws.id} order by host`,
    );
    expect(redirects.map((r) => r.host)).toEqual([second]);
  });
});

describe('retiring, restoring and purging a workspace', () => {
  it('a wrong confirmation changes nothing', async () => {
    const ws = await aWorkspace(t);
    const member = await aMember(ws);
    const token = await member.signIn(t);
    const res = await retire(ws.id, `x${ws.host}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().params.reason).toBe('CONFIRM_HOST_MISMATCH');
    expect(await workspaceRow(ws.id)).toMatchObject({ active: true, retired_at: null, purge_after: null });
    expect((await details(ws.host, token)).statusCode).toBe(200);
    expect(await auditOf(ws.id, 'workspace.retired')).toEqual([]);
  });

  it('suspends at once (no sign-in on any path, its hosts say so), restores in the grace period, purges once after it', async () => {
    const start = Date.parse('2031-07-01T06:00:00Z');
    await setClock(start);
    const ws = await aWorkspace(t);
    const other = await aWorkspace(t);
    const admin = await aMember(ws, { role: 'WORKSPACE_ADMIN' });
    const employee = await aMember(ws);
    const otherMember = await aMember(other);
    // One person belongs to both workspaces: the purge keeps the account (the other workspace's).
    const shared = await aMember(other);
    await withPlatform(t.database.db, { action: 'test.membership', audit: false }, (tx) =>
      queryRows(
        tx,
        sql`insert into memberships (workspace_id, account_id, role, branch_id) values (${ws.id}, ${shared.accountId}, 'EMPLOYEE', ${ws.branchId})`,
      ),
    );
    const invitation = await anInvitation(ws);
    const course = await aLearningCourse(t.database.db, ws.id);
    await anEnrolment(t.database.db, {
      workspaceId: ws.id,
      courseId: course.courseId,
      versionId: course.versionId,
      accountId: employee.accountId,
    });
    // Files: its logo and a profile picture; another workspace's file and a catalogue file stay.
    const storage = t.app.deps.storage;
    const logo = `${ws.id}/logo/20310701-aa-logo.png`;
    const picture = `${ws.id}/profile-image/20310701-bb-me.png`;
    const othersFile = `${other.id}/logo/20310701-cc-logo.png`;
    const catalogueFile = `catalogue/lms/20310701-dd-cover.png`;
    for (const key of [logo, picture, othersFile, catalogueFile]) {
      await storage.put(key, Buffer.from('png'), { contentType: 'image/png' });
    }
    await withPlatform(t.database.db, { action: 'test.files', audit: false }, async (tx) => {
      await queryRows(tx, sql`update workspaces set logo_url = ${logo} where id = ${ws.id}`);
      await queryRows(
        tx,
        sql`update memberships set profile_image_key = ${picture} where workspace_id = ${ws.id} and account_id = ${employee.accountId}`,
      );
      await queryRows(tx, sql`update courses set cover_key = ${catalogueFile} where id = ${course.courseId}`);
    });
    // A former host of the workspace: it says "suspended" too once retired.
    const formerHost = ws.host;
    const currentHost = newHost();
    expect((await moveHost(ws.id, currentHost)).statusCode).toBe(200);
    const employeeToken = await signIn(t, currentHost, { email: employee.email, password: TEST_PASSWORD });
    // A published complaint workflow (issue 25): its versions are frozen, yet the purge removes them.
    const adminToken = await signIn(t, currentHost, { email: admin.email, password: TEST_PASSWORD });
    const workflow = await t.request(currentHost, {
      method: 'POST',
      url: '/cms/api/workflow/create',
      token: adminToken,
      payload: { name: 'POSH inquiry', template: 'POSH_INQUIRY' },
    });
    expect(workflow.statusCode, workflow.body).toBe(200);
    const published = await t.request(currentHost, {
      method: 'POST',
      url: `/cms/api/workflow/publish/${workflow.json().workflow.id}`,
      token: adminToken,
      payload: {},
    });
    expect(published.statusCode, published.body).toBe(200);
    // The admin signs out again: the retirement below counts the employee's session only.
    expect(
      (await t.request(currentHost, { method: 'GET', url: '/api/user/sign-out', token: adminToken })).statusCode,
    ).toBe(200);

    const retired = await retire(ws.id, currentHost.toUpperCase());
    expect(retired.statusCode, retired.body).toBe(200);
    const purgeAfter = new Date(start + RETIREMENT_GRACE_DAYS * DAY).toISOString();
    expect(retired.json()).toEqual({ workspaceId: ws.id, status: 'SUSPENDED', purgeAfter });
    expect(await workspaceRow(ws.id)).toMatchObject({ active: false });
    expect((await auditOf(ws.id, 'workspace.retired'))[0]!.details).toMatchObject({
      host: currentHost,
      purgeAfter,
      sessionsEnded: 1,
    });

    // Its session has ended and no sign-in path works: every one answers 410 WORKSPACE_SUSPENDED.
    const suspended = (res: { statusCode: number; json(): { code: string } }) => {
      expect(res.statusCode).toBe(410);
      expect(res.json().code).toBe('WORKSPACE_SUSPENDED');
    };
    suspended(await details(currentHost, employeeToken));
    const [liveSessions] = await q<{ n: number }>(
      sql`select count(*)::int as n from sessions where workspace_id = ${ws.id} and revoked_at is null`,
    );
    expect(liveSessions!.n).toBe(0);
    const post = (url: string, payload: object, host = currentHost) =>
      t.request(host, { method: 'POST', url, payload });
    suspended(await post('/api/user/signin', { userEmail: employee.email, userPassword: TEST_PASSWORD }));
    suspended(await post('/api/user/signin-create-otp', { userEmail: employee.email }));
    suspended(await post('/api/user/signin-verify-otp', { userEmail: employee.email, userOtp: '123456' }));
    suspended(
      await post(`/api/invite/claim/${invitation.code}`, {
        firstName: 'New',
        lastName: 'Joiner',
        userPassword: 'a long enough secret 42',
      }),
    );
    suspended(await t.request(currentHost, { method: 'GET', url: '/api/auth/oidc/google/start' }));
    suspended(await post('/api/user/signin', { userEmail: employee.email, userPassword: TEST_PASSWORD }, formerHost));
    // On the platform host, the person's workspace list no longer offers it.
    const platformToken = await signIn(t, TEST_PLATFORM_HOST, { email: shared.email, password: TEST_PASSWORD }).catch(
      () => null,
    );
    if (platformToken) {
      const mine = await details(TEST_PLATFORM_HOST, platformToken);
      expect(mine.body).not.toContain(ws.id);
    }
    // Both hosts tell the web to show the suspended page.
    expect((await appConfig(currentHost)).hostNotice).toEqual({ kind: 'SUSPENDED', currentHost: null, until: null });
    expect((await appConfig(formerHost)).hostNotice).toEqual({ kind: 'SUSPENDED', currentHost: null, until: null });
    // It cannot be retired twice, nor moved while retired.
    expect((await retire(ws.id, currentHost)).json().params.reason).toBe('WORKSPACE_RETIRED');
    expect((await moveHost(ws.id, newHost())).statusCode).toBe(409);

    // Restored within the grace period: active again, sign-in works.
    await setClock(start + 10 * DAY);
    const restored = await restore(ws.id);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toEqual({ workspaceId: ws.id, status: 'ACTIVE', purgeAfter: null });
    expect(await workspaceRow(ws.id)).toMatchObject({ active: true, retired_at: null, purge_after: null });
    expect((await appConfig(currentHost)).hostNotice).toBeUndefined();
    expect((await signIn(t, currentHost, { email: employee.email, password: TEST_PASSWORD })).length).toBeGreaterThan(
      10,
    );
    expect(await auditOf(ws.id, 'workspace.restored')).toHaveLength(1);
    expect((await restore(ws.id)).json().params.reason).toBe('WORKSPACE_NOT_RETIRED');

    // Retired again: the grace period runs from now.
    const retiredAt = start + 11 * DAY;
    await setClock(retiredAt);
    expect((await retire(ws.id, currentHost)).statusCode).toBe(200);
    // A day before its end, the daily pass purges nothing.
    await setClock(retiredAt + (RETIREMENT_GRACE_DAYS - 1) * DAY);
    expect(await runPurgePass(jobRun(t.app.deps, `pass-early-${ws.id}`))).toBe(0);
    expect((await workspaceRow(ws.id)).purged_at).toBeNull();
    expect(await storage.get(logo)).not.toBeNull();
    // After it: no restore; the schedule's job finds it and purges it, in its own job.
    await setClock(retiredAt + RETIREMENT_GRACE_DAYS * DAY + 60_000);
    const late = await restore(ws.id);
    expect(late.statusCode).toBe(409);
    expect(late.json().params.reason).toBe('GRACE_PERIOD_OVER');
    expect(await t.app.deps.jobs.fire('main.workspace-purge-pass')).not.toBeNull();
    await expect.poll(async () => (await workspaceRow(ws.id)).purged_at, { timeout: 20_000 }).not.toBeNull();

    // The files are gone; another workspace's and the catalogue's stay.
    expect(await storage.get(logo)).toBeNull();
    expect(await storage.get(picture)).toBeNull();
    expect(await storage.get(othersFile)).not.toBeNull();
    expect(await storage.get(catalogueFile)).not.toBeNull();
    // Its rows are gone: sessions, invitations, memberships, units, learning records.
    for (const table of [
      'sessions',
      'invitations',
      'memberships',
      'branches',
      'departments',
      'enrolments',
      'courses',
      'workspace_host_redirects',
      'workflows',
      'workflow_steps',
      'workflow_versions',
    ]) {
      const [row] = await q<{ n: number }>(
        sql`select count(*)::int as n from ${sql.identifier(table)} where workspace_id = ${ws.id}`,
      );
      expect(row!.n, table).toBe(0);
    }
    // Accounts that were only its members are anonymised; the shared one and others are kept.
    const accounts = await q<{ id: string; email: string | null; anonymised_at: Date | null }>(
      sql`select id, email, anonymised_at from accounts where id in (${admin.accountId}, ${employee.accountId}, ${shared.accountId}, ${otherMember.accountId})`,
    );
    const byId = new Map(accounts.map((a) => [a.id, a]));
    expect(byId.get(admin.accountId)).toMatchObject({ email: null });
    expect(byId.get(employee.accountId)!.anonymised_at).not.toBeNull();
    expect(byId.get(shared.accountId)).toMatchObject({ email: shared.email, anonymised_at: null });
    expect(byId.get(otherMember.accountId)).toMatchObject({ email: otherMember.email, anonymised_at: null });
    expect((await signIn(t, other.host, { email: shared.email, password: TEST_PASSWORD })).length).toBeGreaterThan(10);
    // The stub stays: id, name, retirement and purge dates; and the audit trail with it.
    const stub = await workspaceRow(ws.id);
    expect(stub).toMatchObject({ company_name: ws.companyName, active: false });
    expect(stub.retired_at).not.toBeNull();
    expect(await auditOf(ws.id, 'workspace.host_changed')).toHaveLength(1);
    expect(await auditOf(ws.id, 'workspace.retired')).toHaveLength(2);
    const [purged] = await auditOf(ws.id, 'workspace.purged');
    expect(purged!.details).toMatchObject({ files: 2, accountsAnonymised: 2 });
    expect(Object.keys(purged!.details)).toEqual(
      expect.arrayContaining(['files', 'rows', 'tables', 'sessionsEnded', 'accountsAnonymised']),
    );
    // Its hosts are unknown now, and free.
    expect((await appConfig(currentHost)).hostNotice).toBeUndefined();
    expect((await details(currentHost)).json().code).toBe('UNKNOWN_HOST');
    expect((await details(formerHost)).json().code).toBe('UNKNOWN_HOST');
    // Idempotent: the job again, and the pass again, change nothing.
    expect(await purgeWorkspace(jobRun(t.app.deps, `again-${ws.id}`), { workspaceId: ws.id })).toMatchObject({
      purged: false,
    });
    expect(await runPurgePass(jobRun(t.app.deps, `pass-again-${ws.id}`))).toBe(0);
    expect(await auditOf(ws.id, 'workspace.purged')).toHaveLength(1);
    // No restore after the purge.
    const after = await restore(ws.id);
    expect(after.statusCode).toBe(409);
    expect(after.json().params.reason).toBe('WORKSPACE_PURGED');
    // The other workspace is untouched.
    expect(await workspaceRow(other.id)).toMatchObject({ active: true, host: other.host, purged_at: null });
  });
});

describe('what the purge keeps', () => {
  it('never empties the audit trail, the stub, or complaint (case) tables under retention', () => {
    for (const table of ['cases', 'case_events', 'complaints', 'complaint_documents'])
      expect(retainedByLaw(table)).toBe(true);
    for (const table of ['memberships', 'enrolments', 'showcase']) expect(retainedByLaw(table)).toBe(false);
    const order = purgeOrder(
      ['audit_log', 'workspaces', 'memberships', 'cases', 'case_events', 'branches', 'invitations'],
      [
        ['case_events', 'cases'],
        ['cases', 'branches'],
        ['memberships', 'branches'],
        ['invitations', 'branches'],
      ],
    );
    // Retained tables and what they reference stay; children go before their parents.
    expect(order).toEqual(['invitations', 'memberships']);
    const plain = purgeOrder(
      ['branches', 'memberships', 'departments'],
      [
        ['memberships', 'branches'],
        ['memberships', 'departments'],
        ['departments', 'branches'],
      ],
    );
    expect(plain).toEqual(['memberships', 'departments', 'branches']);
  });
});
