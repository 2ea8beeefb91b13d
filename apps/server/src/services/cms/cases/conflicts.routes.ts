import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 26: routes of this part of complaint cases (filled by its work package). */
export const conflictsRoutes: FastifyPluginAsyncZod = async (_app) => {};
