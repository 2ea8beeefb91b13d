import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { lessonsRoutes } from './lessons/lessons.routes.ts';

/**
 * The learning service (courses, lessons, quizzes, policies, the compliance register), mounted at
 * `/lms/api`. Its modules arrive with the learning issues; `service-info` lets a deployment check
 * which service answers at a base URL.
 */
export const lmsService: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/service-info',
    {
      // Like every route of this service, gated by the workspace's `lms` switch (on a workspace host).
      config: { host: 'any', auth: 'none', area: 'lms' },
      schema: {
        tags: ['lms'],
        operationId: 'getLmsServiceInfo',
        summary: 'Which service answers at this base URL',
        response: { 200: z.object({ service: z.literal('lms') }) },
      },
    },
    async () => ({ service: 'lms' as const }),
  );
  await app.register(lessonsRoutes);
};
