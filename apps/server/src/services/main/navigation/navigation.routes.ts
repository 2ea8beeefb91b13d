import { ZNavigationResponse } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../core/context.ts';
import { navigation } from './navigation.service.ts';

/** The signed-in user's menus. `v2` is kept for older clients and answers the same. */
export const navigationRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const version of ['v3', 'v2']) {
    app.get(
      `/navigation/${version}`,
      {
        config: { duringFirstLogin: true, public: true },
        schema: {
          tags: ['navigation'],
          operationId: version === 'v3' ? 'getNavigation' : 'getNavigationV2',
          summary: 'Menus this user may use',
          deprecated: version === 'v2',
          response: { 200: ZNavigationResponse },
        },
      },
      async (req) => navigation(ctxOf(req)),
    );
  }
};
