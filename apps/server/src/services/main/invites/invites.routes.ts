import {
  ZEmailTemplate,
  ZEmailTemplateRequest,
  ZInvitation,
  ZInvitationListRequest,
  ZInvitationPage,
  ZInvitationsSentResponse,
  ZInviteUserRequest,
  ZOkResponse,
  ZPageQuery,
  ZResendInvitationsRequest,
  ZUnusedCountResponse,
  ZUuid,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../../core/context.ts';
import * as service from './invites.service.ts';

const guarded = { host: 'workspace', permission: 'invites.manage', menu: 'INVITATIONS' } as const;
const ZBranchInvite = z.object({ a: ZUuid, b: ZUuid });

/** Invitations, as administrators manage them (the invited person's side is in auth). */
export const inviteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/invite/user/:branchId',
    {
      config: guarded,
      schema: {
        tags: ['invites'],
        operationId: 'createInvitation',
        summary: 'Invite one person to a business unit; mails the sign-up link',
        params: z.object({ branchId: ZUuid }),
        body: ZInviteUserRequest,
        response: { 200: ZInvitation },
      },
    },
    async (req) => service.inviteUser(ctxOf(req), req.params.branchId, req.body),
  );
  app.post(
    '/invite/branch/:id',
    {
      config: { ...guarded, duringContractExpiry: true },
      schema: {
        tags: ['invites'],
        operationId: 'listInvitations',
        summary: 'The invitations of one business unit (paged, newest first)',
        params: z.object({ id: ZUuid }),
        querystring: ZPageQuery,
        body: ZInvitationListRequest,
        response: { 200: ZInvitationPage },
      },
    },
    async (req) => service.listForBranch(ctxOf(req), req.params.id, req.query, req.body),
  );
  app.post(
    '/invite/all',
    {
      config: { ...guarded, duringContractExpiry: true },
      schema: {
        tags: ['invites'],
        operationId: 'listAllInvitations',
        summary:
          'The invitations of every business unit you administer (paged, newest first): the whole workspace for a workspace admin or an employer',
        querystring: ZPageQuery,
        body: ZInvitationListRequest,
        response: { 200: ZInvitationPage },
      },
    },
    async (req) => service.listAll(ctxOf(req), req.query, req.body),
  );
  app.get(
    '/invite/resend/:a/:b',
    {
      config: guarded,
      schema: {
        tags: ['invites'],
        operationId: 'resendInvitation',
        summary: 'Resend one invitation (business unit id, invitation id): new link, 7 more days',
        params: ZBranchInvite,
        response: { 200: ZInvitationsSentResponse },
      },
    },
    async (req) => ({ count: await service.resendOne(ctxOf(req), req.params.a, req.params.b) }),
  );
  app.post(
    '/invite/resend/bulk',
    {
      config: guarded,
      schema: {
        tags: ['invites'],
        operationId: 'resendInvitations',
        summary: 'Resend the chosen unused invitations',
        body: ZResendInvitationsRequest,
        response: { 200: ZInvitationsSentResponse },
      },
    },
    async (req) => ({ count: await service.resendMany(ctxOf(req), req.body.invitationIds) }),
  );
  app.post(
    '/invite/resend/unused/all',
    {
      config: guarded,
      schema: {
        tags: ['invites'],
        operationId: 'resendAllUnusedInvitations',
        summary: 'Resend every unused invitation you administer',
        response: { 200: ZInvitationsSentResponse },
      },
    },
    async (req) => ({ count: await service.resendAllUnused(ctxOf(req)) }),
  );
  app.get(
    '/invite/unused/count',
    {
      config: guarded,
      schema: {
        tags: ['invites'],
        operationId: 'countUnusedInvitations',
        summary: 'How many invitations are unused (with filterOnlyExpired=true: expired ones)',
        querystring: z.object({ filterOnlyExpired: z.enum(['true', 'false']).optional() }),
        response: { 200: ZUnusedCountResponse },
      },
    },
    async (req) => ({ count: await service.unusedCount(ctxOf(req), req.query.filterOnlyExpired === 'true') }),
  );
  app.delete(
    '/invite/:a/:b',
    {
      config: guarded,
      schema: {
        tags: ['invites'],
        operationId: 'revokeInvitation',
        summary: 'Revoke an unused invitation (business unit id, invitation id)',
        params: ZBranchInvite,
        response: { 200: ZOkResponse },
      },
    },
    async (req) => {
      await service.revoke(ctxOf(req), req.params.a, req.params.b);
      return { ok: true as const };
    },
  );
  app.get(
    '/template',
    {
      config: guarded,
      schema: {
        tags: ['invites'],
        operationId: 'getInvitationTemplate',
        summary: 'The invitation mail as this workspace sends it',
        response: { 200: ZEmailTemplate },
      },
    },
    async (req) => service.getTemplate(ctxOf(req)),
  );
  app.post(
    '/template',
    {
      config: guarded,
      schema: {
        tags: ['invites'],
        operationId: 'updateInvitationTemplate',
        summary: 'Customise the invitation mail (subject and text with {{link}})',
        body: ZEmailTemplateRequest,
        response: { 200: ZEmailTemplate },
      },
    },
    async (req) => service.setTemplate(ctxOf(req), req.body),
  );
};
