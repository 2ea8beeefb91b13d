import { ZHealthResponse } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type Database, migrationStatus } from '../core/db/database.ts';

/** `/health` says the process is alive; `/ready` that the database answers and every migration is applied. */
export const systemRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  const services = app.deps.config.services;
  app.get('/health', { schema: { hide: true, response: { 200: ZHealthResponse } } }, async () => ({
    status: 'ok' as const,
    services,
  }));
  app.get(
    '/ready',
    { schema: { hide: true, response: { 200: ZHealthResponse, 503: ZHealthResponse } } },
    async (req, reply) => {
      try {
        const migrations = await migrationStatus(database.db);
        const ready = migrations.applied >= migrations.expected;
        return reply
          .status(ready ? 200 : 503)
          .send({ status: ready ? 'ok' : 'unavailable', services, database: database.engine, migrations });
      } catch (err) {
        req.log.warn({ err }, 'readiness check failed');
        return reply.status(503).send({ status: 'unavailable' as const, services, database: database.engine });
      }
    },
  );
};
