import { randomBytes } from 'node:crypto';
import type { TWorkspaceRole } from '@app/contract';
import { eq } from 'drizzle-orm';
import { auditFor } from '../core/audit.ts';
import { hashPassword, hashToken } from '../core/crypto.ts';
import type { Db } from '../core/db/database.ts';
import { clockOf, withPlatform } from '../core/db/tenant.ts';
import type { Principal } from '../core/site.ts';
import { accounts, branches, departments, invitations, memberships, workspaces } from '../db/schema.ts';
import { openSession } from '../services/main/auth/sessions.ts';
import { TEST_PLATFORM_HOST } from './constants.ts';
import type { TestApp } from './test-app.ts';

export const TEST_PASSWORD = 'Correct-Horse-9';
let cachedHash: Promise<string> | undefined;
const passwordHash = () => {
  cachedHash ??= hashPassword(TEST_PASSWORD);
  return cachedHash;
};
const uniq = () => randomBytes(4).toString('hex');

export type TestWorkspace = { id: string; host: string; branchId: string; departmentId: string; companyName: string };

/**
 * A new workspace with one headquarters business unit and one department, on its own host (the
 * older name of `aWorkspace`, kept for the tests written before it).
 */
export async function newWorkspace(
  db: Db,
  opts: { name?: string; color?: string; country?: 'IN' | 'CA'; timeZone?: string } = {},
): Promise<TestWorkspace> {
  return aWorkspace(db, opts);
}

export type TestUser = {
  accountId: string;
  email: string;
  password: string;
  role: TWorkspaceRole;
  workspace: TestWorkspace;
};

/** A new account with a membership of `role` in `workspace`. */
export async function newUser(
  db: Db,
  workspace: TestWorkspace,
  opts: {
    role?: TWorkspaceRole;
    active?: boolean;
    email?: string;
    phone?: string;
    firstLogin?: boolean;
    firstName?: string;
    lastName?: string;
    /** The account's language for mail and SMS (one of the six; null or left out: English). */
    language?: string | null;
  } = {},
): Promise<TestUser> {
  const email = opts.email ?? `user-${uniq()}@example.test`;
  const role = opts.role ?? 'EMPLOYEE';
  const hash = await passwordHash();
  return withPlatform(db, { action: 'test.new-user', audit: false }, async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({
        email,
        contactNumber: opts.phone ?? null,
        passwordHash: hash,
        firstName: opts.firstName ?? 'Test',
        lastName: opts.lastName ?? role,
        firstLogin: opts.firstLogin ?? false,
        emailVerified: true,
        language: opts.language ?? null,
      })
      .returning();
    await tx.insert(memberships).values({
      workspaceId: workspace.id,
      accountId: account!.id,
      role,
      branchId: workspace.branchId,
      active: opts.active ?? true,
      isDefault: true,
    });
    return { accountId: account!.id, email, password: TEST_PASSWORD, role, workspace };
  });
}

/** Adds an existing account to another workspace. */
export async function addMembership(
  db: Db,
  user: { accountId: string },
  workspace: TestWorkspace,
  opts: { role?: TWorkspaceRole; active?: boolean } = {},
): Promise<void> {
  await withPlatform(db, { action: 'test.add-membership', audit: false }, (tx) =>
    tx.insert(memberships).values({
      workspaceId: workspace.id,
      accountId: user.accountId,
      role: opts.role ?? 'EMPLOYEE',
      branchId: workspace.branchId,
      active: opts.active ?? true,
    }),
  );
}

/** A new invitation to `workspace`; returns its code. */
export async function newInvitation(
  db: Db,
  workspace: TestWorkspace,
  opts: { email?: string; phone?: string; role?: TWorkspaceRole; expiresInDays?: number; firstName?: string } = {},
): Promise<{ code: string; id: string }> {
  const code = `inv-${randomBytes(12).toString('hex')}`;
  return withPlatform(db, { action: 'test.new-invitation', audit: false }, async (tx) => {
    const [row] = await tx
      .insert(invitations)
      .values({
        workspaceId: workspace.id,
        codeHash: hashToken(code),
        email: opts.email ?? null,
        contactNumber: opts.phone ?? null,
        firstName: opts.firstName ?? null,
        role: opts.role ?? 'EMPLOYEE',
        branchId: workspace.branchId,
        departmentId: workspace.departmentId,
        designation: 'Invited designation',
        employeeId: `EMP-${uniq()}`,
        expiresAt: new Date(Date.now() + (opts.expiresInDays ?? 7) * 86_400_000),
      })
      .returning({ id: invitations.id });
    return { code, id: row!.id };
  });
}

/** A random phone number in E.164 form (India). */
export const newPhone = () => `+9198${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

/** Signs in through the API and returns the bearer token. */
export async function signIn(
  t: TestApp,
  host: string,
  login: { email?: string; username?: string; password: string },
): Promise<string> {
  const res = await t.request(host, {
    method: 'POST',
    url: '/api/user/signin',
    payload: login.email
      ? { userEmail: login.email, userPassword: login.password }
      : { username: login.username, userPassword: login.password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.json().accessToken as string;
}

/* ------------------------------------------------------------------------------------------------
 * Composable factories (docs/testing.md). Each call writes real rows, on the platform path like the
 * seed and the operator's setup do, with a random suffix in every unique name, so that test files
 * never collide and may share one database. Prefer these to the demo data (acme/globex), which only
 * the tests about the demo data itself use.
 * ---------------------------------------------------------------------------------------------- */

/** Where a factory writes: a test app (its database) or a database handle. */
export type FactoryTarget = Db | { database: { db: Db } };
const dbOf = (target: FactoryTarget): Db => ('database' in target ? target.database.db : target);

/** A workspace made by `aWorkspace`: its host, its headquarters unit (with one department). */
export type AWorkspace = TestWorkspace & {
  db: Db;
  slug: string;
  /** The headquarters business unit (also `branchId`) and its department (also `departmentId`). */
  hq: AUnit;
  hqDepartment: ADepartment;
};
export type AUnit = { id: string; name: string; headquarter: boolean; workspace: AWorkspace };
export type ADepartment = { id: string; name: string; unit: AUnit };

/**
 * A new workspace on its own host `<slug>.localhost:3000` (or under `platformHost`), with a headquarters business unit (marked
 * on the workspace, as the app keeps it) holding one department. No role-permission rows: the
 * workspace uses the default permission matrix until a test changes it.
 */
export async function aWorkspace(
  target: FactoryTarget,
  opts: {
    name?: string;
    color?: string;
    hqName?: string;
    departmentName?: string;
    bulkSignUp?: boolean;
    socialPlatforms?: string[];
    userLimit?: number | null;
    active?: boolean;
    /** The platform host the workspace's host is under (a server started on another port). */
    platformHost?: string;
    /** The workspace's country and time zone (the database's defaults: India, Asia/Kolkata). */
    country?: 'IN' | 'CA';
    timeZone?: string;
  } = {},
): Promise<AWorkspace> {
  const db = dbOf(target);
  const slug = `ws-${uniq()}`;
  const host = `${slug}.${opts.platformHost ?? TEST_PLATFORM_HOST}`;
  const companyName = opts.name ?? `Company ${slug}`;
  const hqName = opts.hqName ?? 'Head Office';
  const deptName = opts.departmentName ?? 'People';
  const ids = await withPlatform(db, { action: 'test.workspace', audit: false }, async (tx) => {
    const [ws] = await tx
      .insert(workspaces)
      .values({
        companyName,
        host,
        backgroundColor: opts.color ?? '0B7285',
        socialPlatforms: opts.socialPlatforms ?? [],
        bulkSignUpEnabled: opts.bulkSignUp ?? false,
        userLimit: opts.userLimit ?? null,
        active: opts.active ?? true,
        ...(opts.country ? { country: opts.country } : {}),
        ...(opts.timeZone ? { timeZone: opts.timeZone } : {}),
      })
      .returning({ id: workspaces.id });
    const [unit] = await tx
      .insert(branches)
      .values({ workspaceId: ws!.id, name: hqName, headquarter: true })
      .returning({ id: branches.id });
    await tx.update(workspaces).set({ headQuarterBranchId: unit!.id }).where(eq(workspaces.id, ws!.id));
    const [dept] = await tx
      .insert(departments)
      .values({ workspaceId: ws!.id, branchId: unit!.id, name: deptName })
      .returning({ id: departments.id });
    return { id: ws!.id, branchId: unit!.id, departmentId: dept!.id };
  });
  const ws = { db, slug, host, companyName, ...ids } as AWorkspace;
  ws.hq = { id: ids.branchId, name: hqName, headquarter: true, workspace: ws };
  ws.hqDepartment = { id: ids.departmentId, name: deptName, unit: ws.hq };
  return ws;
}

/** A further (non-headquarters) business unit of `ws`. */
export async function aBusinessUnit(
  ws: AWorkspace,
  opts: {
    name?: string;
    color?: string /** A state's holiday calendar, e.g. IN-KA (none: the country's). */;
    holidayCalendar?: string;
  } = {},
): Promise<AUnit> {
  const name = opts.name ?? `Unit ${uniq()}`;
  const id = await withPlatform(ws.db, { action: 'test.unit', audit: false }, async (tx) => {
    const [row] = await tx
      .insert(branches)
      .values({
        workspaceId: ws.id,
        name,
        headquarter: false,
        backgroundColor: opts.color ?? null,
        holidayCalendar: opts.holidayCalendar ?? null,
      })
      .returning({ id: branches.id });
    return row!.id;
  });
  return { id, name, headquarter: false, workspace: ws };
}

/** A department of `unit`. */
export async function aDepartment(unit: AUnit, opts: { name?: string } = {}): Promise<ADepartment> {
  const name = opts.name ?? `Department ${uniq()}`;
  const id = await withPlatform(unit.workspace.db, { action: 'test.department', audit: false }, async (tx) => {
    const [row] = await tx
      .insert(departments)
      .values({ workspaceId: unit.workspace.id, branchId: unit.id, name })
      .returning({ id: departments.id });
    return row!.id;
  });
  return { id, name, unit };
}

/** A member made by `aMember`: the account, the membership, and ways to a real session. */
export type AMember = TestUser & {
  membershipId: string;
  unitId: string;
  departmentId: string | null;
  username: string | null;
  phone: string | null;
  employeeId: string;
  /** Signs in through the app's sign-in route on the workspace's host; returns the bearer token. */
  signIn(t: TestApp): Promise<string>;
  /** Opens a session with the app's own session code (no password check: fast); returns the token. */
  session(): Promise<string>;
};

/**
 * A new person with a membership of `role` (default EMPLOYEE) in `ws`: in `unit` (default the
 * headquarters) and `department` (default none; `ws.hqDepartment` is the headquarters' own).
 * The password is TEST_PASSWORD unless given; `email: null` makes a username-only account.
 */
export async function aMember(
  ws: AWorkspace,
  opts: {
    role?: TWorkspaceRole;
    unit?: AUnit;
    department?: ADepartment;
    password?: string;
    firstLogin?: boolean;
    active?: boolean;
    email?: string | null;
    username?: string;
    phone?: string;
    firstName?: string;
    lastName?: string;
    designation?: string;
    employeeId?: string;
    /** The account's language for mail and SMS (one of the six; left out: none, so English). */
    language?: string | null;
  } = {},
): Promise<AMember> {
  const role = opts.role ?? 'EMPLOYEE';
  const email = opts.email === null ? null : (opts.email ?? `member-${uniq()}@example.test`);
  const password = opts.password ?? TEST_PASSWORD;
  const hash = opts.password ? await hashPassword(opts.password) : await passwordHash();
  const unitId = opts.unit?.id ?? ws.branchId;
  const departmentId = opts.department?.id ?? null;
  const employeeId = opts.employeeId ?? `EMP-${uniq()}`;
  const ids = await withPlatform(ws.db, { action: 'test.member', audit: false }, async (tx) => {
    const [account] = await tx
      .insert(accounts)
      .values({
        email,
        username: opts.username ?? null,
        contactNumber: opts.phone ?? null,
        passwordHash: hash,
        firstName: opts.firstName ?? 'Test',
        lastName: opts.lastName ?? role,
        firstLogin: opts.firstLogin ?? false,
        emailVerified: Boolean(email) && !opts.firstLogin,
        language: opts.language ?? null,
      })
      .returning({ id: accounts.id });
    const [membership] = await tx
      .insert(memberships)
      .values({
        workspaceId: ws.id,
        accountId: account!.id,
        role,
        branchId: unitId,
        departmentId,
        designation: opts.designation ?? null,
        employeeId,
        active: opts.active ?? true,
        isDefault: true,
      })
      .returning({ id: memberships.id });
    return { accountId: account!.id, membershipId: membership!.id };
  });
  const login = email ? { email, password } : { username: opts.username!, password };
  return {
    ...ids,
    email: email ?? '',
    password,
    role,
    workspace: ws,
    unitId,
    departmentId,
    username: opts.username ?? null,
    phone: opts.phone ?? null,
    employeeId,
    signIn: (t) => signIn(t, ws.host, login),
    session: () => openTestSession(ws.db, ids.accountId, ws.id),
  };
}

/** A platform operator (PLATFORM_ADMIN, no workspace); `signIn(t)` signs in on the platform host. */
export async function anOperator(
  target: FactoryTarget,
  opts: { password?: string } = {},
): Promise<{ accountId: string; email: string; password: string; signIn(t: TestApp): Promise<string> }> {
  const db = dbOf(target);
  const email = `operator-${uniq()}@example.test`;
  const password = opts.password ?? TEST_PASSWORD;
  const hash = opts.password ? await hashPassword(opts.password) : await passwordHash();
  const accountId = await withPlatform(db, { action: 'test.operator', audit: false }, async (tx) => {
    const [row] = await tx
      .insert(accounts)
      .values({
        email,
        passwordHash: hash,
        firstName: 'Test',
        lastName: 'Operator',
        emailVerified: true,
        platformRole: 'PLATFORM_ADMIN',
      })
      .returning({ id: accounts.id });
    return row!.id;
  });
  return { accountId, email, password, signIn: (t) => signIn(t, TEST_PLATFORM_HOST, { email, password }) };
}

/** Opens a session through the app's `openSession` (audited like a sign-in) on the platform path. */
async function openTestSession(db: Db, accountId: string, workspaceId: string | null): Promise<string> {
  const res = await withPlatform(db, { action: 'test.session', audit: false }, (tx) =>
    openSession(
      tx,
      {
        ip: '127.0.0.1',
        clock: clockOf(db),
        audit: auditFor(
          { workspaceId, actorAccountId: accountId, traceId: `test-${uniq()}`, ip: '127.0.0.1' },
          () => tx,
        ),
      },
      { accountId, workspaceId, method: 'password' },
    ),
  );
  return res.accessToken;
}

/**
 * An invitation to `ws` (default: EMPLOYEE, to the headquarters and its department, valid 7 days;
 * a negative `expiresInDays` makes it expired); returns its code (only the hash is stored).
 */
export async function anInvitation(
  ws: AWorkspace,
  opts: {
    email?: string | null;
    phone?: string;
    role?: TWorkspaceRole;
    unit?: AUnit;
    department?: ADepartment;
    firstName?: string;
    designation?: string;
    expiresInDays?: number;
  } = {},
): Promise<{ id: string; code: string; email: string | null }> {
  const email = opts.email === null ? null : (opts.email ?? `invitee-${uniq()}@example.test`);
  const code = `inv-${randomBytes(12).toString('hex')}`;
  const id = await withPlatform(ws.db, { action: 'test.invitation', audit: false }, async (tx) => {
    const [row] = await tx
      .insert(invitations)
      .values({
        workspaceId: ws.id,
        codeHash: hashToken(code),
        email,
        contactNumber: opts.phone ?? null,
        firstName: opts.firstName ?? null,
        role: opts.role ?? 'EMPLOYEE',
        branchId: opts.unit?.id ?? ws.branchId,
        // A unit of its own has no department unless one is given.
        departmentId: opts.department?.id ?? (opts.unit ? null : ws.departmentId),
        designation: opts.designation ?? null,
        employeeId: `EMP-${uniq()}`,
        expiresAt: new Date(Date.now() + (opts.expiresInDays ?? 7) * 86_400_000),
      })
      .returning({ id: invitations.id });
    return row!.id;
  });
  return { id, code, email };
}

/**
 * A signed-in caller as the session check makes one, for tests that build request handles by hand
 * (`requestHandles`): a workspace admin of `workspaceId` with the role's own permissions unless given.
 */
export function aPrincipal(workspaceId: string, accountId: string, overrides: Partial<Principal> = {}): Principal {
  return {
    sessionId: 's',
    accountId,
    workspaceId,
    role: 'WORKSPACE_ADMIN',
    platformRole: null,
    branchId: null,
    permissions: new Set(),
    firstLogin: false,
    ...overrides,
  };
}
