import type { TCourseDetails } from '@app/contract';
import { sql } from 'drizzle-orm';
import { queryRows } from '../core/db/database.ts';
import { withPlatform } from '../core/db/tenant.ts';
import type { TestApp } from './test-app.ts';

/** Test helpers for learning (issue 13). */

/** Sends a JSON request to the LMS service on `host` and returns the parsed answer (asserting nothing). */
export async function lms<T = unknown>(
  t: TestApp,
  host: string,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
): Promise<{ status: number; body: T }> {
  const res = await t.request(host, {
    method,
    url: `/lms/api${url}`,
    token,
    ...(payload ? { payload } : {}),
  });
  return { status: res.statusCode, body: res.body ? (res.json() as T) : (undefined as T) };
}

/** Creates a course through the API and returns its details; fails the test on any other answer. */
export async function aCourse(
  t: TestApp,
  host: string,
  token: string,
  opts: { title?: string; primaryLanguage?: string; languages?: string[]; catalogue?: boolean } = {},
): Promise<TCourseDetails> {
  const res = await lms<TCourseDetails>(
    t,
    host,
    token,
    'POST',
    opts.catalogue ? '/admin/course/create' : '/course/create',
    {
      title: opts.title ?? `Course ${Math.random().toString(36).slice(2, 8)}`,
      primaryLanguage: opts.primaryLanguage ?? 'en',
      languages: opts.languages ?? [],
    },
  );
  if (res.status !== 200) throw new Error(`course create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body;
}

/**
 * Adds an item with a complete title in `languages` to a DRAFT version directly in the database (the
 * lesson and quiz routes have their own tests); a QUIZ gets one question when `withQuestion`.
 */
export async function anItem(
  t: TestApp,
  versionId: string,
  opts: { kind?: 'LESSON' | 'QUIZ'; title?: string; languages?: string[]; withQuestion?: boolean } = {},
): Promise<string> {
  const kind = opts.kind ?? 'LESSON';
  return withPlatform(t.database.db, { action: 'test.lms-item', audit: false }, async (tx) => {
    const [item] = await queryRows<{ id: string; workspaceId: string | null }>(
      tx,
      sql`with n as (select gen_random_uuid() as id)
          insert into course_items (id, stable_id, course_version_id, workspace_id, kind, position, pass_mark)
          select n.id, n.id, v.id, v.workspace_id, ${kind},
                 coalesce((select max(position) + 1 from course_items where course_version_id = v.id), 0),
                 ${kind === 'QUIZ' ? 70 : null}
            from n, course_versions v where v.id = ${versionId}
          returning id, workspace_id as "workspaceId"`,
    );
    for (const language of opts.languages ?? ['en']) {
      await tx.execute(sql`insert into course_texts (course_version_id, entity_id, language, workspace_id, entity_kind, body, complete)
          values (${versionId}, ${item!.id}, ${language}, ${item!.workspaceId}, 'ITEM',
                  ${JSON.stringify({ title: `${opts.title ?? kind} ${language}` })}::jsonb, true)`);
    }
    if (kind === 'QUIZ' && opts.withQuestion) {
      const [q] = await queryRows<{ id: string }>(
        tx,
        sql`insert into quiz_questions (item_id, course_version_id, workspace_id, stable_id, type, position)
            values (${item!.id}, ${versionId}, ${item!.workspaceId}, gen_random_uuid(), 'CHECKBOX_WITH_TEXT', 0) returning id`,
      );
      const [o] = await queryRows<{ id: string }>(
        tx,
        sql`insert into quiz_options (question_id, course_version_id, workspace_id, position)
            values (${q!.id}, ${versionId}, ${item!.workspaceId}, 0) returning id`,
      );
      await tx.execute(sql`insert into quiz_answer_keys (question_id, course_version_id, workspace_id, key)
          values (${q!.id}, ${versionId}, ${item!.workspaceId}, '{"mustBeChecked": true}'::jsonb)`);
      for (const language of opts.languages ?? ['en']) {
        await tx.execute(sql`insert into course_texts (course_version_id, entity_id, language, workspace_id, entity_kind, body, complete)
            values (${versionId}, ${q!.id}, ${language}, ${item!.workspaceId}, 'QUESTION',
                    ${JSON.stringify({ prompt: 'I agree', explanation: '', options: { [o!.id]: 'I agree' } })}::jsonb, true)`);
      }
    }
    return item!.id;
  });
}

/**
 * Makes catalogue course `courseId` available to `workspaceId` with `credits` granted (as the
 * operator would: availability row, then a GRANT in the ledger, whose trigger sets the balance).
 */
export async function makeAvailable(t: TestApp, workspaceId: string, courseId: string, credits = 0): Promise<void> {
  await withPlatform(t.database.db, { action: 'test.lms-available', audit: false }, async (tx) => {
    await tx.execute(sql`insert into workspace_courses (workspace_id, course_id, enabled) values (${workspaceId}, ${courseId}, true)
        on conflict (workspace_id, course_id) do update set enabled = true`);
    if (credits > 0)
      await tx.execute(sql`insert into credit_ledger (workspace_id, course_id, delta, reason, note)
          values (${workspaceId}, ${courseId}, ${credits}, 'GRANT', 'test')`);
  });
}
