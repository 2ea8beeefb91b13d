import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caseRoutes } from './cases/index.ts';
import { stageRoutes } from './stages/stages.routes.ts';
import { versionRoutes } from './versions/versions.routes.ts';
import { workflowRoutes } from './workflows/workflows.routes.ts';

/**
 * The case-management service (complaint workflows, cases, meetings, actions), mounted at
 * `/cms/api`. Issue 25: complaint workflows (the builder, versions, templates); cases arrive with
 * issues 26–27. `service-info` lets a deployment check which service answers at a base URL.
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
  await app.register(workflowRoutes);
  await app.register(stageRoutes);
  await app.register(versionRoutes);
  await app.register(caseRoutes);
};
