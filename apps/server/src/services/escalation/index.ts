import type { FastifyPluginAsync } from 'fastify';
import { escalationRoutes } from './escalation.routes.ts';

/**
 * The escalation settings module: who hears of overdue work (courses now; policies, the register
 * and cases later), at the main API's `/api/escalation-setting/…` as the spec names them. A shared
 * module: learning, and the modules to come, read its table in their own statements and never
 * import it.
 */
export const escalationModuleRoutes: FastifyPluginAsync = async (app) => {
  await app.register(escalationRoutes);
};
