import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Publish, version, history, templates (helper cms-versions). */
export const versionRoutes: FastifyPluginAsyncZod = async (_app) => {};
