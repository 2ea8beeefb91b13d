import type { AuthzEntry, AuthzTable, NotApplicable } from './table.ts';

const na = (why: string): NotApplicable => ({ na: why });

/**
 * Issue 23's remaining calls that need no workspace permission (`GET /api/internal/userroutes/{id}`
 * declares `actsOnOthersWith` and is in core/admin-authz.test.ts): the session check and the
 * operator's undo of a workspace's elevate-IP ranges, and a member's learning for an administrator.
 */
export const OPERATOR_ELEVATE_ROUTES: AuthzTable = {
  'GET /api/auth': {
    rule: "a session on this host: the caller's own session",
    as: 'learner',
    request: () => ({ method: 'GET', url: '/api/auth' }),
    // B's admin asking on B's host gets its own session, which never names A.
    hides: (f) => f.a.id,
    anotherWorkspace: 'own-scope',
    lowerRole: na("the caller's own session: every member, whatever its role"),
    unitAdminOutside: na("the caller's own session: no business unit is reached"),
    moreThanHeld: na('gives nothing: it reads the caller’s own session'),
    alsoRefused: [
      {
        as: 'adminB',
        why: "B's session on A's host",
        request: (f) => ({ method: 'GET', url: '/api/auth', host: f.a.host }),
        status: [401],
      },
    ],
  },
  'PUT /api/admin/workspace/:id/admin-ip-ranges': {
    rule: 'the operator, on the platform host',
    as: 'operator',
    request: (f) => ({
      method: 'PUT',
      url: `/api/admin/workspace/${f.a.id}/admin-ip-ranges`,
      host: f.t.config.platformHost,
      payload: { adminIpRanges: [] },
    }),
    anotherWorkspace: na("operator data: no workspace's own; every workspace member is the lower role below"),
    lowerRole: 'adminA',
    unitAdminOutside: na('a workspace setting, no business unit'),
    moreThanHeld: na('sets a workspace’s address list; gives no one a permission'),
    alsoRefused: [
      {
        as: 'adminA',
        why: "A's admin on its own host (the operator's route answers on the platform host only)",
        request: (f) => ({
          method: 'PUT',
          url: `/api/admin/workspace/${f.a.id}/admin-ip-ranges`,
          host: f.a.host,
          payload: { adminIpRanges: [] },
        }),
        status: [401, 403, 404],
      },
    ],
  } satisfies AuthzEntry,
  'POST /api/admin/user/course/policy/details': {
    rule: "courses.assign (the assignment policy); the member in the caller's scope",
    as: 'adminA',
    request: (f) => ({
      method: 'POST',
      url: '/api/admin/user/course/policy/details',
      payload: { userId: f.people.learner.accountId },
    }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: na('a read: gives nothing'),
  },
};
