import { ZMyCases } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../core/context.ts';
import { myCases } from './my-cases.service.ts';

/** The caller's own cases (issue 26), at `/cms/api/my-cases`: the "My complaints" page. */
export const mineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/my-cases',
    {
      config: { area: 'cms', policy: 'case', menu: 'MY_COMPLAINTS' },
      schema: {
        tags: ['cms'],
        operationId: 'listMyCases',
        summary:
          'The caller’s own complaints (drafts included, newest first) and the cases they take part in: metadata only (reference, status, stage, next step and its date)',
        response: { 200: ZMyCases },
      },
    },
    async (req) => myCases(ctxOf(req)),
  );
};
