import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The case-management service (complaint workflows, cases, meetings, actions), mounted at
 * `/cms/api`. Its modules arrive with the complaint-handling issues; `service-info` lets a deployment check
 * which service answers at a base URL.
 */
export const cmsService: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/service-info',
    {
      // Like every route of this service, gated by the workspace's `cms` switch (on a workspace host).
      config: { host: 'any', auth: 'none', area: 'cms' },
      schema: {
        tags: ['cms'],
        operationId: 'getCmsServiceInfo',
        summary: 'Which service answers at this base URL',
        response: { 200: z.object({ service: z.literal('cms') }) },
      },
    },
    async () => ({ service: 'cms' as const }),
  );
};
