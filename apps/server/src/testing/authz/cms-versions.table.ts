import { sql } from 'drizzle-orm';
import { withPlatform } from '../../core/db/tenant.ts';
import type { AuthzFixture } from './fixture.ts';
import type { AuthzTable, NotApplicable, Prepared } from './table.ts';

const na = (why: string): NotApplicable => ({ na: why });

/**
 * Gives A's business-unit admins `workflows.manage` (the matrix does not by default), so that the
 * unit-scope cases test the scope rule rather than a missing permission; then a workflow of the
 * target unit from the POSH template, published when `published`.
 */
async function aWorkflow(f: AuthzFixture, published: boolean): Promise<Prepared> {
  await withPlatform(f.t.database.db, { action: 'test.permissions', audit: false }, (tx) =>
    tx.execute(sql`insert into role_permissions (workspace_id, role, permission, granted)
                   values (${f.a.id}, 'BRANCH_ADMIN', 'workflows.manage', true) on conflict do nothing`),
  );
  const token = f.people.adminA.token;
  const res = await f.t.request(f.a.host, {
    method: 'POST',
    url: '/cms/api/workflow/create',
    token,
    payload: { name: 'Target unit inquiry', template: 'POSH_INQUIRY', branchId: f.target.unit.id },
  });
  if (res.statusCode !== 200) throw new Error(`workflow: ${res.statusCode} ${res.body}`);
  const workflowId = res.json().workflow.id as string;
  if (published) {
    const pub = await f.t.request(f.a.host, {
      method: 'POST',
      url: `/cms/api/workflow/publish/${workflowId}`,
      token,
      payload: {},
    });
    if (pub.statusCode !== 200) throw new Error(`publish: ${pub.statusCode} ${pub.body}`);
  }
  return { workflowId };
}

const managed = {
  anotherWorkspace: 'refused',
  lowerRole: 'employee',
  unitAdminOutside: 'refused',
} as const;
const RULE = "workflows.manage reaching the workflow's business unit (the whole workspace for a workspace-wide one)";

/** Publishing, versions and templates of complaint workflows (issue 25). */
export const CMS_VERSIONS_ROUTES: AuthzTable = {
  'POST /cms/api/workflow/publish/:id': {
    rule: RULE,
    as: 'unitAdminTarget',
    prepare: (f) => aWorkflow(f, false),
    request: (_f, p) => ({
      method: 'POST',
      url: `/cms/api/workflow/publish/${p.workflowId}`,
      payload: { changeNote: 'First' },
    }),
    ...managed,
    moreThanHeld: na('publishes the draft as it stands; gives no one anything'),
  },
  'POST /cms/api/workflow/version/:id': {
    rule: RULE,
    as: 'unitAdminTarget',
    prepare: (f) => aWorkflow(f, true),
    request: (_f, p) => ({ method: 'POST', url: `/cms/api/workflow/version/${p.workflowId}` }),
    ...managed,
    moreThanHeld: na('opens a new draft of the same workflow; gives no one anything'),
  },
  'GET /cms/api/workflow/versions/:id': {
    rule: RULE,
    as: 'unitAdminTarget',
    prepare: (f) => aWorkflow(f, true),
    request: (_f, p) => ({ method: 'GET', url: `/cms/api/workflow/versions/${p.workflowId}` }),
    ...managed,
    moreThanHeld: na('reads; gives nothing'),
  },
  'GET /cms/api/workflow/version/:id/:number': {
    rule: RULE,
    as: 'unitAdminTarget',
    prepare: (f) => aWorkflow(f, true),
    request: (_f, p) => ({ method: 'GET', url: `/cms/api/workflow/version/${p.workflowId}/1` }),
    ...managed,
    moreThanHeld: na('reads; gives nothing'),
  },
  'GET /cms/api/workflow/templates': {
    rule: 'workflows.manage (the whole workspace or some business units): the same shipped templates for everyone who may',
    as: 'adminA',
    request: () => ({ method: 'GET', url: '/cms/api/workflow/templates' }),
    anotherWorkspace: 'own-scope',
    lowerRole: 'employee',
    unitAdminOutside: na('the templates belong to no unit: every manager of workflows reads the same'),
    moreThanHeld: na('reads; gives nothing'),
  },
};
