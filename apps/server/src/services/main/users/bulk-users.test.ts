import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform } from '../../../core/db/tenant.ts';
import { branches, departments, memberships, workspaces } from '../../../db/schema.ts';
import { sessionFor } from '../../../testing/admin-fixture.ts';
import { csv, FIELDS, good, tag, thousandRows, xlsx } from '../../../testing/bulk-files.ts';
import { captureMailer, codeIn } from '../../../testing/capture.ts';
import {
  newInvitation,
  newUser,
  newWorkspace,
  signIn,
  TEST_PASSWORD,
  type TestUser,
  type TestWorkspace,
} from '../../../testing/factories.ts';
import { multipart } from '../../../testing/multipart.ts';
import { createTestApp, type TestApp } from '../../../testing/test-app.ts';

const mail = captureMailer();
let t: TestApp;
let ws: TestWorkspace;
let adminUser: TestUser;
let admin: string;
let mumbaiId: string;

const db = () => t.database.db;

/** Sets a workspace's bulk sign-up switch (and user limit). */
const configure = (workspaceId: string, set: { bulkSignUpEnabled?: boolean; userLimit?: number | null }) =>
  withPlatform(db(), { action: 'test', audit: false }, (tx) =>
    tx.update(workspaces).set(set).where(eq(workspaces.id, workspaceId)),
  );

beforeAll(async () => {
  t = await createTestApp({ mailer: mail.mailer });
  ws = await newWorkspace(db());
  mumbaiId = await withPlatform(db(), { action: 'test', audit: false }, async (tx) => {
    const [mumbai] = await tx.insert(branches).values({ workspaceId: ws.id, name: 'Mumbai' }).returning();
    await tx.insert(departments).values({ workspaceId: ws.id, branchId: mumbai!.id, name: 'Operations' });
    return mumbai!.id;
  });
  await configure(ws.id, { bulkSignUpEnabled: true });
  adminUser = await newUser(db(), ws, { role: 'WORKSPACE_ADMIN' });
  admin = await sessionFor(db(), adminUser);
});
afterAll(() => t.close());

const send = (
  url: string,
  file: Buffer | string | null,
  fields: Record<string, string | number>,
  token = admin,
  host = ws.host,
) => {
  const { payload, headers } = multipart(file, fields);
  return t.request(host, { method: 'POST', url: `/api/user${url}`, token, payload, headers });
};
const create = (file: Buffer | string, opts: { dryRun?: boolean; token?: string; host?: string } = {}) =>
  send(`/create/bulk${opts.dryRun ? '?dryRun=true' : ''}`, file, FIELDS, opts.token, opts.host);
const deleteFile = (file: Buffer | string, opts: { dryRun?: boolean; token?: string } = {}) =>
  send(`/delete/bulk/file${opts.dryRun ? '?dryRun=true' : ''}`, file, {}, opts.token);

/** Live members, accounts with their memberships, and invitations of a workspace. */
async function counts(workspaceId = ws.id) {
  const [row] = await withPlatform(db(), { action: 'test', audit: false }, (tx) =>
    queryRows<{ members: number; accounts: number; pending: number }>(
      tx,
      sql`select (select count(*)::int from memberships where workspace_id = ${workspaceId} and deleted_at is null) as members,
                 (select count(*)::int from accounts) as accounts,
                 (select count(*)::int from invitations where workspace_id = ${workspaceId} and used_at is null) as pending`,
    ),
  );
  return row!;
}

/** The audited previews of delete-by-file files by one administrator. */
const previewsBy = (actor: string) =>
  withPlatform(db(), { action: 'test', audit: false }, (tx) =>
    queryRows<{ workspace_id: string; target_type: string | null; trace_id: string; ip: string; details: unknown }>(
      tx,
      sql`select workspace_id, target_type, trace_id, ip, details from audit_log
          where action = 'users.delete_by_file.previewed' and actor_account_id = ${actor} order by occurred_at`,
    ),
  );

async function account(email: string) {
  const [row] = await withPlatform(db(), { action: 'test', audit: false }, (tx) =>
    queryRows<{ id: string; first_name: string; password_hash: string | null; first_login: boolean }>(
      tx,
      sql`select id, first_name, password_hash, first_login from accounts where lower(email) = lower(${email})`,
    ),
  );
  return row;
}

describe('creating users from a 1,000-row file', () => {
  const batch = tag();
  const { rows, bad } = thousandRows(batch);
  const corrected = Array.from({ length: 1000 }, (_, i) => good(batch, i));

  it('reports exactly the 20 bad rows, in the dry run and the real call, and creates nothing', async () => {
    const before = await counts();
    const dry = await create(csv(rows), { dryRun: true });
    expect(dry.statusCode, dry.body.slice(0, 300)).toBe(200);
    expect(dry.json()).toMatchObject({ dryRun: true, totalRows: 1000, created: 980, invalidRows: 20, skipped: 0 });
    expect(dry.json().errors.map((e: { rowNumber: number }) => e.rowNumber)).toEqual(
      bad.map((b) => b.index + 2).sort((a, b) => a - b),
    );
    for (const b of bad) {
      const e = dry.json().errors.find((x: { rowNumber: number }) => x.rowNumber === b.index + 2);
      expect(e.reason, `row ${b.index + 2}`).toMatch(b.reason);
    }
    const sent = mail.sent.length;
    const res = await create(csv(rows));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'BULK_INVALID_ROWS' });
    expect(res.json().details).toHaveLength(20);
    expect(await counts()).toEqual(before);
    expect(mail.sent.length).toBe(sent);
  });

  it('the corrected file creates 1,000 members who sign in by code; the same file again creates nothing', async () => {
    const before = await counts();
    const dry = (await create(csv(corrected), { dryRun: true })).json();
    expect(dry).toMatchObject({ created: 1000, invalidRows: 0, skipped: 0, fromInvitations: 0 });
    expect(await counts()).toEqual(before);

    const res = await create(csv(corrected));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json()).toMatchObject({ dryRun: false, created: 1000, skipped: 0 });
    expect(res.json().rows).toEqual(dry.rows);
    const after = await counts();
    expect(after.members).toBe(before.members + 1000);
    expect(after.accounts).toBe(before.accounts + 1000);

    const created = await account(`p15-${batch}@example.test`);
    expect(created).toMatchObject({ first_name: 'First15', password_hash: null, first_login: true });
    const [membership] = await withPlatform(db(), { action: 'test', audit: false }, (tx) =>
      queryRows<{ role: string; unit: string; dept: string; doj: string | null }>(
        tx,
        sql`select m.role, b.name as unit, d.name as dept, m.date_of_joining::text as doj from memberships m
            join branches b on b.id = m.branch_id left join departments d on d.id = m.department_id
            where m.account_id = ${created!.id}`,
      ),
    );
    expect(membership).toEqual({ role: 'EMPLOYER', unit: 'Mumbai', dept: 'Operations', doj: null });
    // Behind 1,000 other messages: workers deliver them in any order, so this waits longer than one.
    const welcome = await mail.next(`p998-${batch}@example.test`, 0, 20_000);
    expect(welcome.subject).toContain(ws.companyName);
    expect(welcome.text).toContain(`http://${ws.host}/identify`);
    const [entry] = await withPlatform(db(), { action: 'test', audit: false }, (tx) =>
      queryRows<{ details: { after: { count: number }; rows: string[] } }>(
        tx,
        sql`select details from audit_log where workspace_id = ${ws.id} and action = 'user.bulk_created'`,
      ),
    );
    expect(entry!.details.after.count).toBe(1000);
    expect(entry!.details.rows).toHaveLength(200);

    // The new member signs in with a mailed code; the session must first complete /first-login.
    const email = `p15-${batch}@example.test`;
    await t.request(ws.host, { method: 'POST', url: '/api/user/signin-create-otp', payload: { userEmail: email } });
    const code = codeIn((await mail.next(email, 1)).text);
    const signedIn = await t.request(ws.host, {
      method: 'POST',
      url: '/api/user/signin-verify-otp',
      payload: { userEmail: email, userOtp: code },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const blocked = await t.request(ws.host, {
      method: 'GET',
      url: '/api/workspace/users/stats',
      token: signedIn.json().accessToken,
    });
    expect(blocked.json().code).toBe('FIRST_LOGIN_REQUIRED');

    const again = await create(csv(corrected));
    expect(again.json()).toMatchObject({ created: 0, skipped: 1000 });
    expect(await counts()).toEqual(after);
  });
});

describe('creating users', () => {
  it('refuses more new members than places left, saying how many are left, and creates nothing', async () => {
    const small = await newWorkspace(db());
    await configure(small.id, { bulkSignUpEnabled: true, userLimit: 4 });
    const smallAdmin = await sessionFor(db(), await newUser(db(), small, { role: 'WORKSPACE_ADMIN' }));
    await newInvitation(db(), small, { email: `held-${tag()}@example.test` });
    // 4 places: the admin and one pending invitation leave 2.
    const b = tag();
    const file = csv([0, 1, 2].map((i) => [`n${i}-${b}@example.test`, `N${i}`, '', '', '', '', '', '']));
    const before = await counts(small.id);
    const dry = (await create(file, { dryRun: true, token: smallAdmin, host: small.host })).json();
    expect(dry).toMatchObject({ created: 3, placesLeft: 2 });
    const res = await create(file, { token: smallAdmin, host: small.host });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'USER_LIMIT_REACHED' });
    expect(res.json().message).toMatch(/Only 2 places left/);
    expect(await counts(small.id)).toEqual(before);
  });

  it('gives an account from another workspace only a membership: its name and password stay', async () => {
    const other = await newWorkspace(db());
    const person = await newUser(db(), other, { firstName: 'Kept' });
    const before = await account(person.email);
    const res = await create(csv([[person.email.toUpperCase(), 'Renamed', 'Person', '', 'Mumbai', '', '', '']]));
    expect(res.json()).toMatchObject({ created: 1, rows: [{ status: 'CREATED' }] });
    expect(await account(person.email)).toEqual(before);
    const token = await signIn(t, ws.host, { email: person.email, password: TEST_PASSWORD });
    expect(token).toBeTruthy();
    const [m] = await withPlatform(db(), { action: 'test', audit: false }, (tx) =>
      tx.select().from(memberships).where(eq(memberships.accountId, person.accountId)),
    ).then((all) => [all.find((x) => x.workspaceId === ws.id)]);
    expect(m).toMatchObject({ branchId: mumbaiId, role: 'EMPLOYEE', isDefault: false });
  });

  it('turns a pending invitation into a membership in the same transaction (the place passes on)', async () => {
    const email = `invited-${tag()}@example.test`;
    const phone = `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const byEmail = await newInvitation(db(), ws, { email });
    const byPhone = await newInvitation(db(), ws, { phone });
    const file = csv([
      [email, 'Invited', 'Person', '', '', '', '', ''],
      ['', 'Phone', 'Person', phone, '', '', '', ''],
    ]);
    const dry = (await create(file, { dryRun: true })).json();
    expect(dry).toMatchObject({ created: 0, fromInvitations: 2 });
    expect(dry.rows.map((r: { status: string }) => r.status)).toEqual(['FROM_INVITATION', 'FROM_INVITATION']);
    const before = await counts();
    expect((await create(file)).json()).toMatchObject({ created: 0, fromInvitations: 2 });
    const after = await counts();
    expect(after).toMatchObject({ members: before.members + 2, pending: before.pending - 2 });
    const used = await withPlatform(db(), { action: 'test', audit: false }, (tx) =>
      queryRows<{ id: string; used_by: string | null }>(
        tx,
        sql`select id, used_by from invitations where id in (${byEmail.id}, ${byPhone.id}) and used_at is not null`,
      ),
    );
    expect(used).toHaveLength(2);
    expect(used.find((u) => u.id === byEmail.id)!.used_by).toBe((await account(email))!.id);
  });

  it('refuses a new account a phone number another account has, and two rows for one person', async () => {
    const other = await newWorkspace(db());
    const phone = `+9197${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const holder = await newUser(db(), other, { phone });
    const b = tag();
    const file = csv([
      [`a-${b}@example.test`, 'A', '', phone, '', '', '', ''],
      [holder.email, 'H', '', '', '', '', '', ''],
      ['', 'H again', '', phone, '', '', '', ''],
    ]);
    const dry = (await create(file, { dryRun: true })).json();
    expect(dry.errors).toEqual([
      expect.objectContaining({
        rowNumber: 2,
        column: 'Phone number',
        reason: expect.stringMatching(/Another account/),
      }),
      expect.objectContaining({ rowNumber: 4, reason: 'Is the same person as row 3' }),
    ]);
    expect((await create(file)).statusCode).toBe(400);
  });

  it('reads an XLSX too', async () => {
    const b = tag();
    const file = await xlsx([
      [`x-${b}@example.test`, 'Xavier', 'Lee', '', 'Head Office', 'People', '', new Date(Date.UTC(2026, 1, 1))],
    ]);
    expect((await create(file)).json()).toMatchObject({ created: 1, invalidRows: 0 });
  });

  it('refuses a file that is not a spreadsheet by its content, whatever its name', async () => {
    const { payload, headers } = multipart(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0, 0]), FIELDS, 'people.csv');
    const res = await t.request(ws.host, {
      method: 'POST',
      url: '/api/user/create/bulk',
      token: admin,
      payload,
      headers,
    });
    expect(res.statusCode).toBe(415);
  });

  it('is refused, dry run included, while bulk sign-up is off', async () => {
    const off = await newWorkspace(db());
    const offAdmin = await sessionFor(db(), await newUser(db(), off, { role: 'WORKSPACE_ADMIN' }));
    const file = csv([[`off-${tag()}@example.test`, 'Off', '', '', '', '', '', '']]);
    for (const dryRun of [true, false]) {
      const res = await create(file, { dryRun, token: offAdmin, host: off.host });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('BULK_SIGNUP_DISABLED');
    }
  });

  it('needs invites.manage as well as users.manage: without it, refused and nothing created', async () => {
    const own = await newWorkspace(db());
    await configure(own.id, { bulkSignUpEnabled: true });
    const ownAdmin = await sessionFor(db(), await newUser(db(), own, { role: 'WORKSPACE_ADMIN' }));
    const grant = (granted: boolean) =>
      t.request(own.host, {
        method: 'POST',
        url: '/api/permission/update',
        token: ownAdmin,
        payload: { role: 'EMPLOYER', permission: 'invites.manage', granted },
      });
    expect((await grant(false)).statusCode).toBe(200);
    const employer = await sessionFor(db(), await newUser(db(), own, { role: 'EMPLOYER' }));
    const file = csv([[`inv-${tag()}@example.test`, 'Inv', '', '', '', '', '', '']]);
    const before = await counts(own.id);
    expect((await create(file, { token: employer, host: own.host })).statusCode).toBe(403);
    expect(await counts(own.id)).toEqual(before);
    expect((await grant(true)).statusCode).toBe(200);
    expect((await create(file, { token: employer, host: own.host })).json()).toMatchObject({ created: 1 });
  });

  it('lets a business unit admin create employees of its own unit only, reporting each row beyond it', async () => {
    const branchAdmin = await sessionFor(db(), await newUser(db(), ws, { role: 'BRANCH_ADMIN' }));
    const b = tag();
    const file = csv([
      [`e-${b}@example.test`, 'E', '', '', '', '', '', ''],
      [`m-${b}@example.test`, 'M', '', '', 'Mumbai', '', '', ''],
      [`r-${b}@example.test`, 'R', '', '', '', '', 'EMPLOYER', ''],
    ]);
    const before = await counts();
    const res = await create(file, { token: branchAdmin });
    expect(res.statusCode).toBe(403);
    expect(res.json().details.map((d: { path: string }) => d.path)).toEqual(['row 3.Business unit', 'row 4.Role']);
    expect(await counts()).toEqual(before);
    expect(
      (await create(csv([[`e-${b}@example.test`, 'E', '', '', '', '', '', '']]), { token: branchAdmin })).json(),
    ).toMatchObject({
      created: 1,
    });
  });
});

describe('role names in any of the six languages', () => {
  it('creates members with the role a Hindi or Tamil name gives; a wrong word gets the worded error and creates nobody', async () => {
    const b = tag();
    const hindi = [`h-${b}@example.test`, 'H', '', '', '', '', 'नियोक्ता', ''];
    const tamil = [`t-${b}@example.test`, 'T', '', '', '', '', ' வணிகப் பிரிவு  நிர்வாகி ', ''];
    const wrong = [`w-${b}@example.test`, 'W', '', '', '', '', 'मालिक', ''];
    const before = await counts();
    const refused = await create(csv([hindi, tamil, wrong]));
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([
      expect.objectContaining({
        path: 'row 4.Role',
        message: 'Role must be Employee, Business unit admin, Employer or Workspace admin',
        code: 'ROW_BAD_ROLE',
      }),
    ]);
    expect(await counts()).toEqual(before);

    const res = await create(csv([hindi, tamil]));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json()).toMatchObject({ created: 2, invalidRows: 0 });
    const roles = await withPlatform(db(), { action: 'test', audit: false }, (tx) =>
      queryRows<{ email: string; role: string }>(
        tx,
        sql`select a.email, m.role from memberships m join accounts a on a.id = m.account_id
            where m.workspace_id = ${ws.id} and a.email like ${`%-${b}@example.test`} order by a.email`,
      ),
    );
    expect(roles).toEqual([
      { email: `h-${b}@example.test`, role: 'EMPLOYER' },
      { email: `t-${b}@example.test`, role: 'BRANCH_ADMIN' },
    ]);
  });
});

describe('creating the valid rows and reporting the rest (mode VALID_ROWS)', () => {
  const createValid = (file: string, mode: string, token = admin, dryRun = false) =>
    send(`/create/bulk${dryRun ? '?dryRun=true' : ''}`, file, { ...FIELDS, mode }, token);

  it('creates the valid rows in one go and reports each invalid row with its reason', async () => {
    const b = tag();
    const file = csv([
      [`a-${b}@example.test`, 'A', '', '', 'Mumbai', 'Operations', 'Employer', ''],
      [`bad-${b}`, 'B', '', '', '', '', '', ''],
      [`c-${b}@example.test`, 'C', '', '', '', '', 'boss', ''],
      [`d-${b}@example.test`, 'D', '', '', '', '', 'कर्मचारी', ''],
    ]);
    const before = await counts();
    const dry = await createValid(file, 'VALID_ROWS', admin, true);
    expect(dry.json()).toMatchObject({ dryRun: true, mode: 'VALID_ROWS', created: 2, invalidRows: 2 });
    expect(await counts()).toEqual(before);

    const res = await createValid(file, 'VALID_ROWS');
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json()).toMatchObject({ dryRun: false, mode: 'VALID_ROWS', created: 2, invalidRows: 2, skipped: 0 });
    expect(res.json().rows.map((r: { status: string }) => r.status)).toEqual([
      'CREATED',
      'INVALID',
      'INVALID',
      'CREATED',
    ]);
    expect(
      res
        .json()
        .errors.map((e: { rowNumber: number; column: string; code: string }) => [e.rowNumber, e.column, e.code]),
    ).toEqual([
      [3, 'Email', expect.any(String)],
      [4, 'Role', 'ROW_BAD_ROLE'],
    ]);
    const after = await counts();
    expect(after.members).toBe(before.members + 2);
    expect(await account(`a-${b}@example.test`)).toMatchObject({ first_name: 'A' });
    expect(await account(`c-${b}@example.test`)).toBeUndefined();
    const [entry] = await withPlatform(db(), { action: 'test', audit: false }, (tx) =>
      queryRows<{ details: { after: { count: number; invalid: number; mode: string } } }>(
        tx,
        sql`select details from audit_log where workspace_id = ${ws.id} and action = 'user.bulk_created'
            and details->'after'->>'mode' = 'VALID_ROWS'`,
      ),
    );
    expect(entry!.details.after).toMatchObject({ count: 2, invalid: 2, mode: 'VALID_ROWS' });
    // The default is all or nothing: the same kind of file is refused whole.
    const c = tag();
    const whole = await create(
      csv([
        [`e-${c}@example.test`, 'E', '', '', '', '', '', ''],
        [`f-${c}@example.test`, 'F', '', '', '', '', 'boss', ''],
      ]),
    );
    expect(whole.statusCode).toBe(400);
    expect(await counts()).toEqual(after);
  });

  it('a business unit admin’s rows beyond its unit or role are left out and reported; its own are created', async () => {
    const branchAdmin = await sessionFor(db(), await newUser(db(), ws, { role: 'BRANCH_ADMIN' }));
    const b = tag();
    const file = csv([
      [`e-${b}@example.test`, 'E', '', '', '', '', '', ''],
      [`m-${b}@example.test`, 'M', '', '', 'Mumbai', '', '', ''],
      [`r-${b}@example.test`, 'R', '', '', '', '', 'नियोक्ता', ''],
    ]);
    const res = await createValid(file, 'VALID_ROWS', branchAdmin);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json()).toMatchObject({ created: 1, invalidRows: 2 });
    expect(res.json().errors.map((e: { rowNumber: number; column: string }) => `${e.rowNumber}.${e.column}`)).toEqual([
      '3.Business unit',
      '4.Role',
    ]);
    expect(await account(`r-${b}@example.test`)).toBeUndefined();
  });

  it('refuses an unknown mode (400) and creates nothing', async () => {
    const before = await counts();
    const res = await createValid(csv([good(tag(), 1)]), 'SOME');
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].path).toBe('mode');
    expect(await counts()).toEqual(before);
  });
});

describe('deleting users named in a file', () => {
  /** Three employees with an email, a username and an employee id each. */
  async function people() {
    const list = await Promise.all([0, 1, 2].map(() => newUser(db(), ws)));
    const b = tag();
    await withPlatform(db(), { action: 'test', audit: false }, async (tx) => {
      for (const [i, p] of list.entries()) {
        await tx.execute(sql`update accounts set username = ${`user${i}-${b}`} where id = ${p.accountId}`);
        await tx.execute(
          sql`update memberships set employee_id = ${`EMP-${i}-${b}`} where account_id = ${p.accountId} and workspace_id = ${ws.id}`,
        );
      }
    });
    return { list, b };
  }
  const live = async (ids: string[]) => {
    const rows = await withPlatform(db(), { action: 'test', audit: false }, (tx) =>
      queryRows<{ account_id: string }>(
        tx,
        sql`select account_id from memberships where workspace_id = ${ws.id} and deleted_at is null
            and account_id = any(${sql.param(ids)}::uuid[])`,
      ),
    );
    return rows.length;
  };

  it('matches by email, username or employee ID and deletes exactly those users (CSV)', async () => {
    const { list, b } = await people();
    const bystander = await newUser(db(), ws);
    const file = [
      'Email,Username,Employee ID,Note',
      `${list[0]!.email.toUpperCase()},,,by email`,
      `,USER1-${b},,by username`,
      `,,EMP-2-${b},by employee id`,
    ].join('\n');
    const dry = (await deleteFile(file, { dryRun: true })).json();
    expect(dry).toMatchObject({ dryRun: true, totalRows: 3, problems: [], deleted: [] });
    expect(dry.matched.map((x: { userId: string }) => x.userId)).toEqual(list.map((p) => p.accountId));
    expect(dry.matched[0]).toMatchObject({
      rowNumber: 2,
      userEmail: list[0]!.email,
      role: 'EMPLOYEE',
      branchName: 'Head Office',
    });
    expect(await live(list.map((p) => p.accountId))).toBe(3);
    // The preview showed who the file names: an audited read, with the caller, workspace, trace id and IP.
    const previews = await previewsBy(adminUser.accountId);
    expect(previews).toHaveLength(1);
    expect(previews[0]).toMatchObject({
      workspace_id: ws.id,
      target_type: null,
      details: { totalRows: 3, matched: list.map((p) => p.accountId), problems: 0 },
    });
    expect(previews[0]!.trace_id).toBeTruthy();
    expect(previews[0]!.ip).toBeTruthy();
    const res = await deleteFile(file);
    expect(res.statusCode, res.body).toBe(200);
    expect(await previewsBy(adminUser.accountId)).toHaveLength(1);
    expect(res.json().deleted.sort()).toEqual(list.map((p) => p.accountId).sort());
    expect(await live(list.map((p) => p.accountId))).toBe(0);
    expect(await live([bystander.accountId, adminUser.accountId])).toBe(2);
  });

  it('reads an XLSX too', async () => {
    const { list } = await people();
    const wb = new ExcelJS.Workbook();
    const sheet = wb.addWorksheet('Users');
    sheet.addRow(['Name', 'E-mail address']);
    sheet.addRow(['One', list[0]!.email]);
    const res = await deleteFile(Buffer.from(await wb.xlsx.writeBuffer()));
    expect(res.json().deleted).toEqual([list[0]!.accountId]);
  });

  it('refuses unknown, duplicated, out-of-scope, self and last-admin rows, each with its reason, and deletes nothing', async () => {
    const { list } = await people();
    const outside = await newUser(db(), { ...ws, branchId: mumbaiId });
    const file = ['Email', list[0]!.email, `nobody-${tag()}@example.test`, list[0]!.email, adminUser.email].join('\n');
    const dry = (await deleteFile(file, { dryRun: true })).json();
    expect(dry.problems).toEqual([
      expect.objectContaining({ rowNumber: 3, reason: 'No user has this email' }),
      expect.objectContaining({ rowNumber: 4, reason: 'Names the same user as row 2' }),
      expect.objectContaining({ rowNumber: 5, reason: 'You cannot delete yourself' }),
    ]);
    expect(dry.matched.map((x: { rowNumber: number }) => x.rowNumber)).toEqual([2]);
    const res = await deleteFile(file);
    expect(res.statusCode).toBe(409);
    expect(res.json().details.map((d: { path: string }) => d.path)).toEqual([
      'row 3.Email',
      'row 4.Email',
      'row 5.Email',
    ]);
    expect(await live([list[0]!.accountId])).toBe(1);

    // A business unit admin: a user of another unit reads as unknown; an admin of its own unit is beyond its role.
    const unitAdmin = await newUser(db(), ws, { role: 'BRANCH_ADMIN' });
    const branchToken = await sessionFor(db(), unitAdmin);
    const peer = await newUser(db(), ws, { role: 'BRANCH_ADMIN' });
    const scoped = await deleteFile(['Email', list[1]!.email, outside.email, peer.email].join('\n'), {
      token: branchToken,
    });
    expect(scoped.statusCode).toBe(403);
    expect(scoped.json().details).toEqual([
      {
        path: 'row 3.Email',
        message: 'No user has this email',
        code: 'ROW_NO_USER_EMAIL',
        params: { row: 3, column: 'Email' },
      },
      {
        path: 'row 4.Email',
        message: 'A business unit admin deletes employees only',
        code: 'UNIT_ADMIN_DELETES_EMPLOYEES_ONLY',
        params: { row: 4, column: 'Email' },
      },
    ]);
    expect(await live([list[1]!.accountId, outside.accountId, peer.accountId])).toBe(3);

    // An employer may not delete the (last) workspace admin. The last-admin rule itself cannot be
    // reached from a file: only a workspace admin deletes one, and never itself.
    const solo = await newWorkspace(db());
    const soloAdmin = await newUser(db(), solo, { role: 'WORKSPACE_ADMIN' });
    const employer = await sessionFor(db(), await newUser(db(), solo, { role: 'EMPLOYER' }));
    const last = await t.request(solo.host, {
      method: 'POST',
      url: '/api/user/delete/bulk/file?dryRun=true',
      token: employer,
      ...multipart(['Email', soloAdmin.email].join('\n'), {}),
    });
    expect(last.json().problems).toEqual([
      expect.objectContaining({ rowNumber: 2, reason: expect.stringMatching(/^Only a workspace admin/) }),
    ]);
  });

  it('refuses a file without an identifying column, and one with other fields', async () => {
    const res = await deleteFile('Name,Unit\nSomeone,Head Office\n');
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Email, Username or Employee ID/);
    const extra = await send('/delete/bulk/file', 'Email\nx@example.test\n', { email: 1 });
    expect(extra.statusCode).toBe(400);
  });
});
