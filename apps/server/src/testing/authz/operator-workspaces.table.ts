import { randomBytes } from 'node:crypto';
import type { AuthzFixture } from './fixture.ts';
import type { AuthzEntry, AuthzTable, NotApplicable } from './table.ts';

const na = (why: string): NotApplicable => ({ na: why });

/**
 * The operator's workspaces (issue 23): on the platform host, the PLATFORM_ADMIN only. Every
 * workspace member is a lower role — A's workspace admin and an employee, whose sessions are not
 * valid on the platform host (401) and whose own host has no such route (404).
 */
const OPERATOR: Pick<
  AuthzEntry,
  'as' | 'anotherWorkspace' | 'lowerRole' | 'unitAdminOutside' | 'moreThanHeld' | 'alsoRefused'
> = {
  as: 'operator',
  anotherWorkspace: na("operator data: every workspace's; every workspace member is the lower role below"),
  lowerRole: 'adminA',
  unitAdminOutside: na('operator data has no business unit'),
  moreThanHeld: na('the operator holds the platform; a workspace member gives nothing here'),
  alsoRefused: [
    { as: 'employee', why: 'an employee is below the operator too' },
    { as: 'adminB', why: "another workspace's admin is below the operator too" },
  ],
};

const slug = () => `authz-${randomBytes(4).toString('hex')}`;
const platformHost = (f: AuthzFixture) => f.t.config.platformHost;

export const OPERATOR_WORKSPACES_ROUTES: AuthzTable = {
  'POST /api/admin/workspace/create': {
    rule: 'the operator, on the platform host: a new customer workspace',
    ...OPERATOR,
    request: (f) => {
      const s = slug();
      return {
        method: 'POST',
        url: '/api/admin/workspace/create',
        host: platformHost(f),
        payload: {
          companyName: `Authz ${s}`,
          workspaceUrl: `${s}.${platformHost(f)}`,
          country: 'IN',
          adminEmail: `${s}@example.test`,
          adminFirstName: 'Asha',
        },
      };
    },
  },
  'GET /api/admin/workspace/host-availability': {
    rule: 'the operator, on the platform host',
    ...OPERATOR,
    request: (f) => ({
      method: 'GET',
      url: `/api/admin/workspace/host-availability?host=${encodeURIComponent(f.a.host)}`,
      host: platformHost(f),
    }),
  },
  'POST /api/admin/workspace': {
    rule: 'the operator, on the platform host: every workspace',
    ...OPERATOR,
    request: (f) => ({
      method: 'POST',
      url: '/api/admin/workspace?pageNo=0&pageSize=20',
      host: platformHost(f),
      payload: {},
    }),
  },
  'GET /api/workspace/search/:q': {
    rule: 'the operator, on the platform host',
    ...OPERATOR,
    request: (f) => ({ method: 'GET', url: '/api/workspace/search/a', host: platformHost(f) }),
  },
  'GET /api/workspace/search/name-url/:q': {
    rule: 'the operator, on the platform host',
    ...OPERATOR,
    request: (f) => ({ method: 'GET', url: '/api/workspace/search/name-url/a', host: platformHost(f) }),
  },
  'GET /api/admin/workspace/:id': {
    rule: "the operator, on the platform host: any workspace's details",
    ...OPERATOR,
    request: (f) => ({ method: 'GET', url: `/api/admin/workspace/${f.a.id}`, host: platformHost(f) }),
  },
};
