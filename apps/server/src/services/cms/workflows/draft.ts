import type { TWorkflowBuilder } from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';

/*
 * The one way every draft-changing call of the builder works (issue 25), shared by the form
 * (workflows/), the stages (stages/) and the versions (versions/):
 *
 *   return withDraft(ctx, workflowId, 'edit', async (tx, wf) => { …repo writes… });
 *
 * `withDraft` opens the request's tenant transaction, loads and locks the workflow (404 when it is
 * not this workspace's or out of the caller's reach), authorizes `action` with the workflow policy,
 * refuses a workflow that is not a DRAFT (409 `WORKFLOW_NOT_DRAFT`: "start a new version first")
 * when the action edits, runs `fn`, bumps `revision` and `updated_at`/`updated_by`, and answers the
 * whole builder as it stands after the change (`loadBuilder`), all in one transaction.
 *
 * Implemented by the workflows work package (helper `cms-core`); the signatures are the contract
 * between the packages.
 */

/** A workflow row as the services see it. */
export type WorkflowRow = {
  id: string;
  workspaceId: string;
  name: string;
  jurisdiction: 'IN_POSH' | 'CA_SOR_2020_130';
  template: 'POSH_INQUIRY' | 'CA_RESOLUTION' | null;
  branchId: string | null;
  status: 'DRAFT' | 'PUBLISHED';
  latestVersion: number | null;
  revision: number;
  languages: string[];
};

/** Actions of the workflow policy a draft call authorizes with. */
export type DraftAction = 'edit' | 'publish' | 'version';

export async function withDraft(
  _ctx: Ctx,
  _workflowId: string,
  _action: DraftAction,
  _fn: (tx: Tx, wf: WorkflowRow) => Promise<void>,
): Promise<TWorkflowBuilder> {
  throw new Error('withDraft: not built yet (helper cms-core)');
}

/** The whole builder of a workflow, read in `tx` (the caller has authorized). */
export async function loadBuilder(_ctx: Ctx, _tx: Tx, _workflowId: string): Promise<TWorkflowBuilder> {
  throw new Error('loadBuilder: not built yet (helper cms-core)');
}
