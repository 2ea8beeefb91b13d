import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caseKeyRoutes } from './case-key.routes.ts';
import { committeeRoutes } from './committee.routes.ts';
import { conflictsRoutes } from './conflicts.routes.ts';
import { filesRoutes } from './files.routes.ts';
import { filingRoutes } from './filing.routes.ts';
import { followRoutes } from './follow.routes.ts';
import { meetingsRoutes } from './meetings.routes.ts';
import { mineRoutes } from './mine.routes.ts';
import { peopleRoutes } from './people.routes.ts';

/** Complaint cases (issue 26): every route of the case module, under `/cms/api`. */
export const caseRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(caseKeyRoutes);
  await app.register(filingRoutes);
  await app.register(followRoutes);
  await app.register(committeeRoutes);
  await app.register(meetingsRoutes);
  await app.register(conflictsRoutes);
  await app.register(filesRoutes);
  await app.register(mineRoutes);
  await app.register(peopleRoutes);
};
