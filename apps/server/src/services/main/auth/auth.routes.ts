import { ZOkResponse, ZSignInRequest, ZSignInResponse, ZUserDetailsResponse } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../core/context.ts';
import * as service from './auth.service.ts';

/** Password sign-in, the user session and sign-out. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/signin',
    {
      config: { auth: 'none' },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a password on this host',
        body: ZSignInRequest,
        response: { 200: ZSignInResponse },
      },
    },
    async (req) => service.signIn(ctxOf(req), req.body),
  );
  app.get(
    '/user/details',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in person and their workspaces',
        security: [{ bearer: [] }],
        response: { 200: ZUserDetailsResponse },
      },
    },
    async (req) => service.userDetails(ctxOf(req)),
  );
  app.get(
    '/user/sign-out',
    {
      schema: {
        tags: ['auth'],
        summary: 'Revoke this session',
        security: [{ bearer: [] }],
        response: { 200: ZOkResponse },
      },
    },
    async (req) => {
      await service.signOut(ctxOf(req));
      return { ok: true as const };
    },
  );
};
