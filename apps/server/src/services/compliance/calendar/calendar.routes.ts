import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 24: filled in by the calendar work package. */
export const calendarRoutes: FastifyPluginAsyncZod = async () => {};
