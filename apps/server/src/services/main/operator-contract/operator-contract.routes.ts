import {
  ZContractExpiryRequest,
  ZContractExpiryResponse,
  ZWorkspaceContractStatus,
  ZWorkspaceUserLimitRequest,
  ZWorkspaceUserLimitResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../core/context.ts';
import * as service from './operator-contract.service.ts';

/**
 * The operator's user limit and contract end date of a workspace (platform host, PLATFORM_ADMIN),
 * and how a workspace's members see them (its host).
 */
export const operatorContractRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/workspace/contract',
    {
      // Every member: whether the contract ended (the banner); the figures only for who may invite.
      config: { host: 'workspace', public: true },
      schema: {
        tags: ['workspace'],
        operationId: 'getWorkspaceContractStatus',
        summary: 'Whether this workspace’s contract has ended; its last day and user limit for who may invite',
        response: { 200: ZWorkspaceContractStatus },
      },
    },
    async (req) => service.contractStatus(ctxOf(req)),
  );
  app.put(
    '/admin/workspace-user-limit',
    {
      config: { host: 'platform', policy: 'platform' },
      schema: {
        tags: ['operator'],
        operationId: 'setWorkspaceUserLimit',
        summary: 'Set a workspace’s user limit; null for none (operator)',
        description:
          'A limit below today’s active members is allowed: it then refuses new invitations, invitation claims and users created from a file (409 `USER_LIMIT_REACHED`, params `limit` and `members`). Audited (`workspace.user_limit_changed`).',
        body: ZWorkspaceUserLimitRequest,
        response: { 200: ZWorkspaceUserLimitResponse },
      },
    },
    async (req) => service.setUserLimit(ctxOf(req), req.body.workspaceId, req.body.userLimit),
  );
  app.put(
    '/admin/workspace/contract/expiry-date',
    {
      config: { host: 'platform', policy: 'platform' },
      schema: {
        tags: ['operator'],
        operationId: 'setWorkspaceContractExpiry',
        summary: 'Set the last day of a workspace’s contract; null for open-ended (operator)',
        description:
          'The workspace’s administrators are mailed 30, 7 and 1 days before (once each per date). From the day after, administration and learning are read-only (403 `CONTRACT_EXPIRED`, params `expiredOn`); signing in, reading, one’s own profile and what the law’s duties need go on. A later date opens the workspace again at once. Audited (`workspace.contract_expiry_changed`).',
        body: ZContractExpiryRequest,
        response: { 200: ZContractExpiryResponse },
      },
    },
    async (req) => service.setContractExpiry(ctxOf(req), req.body.workspaceId, req.body.contractExpiryDate),
  );
};
