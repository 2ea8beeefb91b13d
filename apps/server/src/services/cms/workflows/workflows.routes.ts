import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Workflows, process details, the complaint form's components and attributes (helper cms-core). */
export const workflowRoutes: FastifyPluginAsyncZod = async (_app) => {};
