import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branches, departments } from '../db/schema.ts';
import { type AdminFixture, adminFixture, sessionFor } from '../testing/admin-fixture.ts';
import { newInvitation, newUser } from '../testing/factories.ts';
import { multipart } from '../testing/multipart.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { queryRows } from './db/database.ts';
import { withPlatform } from './db/tenant.ts';

/**
 * One request of an administration route, aimed at workspace A's `target` business unit (its
 * department, user or invitation). It must succeed for A's workspace admin — the control that
 * proves the refusals below are about who asks, not about a malformed request.
 */
type AdminRoute = {
  /** The URL; `prepared` is what `prepare` answered. */
  url: (f: AdminFixture, prepared: string) => string;
  /** Sets up what the request needs (an upload URL, a setting switched on), before anything is counted. */
  prepare?: (f: AdminFixture) => Promise<string>;
  body?: (f: AdminFixture) => unknown;
  /** Headers of a body that is not JSON (a multipart upload). */
  headers?: Record<string, string>;
  /** A file upload (multipart/form-data) instead of a JSON body: the file's text and the other fields. */
  upload?: (f: AdminFixture) => { file: string; fields: Record<string, number> };
  /**
   * The route acts on the caller's whole scope rather than on one named object (counts, "resend all",
   * the mail template): another workspace's admin and a branch admin may call it for their own
   * scope; it must still change nothing in workspace A's target business unit.
   */
  scopeWide?: true;
  /**
   * The request names nothing of A (it creates something, or sets the caller's own workspace's
   * colour): B's admin on B's host is then just working in B, which is allowed.
   */
  namesNothingOfA?: true;
  /**
   * A workspace-wide route with no object of A in it (the permission matrix): B's admin on B's own
   * host acts on B, legitimately; the check is then that A is untouched.
   */
  ownWorkspaceSucceeds?: true;
  /**
   * The permission is the employer's and not the workspace admin's (`complaints.manage`, issue 26):
   * the control, and B's caller on B's host, are an EMPLOYER of that workspace.
   */
  asEmployer?: true;
};

/** A multipart upload of a 1×1 PNG, for the logo and profile image routes. */
const PNG_UPLOAD = (() => {
  const boundary = '----admin-authz';
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    png,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
})();

/**
 * Every route that needs a workspace permission (`config.permission`), or needs one to act on
 * someone else (`config.actsOnOthersWith`). A route added without an entry fails the first test, so
 * that its refusals get tested too. Add entries as routes land.
 */
export const ADMIN_ROUTES: Record<string, AdminRoute> = {
  // Invitations.
  'POST /api/invite/user/:branchId': {
    url: (f) => `/api/invite/user/${f.target.branchId}`,
    body: (f) => ({
      email: `new-${f.a.id.slice(0, 8)}@example.test`,
      firstName: 'New',
      departmentId: f.target.departmentId,
    }),
  },
  'POST /api/invite/branch/:id': {
    url: (f) => `/api/invite/branch/${f.target.branchId}?pageNo=0&pageSize=20`,
    body: () => ({}),
  },
  'GET /api/invite/resend/:a/:b': { url: (f) => `/api/invite/resend/${f.target.branchId}/${f.target.invitation.id}` },
  'POST /api/invite/resend/bulk': {
    url: () => '/api/invite/resend/bulk',
    body: (f) => ({ invitationIds: [f.target.invitation.id] }),
  },
  'POST /api/invite/resend/unused/all': { url: () => '/api/invite/resend/unused/all', scopeWide: true },
  'GET /api/invite/unused/count': { url: () => '/api/invite/unused/count?filterOnlyExpired=false', scopeWide: true },
  'DELETE /api/invite/:a/:b': { url: (f) => `/api/invite/${f.target.branchId}/${f.target.invitation.id}` },
  // Bulk invitations: the file names the business unit. Reading and checking a file act on the
  // caller's scope (a row outside it is an error in the answer); importing one refuses the whole
  // file when a row is outside (403) or unknown there (400).
  'POST /api/invite/bulk/file/mappings': {
    url: () => '/api/invite/bulk/file/mappings',
    scopeWide: true,
    upload: (f) => bulkFile(f),
  },
  'POST /api/invite/bulk/validate': {
    url: () => '/api/invite/bulk/validate',
    scopeWide: true,
    upload: (f) => bulkFile(f),
  },
  'POST /api/invite/bulk': { url: () => '/api/invite/bulk', upload: (f) => bulkFile(f) },
  'POST /api/invite/download/bulk/detailed-report': {
    url: () => '/api/invite/download/bulk/detailed-report',
    scopeWide: true,
    upload: (f) => bulkFile(f),
  },
  'POST /api/invite/bulk/rows-to-fix': {
    url: () => '/api/invite/bulk/rows-to-fix',
    scopeWide: true,
    upload: (f) => bulkFile(f),
  },
  'GET /api/invite/bulk/template': { url: () => '/api/invite/bulk/template?format=csv', scopeWide: true },
  'POST /api/invite/all': { url: () => '/api/invite/all?pageNo=0&pageSize=20', scopeWide: true, body: () => ({}) },
  'GET /api/template': { url: () => '/api/template', scopeWide: true },
  'POST /api/template': {
    url: () => '/api/template',
    scopeWide: true,
    body: () => ({ subject: 'Join us at {{companyName}}', bodyText: 'Hello {{firstName}}, sign up: {{link}}' }),
  },
  // Business units (issue 4)
  'POST /api/workspace/create-branch': {
    url: () => '/api/workspace/create-branch',
    body: () => ({ branchName: 'Authz Unit', backgroundColor: '112233', branchLogo: null }),
    namesNothingOfA: true,
  },
  'POST /api/workspace/update-branch/:id': {
    url: (f) => `/api/workspace/update-branch/${f.target.branchId}`,
    body: () => ({ branchName: 'Renamed Unit', backgroundColor: '112233', headquarter: true }),
  },
  'POST /api/workspace/delete-branch': {
    url: () => '/api/workspace/delete-branch',
    body: (f) => ({ branchIds: [f.target.emptyBranchId] }),
  },
  'PUT /api/workspace/branch/:id/bg-color/:hex': {
    url: (f) => `/api/workspace/branch/${f.target.branchId}/bg-color/ABCDEF`,
  },
  'POST /api/workspace/branch/:id/logo': {
    url: (f) => `/api/workspace/branch/${f.target.branchId}/logo`,
    body: () => PNG_UPLOAD.payload,
    headers: PNG_UPLOAD.headers,
  },
  'DELETE /api/workspace/branch/:id/logo': { url: (f) => `/api/workspace/branch/${f.target.branchId}/logo` },
  'PUT /api/workspace/bg-color/:hex': { url: () => '/api/workspace/bg-color/ABCDEF', namesNothingOfA: true },
  // Departments (issue 4)
  'POST /api/department': {
    url: () => '/api/department',
    body: (f) => ({ departmentName: 'Authz Department', branchId: f.target.branchId, allBranch: false }),
  },
  'POST /api/department/update/:id': {
    url: (f) => `/api/department/update/${f.target.departmentId}`,
    body: (f) => ({ departmentId: f.target.departmentId, departmentName: 'Renamed Department' }),
  },
  'POST /api/department/delete': {
    url: () => '/api/department/delete',
    body: (f) => ({ departmentBranches: [{ departmentId: f.target.departmentId, branchId: f.target.branchId }] }),
  },
  'POST /api/department/:id/manager': {
    url: (f) => `/api/department/${f.target.departmentId}/manager`,
    body: (f) => ({ userId: f.target.user.accountId, role: 'MANAGER' }),
  },
  'GET /api/department/:id/managers': { url: (f) => `/api/department/${f.target.departmentId}/managers` },
  'DELETE /api/department/:id/manager/:userId': {
    url: (f) => `/api/department/${f.target.departmentId}/manager/${f.target.user.accountId}`,
  },
  'GET /api/department/:id/manager-candidates': {
    url: (f) => `/api/department/${f.target.departmentId}/manager-candidates?q=test`,
  },
  // Branding and settings: each acts on the caller's own workspace.
  'GET /api/workspace/settings': { url: () => '/api/workspace/settings', scopeWide: true },
  'PUT /api/workspace/settings': {
    url: () => '/api/workspace/settings',
    scopeWide: true,
    body: () => ({ backgroundColor: 'C92A2A', whiteLabel: { lms: false } }),
  },
  'POST /api/workspace/logo': {
    url: () => '/api/workspace/logo',
    scopeWide: true,
    body: () => PNG_UPLOAD.payload,
    headers: PNG_UPLOAD.headers,
  },
  'DELETE /api/workspace/logo': { url: () => '/api/workspace/logo', scopeWide: true },
  'GET /api/workspace/users/stats': { url: (f) => `/api/workspace/users/stats?branchId=${f.target.branchId}` },
  'GET /api/workspace/users/filter-options': {
    url: (f) => `/api/workspace/users/filter-options?branchId=${f.target.branchId}`,
  },
  'POST /api/workspace/users': {
    url: () => '/api/workspace/users?pageNo=0&pageSize=20',
    body: (f) => ({ branchId: f.target.branchId }),
  },
  'POST /api/workspace/users/search': {
    url: () => '/api/workspace/users/search?pageNo=0&pageSize=20',
    body: (f) => ({ branchId: f.target.branchId, searchText: 'a' }),
  },
  'POST /api/workspace/users/export': {
    url: () => '/api/workspace/users/export?format=csv',
    body: (f) => ({ branchId: f.target.branchId, searchText: 'a' }),
  },
  'POST /api/user/search': {
    url: () => '/api/user/search',
    body: (f) => ({ category: 'ALL', searchText: 'a', branchId: f.target.branchId }),
  },
  'POST /api/user/update/:id': {
    url: (f) => `/api/user/update/${f.target.user.accountId}`,
    body: () => ({ designation: 'Changed', active: false }),
  },
  'POST /api/admin/update-user': {
    url: () => '/api/admin/update-user',
    body: (f) => ({ userId: f.target.user.accountId, firstName: 'Changed' }),
  },
  'DELETE /api/user/:id': { url: (f) => `/api/user/${f.target.user.accountId}` },
  'POST /api/user/:id/one-time-password': { url: (f) => `/api/user/${f.target.user.accountId}/one-time-password` },
  'POST /api/user/delete/bulk': {
    url: () => '/api/user/delete/bulk',
    body: (f) => ({ ids: [f.target.user.accountId] }),
  },
  // Users created from a file (bulk sign-up on in both workspaces), or deleted by one naming A's target user.
  'POST /api/user/create/bulk': {
    url: () => '/api/user/create/bulk',
    upload: (f) => bulkFile(f),
    prepare: async (f) => {
      await withPlatform(t.database.db, { action: 'test.bulk-sign-up', audit: false }, (tx) =>
        tx.execute(sql`update workspaces set bulk_sign_up_enabled = true where id in (${f.a.id}, ${f.b.id})`),
      );
      return '';
    },
  },
  'POST /api/user/delete/bulk/file': {
    url: () => '/api/user/delete/bulk/file',
    upload: (f) => ({ file: `Email\n${f.target.user.email}\n`, fields: {} }),
  },
  // Profile images (any member for themselves; users.manage for someone else): aimed at A's target user.
  'POST /api/user/generate-profile-image-upload-url': {
    url: () => '/api/user/generate-profile-image-upload-url',
    body: (f) => ({ userId: f.target.user.accountId }),
  },
  'PUT /api/user/profile-image-upload/:token': {
    // A's admin asked for the URL: nobody else may use it, wherever they are.
    prepare: async (f) => {
      const res = await t.request(f.a.host, {
        method: 'POST',
        url: '/api/user/generate-profile-image-upload-url',
        token: f.adminA.token,
        payload: { userId: f.target.user.accountId },
      });
      return res.json().uploadUrl as string;
    },
    url: (_, uploadUrl) => uploadUrl,
    body: () => PNG_UPLOAD.payload,
    headers: PNG_UPLOAD.headers,
  },
  'DELETE /api/user/profile-image/:userId': {
    // The target has a picture, so that a wrongly allowed removal would show.
    prepare: async (f) => {
      await withPlatform(t.database.db, { action: 'test.fixture', audit: false }, (tx) =>
        queryRows(
          tx,
          sql`update memberships set profile_image_key = ${`${f.a.id}/profile-image/20260101000000-00000000-x.png`}
               where workspace_id = ${f.a.id} and account_id = ${f.target.user.accountId}`,
        ),
      );
      return '';
    },
    url: (f) => `/api/user/profile-image/${f.target.user.accountId}`,
  },
  // Workshops (issue 21, item 13): aimed at A's target business unit (its department, a trainer there).
  'POST /lms/api/workshops': {
    url: () => '/lms/api/workshops',
    body: (f) => workshopBody(f),
  },
  'PUT /lms/api/workshops/:id': {
    prepare: (f) => aTargetWorkshop(f),
    url: (_, id) => `/lms/api/workshops/${id}`,
    body: () => ({ time: '11:00', capacity: 50 }),
  },
  'POST /lms/api/workshops/:id/cancel': {
    prepare: (f) => aTargetWorkshop(f),
    url: (_, id) => `/lms/api/workshops/${id}/cancel`,
  },
  'GET /lms/api/workshops/held': {
    url: () => '/lms/api/workshops/held?from=2026-01-01&to=2099-12-31',
    scopeWide: true,
  },
  'GET /api/permission/all': { url: () => '/api/permission/all', ownWorkspaceSucceeds: true },
  'POST /api/permission/update': {
    url: () => '/api/permission/update',
    body: () => ({ role: 'EMPLOYEE', permission: 'reports.view', granted: true }),
    ownWorkspaceSucceeds: true,
  },
  'POST /api/audit': { url: () => '/api/audit', body: () => ({}), ownWorkspaceSucceeds: true },
  'GET /api/audit/export': { url: () => '/api/audit/export', ownWorkspaceSucceeds: true },
  // Issue 23: the web routes a member may open (its own; another's with users.manage and in reach).
  'GET /api/internal/userroutes/:id': { url: (f) => `/api/internal/userroutes/${f.target.user.accountId}` },
  'POST /api/invite/invite/bulk': {
    url: () => '/api/invite/invite/bulk',
    body: (f) => ({ invitationIds: [f.target.invitation.id] }),
  },
  // Issue 26: complaint cases' counts for administrators outside the committee (counts only).
  'GET /cms/api/case-counts': { url: () => '/cms/api/case-counts', ownWorkspaceSucceeds: true, asEmployer: true },
};

/** A workshop for A's target department, its trainer a member there. */
const workshopBody = (f: AdminFixture) => ({
  title: 'Authz workshop',
  date: '2099-01-15',
  time: '10:00',
  durationMinutes: 60,
  location: 'Room 1',
  trainerId: f.target.user.accountId,
  capacity: 50,
  audience: { branchId: f.target.branchId },
});

/** A workshop of A's target business unit, scheduled by A's admin; answers its id. */
async function aTargetWorkshop(f: AdminFixture): Promise<string> {
  const res = await t.request(f.a.host, {
    method: 'POST',
    url: '/lms/api/workshops',
    token: f.adminA.token,
    payload: workshopBody(f),
  });
  if (res.statusCode !== 200) throw new Error(`workshop: ${res.statusCode} ${res.body}`);
  const id = res.json().id as string;
  // Its invitations delivered (the snapshot counts the outbox): one per invitee and the trainer.
  const delivered = () =>
    withPlatform(t.database.db, { action: 'test.snapshot', audit: false }, async (tx) => {
      const [row] = await queryRows<{ sent: number; expected: number }>(
        tx,
        sql`select (select count(*)::int from outbox where workspace_id = ${f.a.id} and subject like '%Authz workshop%') as sent,
                   (select count(*)::int from accounts where id in (
                      select account_id from workshop_invitations where workshop_id = ${id}
                      union select trainer_id from workshops where id = ${id}) and email is not null) as expected`,
      );
      return row!.sent === row!.expected;
    });
  await expect.poll(delivered, { timeout: 20_000 }).toBe(true);
  return id;
}

/** A one-person invitation file aimed at workspace A's target business unit and department. */
function bulkFile(f: AdminFixture) {
  return {
    file: `Email,First name,Business unit,Department\nbulk-${f.a.id.slice(0, 8)}@example.test,Bulk,Target Unit,Target Department\n`,
    fields: { email: 1, firstName: 2, branch: 3, department: 4 },
  };
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What a refused request must not change in workspace A: every administered table, counted and last-changed. */
async function snapshot(f: AdminFixture) {
  const a = f.a.id;
  return withPlatform(t.database.db, { action: 'test.snapshot', audit: false }, (tx) =>
    queryRows(
      tx,
      sql`select
        (select count(*)::int from branches where workspace_id = ${a}) as branches,
        (select max(updated_at) from branches where workspace_id = ${a}) as branches_at,
        (select count(*)::int from departments where workspace_id = ${a}) as departments,
        (select max(updated_at) from departments where workspace_id = ${a}) as departments_at,
        (select count(*)::int from department_managers where workspace_id = ${a}) as managers,
        (select count(*)::int from memberships where workspace_id = ${a}) as memberships,
        (select max(updated_at) from memberships where workspace_id = ${a}) as memberships_at,
        (select string_agg(profile_image_key, ',' order by id) from memberships where workspace_id = ${a}) as profile_images,
        (select count(*)::int from profile_image_uploads where workspace_id = ${a}) as profile_image_uploads,
        (select count(*)::int from profile_image_uploads where workspace_id = ${a} and used_at is not null) as profile_image_uploads_used,
        (select count(*)::int from accounts where id in (select account_id from memberships where workspace_id = ${a})) as accounts,
        (select max(updated_at) from accounts where id in (select account_id from memberships where workspace_id = ${a})) as accounts_at,
        (select count(*)::int from invitations where workspace_id = ${a}) as invitations,
        (select max(updated_at) from invitations where workspace_id = ${a}) as invitations_at,
        (select count(*)::int from role_permissions where workspace_id = ${a}) as permissions,
        (select max(updated_at) from role_permissions where workspace_id = ${a}) as permissions_at,
        (select updated_at from workspaces where id = ${a}) as workspace_at,
        (select count(*)::int from email_templates where workspace_id = ${a}) as templates,
        (select count(*)::int from outbox where workspace_id = ${a}) as outbox,
        (select count(*)::int from workshops where workspace_id = ${a}) as workshops,
        (select max(updated_at) from workshops where workspace_id = ${a}) as workshops_at`,
    ),
  );
}

describe('the administration route table', () => {
  it('lists exactly the routes that need a workspace permission', () => {
    const guarded = t.app.routeConfigs
      .filter((r) => r.config.permission || r.config.actsOnOthersWith)
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(guarded).toEqual(Object.keys(ADMIN_ROUTES).sort());
  });
});

const entries = Object.entries(ADMIN_ROUTES);
describe.runIf(entries.length > 0).each(entries.map(([key, route]) => ({ key, route })))('$key', ({ key, route }) => {
  const [method] = key.split(' ') as ['GET' | 'POST' | 'PUT' | 'DELETE'];
  const send = (f: AdminFixture, host: string, token: string, prepared: string) => {
    const upload = route.upload?.(f);
    return t.request(host, {
      method,
      url: route.url(f, prepared),
      token,
      ...(route.body ? { payload: route.body(f) as object } : {}),
      ...(route.headers ? { headers: route.headers } : {}),
      ...(upload ? multipart(upload.file, upload.fields) : {}),
    });
  };

  it('is refused to another workspace’s admin, a branch admin outside the unit and an employee; only A’s admin succeeds', async () => {
    const f = await adminFixture(t.database.db);
    const prepared = (await route.prepare?.(f)) ?? '';
    const employerOf = async (ws: AdminFixture['a']) =>
      sessionFor(t.database.db, await newUser(t.database.db, ws, { role: 'EMPLOYER' }));
    const controlA = route.asEmployer ? await employerOf(f.a) : f.adminA.token;
    const controlB = route.asEmployer ? await employerOf(f.b) : f.adminB.token;
    const before = await snapshot(f);
    // Another workspace's administrator, on their own host: A's objects are not there.
    const own = await send(f, f.b.host, controlB, prepared);
    if (route.scopeWide || route.namesNothingOfA || route.ownWorkspaceSucceeds)
      expect(own.statusCode, `B's admin on B's host: ${own.body}`).toBeLessThan(300);
    else expect(own.statusCode, `B's admin on B's host: ${own.body}`).toBeGreaterThanOrEqual(400);
    expect(own.statusCode).toBeLessThan(500);
    // …and with their token on A's host: the token is not valid here.
    expect((await send(f, f.a.host, controlB, prepared)).statusCode).toBe(401);
    // A branch admin of another business unit, and an employee.
    const branchAdmin = await send(f, f.a.host, f.branchAdminOutside.token, prepared);
    if (route.scopeWide) expect(branchAdmin.statusCode, `branch admin: ${branchAdmin.body}`).toBeLessThan(500);
    else expect([403, 404], `branch admin: ${branchAdmin.body}`).toContain(branchAdmin.statusCode);
    const employee = await send(f, f.a.host, f.employeeA.token, prepared);
    expect(employee.statusCode, `employee: ${employee.body}`).toBe(403);
    expect(await snapshot(f)).toEqual(before);
    // The control: the same request from A's workspace admin works.
    const ok = await send(f, f.a.host, controlA, prepared);
    expect(ok.statusCode, `A's admin: ${ok.body}`).toBeLessThan(300);
  });
});

/**
 * The allowed actions each list answers (`actions` per record) against what the server then does:
 * for every action a listed record may or may not carry, the request that takes it. Listed: the
 * server must not refuse it for who asks (it may still refuse for the record's data, e.g. a unit that
 * people belong to: 409). Not listed: refused — 403, or 409 where the API has always answered a
 * refusal about the record itself (yourself; a bulk delete's refused ids).
 * `null`: the action cannot be tried on this record (reactivating an active user, a role change
 * with no other role to give); `view` has no single-record route (the list is the view).
 */
type Probe = (
  f: AdminFixture,
  record: Record<string, unknown>,
  ctx: { grantable: string[]; n: number },
) => {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  payload?: object;
} | null;

type ActionsRoute = {
  /** The list request (on A's host), and the records of its answer. */
  list: (f: AdminFixture) => { method: 'GET' | 'POST'; url: string; payload?: object }[];
  /** Fresh records of every kind, made before each action is tried (what a probe changes stays out of the next). */
  seed: (f: AdminFixture) => Promise<void>;
  /** Each action of the policy: how to take it. */
  probes: Record<string, Probe | 'not-a-route'>;
};

const inTarget = (f: AdminFixture) => ({ ...f.a, branchId: f.target.branchId, departmentId: f.target.departmentId });
const email = () => `probe-${Math.random().toString(16).slice(2)}@example.test`;

const ACTIONS_ROUTES: Record<string, ActionsRoute> = {
  users: {
    list: (f) => [
      { method: 'POST', url: '/api/workspace/users?pageNo=0&pageSize=100', payload: { branchId: f.target.branchId } },
    ],
    seed: async (f) => {
      for (const role of ['EMPLOYEE', 'BRANCH_ADMIN', 'EMPLOYER', 'WORKSPACE_ADMIN'] as const) {
        await newUser(t.database.db, inTarget(f), { role, email: email() });
      }
      await newUser(t.database.db, inTarget(f), { active: false, email: email() });
    },
    probes: {
      view: 'not-a-route',
      edit: (_, u) => ({ method: 'POST', url: `/api/user/update/${u.userId}`, payload: { designation: 'Probe' } }),
      move: (f, u) => ({ method: 'POST', url: `/api/user/update/${u.userId}`, payload: { branchId: f.a.branchId } }),
      changeRole: (_, u, { grantable }) => {
        const role = grantable.find((r) => r !== u.role);
        return role ? { method: 'POST', url: `/api/user/update/${u.userId}`, payload: { role } } : null;
      },
      deactivate: (_, u) =>
        u.active ? { method: 'POST', url: `/api/user/update/${u.userId}`, payload: { active: false } } : null,
      reactivate: (_, u) =>
        u.active ? null : { method: 'POST', url: `/api/user/update/${u.userId}`, payload: { active: true } },
      delete: (_, u) => ({ method: 'DELETE', url: `/api/user/${u.userId}` }),
      setPicture: (_, u) => ({
        method: 'POST',
        url: '/api/user/generate-profile-image-upload-url',
        payload: { userId: u.userId },
      }),
      resetPassword: (_, u) => ({ method: 'POST', url: `/api/user/${u.userId}/one-time-password` }),
    },
  },
  invitations: {
    list: (f) => [
      { method: 'POST', url: `/api/invite/branch/${f.target.branchId}?pageNo=0&pageSize=100`, payload: {} },
    ],
    seed: async (f) => {
      for (const role of ['EMPLOYEE', 'BRANCH_ADMIN', 'EMPLOYER', 'WORKSPACE_ADMIN'] as const) {
        await newInvitation(t.database.db, inTarget(f), { role, email: email() });
      }
    },
    probes: {
      resend: (_, i) => ({ method: 'GET', url: `/api/invite/resend/${i.branchId}/${i.invitationId}` }),
      revoke: (_, i) => ({ method: 'DELETE', url: `/api/invite/${i.branchId}/${i.invitationId}` }),
    },
  },
  'business units': {
    list: () => [{ method: 'GET', url: '/api/workspace/all-branches1?pageNo=0&pageSize=100' }],
    seed: (f) =>
      withPlatform(t.database.db, { action: 'test.fixture', audit: false }, async (tx) => {
        await tx.insert(branches).values({ workspaceId: f.a.id, name: `Probe ${email()}`, headquarter: false });
      }),
    probes: {
      edit: (_, b) => ({
        method: 'POST',
        url: `/api/workspace/update-branch/${b.branchId}`,
        payload: { branchName: b.branchName, backgroundColor: '112233', headquarter: b.headquarter },
      }),
      recolour: (_, b) => ({ method: 'PUT', url: `/api/workspace/branch/${b.branchId}/bg-color/ABCDEF` }),
      delete: (_, b) => ({ method: 'POST', url: '/api/workspace/delete-branch', payload: { branchIds: [b.branchId] } }),
      setLogo: (_, b) => ({ method: 'DELETE', url: `/api/workspace/branch/${b.branchId}/logo` }),
    },
  },
  departments: {
    list: (f) => [
      { method: 'POST', url: '/api/department/list?pageNo=0&pageSize=100', payload: { branchId: f.target.branchId } },
      { method: 'POST', url: '/api/department/list?pageNo=0&pageSize=100', payload: { showAll: true } },
    ],
    seed: (f) =>
      withPlatform(t.database.db, { action: 'test.fixture', audit: false }, async (tx) => {
        await tx.insert(departments).values({ workspaceId: f.a.id, branchId: f.target.branchId, name: `P ${email()}` });
      }),
    probes: {
      create: (_, d, { n }) =>
        d.departmentId
          ? null
          : {
              method: 'POST',
              url: '/api/department',
              payload: d.branchId
                ? { departmentName: `Created ${n}`, branchId: d.branchId, allBranch: false }
                : { departmentName: `Created ${n}`, allBranch: true },
            },
      edit: (_, d, { n }) =>
        d.departmentId
          ? {
              method: 'POST',
              url: `/api/department/update/${d.departmentId}`,
              payload: { departmentId: d.departmentId, departmentName: `Renamed ${n}` },
            }
          : null,
      delete: (_, d) =>
        d.departmentId
          ? {
              method: 'POST',
              url: '/api/department/delete',
              payload: { departmentBranches: [{ departmentId: d.departmentId, branchId: d.branchId }] },
            }
          : null,
      manageManagers: (_, d) =>
        d.departmentId ? { method: 'GET', url: `/api/department/${d.departmentId}/managers` } : null,
    },
  },
  // Workshops (issue 21, item 13): a workshop of the target unit, its trainer and invitee the target user.
  workshops: {
    list: () => [{ method: 'POST', url: '/lms/api/workshops/list', payload: {} }],
    seed: (f) =>
      withPlatform(t.database.db, { action: 'test.fixture', audit: false }, async (tx) => {
        const [w] = await queryRows<{ id: string }>(
          tx,
          sql`insert into workshops (workspace_id, branch_id, title, starts_at, duration_minutes, location, trainer_id,
                                     capacity, audience)
              values (${f.a.id}, ${f.target.branchId}, ${`Probe ${email()}`}, '2099-01-15T04:30:00Z', 60, 'Room 1',
                      ${f.target.user.accountId}, 10, ${JSON.stringify({ departmentId: f.target.departmentId })}::jsonb)
              returning id`,
        );
        await tx.execute(sql`insert into workshop_invitations (workspace_id, workshop_id, account_id)
            values (${f.a.id}, ${w!.id}, ${f.target.user.accountId})`);
      }),
    probes: {
      view: (_, w) => ({ method: 'GET', url: `/lms/api/workshops/${w.id}` }),
      edit: (_, w) => ({ method: 'PUT', url: `/lms/api/workshops/${w.id}`, payload: { title: 'Renamed probe' } }),
      cancel: (_, w) => ({ method: 'POST', url: `/lms/api/workshops/${w.id}/cancel` }),
      markAttendance: (f, w) => ({
        method: 'PUT',
        url: `/lms/api/workshops/${w.id}/attendance/${f.target.user.accountId}`,
        payload: { attended: true },
      }),
      showCode: (_, w) => ({ method: 'GET', url: `/lms/api/workshops/${w.id}/session-code` }),
    },
  },
};

/** The callers: A's workspace admin, a business-unit admin of the target unit, an employer, an employee, and B's admin. */
async function actors(f: AdminFixture) {
  const branchAdmin = await newUser(t.database.db, inTarget(f), { role: 'BRANCH_ADMIN', email: email() });
  const employer = await newUser(t.database.db, f.a, { role: 'EMPLOYER', email: email() });
  return {
    'workspace admin': { host: f.a.host, token: f.adminA.token, accountId: f.adminA.user.accountId },
    'business unit admin': {
      host: f.a.host,
      token: await sessionFor(t.database.db, branchAdmin),
      accountId: branchAdmin.accountId,
    },
    employer: { host: f.a.host, token: await sessionFor(t.database.db, employer), accountId: employer.accountId },
    employee: { host: f.a.host, token: f.employeeA.token, accountId: f.employeeA.user.accountId },
    'another workspace’s admin': { host: f.b.host, token: f.adminB.token, accountId: f.adminB.user.accountId },
  };
}

const ACTOR_NAMES = ['workspace admin', 'business unit admin', 'employer', 'employee', 'another workspace’s admin'];
const cases = Object.entries(ACTIONS_ROUTES).flatMap(([area, route]) =>
  ACTOR_NAMES.map((who) => ({ area, route, who })),
);

describe.each(cases)('allowed actions of $area, for a $who', ({ route, who }) => {
  it('lists exactly what the server then permits', async () => {
    const f = await adminFixture(t.database.db);
    const me = (await actors(f))[who as keyof Awaited<ReturnType<typeof actors>>];
    const send = (r: { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }) =>
      t.request(me.host, { ...r, token: me.token });
    const options = await send({ method: 'GET', url: '/api/workspace/users/filter-options' });
    const grantable: string[] = options.statusCode === 200 ? options.json().grantableRoles : [];
    let n = 0;
    let checked = 0;
    for (const [action, probe] of Object.entries(route.probes)) {
      if (probe === 'not-a-route') continue;
      await route.seed(f);
      const records: Record<string, unknown>[] = [];
      for (const list of route.list(f)) {
        const res = await send(list);
        // This caller may not list them (or, in another workspace, A's unit is not there): nothing is offered.
        if (res.statusCode === 403 || (res.statusCode === 404 && me.host !== f.a.host)) continue;
        expect(res.statusCode, `${list.url}: ${res.body}`).toBe(200);
        const body = res.json();
        records.push(...(body.content as Record<string, unknown>[]));
      }
      // Each record once (the department lists overlap).
      const key = (r: Record<string, unknown>) =>
        String(
          r.id ?? r.userId ?? r.invitationId ?? r.departmentId ?? (r.departmentName ? `all:${r.branchId}` : r.branchId),
        );
      const unique = [...new Map(records.map((r) => [key(r), r])).values()];
      records.splice(0, records.length, ...unique);
      for (const record of records) {
        n += 1;
        const request = probe(f, record, { grantable, n });
        if (!request) continue;
        const listed = (record.actions as string[]).includes(action);
        const res = await send(request);
        const label = `${action} on ${JSON.stringify(record).slice(0, 160)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
        expect(res.statusCode, label).toBeLessThan(500);
        if (listed) expect([401, 403, 404], label).not.toContain(res.statusCode);
        else {
          expect([403, 409], label).toContain(res.statusCode);
          if (res.statusCode === 409) expect(['CONFLICT', 'DELETE_REFUSED'], label).toContain(res.json().code);
        }
        checked += 1;
      }
    }
    // Another workspace's administrator sees none of A's records on its own host.
    if (who === 'another workspace’s admin') {
      for (const list of route.list(f)) expect((await send(list)).body).not.toContain(f.target.branchId);
    }
    // Those who list records had actions checked on them; the others were refused the lists.
    if (['workspace admin', 'employer'].includes(who)) expect(checked).toBeGreaterThan(0);
  });
});
