import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 24: filled in by the committee work package. */
export const committeeRoutes: FastifyPluginAsyncZod = async () => {};
