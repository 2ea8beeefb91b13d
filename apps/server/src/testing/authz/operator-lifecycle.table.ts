import { aWorkspace } from '../factories.ts';
import type { AuthzFixture } from './fixture.ts';
import type { AuthzEntry, AuthzTable, NotApplicable, Prepared } from './table.ts';

const na = (why: string): NotApplicable => ({ na: why });

/**
 * The operator's lifecycle of a workspace (issue 23): host change, retirement and restore, on the
 * platform host, the PLATFORM_ADMIN only. Each route works on a workspace of its own (made by
 * `prepare`), so that the control's change (a new host, a retirement) leaves the cast's workspaces
 * as they are; every workspace member is refused: A's workspace admin is the lower role (its
 * session is not valid on the platform host: 401; on its own host the route is not there: 404),
 * and B's admin and A's employee are refused as well. That a workspace's own admins cannot retire
 * or move it is tested in services/main/operator-lifecycle/lifecycle.test.ts.
 */
const OPERATOR: Pick<
  AuthzEntry,
  'as' | 'anotherWorkspace' | 'lowerRole' | 'unitAdminOutside' | 'moreThanHeld' | 'alsoRefused'
> = {
  as: 'operator',
  anotherWorkspace: na("operator work: no workspace's own; every workspace member is refused below"),
  lowerRole: 'adminA',
  unitAdminOutside: na('a whole workspace: no business unit is involved'),
  moreThanHeld: na('changes a workspace’s host or state; gives no one a permission'),
  alsoRefused: [
    { as: 'adminB', why: "another workspace's admin" },
    { as: 'employee', why: 'an employee' },
  ],
};

let counter = 0;
const freshHost = (f: AuthzFixture) => `authz-moved-${Date.now().toString(36)}-${++counter}.${f.t.config.platformHost}`;

/** A workspace of its own for the route (what the control changes). */
async function aTargetWorkspace(f: AuthzFixture): Promise<Prepared> {
  const ws = await aWorkspace(f.t);
  return { id: ws.id, host: ws.host, newHost: freshHost(f) };
}

/** A workspace of its own, retired by the operator (what the restore's control restores). */
async function aRetiredWorkspace(f: AuthzFixture): Promise<Prepared> {
  const ws = await aWorkspace(f.t);
  const res = await f.t.request(f.t.config.platformHost, {
    method: 'DELETE',
    url: `/api/workspace/${ws.id}`,
    token: f.people.operator.token,
    payload: { confirmHost: ws.host },
  });
  if (res.statusCode !== 200) throw new Error(`retire: ${res.statusCode} ${res.body}`);
  return { id: ws.id, host: ws.host };
}

export const OPERATOR_LIFECYCLE_ROUTES: AuthzTable = {
  'PUT /api/workspace/update-workspace-url': {
    rule: 'the operator, on the platform host',
    ...OPERATOR,
    prepare: aTargetWorkspace,
    request: (f, p) => ({
      method: 'PUT',
      url: '/api/workspace/update-workspace-url',
      host: f.t.config.platformHost,
      payload: { workspaceId: p.id, workspaceUrl: p.newHost },
    }),
  },
  'DELETE /api/workspace/:id': {
    rule: 'the operator, on the platform host, typing the workspace’s host',
    ...OPERATOR,
    prepare: aTargetWorkspace,
    request: (f, p) => ({
      method: 'DELETE',
      url: `/api/workspace/${p.id}`,
      host: f.t.config.platformHost,
      payload: { confirmHost: p.host },
    }),
  },
  'POST /api/admin/workspace/:id/restore': {
    rule: 'the operator, on the platform host',
    ...OPERATOR,
    prepare: aRetiredWorkspace,
    request: (f, p) => ({
      method: 'POST',
      url: `/api/admin/workspace/${p.id}/restore`,
      host: f.t.config.platformHost,
    }),
  },
};
