import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assignmentRoutes } from './assignments/assignments.routes.ts';
import { automationRoutes } from './automation/automation.routes.ts';
import { certificateRoutes } from './certificates/certificates.routes.ts';
import { courseRoutes } from './courses/courses.routes.ts';
import { creditRoutes } from './credits/credits.routes.ts';
import { jurisdictionRoutes } from './jurisdictions/jurisdictions.routes.ts';
import { learningRoutes } from './learning/learning.routes.ts';
import { lessonsRoutes } from './lessons/lessons.routes.ts';
import { quizRoutes } from './quizzes/quizzes.routes.ts';
import { reminderRoutes } from './reminders/reminders.routes.ts';
import { scormRoutes } from './scorm/scorm.routes.ts';
import { workshopRoutes } from './workshops/workshops.routes.ts';

/**
 * The learning service (courses, lessons, quizzes, SCORM, credits, jurisdictions; later policies and
 * the compliance register), mounted at `/lms/api`. Every route is gated by the workspace's `lms`
 * switch (route config `area: 'lms'`). The design is docs/learning-design.md.
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
  // One line per module (each helper adds its own below).
  await app.register(courseRoutes);
  await app.register(scormRoutes);
  await app.register(quizRoutes);
  await app.register(jurisdictionRoutes);
  await app.register(creditRoutes);
  await app.register(lessonsRoutes);
  await app.register(certificateRoutes);
  await app.register(reminderRoutes);
  await app.register(learningRoutes);
  await app.register(assignmentRoutes);
  await app.register(automationRoutes);
  await app.register(workshopRoutes);
};
