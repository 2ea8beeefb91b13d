import { ZCasePeople, ZCasePeopleQuery } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../core/context.ts';
import { casePeople } from './people.service.ts';

/**
 * The committee's person picker (issue 26), at `/cms/api/case-people`: members of a live committee
 * look up the workspace's people (to name a party, to write a complaint down for someone) without
 * the users administration's permission.
 */
export const peopleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/case-people',
    {
      config: { area: 'cms', policy: 'case people', menu: 'COMPLAINTS' },
      schema: {
        tags: ['cms'],
        operationId: 'searchCasePeople',
        summary:
          'For a member of a complaints committee: the workspace’s active members whose name or email contains `q` (at most 20, by name; name, email, business unit only)',
        description: '403 `FORBIDDEN` (reason `FORBIDDEN_CASE_PEOPLE`) for a caller who sits on no committee.',
        querystring: ZCasePeopleQuery,
        response: { 200: ZCasePeople },
      },
    },
    async (req) => casePeople(ctxOf(req), req.query.q),
  );
};
