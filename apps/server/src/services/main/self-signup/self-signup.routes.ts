import { ZSelfSignUpRequest, ZSelfSignUpResponse } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../core/context.ts';
import { requestSignUp } from './self-signup.service.ts';

/** Self sign-up through the whitelist (issue 23): public, on workspace hosts. */
export const selfSignUpRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/signup',
    {
      config: { auth: 'none', host: 'workspace' },
      schema: {
        tags: ['auth'],
        operationId: 'selfSignUp',
        summary: 'Ask to join this workspace: an invitation is mailed if its whitelist lets the address in',
        description:
          'Always answers 202 `{ sent: true }`, whether or not anything is mailed. Only when the workspace’s bulk sign-up is on, the address or its @domain is on its whitelist, and the user limit leaves a place is an invitation mailed (an address that is already a member is mailed a note to sign in instead). Limited per address, per IP and per workspace like the sign-in codes (429 with Retry-After).',
        body: ZSelfSignUpRequest,
        response: { 202: ZSelfSignUpResponse },
      },
    },
    async (req, reply) => {
      reply.code(202);
      return requestSignUp(ctxOf(req), req.body, req.headers['accept-language']);
    },
  );
};
