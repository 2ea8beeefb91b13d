import { ZCaseConflictParams, ZCmsIdParams, ZConflictClear, ZConflictDeclare, ZConflictOutcome } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../core/context.ts';
import * as service from './conflicts.ts';

/**
 * Conflicts of interest in a case (issue 26, docs/cases-security.md §4), at `/cms/api/case/:id/conflict/…`.
 * Who (`case` policy, by relationship): a committee member assigned to the case declares their own;
 * the presiding officer clears one (the external member, for the presiding officer's own).
 */
const tags = ['cms'];
const config = { area: 'cms', policy: 'case' } as const;

export const conflictsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/case/:id/conflict/declare',
    {
      config,
      schema: {
        tags,
        operationId: 'declareCaseConflict',
        summary: 'Declare a conflict of interest in a case: your access to it ends',
        description:
          'Records the conflict (and the reason, sealed, in the committee’s space), then ends the caller’s access: their keys are withdrawn and what is written afterwards uses new keys they never hold. Answers the quorum left (POSH Rule 7(7)); 404 for anyone not on the case’s committee.',
        params: ZCmsIdParams,
        body: ZConflictDeclare,
        response: { 200: ZConflictOutcome },
      },
    },
    async (req) => service.declareConflict(ctxOf(req), req.params.id, req.body),
  );
  app.post(
    '/case/:id/conflict/:conflictId/clear',
    {
      config,
      schema: {
        tags,
        operationId: 'clearCaseConflict',
        summary: 'Clear a conflict of interest with a reason: the member gets access back',
        description:
          'The presiding officer; for the presiding officer’s own conflict, the external member. 403 `CONFLICT_CLEARER` / `CONFLICT_CLEARER_EXTERNAL` otherwise; 409 `CONFLICT_NOT_CLEARABLE` for a party to the case, `CONFLICT_ALREADY_CLEARED`.',
        params: ZCaseConflictParams,
        body: ZConflictClear,
        response: { 200: ZConflictOutcome },
      },
    },
    async (req) => service.clearConflict(ctxOf(req), req.params.id, req.params.conflictId, req.body),
  );
};
