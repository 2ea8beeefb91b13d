import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 24: filled in by the catalogue work package. */
export const catalogueRoutes: FastifyPluginAsyncZod = async () => {};
