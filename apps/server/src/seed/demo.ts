import { COUNTRY_TIME_ZONES, type TCountry } from '@app/contract';
import { eq, sql } from 'drizzle-orm';
import { hashPassword, hashToken } from '../core/crypto.ts';
import type { Db, Tx } from '../core/db/database.ts';
import { withPlatform } from '../core/db/tenant.ts';
import { accounts, branches, departments, invitations, memberships, workspaces } from '../db/schema.ts';
import { seedCmsDemo } from './cms-demo.ts';
import { loadDemoCatalogue } from './compliance-catalogue.ts';
import { loadShippedCalendars } from './holiday-calendars.ts';
import { seedLmsDemo } from './lms-demo.ts';

/** The password of every demo account. */
export const DEMO_PASSWORD = 'Demo@12345';
/** The demo invitation's code (demo data only; real codes are random). */
export const DEMO_INVITE_CODE = 'demo-newhire-acme-7f3k9q';
/** An invitation to Acme that has expired (shows the "ask for a new one" path). */
export const DEMO_EXPIRED_INVITE_CODE = 'demo-expired-acme-2b8d4h';
/** An invitation to Acme for a new person who signs up with a mailed code instead of a password. */
export const DEMO_CODE_INVITE_CODE = 'demo-code-acme-4h6j8k';
/** An invitation for an existing account (employee@acme.test) to join Globex as well. */
export const DEMO_JOIN_INVITE_CODE = 'demo-join-globex-5c7e1m';

/** The hosts of the demo workspaces, following the platform host's port. */
export function demoHosts(platformHost: string) {
  return { acme: `acme.${platformHost}`, globex: `globex.${platformHost}` };
}

/** The demo accounts, for the console and the README. */
export function demoAccounts(platformHost: string) {
  const h = demoHosts(platformHost);
  return [
    { login: 'operator@platform.test', role: 'PLATFORM_ADMIN', host: platformHost },
    { login: 'admin@acme.test', role: 'WORKSPACE_ADMIN', host: h.acme },
    { login: 'employer@acme.test', role: 'EMPLOYER', host: h.acme },
    { login: 'branchadmin@acme.test', role: 'BRANCH_ADMIN (Mumbai)', host: h.acme },
    { login: 'employee@acme.test', role: 'EMPLOYEE', host: h.acme },
    { login: 'acme-emp-0042', role: 'EMPLOYEE (username only, +919800000042)', host: h.acme },
    { login: 'ic.presiding@acme.test', role: 'EMPLOYEE, presides the Internal Committee', host: h.acme },
    { login: 'admin@globex.test', role: 'WORKSPACE_ADMIN', host: h.globex },
    { login: 'employee@globex.test', role: 'EMPLOYEE', host: h.globex },
    { login: 'both@demo.test', role: 'EMPLOYEE in Acme, WORKSPACE_ADMIN in Globex', host: `${h.acme}, ${h.globex}` },
    { login: 'firstlogin@acme.test', role: 'EMPLOYEE, must set a password first', host: h.acme },
  ];
}

type AccountSeed = {
  email?: string;
  username?: string;
  phone?: string;
  firstName: string;
  lastName: string;
  platformRole?: 'PLATFORM_ADMIN';
  firstLogin?: boolean;
};

async function upsertAccount(tx: Tx, a: AccountSeed, passwordHash: string): Promise<string> {
  const where = a.email ? sql`lower(${accounts.email}) = ${a.email}` : sql`lower(${accounts.username}) = ${a.username}`;
  const [existing] = await tx.select({ id: accounts.id }).from(accounts).where(where).limit(1);
  if (existing) return existing.id;
  const [row] = await tx
    .insert(accounts)
    .values({
      email: a.email ?? null,
      username: a.username ?? null,
      contactNumber: a.phone ?? null,
      passwordHash,
      firstName: a.firstName,
      lastName: a.lastName,
      emailVerified: Boolean(a.email) && !a.firstLogin,
      firstLogin: a.firstLogin ?? false,
      platformRole: a.platformRole ?? null,
    })
    .returning({ id: accounts.id });
  return row!.id;
}

async function upsertWorkspace(
  tx: Tx,
  companyName: string,
  host: string,
  color: string,
  socialPlatforms: string[] = [],
  country: TCountry = 'IN',
): Promise<string> {
  const [existing] = await tx.select({ id: workspaces.id }).from(workspaces).where(eq(workspaces.host, host)).limit(1);
  if (existing) return existing.id;
  const [row] = await tx
    .insert(workspaces)
    .values({
      companyName,
      host,
      backgroundColor: color,
      socialPlatforms,
      country,
      timeZone: COUNTRY_TIME_ZONES[country],
    })
    .returning({ id: workspaces.id });
  return row!.id;
}

async function upsertBranch(tx: Tx, workspaceId: string, name: string, headquarter: boolean): Promise<string> {
  const [existing] = await tx
    .select({ id: branches.id })
    .from(branches)
    .where(sql`${branches.workspaceId} = ${workspaceId} and lower(${branches.name}) = lower(${name})`)
    .limit(1);
  if (existing) return existing.id;
  const [row] = await tx.insert(branches).values({ workspaceId, name, headquarter }).returning({ id: branches.id });
  if (headquarter)
    await tx.update(workspaces).set({ headQuarterBranchId: row!.id }).where(eq(workspaces.id, workspaceId));
  return row!.id;
}

/** Sets a unit's holiday calendar (a state's) unless it has one already. */
async function setUnitCalendar(tx: Tx, workspaceId: string, branchId: string, code: string): Promise<void> {
  await tx
    .update(branches)
    .set({ holidayCalendar: code })
    .where(
      sql`${branches.workspaceId} = ${workspaceId} and ${branches.id} = ${branchId} and ${branches.holidayCalendar} is null`,
    );
}

async function upsertDepartment(tx: Tx, workspaceId: string, branchId: string, name: string): Promise<string> {
  const [existing] = await tx
    .select({ id: departments.id })
    .from(departments)
    .where(
      sql`${departments.workspaceId} = ${workspaceId} and ${departments.branchId} = ${branchId} and lower(${departments.name}) = lower(${name})`,
    )
    .limit(1);
  if (existing) return existing.id;
  const [row] = await tx.insert(departments).values({ workspaceId, branchId, name }).returning({ id: departments.id });
  return row!.id;
}

async function upsertMembership(
  tx: Tx,
  m: {
    workspaceId: string;
    accountId: string;
    role: string;
    branchId: string;
    departmentId?: string;
    designation?: string;
    employeeId?: string;
    isDefault?: boolean;
  },
) {
  await tx
    .insert(memberships)
    .values({ ...m, departmentId: m.departmentId ?? null, isDefault: m.isDefault ?? true })
    .onConflictDoNothing();
}

/**
 * Creates the demo data (idempotent: what exists is left alone). Hosts follow the platform host,
 * so `PORT=4000` gives `acme.localhost:4000`. Runs on the platform path, audited.
 */
export async function seedDemoData(db: Db, platformHost: string): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const hosts = demoHosts(platformHost);
  const ids = await withPlatform(db, { action: 'seed.demo', details: { platformHost } }, async (tx) => {
    const operatorId = await upsertAccount(
      tx,
      { email: 'operator@platform.test', firstName: 'Platform', lastName: 'Operator', platformRole: 'PLATFORM_ADMIN' },
      passwordHash,
    );
    // The holiday calendars every deadline counts with (also loaded at each start: main.ts).
    await loadShippedCalendars(tx);
    // The demo compliance catalogue (issue 24), by key: what the operator changed stays.
    await loadDemoCatalogue(tx);

    // Acme offers Google and Microsoft sign-in (shown once the server is configured for them).
    const acme = await upsertWorkspace(tx, 'Acme Corporation', hosts.acme, '1F6FEB', ['GOOGLE', 'MICROSOFT']);
    const blr = await upsertBranch(tx, acme, 'Bengaluru HQ', true);
    const mum = await upsertBranch(tx, acme, 'Mumbai', false);
    // Bengaluru is in Karnataka, Mumbai in Maharashtra: their deadlines skip the state's holidays too.
    await setUnitCalendar(tx, acme, blr, 'IN-KA');
    await setUnitCalendar(tx, acme, mum, 'IN-MH');
    await upsertDepartment(tx, acme, blr, 'Human Resources');
    const eng = await upsertDepartment(tx, acme, blr, 'Engineering');
    const ops = await upsertDepartment(tx, acme, mum, 'Operations');
    const acmePeople: [AccountSeed, string, string, string | undefined, string][] = [
      [{ email: 'admin@acme.test', firstName: 'Asha', lastName: 'Rao' }, 'WORKSPACE_ADMIN', blr, undefined, 'HR Head'],
      [
        { email: 'employer@acme.test', firstName: 'Vikram', lastName: 'Mehta' },
        'EMPLOYER',
        blr,
        undefined,
        'Managing Director',
      ],
      [
        { email: 'branchadmin@acme.test', firstName: 'Priya', lastName: 'Nair' },
        'BRANCH_ADMIN',
        mum,
        undefined,
        'Branch Manager',
      ],
      [
        { email: 'employee@acme.test', firstName: 'Rahul', lastName: 'Sharma' },
        'EMPLOYEE',
        blr,
        eng,
        'Software Engineer',
      ],
      [
        { username: 'acme-emp-0042', phone: '+919800000042', firstName: 'Sunita', lastName: 'Patil' },
        'EMPLOYEE',
        mum,
        ops,
        'Operations Associate',
      ],
      [
        { email: 'firstlogin@acme.test', firstName: 'Neha', lastName: '', firstLogin: true },
        'EMPLOYEE',
        blr,
        eng,
        'Graduate Trainee',
      ],
      // Issue 26: the Internal Committee of Bengaluru HQ (its presiding officer and two employee
      // members; the external member has no account) and a manager named in a demo complaint.
      // Made-up people, as every demo account.
      [
        { email: 'ic.presiding@acme.test', firstName: 'Meenakshi', lastName: 'Iyer' },
        'EMPLOYEE',
        blr,
        undefined,
        'Director, Finance',
      ],
      [
        { email: 'ic.member@acme.test', firstName: 'Farhan', lastName: 'Qureshi' },
        'EMPLOYEE',
        blr,
        eng,
        'Engineering Manager',
      ],
      [
        { email: 'ic.member2@acme.test', firstName: 'Lakshmi', lastName: 'Krishnan' },
        'EMPLOYEE',
        blr,
        undefined,
        'HR Business Partner',
      ],
      [{ email: 'manager@acme.test', firstName: 'Arjun', lastName: 'Malhotra' }, 'EMPLOYEE', blr, eng, 'Team Lead'],
    ];
    let n = 1;
    let acmeAdmin = '';
    for (const [person, role, branchId, departmentId, designation] of acmePeople) {
      const accountId = await upsertAccount(tx, person, passwordHash);
      if (role === 'WORKSPACE_ADMIN') acmeAdmin = accountId;
      const employeeId = person.username === 'acme-emp-0042' ? 'ACME-0042' : `ACME-${String(n++).padStart(4, '0')}`;
      await upsertMembership(tx, {
        workspaceId: acme,
        accountId,
        role,
        branchId,
        ...(departmentId ? { departmentId } : {}),
        designation,
        employeeId,
      });
    }

    const globex = await upsertWorkspace(tx, 'Globex Canada', hosts.globex, 'D7263D', [], 'CA');
    const tor = await upsertBranch(tx, globex, 'Toronto', true);
    const globexAdmin = await upsertAccount(
      tx,
      { email: 'admin@globex.test', firstName: 'Claire', lastName: 'Tremblay' },
      passwordHash,
    );
    await upsertMembership(tx, {
      workspaceId: globex,
      accountId: globexAdmin,
      role: 'WORKSPACE_ADMIN',
      branchId: tor,
      designation: 'People & Culture Lead',
      employeeId: 'GLX-0001',
    });
    const globexEmp = await upsertAccount(
      tx,
      { email: 'employee@globex.test', firstName: 'Liam', lastName: 'Wong' },
      passwordHash,
    );
    await upsertMembership(tx, {
      workspaceId: globex,
      accountId: globexEmp,
      role: 'EMPLOYEE',
      branchId: tor,
      designation: 'Analyst',
      employeeId: 'GLX-0002',
    });

    const both = await upsertAccount(
      tx,
      { email: 'both@demo.test', firstName: 'Jordan', lastName: 'Kapoor' },
      passwordHash,
    );
    await upsertMembership(tx, {
      workspaceId: acme,
      accountId: both,
      role: 'EMPLOYEE',
      branchId: blr,
      departmentId: eng,
      designation: 'Consultant',
      employeeId: 'ACME-0099',
      isDefault: true,
    });
    await upsertMembership(tx, {
      workspaceId: globex,
      accountId: both,
      role: 'WORKSPACE_ADMIN',
      branchId: tor,
      designation: 'Consultant',
      employeeId: 'GLX-0099',
      isDefault: false,
    });

    // The demo invitations (fixed, documented codes; real ones are random), all for the role EMPLOYEE.
    const live = sql`now() + interval '3650 days'`;
    await tx
      .insert(invitations)
      .values(
        [
          { workspaceId: acme, code: DEMO_INVITE_CODE, email: 'newhire@acme.test', branchId: blr, expiresAt: live },
          {
            workspaceId: acme,
            code: DEMO_CODE_INVITE_CODE,
            email: 'newhire3@acme.test',
            branchId: mum,
            departmentId: ops,
            expiresAt: live,
          },
          {
            workspaceId: acme,
            code: DEMO_EXPIRED_INVITE_CODE,
            email: 'newhire2@acme.test',
            firstName: 'Kiran',
            branchId: mum,
            expiresAt: sql`now() - interval '1 day'`,
          },
          {
            workspaceId: globex,
            code: DEMO_JOIN_INVITE_CODE,
            email: 'employee@acme.test',
            branchId: tor,
            designation: 'Secondee',
            expiresAt: live,
          },
        ].map(({ code, ...row }) => ({ ...row, codeHash: hashToken(code), role: 'EMPLOYEE' })),
      )
      .onConflictDoNothing();

    // Learning: jurisdictions, the catalogue courses, their availability and credits, an Acme draft.
    await seedLmsDemo(tx, {
      operatorId,
      acmeId: acme,
      acmeAdminId: acmeAdmin,
      globexId: globex,
      globexAdminId: globexAdmin,
    });
    return { acme, acmeAdmin, globex, globexAdmin };
  });
  // Complaint workflows (issue 25): in each workspace's own tenant transaction, as its admin.
  await seedCmsDemo(db, [
    { workspaceId: ids.acme, adminId: ids.acmeAdmin, template: 'POSH_INQUIRY' },
    { workspaceId: ids.globex, adminId: ids.globexAdmin, template: 'CA_RESOLUTION' },
  ]);
}

/** Whether the database holds no workspace yet (demo data is created on first start only). */
export async function isEmpty(db: Db): Promise<boolean> {
  return withPlatform(db, { action: 'seed.check', audit: false }, async (tx) => {
    const rows = await tx.select({ id: workspaces.id }).from(workspaces).limit(1);
    const ops = await tx.select({ id: accounts.id }).from(accounts).limit(1);
    return rows.length === 0 && ops.length === 0;
  });
}

/** The demo invitation code, while that invitation is still unused. */
export async function unusedDemoInvite(db: Db): Promise<string | null> {
  return withPlatform(db, { action: 'seed.invite-check', audit: false }, async (tx) => {
    const [row] = await tx
      .select({ usedAt: invitations.usedAt, revokedAt: invitations.revokedAt })
      .from(invitations)
      .where(eq(invitations.codeHash, hashToken(DEMO_INVITE_CODE)))
      .limit(1);
    return row && !row.usedAt && !row.revokedAt ? DEMO_INVITE_CODE : null;
  });
}
