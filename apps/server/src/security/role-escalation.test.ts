import type { TPermissionMatrix, TWorkspaceRole } from '@app/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../core/crypto.ts';
import { withPlatform } from '../core/db/tenant.ts';
import { branches, invitations, memberships, workspaces } from '../db/schema.ts';
import { sessionFor } from '../testing/admin-fixture.ts';
import { csv, FIELDS, tag } from '../testing/bulk-files.ts';
import { captureMailer } from '../testing/capture.ts';
import { newUser, newWorkspace, type TestUser, type TestWorkspace } from '../testing/factories.ts';
import { multipart } from '../testing/multipart.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';

// An attacker's view of every way a role is given: updating a user, inviting one person, the bulk
// invitation files (validate and send), the bulk user file, claiming an invitation, resending one,
// and the permission matrix itself. The rule (core/admin-scope.ts `grantRefusal`): only a
// WORKSPACE_ADMIN gives WORKSPACE_ADMIN, a business-unit admin gives EMPLOYEE only, and nobody gives
// a role that carries (in this workspace's matrix) a permission they do not hold.

const mail = captureMailer();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer });
});
afterAll(() => t.close());

const db = () => t.database.db;
const platform = <T>(fn: Parameters<typeof withPlatform<T>>[2]) =>
  withPlatform(db(), { action: 'test', audit: false }, fn);
const unique = () => `x-${tag()}${tag()}@example.test`;
const linkCode = (text: string) => /\/signup\?code=([A-Za-z0-9_-]+)/.exec(text)![1]!;

/** A workspace with one member of each role (and a second unit), bulk sign-up on. */
type Crew = {
  ws: TestWorkspace;
  otherUnit: string;
  admin: { user: TestUser; token: string };
  employer: { user: TestUser; token: string };
  branchAdmin: { user: TestUser; token: string };
  employee: { user: TestUser; token: string };
};
async function crew(): Promise<Crew> {
  const ws = await newWorkspace(db());
  const otherUnit = await platform(async (tx) => {
    await tx.update(workspaces).set({ bulkSignUpEnabled: true }).where(eq(workspaces.id, ws.id));
    const [b] = await tx.insert(branches).values({ workspaceId: ws.id, name: 'Pune' }).returning();
    return b!.id;
  });
  const member = async (role: TWorkspaceRole) => {
    const user = await newUser(db(), ws, { role });
    return { user, token: await sessionFor(db(), user) };
  };
  return {
    ws,
    otherUnit,
    admin: await member('WORKSPACE_ADMIN'),
    employer: await member('EMPLOYER'),
    branchAdmin: await member('BRANCH_ADMIN'),
    employee: await member('EMPLOYEE'),
  };
}

const call = (c: Crew, token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.request(c.ws.host, { method, url, token, ...(payload ? { payload } : {}) });
const setCell = async (c: Crew, role: TWorkspaceRole, permission: string, granted: boolean) => {
  const res = await call(c, c.admin.token, 'POST', '/api/permission/update', { role, permission, granted });
  expect(res.statusCode, res.body).toBe(200);
};
const upload = (c: Crew, token: string, url: string, rows: string[][]) => {
  const { payload, headers } = multipart(csv(rows), FIELDS);
  return t.request(c.ws.host, { method: 'POST', url, token, payload, headers });
};
const row = (email: string, role: string) => [email, 'Mallory', 'M', '', '', '', role, ''];

/** What a workspace holds: live members by role, and invitations. */
async function census(workspaceId: string) {
  return platform(async (tx) => {
    const rows = await tx.execute(
      sql`select (select count(*)::int from memberships where workspace_id = ${workspaceId} and deleted_at is null) as members,
                 (select count(*)::int from memberships where workspace_id = ${workspaceId} and role = 'WORKSPACE_ADMIN') as admins,
                 (select count(*)::int from invitations where workspace_id = ${workspaceId}) as invitations`,
    );
    return ((Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows) as Array<Record<string, number>>)[0]!;
  });
}
const roleOf = async (c: Crew, accountId: string) =>
  (
    await platform((tx) =>
      tx
        .select({ role: memberships.role })
        .from(memberships)
        .where(sql`${memberships.workspaceId} = ${c.ws.id} and ${memberships.accountId} = ${accountId}`),
    )
  )[0]?.role;

/**
 * Every route that gives a role, tried by `token` with `role`: each must refuse with `code`
 * (bulk files: 200 with the row reported on validate and on a dry run, 403 naming the row on the
 * real call) and leave the workspace as it was.
 */
async function expectEveryRouteRefuses(c: Crew, token: string, role: TWorkspaceRole, code: string, reason: RegExp) {
  const before = await census(c.ws.id);
  const target = await newUser(db(), c.ws, { role: role === 'EMPLOYEE' ? 'BRANCH_ADMIN' : 'EMPLOYEE' });

  const update = await call(c, token, 'POST', `/api/user/update/${target.accountId}`, { role });
  expect(update.statusCode, `update: ${update.body}`).toBe(403);
  expect(update.json().code).toBe(code);
  expect(await roleOf(c, target.accountId)).not.toBe(role);

  const single = await call(c, token, 'POST', `/api/invite/user/${c.ws.branchId}`, {
    email: unique(),
    firstName: 'Mallory',
    role,
  });
  expect(single.statusCode, `invite: ${single.body}`).toBe(403);
  expect(single.json().code).toBe(code);

  const rows = [row(unique(), ''), row(unique(), role)];
  const validate = await upload(c, token, '/api/invite/bulk/validate', rows);
  expect(validate.statusCode, validate.body).toBe(200);
  const offending = (validate.json().errors as Array<{ rowNumber: number; column: string; reason: string }>).filter(
    (e) => e.column === 'Role',
  );
  expect(offending.map((e) => e.rowNumber)).toEqual(role === 'EMPLOYEE' ? [2, 3] : [3]);
  for (const e of offending) expect(e.reason).toMatch(reason);

  const bulk = await upload(c, token, '/api/invite/bulk', rows);
  expect(bulk.statusCode, bulk.body).toBe(403);
  expect(bulk.json().details).toContainEqual(
    expect.objectContaining({ path: 'row 3.Role', message: expect.stringMatching(reason), code: expect.any(String) }),
  );

  const dry = await upload(c, token, '/api/user/create/bulk?dryRun=true', rows);
  expect(dry.statusCode, dry.body).toBe(200);
  expect(dry.json().rows).toContainEqual({ rowNumber: 3, email: rows[1]![0], status: 'INVALID' });
  const users = await upload(c, token, '/api/user/create/bulk', rows);
  expect(users.statusCode, users.body).toBe(403);
  expect(users.json().details).toContainEqual(
    expect.objectContaining({ path: 'row 3.Role', message: expect.stringMatching(reason), code: expect.any(String) }),
  );

  expect(await census(c.ws.id)).toEqual({ ...before, members: before.members! + 1 });
}

describe('an EMPLOYER cannot make anyone a WORKSPACE_ADMIN', () => {
  let c: Crew;
  beforeAll(async () => {
    c = await crew();
  });

  it('on any route that gives a role; nobody is invited or created', async () => {
    await expectEveryRouteRefuses(
      c,
      c.employer.token,
      'WORKSPACE_ADMIN',
      'ADMIN_ROLE_ONLY_BY_ADMIN',
      /workspace admin/,
    );
  });

  it('an EMPLOYER still gives the roles it holds everything of (EMPLOYER and below)', async () => {
    const res = await call(c, c.employer.token, 'POST', `/api/invite/user/${c.ws.branchId}`, {
      email: unique(),
      firstName: 'Fair',
      role: 'EMPLOYER',
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a WORKSPACE_ADMIN still gives WORKSPACE_ADMIN on every route', async () => {
    const target = await newUser(db(), c.ws);
    const update = await call(c, c.admin.token, 'POST', `/api/user/update/${target.accountId}`, {
      role: 'WORKSPACE_ADMIN',
    });
    expect(update.statusCode, update.body).toBe(200);
    const email = unique();
    const single = await call(c, c.admin.token, 'POST', `/api/invite/user/${c.ws.branchId}`, {
      email,
      firstName: 'Root',
      role: 'WORKSPACE_ADMIN',
    });
    expect(single.statusCode, single.body).toBe(200);
    const claimed = await t.request(c.ws.host, {
      method: 'POST',
      url: `/api/invite/claim/${linkCode((await mail.next(email, 0)).text)}`,
      payload: { firstName: 'Root', lastName: 'Admin', userPassword: 'a good long secret' },
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    const rows = [row(unique(), 'workspace admin')];
    expect((await upload(c, c.admin.token, '/api/invite/bulk/validate', rows)).json().invalidRows).toBe(0);
    expect((await upload(c, c.admin.token, '/api/invite/bulk', rows)).statusCode).toBe(200);
    expect(
      (await upload(c, c.admin.token, '/api/user/create/bulk', [row(unique(), 'WORKSPACE_ADMIN')])).statusCode,
    ).toBe(200);
  });
});

describe('nobody gives a role that carries a permission they lack', () => {
  let c: Crew;
  beforeAll(async () => {
    c = await crew();
    // EMPLOYEE now carries settings.manage, which EMPLOYER and BRANCH_ADMIN do not hold.
    await setCell(c, 'EMPLOYEE', 'settings.manage', true);
  });

  it('an EMPLOYER cannot give EMPLOYEE on any route (bulk files without a role column included)', async () => {
    await expectEveryRouteRefuses(c, c.employer.token, 'EMPLOYEE', 'ROLE_EXCEEDS_YOUR_PERMISSIONS', /settings\.manage/);
  });

  it('nor can a BRANCH_ADMIN, and the refusal names the missing permission', async () => {
    const res = await call(c, c.branchAdmin.token, 'POST', `/api/invite/user/${c.ws.branchId}`, {
      email: unique(),
      firstName: 'Mallory',
      role: 'EMPLOYEE',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'ROLE_EXCEEDS_YOUR_PERMISSIONS',
      message: expect.stringContaining('settings.manage'),
    });
  });

  it('the WORKSPACE_ADMIN still gives it', async () => {
    const res = await call(c, c.admin.token, 'POST', `/api/invite/user/${c.ws.branchId}`, {
      email: unique(),
      firstName: 'Fair',
      role: 'EMPLOYEE',
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('business-unit admins and employees the matrix lets invite are limited as before', () => {
  let c: Crew;
  beforeAll(async () => {
    c = await crew();
    await setCell(c, 'EMPLOYEE', 'invites.manage', true);
  });

  it('a BRANCH_ADMIN gives EMPLOYEE only, on every route', async () => {
    await expectEveryRouteRefuses(c, c.branchAdmin.token, 'EMPLOYER', 'ROLE_OUTSIDE_SCOPE', /employees only/);
    const ok = await call(c, c.branchAdmin.token, 'POST', `/api/invite/user/${c.ws.branchId}`, {
      email: unique(),
      firstName: 'Fair',
      role: 'EMPLOYEE',
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('an EMPLOYEE with invites.manage invites employees of its unit only, and never WORKSPACE_ADMIN', async () => {
    const invite = (role: TWorkspaceRole) =>
      call(c, c.employee.token, 'POST', `/api/invite/user/${c.ws.branchId}`, { email: unique(), firstName: 'M', role });
    expect((await invite('BRANCH_ADMIN')).json().code).toBe('ROLE_OUTSIDE_SCOPE');
    expect((await invite('WORKSPACE_ADMIN')).json().code).toBe('ADMIN_ROLE_ONLY_BY_ADMIN');
    expect((await invite('EMPLOYEE')).statusCode).toBe(200);
  });

  it('only a whole-workspace administrator changes the workspace’s invitation mail, whatever its role is called', async () => {
    const template = { subject: 'Pwned {{companyName}}', bodyText: 'Click {{link}}' };
    const before = (await call(c, c.admin.token, 'GET', '/api/template')).json();
    for (const token of [c.employee.token, c.branchAdmin.token]) {
      const res = await call(c, token, 'POST', '/api/template', template);
      expect(res.statusCode, res.body).toBe(403);
    }
    expect((await call(c, c.admin.token, 'GET', '/api/template')).json()).toEqual(before);
    const employer = await call(c, c.employer.token, 'POST', '/api/template', {
      subject: 'Welcome to {{companyName}}',
      bodyText: 'Join: {{link}}',
    });
    expect(employer.statusCode, employer.body).toBe(200);
  });
});

describe('claiming an invitation re-checks its sender as they stand now', () => {
  let c: Crew;
  beforeAll(async () => {
    c = await crew();
  });
  const claim = (code: string) =>
    t.request(c.ws.host, {
      method: 'POST',
      url: `/api/invite/claim/${code}`,
      payload: { firstName: 'Ivy', lastName: 'Invitee', userPassword: 'a good long secret' },
    });
  const inviteAs = async (token: string, role: TWorkspaceRole) => {
    const email = unique();
    const res = await call(c, token, 'POST', `/api/invite/user/${c.ws.branchId}`, { email, firstName: 'Ivy', role });
    expect(res.statusCode, res.body).toBe(200);
    return { email, id: res.json().invitationId as string, code: linkCode((await mail.next(email, 0)).text) };
  };

  it('refuses (403) once the sender was demoted, and creates no account or membership', async () => {
    const employer = await newUser(db(), c.ws, { role: 'EMPLOYER' });
    const sent = await inviteAs(await sessionFor(db(), employer), 'EMPLOYER');
    const demoted = await call(c, c.admin.token, 'POST', `/api/user/update/${employer.accountId}`, {
      role: 'EMPLOYEE',
    });
    expect(demoted.statusCode, demoted.body).toBe(200);
    // The page's first look at the invitation already says so, before anyone fills in the form.
    const preview = await t.request(c.ws.host, { method: 'GET', url: `/api/invite/claim/${sent.code}` });
    expect(preview.statusCode, preview.body).toBe(403);
    expect(preview.json().code).toBe('INVITE_NO_LONGER_VALID');
    const before = await census(c.ws.id);
    const res = await claim(sent.code);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'INVITE_NO_LONGER_VALID',
      message: expect.stringMatching(/new invitation/),
    });
    expect(await census(c.ws.id)).toEqual(before);
  });

  it('refuses once the matrix gave the role a permission the sender lacks; a resend by an admin revives it', async () => {
    const sent = await inviteAs(c.employer.token, 'BRANCH_ADMIN');
    await setCell(c, 'BRANCH_ADMIN', 'settings.manage', true);
    try {
      expect((await claim(sent.code)).json().code).toBe('INVITE_NO_LONGER_VALID');
      // The EMPLOYER may no longer resend it either; the admin may, and becomes its sender.
      const byEmployer = await call(c, c.employer.token, 'GET', `/api/invite/resend/${c.ws.branchId}/${sent.id}`);
      expect(byEmployer.statusCode, byEmployer.body).toBe(403);
      const byAdmin = await call(c, c.admin.token, 'GET', `/api/invite/resend/${c.ws.branchId}/${sent.id}`);
      expect(byAdmin.statusCode, byAdmin.body).toBe(200);
      const res = await claim(linkCode((await mail.next(sent.email, 1)).text));
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await setCell(c, 'BRANCH_ADMIN', 'settings.manage', false);
    }
  });

  it('refuses an invitation to WORKSPACE_ADMIN that an EMPLOYER sent before this rule existed', async () => {
    const code = `legacy-${tag()}${tag()}`;
    await platform((tx) =>
      tx.insert(invitations).values({
        workspaceId: c.ws.id,
        codeHash: hashToken(code),
        email: unique(),
        firstName: 'Mallory',
        role: 'WORKSPACE_ADMIN',
        branchId: c.ws.branchId,
        expiresAt: new Date(Date.now() + 86_400_000),
        createdBy: c.employer.user.accountId,
      }),
    );
    const admins = (await census(c.ws.id)).admins;
    expect((await claim(code)).json().code).toBe('INVITE_NO_LONGER_VALID');
    expect((await census(c.ws.id)).admins).toBe(admins);
  });

  it('an EMPLOYER cannot resend a pending WORKSPACE_ADMIN invitation (a resend makes it the sender)', async () => {
    const sent = await inviteAs(c.admin.token, 'WORKSPACE_ADMIN');
    const one = await call(c, c.employer.token, 'GET', `/api/invite/resend/${c.ws.branchId}/${sent.id}`);
    expect(one.statusCode).toBe(403);
    expect(one.json().code).toBe('ADMIN_ROLE_ONLY_BY_ADMIN');
    const many = await call(c, c.employer.token, 'POST', '/api/invite/resend/bulk', { invitationIds: [sent.id] });
    expect(many.statusCode).toBe(403);
    await call(c, c.employer.token, 'POST', '/api/invite/resend/unused/all');
    expect(mail.to(sent.email)).toHaveLength(1);
    // The admin's invitation still works.
    expect((await claim(sent.code)).statusCode).toBe(200);
  });
});

describe('the permission matrix: nobody gives more than they hold', () => {
  let c: Crew;
  beforeAll(async () => {
    c = await crew();
    await setCell(c, 'EMPLOYER', 'permissions.manage', true);
  });
  const cell = (token: string, role: TWorkspaceRole, permission: string, granted: boolean) =>
    call(c, token, 'POST', '/api/permission/update', { role, permission, granted });
  const matrix = async () => (await call(c, c.admin.token, 'GET', '/api/permission/all')).json() as TPermissionMatrix;

  it('an EMPLOYER with permissions.manage cannot give a permission it lacks, raise its own role, or touch WORKSPACE_ADMIN', async () => {
    const before = await matrix();
    const lacks = await cell(c.employer.token, 'EMPLOYEE', 'settings.manage', true);
    expect(lacks.statusCode, lacks.body).toBe(403);
    expect(lacks.json().code).toBe('PERMISSION_NOT_HELD');
    const own = await cell(c.employer.token, 'EMPLOYER', 'settings.manage', true);
    expect(own.statusCode).toBe(403);
    const admin = await cell(c.employer.token, 'WORKSPACE_ADMIN', 'reports.view', false);
    expect(admin.statusCode).toBe(403);
    expect(admin.json().code).toBe('ADMIN_ROLE_ONLY_BY_ADMIN');
    expect(await matrix()).toEqual(before);
    // What it holds, it may give.
    expect((await cell(c.employer.token, 'EMPLOYEE', 'reports.view', true)).statusCode).toBe(200);
    expect((await cell(c.employer.token, 'EMPLOYEE', 'reports.view', false)).statusCode).toBe(200);
  });

  it('an EMPLOYEE the matrix lets manage permissions cannot raise its own role', async () => {
    await setCell(c, 'EMPLOYEE', 'permissions.manage', true);
    try {
      const res = await cell(c.employee.token, 'EMPLOYEE', 'users.manage', true);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('PERMISSION_NOT_HELD');
      expect(
        (await matrix()).cells.find((x) => x.role === 'EMPLOYEE' && x.permission === 'users.manage')!.granted,
      ).toBe(false);
    } finally {
      await setCell(c, 'EMPLOYEE', 'permissions.manage', false);
    }
  });

  it('a WORKSPACE_ADMIN edits the other roles, but raises its own only back to the default', async () => {
    const own = await cell(c.admin.token, 'WORKSPACE_ADMIN', 'complaints.manage', true);
    expect(own.statusCode).toBe(403);
    expect(own.json().code).toBe('OWN_ROLE_PERMISSIONS');
    expect((await cell(c.admin.token, 'WORKSPACE_ADMIN', 'reports.view', false)).statusCode).toBe(200);
    expect((await cell(c.admin.token, 'WORKSPACE_ADMIN', 'reports.view', true)).statusCode).toBe(200);
    expect((await cell(c.admin.token, 'BRANCH_ADMIN', 'courses.manage', true)).statusCode).toBe(200);
    expect((await cell(c.admin.token, 'BRANCH_ADMIN', 'courses.manage', false)).statusCode).toBe(200);
  });
});

describe('another workspace’s members give nothing here', () => {
  it('an admin of workspace B cannot invite into, or change roles in, workspace A', async () => {
    const a = await crew();
    const b = await crew();
    const before = await census(a.ws.id);
    const onA = await t.request(a.ws.host, {
      method: 'POST',
      url: `/api/invite/user/${a.ws.branchId}`,
      token: b.admin.token,
      payload: { email: unique(), firstName: 'M', role: 'WORKSPACE_ADMIN' },
    });
    expect(onA.statusCode).toBe(401);
    const onB = await call(b, b.admin.token, 'POST', `/api/invite/user/${a.ws.branchId}`, {
      email: unique(),
      firstName: 'M',
      role: 'WORKSPACE_ADMIN',
    });
    expect(onB.statusCode).toBe(404);
    const update = await call(b, b.admin.token, 'POST', `/api/user/update/${a.employee.user.accountId}`, {
      role: 'WORKSPACE_ADMIN',
    });
    expect(update.statusCode).toBe(404);
    expect(await census(a.ws.id)).toEqual(before);
    expect(await roleOf(a, a.employee.user.accountId)).toBe('EMPLOYEE');
  });
});

describe('department managers (issue 9, item 5)', () => {
  it('a BRANCH_ADMIN appoints members of its own unit only, and a refusal echoes nothing about the person', async () => {
    const c = await crew();
    const stranger = await newUser(db(), c.ws, { firstName: 'Secret', lastName: 'Person' });
    await platform((tx) =>
      tx
        .update(memberships)
        .set({ branchId: c.otherUnit })
        .where(sql`${memberships.workspaceId} = ${c.ws.id} and ${memberships.accountId} = ${stranger.accountId}`),
    );
    const url = `/api/department/${c.ws.departmentId}/manager`;
    const refused = await call(c, c.branchAdmin.token, 'POST', url, { userId: stranger.accountId, role: 'MANAGER' });
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.body).not.toContain(stranger.email);
    expect(refused.body).not.toContain('Secret');
    const listed = await call(c, c.admin.token, 'GET', `/api/department/${c.ws.departmentId}/managers`);
    expect(listed.json()).toEqual([]);
    // Its own unit's member, yes; the workspace admin may appoint anyone of the workspace.
    const own = await call(c, c.branchAdmin.token, 'POST', url, { userId: c.employee.user.accountId, role: 'MANAGER' });
    expect(own.statusCode, own.body).toBe(200);
    const byAdmin = await call(c, c.admin.token, 'POST', url, { userId: stranger.accountId, role: 'MANAGER' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
  });
});

describe('the role pickers offer exactly the roles the server then lets the caller give', () => {
  const ROLES: TWorkspaceRole[] = ['EMPLOYEE', 'BRANCH_ADMIN', 'EMPLOYER', 'WORKSPACE_ADMIN'];

  /** `grantableRoles` of the users' filter options and of the invitation page agree, and each is then honoured. */
  async function pickersMatch(c: Crew, who: 'admin' | 'employer' | 'branchAdmin') {
    const token = c[who].token;
    const options = await call(c, token, 'GET', '/api/workspace/users/filter-options');
    const page = await call(c, token, 'POST', `/api/invite/branch/${c.ws.branchId}?pageNo=0&pageSize=1`, {});
    expect(options.statusCode, options.body).toBe(200);
    expect(page.statusCode, page.body).toBe(200);
    const offered: TWorkspaceRole[] = options.json().grantableRoles;
    expect(page.json().grantableRoles).toEqual(offered);
    for (const role of ROLES) {
      const invite = await call(c, token, 'POST', `/api/invite/user/${c.ws.branchId}`, {
        email: unique(),
        firstName: 'Picked',
        role,
      });
      expect(invite.statusCode, `${who} invites as ${role}: ${invite.body}`).toBe(offered.includes(role) ? 200 : 403);
      const target = await newUser(db(), c.ws, { role: role === 'EMPLOYEE' ? 'BRANCH_ADMIN' : 'EMPLOYEE' });
      const before = await roleOf(c, target.accountId);
      const update = await call(c, token, 'POST', `/api/user/update/${target.accountId}`, { role });
      // A caller that may not change this user at all (a branch admin and a BRANCH_ADMIN) is refused regardless.
      if (offered.includes(role) && (who !== 'branchAdmin' || before === 'EMPLOYEE'))
        expect(update.statusCode, `${who} gives ${role}: ${update.body}`).toBe(200);
      else expect(update.statusCode, `${who} gives ${role}: ${update.body}`).toBe(403);
    }
    return offered;
  }

  it('with the default matrix', async () => {
    const c = await crew();
    expect(await pickersMatch(c, 'admin')).toEqual(ROLES);
    expect(await pickersMatch(c, 'employer')).toEqual(['EMPLOYEE', 'BRANCH_ADMIN', 'EMPLOYER']);
    expect(await pickersMatch(c, 'branchAdmin')).toEqual(['EMPLOYEE']);
  });

  it('with a matrix that makes EMPLOYEE carry a permission the employer and branch admin lack', async () => {
    const c = await crew();
    await setCell(c, 'EMPLOYEE', 'settings.manage', true);
    expect(await pickersMatch(c, 'admin')).toEqual(ROLES);
    expect(await pickersMatch(c, 'employer')).toEqual(['BRANCH_ADMIN', 'EMPLOYER']);
    expect(await pickersMatch(c, 'branchAdmin')).toEqual([]);
  });
});
