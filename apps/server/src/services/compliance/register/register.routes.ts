import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Issue 24: filled in by the register work package. */
export const registerRoutes: FastifyPluginAsyncZod = async () => {};
