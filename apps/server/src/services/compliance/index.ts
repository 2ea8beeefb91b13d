import type { FastifyPluginAsync } from 'fastify';
import { calendarRoutes } from './calendar/calendar.routes.ts';
import { catalogueRoutes } from './catalogue/catalogue.routes.ts';
import { registerRoutes } from './register/register.routes.ts';

/** The compliance register's routes: the catalogue (operator), the register and the calendar (workspace). */
export const complianceRoutes: FastifyPluginAsync = async (app) => {
  await app.register(catalogueRoutes);
  await app.register(registerRoutes);
  await app.register(calendarRoutes);
};
