import { sql } from 'drizzle-orm';
import { queryRows } from '../../core/db/database.ts';
import { withPlatform, withTenant } from '../../core/db/tenant.ts';
import type { AuthzFixture } from './fixture.ts';
import type { AuthzEntry, AuthzTable, NotApplicable, Prepared } from './table.ts';

const na = (why: string): NotApplicable => ({ na: why });

const PDF = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';

/**
 * Gives A's business-unit admins `workflows.manage` (the matrix gives it to WORKSPACE_ADMIN and
 * EMPLOYER only), so that the unit-scope cases test the scope rule rather than a missing permission;
 * then a fresh draft workflow of the target unit (made by A's admin) with a document field, and a
 * workspace-wide Internal Committee (out of a unit admin's reach) plus one serving the target unit.
 */
async function aWorkflow(f: AuthzFixture, opts: { upload?: 'started' | 'uploaded' } = {}): Promise<Prepared> {
  await withPlatform(f.t.database.db, { action: 'test.permissions', audit: false }, (tx) =>
    tx.execute(sql`insert into role_permissions (workspace_id, role, permission, granted)
                   values (${f.a.id}, 'BRANCH_ADMIN', 'workflows.manage', true) on conflict do nothing`),
  );
  const admin = f.people.adminA;
  const call = async (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: unknown,
    headers?: Record<string, string>,
  ) => {
    const res = await f.t.request(admin.host, {
      method,
      url,
      token: admin.token,
      ...(payload !== undefined ? { payload: payload as object } : {}),
      ...(headers ? { headers } : {}),
    });
    if (res.statusCode !== 200) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json();
  };
  const created = await call('POST', '/cms/api/workflow/create', {
    name: 'Target unit inquiry',
    jurisdiction: 'IN_POSH',
    branchId: f.target.unit.id,
  });
  const workflowId = created.workflow.id as string;
  type C = { id: string; key: string; attributes: Array<{ id: string; key: string }> };
  const incident = (created.components as C[]).find((c) => c.key === 'INCIDENT')!;
  const respondent = (created.components as C[]).find((c) => c.key === 'RESPONDENT')!;
  const withDoc = await call('POST', '/cms/api/attribute/create', {
    workflowId,
    componentId: incident.id,
    type: 'RESOURCE',
    label: { en: 'Our policy' },
  });
  const resourceId = (withDoc.components as C[]).flatMap((c) => c.attributes).find((a) => a.key === 'OUR_POLICY')!.id;
  const committee = (workspaceWide: boolean) =>
    withTenant(f.t.database.db, { workspaceId: f.a.id, accountId: null }, async (tx) => {
      const [c] = await queryRows<{ id: string }>(
        tx,
        sql`insert into committees (workspace_id, kind, name, workspace_wide)
            values (${f.a.id}, 'INTERNAL_COMMITTEE', ${workspaceWide ? 'Committee for all' : 'Target committee'}, ${workspaceWide})
            returning id`,
      );
      if (!workspaceWide) {
        await tx.execute(sql`insert into committee_units (workspace_id, committee_id, branch_id, kind, from_date)
                             values (${f.a.id}, ${c!.id}, ${f.target.unit.id}, 'INTERNAL_COMMITTEE', '2020-01-01')
                             on conflict do nothing`);
      }
      return c!.id;
    });
  const p: Prepared = {
    workflowId,
    componentId: respondent.id,
    incidentId: incident.id,
    attributeId: respondent.attributes.find((a) => a.key === 'RESPONDENT_DESCRIPTION')!.id,
    attributeIds: respondent.attributes.map((a) => a.id).join(','),
    resourceId,
    wideCommitteeId: await committee(true),
    unitCommitteeId: await committee(false),
  };
  if (opts.upload) {
    const ticket = await call('POST', `/cms/api/attribute/generate-resource-upload-url/${resourceId}`, {
      fileName: 'policy.pdf',
      contentType: 'application/pdf',
      size: PDF.length,
    });
    p.resourceKey = ticket.key;
    p.uploadUrl = ticket.uploadUrl;
    if (opts.upload === 'uploaded') {
      await call('PUT', ticket.uploadUrl, Buffer.from(PDF), { 'content-type': 'application/pdf' });
    }
  }
  return p;
}

/** Every draft call: `workflows.manage` reaching the workflow's unit; another workspace's reads as missing. */
const managed = {
  as: 'unitAdminTarget',
  anotherWorkspace: 'refused',
  lowerRole: 'employee',
  unitAdminOutside: 'refused',
} as const satisfies Partial<AuthzEntry>;

const draft = (request: AuthzEntry['request'], extra: Partial<AuthzEntry> = {}): AuthzEntry => ({
  rule: "workflows.manage reaching the workflow's business unit (the whole workspace for a workspace-wide one); a draft only",
  prepare: (f) => aWorkflow(f),
  request,
  ...managed,
  moreThanHeld: na('edits the draft of a workflow the caller manages; gives nothing'),
  ...extra,
});

/** Complaint workflows (issue 25): `workflows.manage` within the caller's business units. */
export const CMS_WORKFLOWS_ROUTES: AuthzTable = {
  'POST /cms/api/workflow/create': {
    rule: "workflows.manage; a unit's workflow needs that unit, a workspace-wide one the whole workspace",
    as: 'unitAdminTarget',
    prepare: async (f) => {
      await aWorkflow(f);
      return {};
    },
    request: (f) => ({
      method: 'POST',
      url: '/cms/api/workflow/create',
      payload: { name: 'New', jurisdiction: 'IN_POSH', branchId: f.target.unit.id },
    }),
    anotherWorkspace: 'refused',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: {
      as: 'unitAdminTarget',
      why: 'a workspace-wide workflow reaches units beyond its own',
      request: () => ({
        method: 'POST',
        url: '/cms/api/workflow/create',
        payload: { name: 'For all', jurisdiction: 'IN_POSH', branchId: null },
      }),
      status: [403],
      reason: 'FORBIDDEN_WORKFLOW_UNIT',
    },
  },
  'GET /cms/api/workflow/get/:id': draft((_f, p) => ({ method: 'GET', url: `/cms/api/workflow/get/${p.workflowId}` }), {
    moreThanHeld: na('reads; gives nothing'),
  }),
  'GET /cms/api/workflow/all': {
    rule: "workflows.manage: the workspace's workflows, or a unit admin's units' only",
    as: 'unitAdminTarget',
    prepare: (f) => aWorkflow(f),
    request: () => ({ method: 'GET', url: '/cms/api/workflow/all' }),
    hides: (_f, p) => p.workflowId!,
    anotherWorkspace: 'own-scope',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: na('reads; gives nothing'),
  },
  'POST /cms/api/workflow/update/:id': draft(
    (_f, p) => ({ method: 'POST', url: `/cms/api/workflow/update/${p.workflowId}`, payload: { name: 'Renamed' } }),
    {
      moreThanHeld: {
        as: 'unitAdminTarget',
        why: 'naming as handler a workspace-wide committee, beyond its own unit',
        request: (_f, p) => ({
          method: 'POST',
          url: `/cms/api/workflow/update/${p.workflowId}`,
          payload: { handler: { kind: 'COMMITTEE', committeeId: p.wideCommitteeId } },
        }),
        status: [404],
        reason: 'COMMITTEE_NOT_FOUND',
      },
    },
  ),
  'GET /cms/api/workflow/handlers': {
    rule: 'workflows.manage: the live committees of the workspace’s kind the caller reaches',
    as: 'unitAdminTarget',
    prepare: (f) => aWorkflow(f),
    request: () => ({ method: 'GET', url: '/cms/api/workflow/handlers' }),
    hides: (_f, p) => p.unitCommitteeId!,
    anotherWorkspace: 'own-scope',
    lowerRole: 'employee',
    unitAdminOutside: 'refused',
    moreThanHeld: na('reads; gives nothing'),
  },
  'POST /cms/api/component/create': draft((_f, p) => ({
    method: 'POST',
    url: '/cms/api/component/create',
    payload: { workflowId: p.workflowId, title: { en: 'More' } },
  })),
  'POST /cms/api/component/update/:id': draft((_f, p) => ({
    method: 'POST',
    url: `/cms/api/component/update/${p.componentId}`,
    payload: { title: { en: 'Renamed' } },
  })),
  'DELETE /cms/api/component/delete/:id': draft((_f, p) => ({
    method: 'DELETE',
    url: `/cms/api/component/delete/${p.componentId}`,
  })),
  'POST /cms/api/attribute/create': draft((_f, p) => ({
    method: 'POST',
    url: '/cms/api/attribute/create',
    payload: { workflowId: p.workflowId, componentId: p.componentId, type: 'TEXT', label: { en: 'More' } },
  })),
  'POST /cms/api/attribute/update/:id': draft((_f, p) => ({
    method: 'POST',
    url: `/cms/api/attribute/update/${p.attributeId}`,
    payload: { label: { en: 'Renamed' } },
  })),
  'DELETE /cms/api/attribute/delete/:id': draft((_f, p) => ({
    method: 'DELETE',
    url: `/cms/api/attribute/delete/${p.attributeId}`,
  })),
  'POST /cms/api/attribute/order': draft((_f, p) => ({
    method: 'POST',
    url: '/cms/api/attribute/order',
    payload: {
      workflowId: p.workflowId,
      componentId: p.componentId,
      attributeIds: p.attributeIds!.split(',').reverse(),
    },
  })),
  'POST /cms/api/attribute-setting/:id': draft((_f, p) => ({
    method: 'POST',
    url: `/cms/api/attribute-setting/${p.attributeId}`,
    payload: { maxLength: 500 },
  })),
  'POST /cms/api/attribute/generate-resource-upload-url/:id': draft((_f, p) => ({
    method: 'POST',
    url: `/cms/api/attribute/generate-resource-upload-url/${p.resourceId}`,
    payload: { fileName: 'policy.pdf', contentType: 'application/pdf', size: PDF.length },
  })),
  'PUT /cms/api/attribute/upload-resource/:id': draft(
    (_f, p) => ({
      method: 'PUT',
      url: p.uploadUrl!,
      payload: Buffer.from(PDF),
      headers: { 'content-type': 'application/pdf' },
    }),
    { prepare: (f) => aWorkflow(f, { upload: 'started' }) },
  ),
  'POST /cms/api/attribute/confirm-resource-upload/:id': draft(
    (_f, p) => ({
      method: 'POST',
      url: `/cms/api/attribute/confirm-resource-upload/${p.resourceId}`,
      payload: { key: p.resourceKey, fileName: 'policy.pdf' },
    }),
    { prepare: (f) => aWorkflow(f, { upload: 'uploaded' }) },
  ),
};
