import type { TWorkflowTemplateKey } from '@app/contract';
import { sha256Hex } from '../core/crypto.ts';
import type { Db } from '../core/db/database.ts';
import { withTenant } from '../core/db/tenant.ts';
import { TEMPLATES } from '../services/cms/templates/index.ts';
import { canonicalJson, hashOf, structureOf } from '../services/cms/versions/definition.ts';
import * as versionsRepo from '../services/cms/versions/versions.repo.ts';
import { insertDefinition } from '../services/cms/workflows/draft.ts';
import * as workflowsRepo from '../services/cms/workflows/workflows.repo.ts';
import * as repo from './cms-demo.repo.ts';

/*
 * The complaint-workflow demo data (issue 25): Acme (India) has the "POSH Act inquiry" template
 * published as version 1, Globex (Canada) the "Canada harassment and violence resolution" one. Each
 * runs in a tenant transaction of its workspace as its admin (the case-management tables grant the
 * platform role nothing), after the demo seed's platform transaction has made the workspaces.
 * Idempotent: a workspace that already has a workflow from the template is left alone.
 *
 * The draft rows are the template's (`insertDefinition`, as `workflow/create` writes them) and
 * version 1 is the template's definition, compiled as publishing compiles it: cms-demo.test.ts
 * checks that publishing the seeded draft again gives the same bytes and hash.
 */
export async function seedCmsDemo(
  db: Db,
  workspaces: Array<{ workspaceId: string; adminId: string; template: TWorkflowTemplateKey }>,
): Promise<void> {
  for (const w of workspaces) {
    await withTenant(db, { workspaceId: w.workspaceId, accountId: w.adminId }, async (tx) => {
      if (await repo.findWorkflowByTemplate(tx, w.workspaceId, w.template)) return;
      const def = TEMPLATES[w.template];
      const workflowId = await workflowsRepo.insertWorkflow(tx, {
        workspaceId: w.workspaceId,
        name: def.name,
        description: def.description as Record<string, string>,
        jurisdiction: def.jurisdiction,
        template: w.template,
        filers: [...def.filers],
        anonymousWitnesses: def.anonymousWitnesses,
        branchId: null,
        handlerKind: 'UNIT_COMMITTEE',
        committeeId: null,
        contact: def.contact,
        languages: [...def.languages],
        createdBy: w.adminId,
      });
      await insertDefinition(tx, w.workspaceId, workflowId, def);
      const text = canonicalJson(def);
      await versionsRepo.insertVersion(tx, {
        workspaceId: w.workspaceId,
        workflowId,
        number: 1,
        definition: text,
        sha256: sha256Hex(text),
        structureSha256: hashOf(structureOf(def)),
        labelOnly: false,
        diff: null,
        fallbacks: {},
        changeNote: 'From the template',
        publishedBy: w.adminId,
      });
      await workflowsRepo.setWorkflowStatus(tx, workflowId, 'PUBLISHED', 1);
    });
  }
}
