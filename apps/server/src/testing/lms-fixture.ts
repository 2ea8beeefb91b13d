import { sql } from 'drizzle-orm';
import type { Ctx } from '../core/context.ts';
import { requestHandles } from '../core/context.ts';
import type { Db } from '../core/db/database.ts';
import { queryRows } from '../core/db/database.ts';
import { withPlatform } from '../core/db/tenant.ts';
import { aPrincipal } from './factories.ts';

/**
 * A published catalogue course (workspace_id null) with one lesson-less version 1 in English, written
 * straight into the database (the authoring routes are tested elsewhere). `published: false` leaves
 * it a draft. Answers its id.
 */
export async function aCatalogueCourse(
  db: Db,
  opts: { title?: string; published?: boolean; owner?: string | null } = {},
): Promise<string> {
  const title = opts.title ?? `Course ${Math.random().toString(36).slice(2, 8)}`;
  const owner = opts.owner ?? null;
  return withPlatform(db, { action: 'test.course', audit: false }, async (tx) => {
    const [c] = await queryRows<{ id: string }>(
      tx,
      sql`insert into courses (workspace_id) values (${owner}) returning id`,
    );
    const [v] = await queryRows<{ id: string }>(
      tx,
      sql`insert into course_versions (course_id, workspace_id, number, primary_language, languages)
          values (${c!.id}, ${owner}, 1, 'en', '{en}') returning id`,
    );
    await tx.execute(
      sql`insert into course_texts (course_version_id, entity_id, language, workspace_id, entity_kind, body, complete)
          values (${v!.id}, ${v!.id}, 'en', ${owner}, 'COURSE', ${JSON.stringify({ title, description: '' })}::jsonb, true)`,
    );
    if (opts.published === false) {
      await tx.execute(sql`update courses set draft_version_id = ${v!.id} where id = ${c!.id}`);
    } else {
      await tx.execute(
        sql`update course_versions set status = 'PUBLISHED', published_at = app_now() where id = ${v!.id}`,
      );
      await tx.execute(sql`update courses set published_version_id = ${v!.id} where id = ${c!.id}`);
    }
    return c!.id;
  });
}

/** Makes a catalogue course available to a workspace with `credits` granted (platform path, as the operator would). */
export async function makeAvailable(db: Db, workspaceId: string, courseId: string, credits = 0): Promise<void> {
  await withPlatform(db, { action: 'test.availability', audit: false }, async (tx) => {
    await tx.execute(
      sql`insert into workspace_courses (workspace_id, course_id, enabled) values (${workspaceId}, ${courseId}, true)
          on conflict (workspace_id, course_id) do update set enabled = true`,
    );
    if (credits > 0)
      await tx.execute(
        sql`insert into credit_ledger (workspace_id, course_id, delta, reason, note)
            values (${workspaceId}, ${courseId}, ${credits}, 'GRANT', 'test')`,
      );
  });
}

/** The balance and the ledger's sum of a workspace's course (platform path). */
export async function creditState(
  db: Db,
  workspaceId: string,
  courseId: string,
): Promise<{ balance: number; ledgerSum: number; spends: number; enrolments: number; spentFlags: number }> {
  const [row] = await withPlatform(db, { action: 'test.credits', audit: false }, (tx) =>
    queryRows<{ balance: number; ledgerSum: number; spends: number; enrolments: number; spentFlags: number }>(
      tx,
      sql`select (select balance from workspace_courses where workspace_id = ${workspaceId} and course_id = ${courseId}) as balance,
                 (select coalesce(sum(delta), 0)::int from credit_ledger where workspace_id = ${workspaceId} and course_id = ${courseId}) as "ledgerSum",
                 (select count(*)::int from credit_ledger where workspace_id = ${workspaceId} and course_id = ${courseId} and reason = 'SPEND') as spends,
                 (select count(*)::int from enrolments where workspace_id = ${workspaceId} and course_id = ${courseId}) as enrolments,
                 (select count(*)::int from enrolments where workspace_id = ${workspaceId} and course_id = ${courseId} and credit_spent) as "spentFlags"`,
    ),
  );
  return row!;
}

/**
 * A service context for a workspace member built by hand (no HTTP request): `tenant`, `platform`
 * and `audit` are the request's own (core/context.ts `requestHandles`); the rest is not used by the
 * LMS services called with it.
 */
export function memberCtx(
  db: Db,
  workspaceId: string,
  accountId: string,
  /** The app's jobs and clock (createEnrolments enqueues the assigned notice): `t.app.deps`. */
  deps?: Pick<Ctx, 'jobs' | 'clock'>,
): Ctx {
  const principal = aPrincipal(workspaceId, accountId);
  const handles = requestHandles(db, {
    workspaceId,
    principal,
    traceId: `test-${accountId.slice(0, 8)}`,
    ip: '127.0.0.1',
  });
  return { ...deps, ...handles, principal, workspaceId } as unknown as Ctx;
}
