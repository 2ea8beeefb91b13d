import type { AuthzEntry, AuthzTable, NotApplicable } from './table.ts';

const na = (why: string): NotApplicable => ({ na: why });

/** The operator's platform-host routes of issue 23's per-workspace settings. */
const OPERATOR: Pick<AuthzEntry, 'as' | 'anotherWorkspace' | 'lowerRole' | 'unitAdminOutside' | 'moreThanHeld'> = {
  as: 'operator',
  anotherWorkspace: na("operator data: no workspace's session reaches it; every workspace member is the lower role"),
  lowerRole: 'adminA',
  unitAdminOutside: na('operator settings have no business unit'),
  moreThanHeld: na("the operator's own switches: no workspace permission is given"),
};

/** An employee (below the admin) is refused too, on the platform host and on its own host. */
const employeeToo: AuthzEntry['alsoRefused'] = [
  { as: 'employee', why: 'an employee of A on the platform host', status: [401, 403, 404] },
  { as: 'adminB', why: "B's workspace admin on the platform host", status: [401, 403, 404] },
];

const PDF = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';

/** Issue 23's navigation, sign-up whitelist and user manual routes (helper "settings"). */
export const OPERATOR_SETTINGS_ROUTES: AuthzTable = {
  'GET /api/admin/workspace-nav': {
    rule: 'the operator, on the platform host',
    ...OPERATOR,
    request: (f) => ({
      method: 'GET',
      url: `/api/admin/workspace-nav?workspaceId=${f.a.id}`,
      host: f.t.config.platformHost,
    }),
    alsoRefused: employeeToo,
  },
  'POST /api/admin/workspace-nav': {
    rule: 'the operator, on the platform host',
    ...OPERATOR,
    request: (f) => ({
      method: 'POST',
      url: '/api/admin/workspace-nav',
      host: f.t.config.platformHost,
      // Switching a menu on that is on: the control changes nothing the other routes need.
      payload: { workspaceId: f.a.id, menus: [{ menu: 'WORKSHOPS', enabled: true }] },
    }),
    alsoRefused: employeeToo,
  },
  'GET /api/admin/workspace/:id/whitelist': {
    rule: 'the operator, on the platform host',
    ...OPERATOR,
    request: (f) => ({ method: 'GET', url: `/api/admin/workspace/${f.a.id}/whitelist`, host: f.t.config.platformHost }),
    alsoRefused: employeeToo,
  },
  'POST /api/admin/add-email-to-whitelist': {
    rule: 'the operator, on the platform host',
    ...OPERATOR,
    request: (f) => ({
      method: 'POST',
      url: '/api/admin/add-email-to-whitelist',
      host: f.t.config.platformHost,
      payload: { workspaceId: f.a.id, entries: ['@authz.example.com'] },
    }),
    alsoRefused: employeeToo,
  },
  'POST /api/admin/remove-email-from-whitelist': {
    rule: 'the operator, on the platform host',
    ...OPERATOR,
    request: (f) => ({
      method: 'POST',
      url: '/api/admin/remove-email-from-whitelist',
      host: f.t.config.platformHost,
      payload: { workspaceId: f.a.id, entries: ['@nobody.example.com'] },
    }),
    alsoRefused: employeeToo,
  },
  'POST /api/admin/add-email-to-whitelist/bulk': {
    rule: 'the operator, on the platform host',
    ...OPERATOR,
    request: (f) => ({
      method: 'POST',
      url: '/api/admin/add-email-to-whitelist/bulk',
      host: f.t.config.platformHost,
      upload: { file: 'email\nbulk@authz.example.com\n', fields: { workspaceId: f.a.id }, filename: 'list.csv' },
    }),
    alsoRefused: employeeToo,
  },
  'GET /api/user-manual': {
    rule: "a session: the manuals of the caller's own audience",
    as: 'learner',
    request: () => ({ method: 'GET', url: '/api/user-manual' }),
    anotherWorkspace: 'own-scope',
    lowerRole: na("the caller's own: every member, whatever its role"),
    unitAdminOutside: na("the caller's own: no business unit is reached"),
    moreThanHeld: na('reads the manuals of its own audience; gives nothing'),
  },
  'POST /api/user-manual': {
    rule: 'the operator, on the platform host',
    ...OPERATOR,
    request: (f) => ({
      method: 'POST',
      url: '/api/user-manual',
      host: f.t.config.platformHost,
      upload: { file: PDF, fields: { audience: 'EMPLOYEE', language: 'en' }, filename: 'manual.pdf' },
    }),
    alsoRefused: employeeToo,
  },
};
