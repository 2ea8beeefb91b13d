import { sql } from 'drizzle-orm';
import { withPlatform } from '../../core/db/tenant.ts';
import { multipart } from '../multipart.ts';
import type { AuthzFixture } from './fixture.ts';
import type { AuthzTable, NotApplicable, Prepared } from './table.ts';

const na = (why: string): NotApplicable => ({ na: why });

const PDF = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';
const TERM = { termStart: '2026-01-01', termEnd: '2028-12-31' };

/**
 * A lawful Internal Committee of A serving `branchIds` (default the target unit): the learner
 * presides, the other employee and the target unit's admin are the employee members, with an
 * external member.
 */
const lawful = (f: AuthzFixture, over: Record<string, unknown> = {}) => ({
  kind: 'INTERNAL_COMMITTEE',
  name: 'Internal Committee, Target Unit',
  workspaceWide: false,
  branchIds: [f.target.unit.id],
  orderDate: null,
  howToRaise: null,
  members: [
    {
      role: 'PRESIDING_OFFICER',
      accountId: f.people.learner.accountId,
      external: null,
      gender: 'WOMAN',
      senior: true,
      ...TERM,
    },
    { role: 'MEMBER', accountId: f.people.employee.accountId, external: null, gender: 'WOMAN', senior: false, ...TERM },
    {
      role: 'MEMBER',
      accountId: f.people.unitAdminTarget.accountId,
      external: null,
      gender: 'MAN',
      senior: false,
      ...TERM,
    },
    {
      role: 'EXTERNAL_MEMBER',
      accountId: null,
      external: { name: 'Devi Nair', organisation: 'Sakhi Trust', email: 'devi@sakhi.example', phone: null },
      gender: 'WOMAN',
      senior: false,
      ...TERM,
    },
  ],
  ...over,
});

/**
 * Gives A's business-unit admins `compliance.manage` (the matrix does not by default), so that the
 * unit-scope cases test the scope rule rather than a missing permission; then a fresh committee of
 * the target unit (and, with `order`, its order).
 */
async function aCommittee(f: AuthzFixture, order = false): Promise<Prepared> {
  await withPlatform(f.t.database.db, { action: 'test.permissions', audit: false }, (tx) =>
    tx.execute(sql`insert into role_permissions (workspace_id, role, permission, granted)
                   values (${f.a.id}, 'BRANCH_ADMIN', 'compliance.manage', true) on conflict do nothing`),
  );
  const admin = f.people.adminA;
  const res = await f.t.request(f.a.host, {
    method: 'POST',
    url: '/api/committee/create',
    token: admin.token,
    payload: lawful(f),
  });
  if (res.statusCode !== 200) throw new Error(`committee: ${res.statusCode} ${res.body}`);
  const committeeId = res.json().id as string;
  if (order) {
    const up = await f.t.request(f.a.host, {
      method: 'POST',
      url: `/api/committee/${committeeId}/order`,
      token: admin.token,
      ...multipart(PDF, { orderDate: '2026-01-01' }, 'order.pdf'),
    });
    if (up.statusCode !== 200) throw new Error(`order: ${up.statusCode} ${up.body}`);
  }
  return { committeeId };
}

const managed = {
  anotherWorkspace: 'refused',
  lowerRole: 'employee',
  unitAdminOutside: 'refused',
} as const;

/** The Internal Committee register (issue 24): `compliance.manage` within the caller's units; the card: any member of a served unit. */
export const COMMITTEE_ROUTES: AuthzTable = {
  'GET /api/committee/register': {
    rule: "compliance.manage for the whole workspace or the caller's own units: the committees and units in reach",
    as: 'adminA',
    prepare: (f) => aCommittee(f),
    request: () => ({ method: 'GET', url: '/api/committee/register' }),
    hides: (_f, p) => p.committeeId!,
    anotherWorkspace: 'own-scope',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: na('reads; gives nothing'),
  },
  'GET /api/committee/details/:id': {
    rule: 'compliance.manage reaching one of the units the committee serves (any, for a workspace-wide one)',
    as: 'unitAdminTarget',
    prepare: (f) => aCommittee(f),
    request: (_f, p) => ({ method: 'GET', url: `/api/committee/details/${p.committeeId}?asOf=2026-06-01` }),
    ...managed,
    moreThanHeld: na('reads; gives nothing'),
  },
  'POST /api/committee/create': {
    rule: "compliance.manage reaching every unit it will serve; a workspace-wide committee only for the whole workspace's",
    as: 'unitAdminTarget',
    prepare: async (f) => {
      await aCommittee(f);
      return {};
    },
    request: (f) => ({ method: 'POST', url: '/api/committee/create', payload: lawful(f) }),
    // B's admin names A's unit and people: unknown in B (400), refused.
    refusedWith: [400, 401, 403, 404],
    ...managed,
    moreThanHeld: {
      as: 'unitAdminTarget',
      why: 'a workspace-wide committee reaches units beyond its own',
      request: (f) => ({
        method: 'POST',
        url: '/api/committee/create',
        payload: lawful(f, { workspaceWide: true, branchIds: [] }),
      }),
      status: [403],
      reason: 'FORBIDDEN_MANAGE_COMMITTEE',
    },
    alsoRefused: [
      {
        as: 'unitAdminTarget',
        why: 'a committee also serving the headquarters, outside its unit',
        request: (f) => ({
          method: 'POST',
          url: '/api/committee/create',
          payload: lawful(f, { branchIds: [f.target.unit.id, f.a.hq.id] }),
        }),
        status: [403],
      },
    ],
  },
  'POST /api/committee/update/:id': {
    rule: "compliance.manage reaching every unit it serves before and after; never a workspace-wide one below the whole workspace's",
    as: 'unitAdminTarget',
    prepare: (f) => aCommittee(f),
    request: (f, p) => ({
      method: 'POST',
      url: `/api/committee/update/${p.committeeId}`,
      payload: lawful(f, { name: 'Renamed' }),
    }),
    ...managed,
    moreThanHeld: {
      as: 'unitAdminTarget',
      why: 'making it serve the whole workspace',
      request: (f, p) => ({
        method: 'POST',
        url: `/api/committee/update/${p.committeeId}`,
        payload: lawful(f, { workspaceWide: true }),
      }),
      status: [403],
      reason: 'FORBIDDEN_MANAGE_COMMITTEE',
    },
  },
  'POST /api/committee/:id/dissolve': {
    rule: 'compliance.manage reaching every unit it serves',
    as: 'unitAdminTarget',
    prepare: (f) => aCommittee(f),
    request: (_f, p) => ({
      method: 'POST',
      url: `/api/committee/${p.committeeId}/dissolve`,
      payload: { dissolvedOn: '2026-12-31' },
    }),
    ...managed,
    moreThanHeld: na('ends a committee; gives nothing'),
  },
  'POST /api/committee/:id/order': {
    rule: 'compliance.manage reaching every unit it serves',
    as: 'adminA',
    prepare: (f) => aCommittee(f),
    request: (_f, p) => ({
      method: 'POST',
      url: `/api/committee/${p.committeeId}/order`,
      upload: { file: PDF, fields: { orderDate: '2026-01-01' }, filename: 'order.pdf' },
    }),
    ...managed,
    moreThanHeld: na('records a document; gives nothing'),
  },
  'GET /api/committee/:id/order': {
    rule: 'compliance.manage reaching one of the units it serves',
    as: 'adminA',
    prepare: (f) => aCommittee(f, true),
    request: (_f, p) => ({ method: 'GET', url: `/api/committee/${p.committeeId}/order` }),
    ...managed,
    moreThanHeld: na('reads; gives nothing'),
  },
  'GET /api/committee/my': {
    rule: "any active member: the committee of the caller's own unit",
    as: 'learner',
    prepare: (f) => aCommittee(f),
    request: () => ({ method: 'GET', url: '/api/committee/my' }),
    hides: (_f, p) => p.committeeId!,
    anotherWorkspace: 'own-scope',
    lowerRole: na("the caller's own: every member, whatever its role"),
    unitAdminOutside: na("the caller's own unit's committee: no other unit is named"),
    moreThanHeld: na('reads; gives nothing'),
  },
  'GET /api/committee/my/order': {
    rule: 'any active member of a unit the committee serves (s.19(b))',
    as: 'employee',
    prepare: (f) => aCommittee(f, true),
    request: () => ({ method: 'GET', url: '/api/committee/my/order' }),
    anotherWorkspace: 'refused',
    lowerRole: na("the caller's own unit's order: every member of it, whatever its role"),
    unitAdminOutside: na('names no unit: the caller’s own is served or not (tried below)'),
    moreThanHeld: na('reads; gives nothing'),
    alsoRefused: [{ as: 'unitAdminOutside', why: 'a member of the headquarters, which the committee does not serve' }],
  },
};
