import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Stages of redressal: stages, steps, step settings, prerequisites, meeting fields, actions (helper cms-stages). */
export const stageRoutes: FastifyPluginAsyncZod = async (_app) => {};
