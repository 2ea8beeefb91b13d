import { ZUserCoursePolicyDetails, ZUserCoursePolicyDetailsRequest } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../core/context.ts';
import { memberDetails } from './member-details.service.ts';

/** A member's learning for an administrator, at the main API's path the spec names (see module.ts). */
export const memberDetailsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/user/course/policy/details',
    {
      config: { area: 'lms', host: 'workspace', policy: 'assignment' },
      schema: {
        tags: ['lms'],
        operationId: 'getUserCoursePolicyDetails',
        summary: 'A member’s courses (status, progress, score, dates); policies once that area is built',
        description:
          'Needs `courses.assign`; a business unit admin reaches the members of its own unit only (others read as missing, 404). `policiesAvailable` is false until the policies area exists (issue 28).',
        body: ZUserCoursePolicyDetailsRequest,
        response: { 200: ZUserCoursePolicyDetails },
      },
    },
    async (req) => memberDetails(ctxOf(req), req.body),
  );
};
