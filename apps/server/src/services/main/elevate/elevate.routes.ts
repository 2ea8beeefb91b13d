import {
  ZAdminIpRangesResponse,
  ZAuthCheck,
  ZInvitationsSentResponse,
  ZResendInvitationsRequest,
  ZSetAdminIpRangesRequest,
  ZUserRoutes,
  ZUuid,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../../core/context.ts';
import { resendMany } from '../invites/invites.service.ts';
import * as service from './elevate.service.ts';

const idParams = z.object({ id: ZUuid });

/**
 * Issue 23's remaining calls: the session check, a user's web routes, re-inviting a selection, the
 * operator's undo of elevate-IP ranges.
 */
export const elevateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/auth',
    {
      // The caller's own session only; valid during the first sign-in too (it is a session).
      config: { public: true, duringFirstLogin: true },
      schema: {
        tags: ['auth'],
        operationId: 'checkSession',
        summary: 'The local session check: who the session is, where, and when it ends if unused (401 without one)',
        response: { 200: ZAuthCheck },
      },
    },
    async (req) => service.authCheck(ctxOf(req)),
  );
  app.get(
    '/internal/userroutes/:id',
    {
      config: { host: 'workspace', actsOnOthersWith: 'users.manage' },
      schema: {
        tags: ['navigation'],
        operationId: 'getUserRoutes',
        summary:
          'The web routes a member may open (its own; another member’s with users.manage and that member in reach)',
        params: idParams,
        response: { 200: ZUserRoutes },
      },
    },
    async (req) => service.userRoutes(ctxOf(req), req.params.id),
  );
  app.put(
    '/admin/workspace/:id/admin-ip-ranges',
    {
      config: { host: 'platform', policy: 'platform' },
      schema: {
        tags: ['operator'],
        operationId: 'setWorkspaceAdminIpRanges',
        summary: 'Set or clear the IP ranges a workspace’s administrators may act from in elevate-IP mode (operator)',
        params: idParams,
        body: ZSetAdminIpRangesRequest,
        response: { 200: ZAdminIpRangesResponse },
      },
    },
    async (req) => service.setAdminIpRanges(ctxOf(req), req.params.id, req.body),
  );
  app.post(
    '/invite/invite/bulk',
    {
      config: { host: 'workspace', permission: 'invites.manage' },
      schema: {
        tags: ['invites'],
        operationId: 'reinviteSelection',
        summary: 'Invite again a selection of this workspace’s unused invitations, by id (all or nothing)',
        description:
          'Each named invitation gets a new code and 7 more days and is mailed again (a durable job in the same transaction), as `POST /api/invite/resend/bulk`. Only invitations of this workspace within the caller’s business units, not used or revoked; when any is not, nothing is sent (404). An invitation whose role the caller may not give refuses the whole request (403). People of another workspace can never be named: invitations are looked up in this workspace only.',
        body: ZResendInvitationsRequest,
        response: { 200: ZInvitationsSentResponse },
      },
    },
    async (req) => ({ count: await resendMany(ctxOf(req), req.body.invitationIds) }),
  );
};
