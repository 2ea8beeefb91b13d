import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { queryRows } from '../core/db/database.ts';
import { withPlatform } from '../core/db/tenant.ts';
import { requestHost } from '../core/tenancy.ts';

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
    const { email, courseId, dueAt } = parsed.data;
    const host = requestHost(req);
    const rows = await withPlatform(app.deps.db, { action: 'dev.enrol', audit: false }, (tx) =>
      queryRows<{ id: string }>(
        tx,
        sql`insert into enrolments (workspace_id, course_id, course_version_id, account_id, due_at)
            select w.id, c.id, c.published_version_id, a.id, ${dueAt ?? null}::timestamptz
              from workspaces w
              join memberships m on m.workspace_id = w.id and m.active
              join accounts a on a.id = m.account_id and lower(a.email) = lower(${email})
              join courses c on c.id = ${courseId} and c.published_version_id is not null
             where w.host = ${host}
            on conflict do nothing
            returning id`,
      ),
    );
    if (!rows[0]) return reply.code(404).send({ status: 404, code: 'NOT_FOUND', message: 'No such member or course.' });
    return { enrolmentId: rows[0].id };
  });
  app.delete('/enrolments/:id', { schema: { hide: true } }, async (req, reply) => {
    const id = z.uuid().safeParse((req.params as { id: string }).id);
    if (!id.success) return reply.code(400).send({ status: 400, code: 'BAD_REQUEST', message: 'Name an enrolment.' });
    await withPlatform(app.deps.db, { action: 'dev.unenrol', audit: false }, (tx) =>
      tx.execute(
        sql`update enrolments set status = 'REMOVED', removed_at = app_now() where id = ${id.data} and status <> 'REMOVED'`,
      ),
    );
    return { removed: true };
  });
};
