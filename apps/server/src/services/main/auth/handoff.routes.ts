import { ZSignInResponse } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../../core/context.ts';
import { readCookie, serializeCookie } from '../../../core/cookies.ts';
import { hashToken } from '../../../core/crypto.ts';
import { withTenant } from '../../../core/db/tenant.ts';
import { AppError } from '../../../core/errors.ts';
import { consumeHandoff, openSession, SIGNIN_BINDING_COOKIE, type SignInMethod } from './sessions.ts';

/**
 * Exchanging a one-time hand-off for a session on a workspace host. (A minimal version for the
 * Google/Microsoft sign-in; the lead's route replaces it at merge.)
 */
export const handoffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/session/get/:id',
    {
      config: { host: 'workspace', auth: 'none' },
      schema: {
        tags: ['auth'],
        summary: 'Exchange a one-time hand-off id for a session on this workspace host',
        params: z.object({ id: z.string().min(1).max(256) }),
        response: { 200: ZSignInResponse },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req);
      if (ctx.site.kind !== 'workspace') throw new AppError(404, 'NOT_ON_WORKSPACE_HOST', 'Sign in on your workspace.');
      const workspaceId = ctx.site.workspaceId;
      const binding = readCookie(req, SIGNIN_BINDING_COOKIE);
      const session = await withTenant(ctx.db, { workspaceId }, async (tx) => {
        const handoff = await consumeHandoff(tx, {
          workspaceId,
          id: req.params.id,
          bindingHash: binding ? hashToken(binding) : null,
        });
        if (!handoff) return null;
        return openSession(tx, ctx, {
          accountId: handoff.accountId,
          workspaceId,
          method: handoff.method as SignInMethod,
        });
      });
      if (!session) {
        throw new AppError(401, 'INVALID_HANDOFF', 'This sign-in link has expired or was already used. Sign in again.');
      }
      if (binding) {
        reply.header(
          'set-cookie',
          serializeCookie(SIGNIN_BINDING_COOKIE, '', {
            path: '/api/session',
            maxAgeSeconds: 0,
            secure: req.protocol === 'https',
            sameSite: 'Lax',
          }),
        );
      }
      return session;
    },
  );
};
