import type { TWorkspaceRole } from '@app/contract';
import { hashToken, newToken } from '../core/crypto.ts';
import type { Db } from '../core/db/database.ts';
import { withPlatform } from '../core/db/tenant.ts';
import { branches, departments, sessions } from '../db/schema.ts';
import { newInvitation, newUser, newWorkspace, type TestUser, type TestWorkspace } from './factories.ts';

/** A session opened directly in the database (no password hashing): the token for `user` on its workspace. */
export async function sessionFor(db: Db, user: { accountId: string; workspace: { id: string } }): Promise<string> {
  const token = newToken();
  await withPlatform(db, { action: 'test.session', audit: false }, (tx) =>
    tx.insert(sessions).values({
      tokenHash: hashToken(token),
      accountId: user.accountId,
      workspaceId: user.workspace.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    }),
  );
  return token;
}

/**
 * The cast of the administration authorisation tests. Workspace A has two business units: `inside`
 * (the headquarters, where the branch admin works) and `target` (where every object the routes act
 * on lives: a department, a user, an invitation). Workspace B is another customer.
 */
export type AdminFixture = {
  a: TestWorkspace;
  b: TestWorkspace;
  /** Business unit of A that the requests aim at, with a department, a user and an invitation. */
  target: {
    branchId: string;
    departmentId: string;
    user: TestUser;
    invitation: { code: string; id: string };
    /** A business unit of A that nobody belongs to (what a successful delete aims at). */
    emptyBranchId: string;
  };
  /** A's workspace admin (may do everything), and tokens of those who may not. */
  adminA: { user: TestUser; token: string };
  adminB: { user: TestUser; token: string };
  /** BRANCH_ADMIN of A's headquarters: outside `target`. */
  branchAdminOutside: { user: TestUser; token: string };
  employeeA: { user: TestUser; token: string };
};

async function person(db: Db, ws: TestWorkspace, role: TWorkspaceRole, branchId?: string) {
  const user = await newUser(db, branchId ? { ...ws, branchId } : ws, { role });
  return { user, token: await sessionFor(db, user) };
}

/** Builds a fresh cast (each authorisation case gets its own, so a successful control cannot spoil the next). */
export async function adminFixture(db: Db): Promise<AdminFixture> {
  const a = await newWorkspace(db);
  const b = await newWorkspace(db);
  const { branchId, departmentId, emptyBranchId } = await withPlatform(
    db,
    { action: 'test.fixture', audit: false },
    async (tx) => {
      const [branch] = await tx
        .insert(branches)
        .values({ workspaceId: a.id, name: 'Target Unit', headquarter: false })
        .returning();
      const [dept] = await tx
        .insert(departments)
        .values({ workspaceId: a.id, branchId: branch!.id, name: 'Target Department' })
        .returning();
      const [empty] = await tx
        .insert(branches)
        .values({ workspaceId: a.id, name: 'Empty Unit', headquarter: false })
        .returning();
      return { branchId: branch!.id, departmentId: dept!.id, emptyBranchId: empty!.id };
    },
  );
  const targetWs = { ...a, branchId, departmentId };
  const targetUser = await newUser(db, targetWs);
  const invitation = await newInvitation(db, targetWs, {
    email: `invited-${targetUser.accountId.slice(0, 8)}@example.test`,
  });
  return {
    a,
    b,
    target: { branchId, departmentId, user: targetUser, invitation, emptyBranchId },
    adminA: await person(db, a, 'WORKSPACE_ADMIN'),
    adminB: await person(db, b, 'WORKSPACE_ADMIN'),
    branchAdminOutside: await person(db, a, 'BRANCH_ADMIN'),
    employeeA: await person(db, a, 'EMPLOYEE', branchId),
  };
}
