import type { TCaseSummary } from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import { definitionOf } from './case-core.ts';
import * as cases from './cases.repo.ts';
import { callerOfCtx } from './keys.ts';
import * as repo from './my-cases.repo.ts';
import { findStep } from './steps.ts';

/**
 * `GET /my-cases`: the caller's own complaints (drafts included, newest first), the cases they take
 * part in, and the drafts they write down for someone (POSH s.9(1)). Metadata only — reference,
 * status, stage and the next step with its date — so no key is needed: the list shows even before
 * the caller unlocks. Row-level security answers only the caller's own relationships.
 */
export async function myCases(ctx: Ctx): Promise<{ cases: TCaseSummary[] }> {
  const c = callerOfCtx(ctx);
  return ctx.tenant(async (tx) => {
    const rows = await repo.myCases(tx, c.workspaceId, c.accountId);
    const zone = await cases.timeZoneOf(tx, c.workspaceId);
    const next = new Map(
      (
        await repo.nextSteps(
          tx,
          c.workspaceId,
          rows.filter((r) => r.status === 'OPEN').map((r) => r.id),
          zone,
        )
      ).map((n) => [n.caseId, n]),
    );
    const out: TCaseSummary[] = [];
    for (const r of rows) {
      const v = await definitionOf(tx, c.workspaceId, r.versionId);
      const stage = r.stageKey ? v.def.stages.find((s) => s.key === r.stageKey) : undefined;
      const n = next.get(r.id);
      out.push({
        id: r.id,
        reference: r.reference,
        status: r.status,
        relation: r.relation,
        workflowName: v.name,
        jurisdiction: r.jurisdiction,
        stageKey: r.stageKey,
        stageTitle: stage?.title ?? null,
        filedAt: r.filedAt ? new Date(r.filedAt).toISOString() : null,
        updatedAt: new Date(r.updatedAt).toISOString(),
        next: n
          ? {
              stepKey: n.stepKey,
              title: findStep(v.def, n.stepKey)?.step.title ?? { en: n.stepKey },
              dueDate: n.dueDate,
              reference: n.reference,
            }
          : null,
        daysLeft: n?.daysLeft ?? null,
        overdue: (n?.daysLeft ?? 0) < 0,
      });
    }
    return { cases: out };
  });
}
