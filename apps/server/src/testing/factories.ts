import { randomBytes } from 'node:crypto';
import type { TWorkspaceRole } from '@app/contract';
import { hashPassword, hashToken } from '../core/crypto.ts';
import type { Db } from '../core/db/database.ts';
import { withPlatform } from '../core/db/tenant.ts';
import { accounts, branches, departments, invitations, memberships, workspaces } from '../db/schema.ts';
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

/** A new workspace with one headquarters business unit and one department, on its own host. */
export async function newWorkspace(
  db: Db,
  opts: { name?: string; color?: string; country?: 'IN' | 'CA'; timeZone?: string } = {},
): Promise<TestWorkspace> {
  const slug = `ws-${uniq()}`;
  const host = `${slug}.${TEST_PLATFORM_HOST}`;
  const companyName = opts.name ?? `Company ${slug}`;
  return withPlatform(db, { action: 'test.new-workspace', audit: false }, async (tx) => {
    const [ws] = await tx
      .insert(workspaces)
      .values({
        companyName,
        host,
        backgroundColor: opts.color ?? '0B7285',
        ...(opts.country ? { country: opts.country } : {}),
        ...(opts.timeZone ? { timeZone: opts.timeZone } : {}),
      })
      .returning();
    const [branch] = await tx
      .insert(branches)
      .values({ workspaceId: ws!.id, name: 'Head Office', headquarter: true })
      .returning();
    const [dept] = await tx
      .insert(departments)
      .values({ workspaceId: ws!.id, branchId: branch!.id, name: 'People' })
      .returning();
    return { id: ws!.id, host, branchId: branch!.id, departmentId: dept!.id, companyName };
  });
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
