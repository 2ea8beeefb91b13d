import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ctxOf } from '../core/context.ts';
import { requestHost } from '../core/tenancy.ts';
import * as repo from './enrolments.repo.ts';

const EnrolRequest = z
  .object({
    email: z.email(),
    courseId: z.uuid(),
    dueAt: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .strict();

/**
 * Tests only (registered with `/dev/clock`, on a test clock; never in production): enrols the member
 * `email` of the host's workspace on the published version of `courseId`, due at `dueAt`, so that a
 * browser test can take a course before the assign screens exist in its build. Written straight
 * into the database (no credit is spent, nothing is mailed). `DELETE /dev/enrolments/:id` removes it
 * again, so the journeys after it find the demo people as they were.
 */
export const devEnrolmentRoutes: FastifyPluginAsync = async (app) => {
  app.post('/enrolments', { schema: { hide: true } }, async (req, reply) => {
    const parsed = EnrolRequest.safeParse(req.body);
    if (!parsed.success)
      return reply.code(400).send({ status: 400, code: 'BAD_REQUEST', message: 'Send { email, courseId, dueAt? }.' });
    const host = requestHost(req);
    const id = await ctxOf(req).platform({ action: 'dev.enrol', audit: false }, (tx) =>
      repo.enrol(tx, { host, ...parsed.data, dueAt: parsed.data.dueAt ?? null }),
    );
    if (!id) return reply.code(404).send({ status: 404, code: 'NOT_FOUND', message: 'No such member or course.' });
    return { enrolmentId: id };
  });
  app.delete('/enrolments/:id', { schema: { hide: true } }, async (req, reply) => {
    const id = z.uuid().safeParse((req.params as { id: string }).id);
    if (!id.success) return reply.code(400).send({ status: 400, code: 'BAD_REQUEST', message: 'Name an enrolment.' });
    await ctxOf(req).platform({ action: 'dev.unenrol', audit: false }, (tx) => repo.unenrol(tx, id.data));
    return { removed: true };
  });
};
