import { type TCaseAction, type TWorkflowDefinition, ZWorkflowDefinition } from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { actorOf, allowedActions, authorize } from '../../../core/policy.ts';
import { appendTrail } from '../../../core/trail.ts';
import { type CaseFacts, casePolicy } from './cases.policy.ts';
import * as repo from './cases.repo.ts';
import { type CaseKeyring, callerOfCtx, openKeyring } from './keys.ts';
import { type Quorum, quorumFor } from './quorum.ts';

/*
 * The one way a service opens a case (docs/cases-security.md): in the request's tenant transaction
 * (row-level security through case_access), the caller's relationships loaded with the case, the
 * policy asked first, the caller's keyring opened when contents are read or written, and an entry
 * in the case's trail (ids only) in the same transaction. A case the caller is not related to
 * reads as missing (404), whoever they are.
 */

export type Caller = ReturnType<typeof callerOfCtx>;

export type OpenCase = {
  tx: Tx;
  caller: Caller;
  row: repo.CaseRow;
  facts: CaseFacts;
  quorum: Quorum;
  def: TWorkflowDefinition;
  workflowName: string;
  /** Present when opened with `keys: true`; wiped after `fn` returns. */
  ring: CaseKeyring | null;
  /** What the caller may do now (the policy's list), for the answer. */
  actions: TCaseAction[];
  /** Appends an entry to the case's trail (ids only): `case.<something>` codes. */
  trail: (action: string, target?: { type: string; id: string }) => Promise<void>;
};

const definitions = new Map<string, TWorkflowDefinition>();

/** A version's definition, parsed once per process (versions are frozen: the hash names the content). */
export async function definitionOf(
  tx: Tx,
  workspaceId: string,
  versionId: string,
): Promise<{ def: TWorkflowDefinition; name: string; sha256: string; number: number; workflowId: string }> {
  const v = await repo.version(tx, workspaceId, versionId);
  if (!v) throw new Error(`workflow version ${versionId} not found`);
  let def = definitions.get(v.sha256);
  if (!def) {
    def = ZWorkflowDefinition.parse(JSON.parse(v.definition));
    if (definitions.size > 500) definitions.clear();
    definitions.set(v.sha256, def);
  }
  return { def, name: v.name, sha256: v.sha256, number: v.number, workflowId: v.workflowId };
}

/** The trail writer for a case in a transaction. */
export function trailWriter(ctx: Ctx, tx: Tx, workspaceId: string, caseId: string, accountId: string | null) {
  return async (action: string, target?: { type: string; id: string }) => {
    await appendTrail(tx, workspaceId, {
      chainId: caseId,
      actorAccountId: accountId,
      action,
      targetType: target?.type ?? 'case',
      targetId: target?.id ?? caseId,
      traceId: ctx.traceId,
    });
  };
}

/** Loads a case and the caller's facts in `tx`, and asks the policy for `action` (404/403/409 otherwise). */
export async function loadCase(
  ctx: Ctx,
  tx: Tx,
  caseId: string,
  action: TCaseAction,
  opts: { lock?: boolean } = {},
): Promise<Omit<OpenCase, 'ring' | 'tx' | 'trail'>> {
  const caller = callerOfCtx(ctx);
  const row = await repo.findCase(tx, caller.workspaceId, caseId, opts.lock ?? false);
  const relations = row ? await repo.relationsOf(tx, caller.workspaceId, caseId, caller.accountId) : [];
  const isMember = relations.some((r) => r.relation === 'COMMITTEE');
  const quorum = row ? await quorumFor(tx, row, isMember) : await quorumFor(tx, {} as repo.CaseRow, false);
  const facts: CaseFacts = {
    workspaceId: row?.workspaceId ?? '',
    status: row?.status ?? 'OPEN',
    jurisdiction: row?.jurisdiction ?? 'IN_POSH',
    relations,
    quorumMet: quorum.met,
    quorum,
  };
  authorize(ctx, casePolicy, action, facts);
  const { def, name } = await definitionOf(tx, caller.workspaceId, row!.versionId);
  return {
    caller,
    row: row!,
    facts,
    quorum,
    def,
    workflowName: name,
    actions: allowedActions(actorOf(ctx), casePolicy, facts),
  };
}

/**
 * Runs `fn` on a case in one tenant transaction: loaded, authorized for `action`, its keyring open
 * when `keys`, and a trail entry `trailAction` (default `case.<action>`) written. The keyring is
 * wiped afterwards whatever happens.
 */
export async function withCase<T>(
  ctx: Ctx,
  caseId: string,
  action: TCaseAction,
  fn: (c: OpenCase) => Promise<T>,
  opts: { lock?: boolean; keys?: boolean; trailAction?: string | null } = {},
): Promise<T> {
  return ctx.tenant(async (tx) => {
    const loaded = await loadCase(ctx, tx, caseId, action, opts);
    const trail = trailWriter(ctx, tx, loaded.caller.workspaceId, caseId, loaded.caller.accountId);
    const ring = opts.keys ? await openKeyring(tx, ctx.config, loaded.caller, caseId) : null;
    try {
      const trailAction = opts.trailAction === undefined ? `case.${snake(action)}` : opts.trailAction;
      if (trailAction) await trail(trailAction);
      return await fn({ ...loaded, tx, ring, trail });
    } finally {
      ring?.wipe();
    }
  });
}

const snake = (s: string) => s.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Text of a per-language object in the reader's language, English when missing. */
export function textIn(text: Record<string, string | undefined> | null | undefined, language: string): string {
  if (!text) return '';
  return text[language] || text.en || '';
}
