import type { AuthzEntry, AuthzTable, NotApplicable } from './table.ts';

const na = (why: string): NotApplicable => ({ na: why });

/**
 * The operator's user limit and contract end date of a workspace (issue 23): on the platform host,
 * the PLATFORM_ADMIN only. Every workspace member is a lower role — A's workspace admin (the
 * lower role) and A's employee, each with its session on the platform host (not valid there: 401)
 * and on its own host (the route is not there: 404).
 */
const OPERATOR: Pick<AuthzEntry, 'as' | 'anotherWorkspace' | 'lowerRole' | 'unitAdminOutside' | 'alsoRefused'> = {
  as: 'operator',
  anotherWorkspace: na('operator data: B’s admin is a workspace member, the lower role below'),
  lowerRole: 'adminA',
  unitAdminOutside: na('a workspace’s limit and contract have no business unit'),
  alsoRefused: [{ as: 'learner', why: 'an employee of A' }],
};

export const OPERATOR_CONTRACT_ROUTES: AuthzTable = {
  'GET /api/workspace/contract': {
    rule: 'a session on this host: whether its contract ended; the figures only for who may invite',
    as: 'learner',
    request: () => ({ method: 'GET', url: '/api/workspace/contract' }),
    anotherWorkspace: 'own-scope',
    lowerRole: na(
      'every member reads whether the contract ended; an employee gets no figures (operator-contract.test.ts)',
    ),
    unitAdminOutside: na('the workspace’s own state: no business unit is reached'),
    moreThanHeld: na('a read: gives nothing'),
  },
  'PUT /api/admin/workspace-user-limit': {
    rule: 'the operator, on the platform host',
    ...OPERATOR,
    request: (f) => ({
      method: 'PUT',
      url: '/api/admin/workspace-user-limit',
      host: f.t.config.platformHost,
      payload: { workspaceId: f.a.id, userLimit: null },
    }),
    moreThanHeld: {
      as: 'adminA',
      why: 'a workspace admin cannot raise its own workspace’s limit',
      request: (f) => ({
        method: 'PUT',
        url: '/api/admin/workspace-user-limit',
        host: f.a.host,
        payload: { workspaceId: f.a.id, userLimit: 1_000_000 },
      }),
    },
  },
  'PUT /api/admin/workspace/contract/expiry-date': {
    rule: 'the operator, on the platform host',
    ...OPERATOR,
    request: (f) => ({
      method: 'PUT',
      url: '/api/admin/workspace/contract/expiry-date',
      host: f.t.config.platformHost,
      payload: { workspaceId: f.a.id, contractExpiryDate: null },
    }),
    moreThanHeld: {
      as: 'adminA',
      why: 'a workspace admin cannot extend its own workspace’s contract',
      request: (f) => ({
        method: 'PUT',
        url: '/api/admin/workspace/contract/expiry-date',
        host: f.a.host,
        payload: { workspaceId: f.a.id, contractExpiryDate: '2099-12-31' },
      }),
    },
  },
};
