import { sql } from 'drizzle-orm';
import type { Db } from '../core/db/database.ts';
import { queryRows } from '../core/db/database.ts';
import { withPlatform } from '../core/db/tenant.ts';

/**
 * Test data of the learner's side, written straight into the database (platform path): a published
 * course of the workspace with, in order, a lesson (text + a 100-second video), a quiz of one
 * multiple-choice question (pass mark 70) and a last text-only lesson; and enrolments on it.
 */
export type LearningCourse = {
  courseId: string;
  versionId: string;
  lessonId: string;
  videoBlockId: string;
  quizId: string;
  questionId: string;
  right: string;
  wrong: string;
  lastLessonId: string;
};

export async function aLearningCourse(
  db: Db,
  /** null: a course of the operator's catalogue. */
  workspaceId: string | null,
  opts: {
    title?: string;
    attemptLimit?: number | null;
    languages?: string[];
    /** The last lesson's minimum reading time in seconds (none: the default from its words). */
    lastLessonMinReading?: number;
    /** Fields of the video block's English text over the defaults (`durationSeconds: undefined`: an older upload). */
    video?: Record<string, unknown>;
  } = {},
): Promise<LearningCourse> {
  const title = opts.title ?? 'Preventing harassment at work';
  const languages = opts.languages ?? ['en', 'hi'];
  return withPlatform(db, { action: 'test.learning-course', audit: false }, async (tx) => {
    const one = async <T>(q: ReturnType<typeof sql>) => (await queryRows<T>(tx, q))[0]!;
    const text = (version: string, entity: string, kind: string, body: object, language = 'en') =>
      tx.execute(sql`insert into course_texts (course_version_id, entity_id, language, workspace_id, entity_kind, body, complete)
          values (${version}, ${entity}, ${language}, ${workspaceId}, ${kind}, ${JSON.stringify(body)}::jsonb, true)`);
    const c = await one<{ id: string }>(sql`insert into courses (workspace_id) values (${workspaceId}) returning id`);
    const v = await one<{ id: string }>(
      sql`insert into course_versions (course_id, workspace_id, number, primary_language, languages)
          values (${c.id}, ${workspaceId}, 1, 'en', ${`{${languages.join(',')}}`}::text[]) returning id`,
    );
    await text(v.id, v.id, 'COURSE', { title, description: 'Know your rights' });
    if (languages.includes('hi'))
      await text(v.id, v.id, 'COURSE', { title: 'कार्यस्थल पर उत्पीड़न की रोकथाम', description: '' }, 'hi');
    const item = async (kind: string, position: number, itemTitle: string) => {
      const i = await one<{ id: string }>(
        sql`with n as (select gen_random_uuid() as id)
            insert into course_items (id, stable_id, course_version_id, workspace_id, kind, position, pass_mark, attempt_limit)
            select n.id, n.id, ${v.id}, ${workspaceId}, ${kind}, ${position}, ${kind === 'QUIZ' ? 70 : null},
                   ${kind === 'QUIZ' ? (opts.attemptLimit === undefined ? 2 : opts.attemptLimit) : null}
              from n returning id`,
      );
      await text(v.id, i.id, 'ITEM', { title: itemTitle });
      return i.id;
    };
    const block = async (itemId: string, type: string, position: number, body: object) => {
      const b = await one<{ id: string }>(
        sql`with n as (select gen_random_uuid() as id)
            insert into lesson_blocks (id, item_id, course_version_id, workspace_id, stable_id, type, position)
            select n.id, ${itemId}, ${v.id}, ${workspaceId}, n.id, ${type}, ${position} from n returning id`,
      );
      await text(v.id, b.id, 'BLOCK', body);
      return b.id;
    };
    const lessonId = await item('LESSON', 0, 'What harassment is');
    await block(lessonId, 'TEXT', 0, { html: '<p>Harassment is unwelcome conduct.</p>' });
    const videoBlockId = await block(lessonId, 'VIDEO', 1, {
      title: 'A short film',
      fileKey: `lms/test/${lessonId}.mp4`,
      fileName: 'film.mp4',
      hasFile: true,
      durationSeconds: 100,
      ...opts.video,
    });
    const quizId = await item('QUIZ', 1, 'Check what you know');
    const q = await one<{ id: string }>(
      sql`insert into quiz_questions (item_id, course_version_id, workspace_id, stable_id, type, position)
          values (${quizId}, ${v.id}, ${workspaceId}, gen_random_uuid(), 'MULTIPLE_CHOICE', 0) returning id`,
    );
    const opt = (position: number) =>
      one<{ id: string }>(
        sql`insert into quiz_options (question_id, course_version_id, workspace_id, position)
            values (${q.id}, ${v.id}, ${workspaceId}, ${position}) returning id`,
      );
    const right = (await opt(0)).id;
    const wrong = (await opt(1)).id;
    await tx.execute(sql`insert into quiz_answer_keys (question_id, course_version_id, workspace_id, key)
        values (${q.id}, ${v.id}, ${workspaceId}, ${JSON.stringify({ correct: [right] })}::jsonb)`);
    await text(v.id, q.id, 'QUESTION', {
      prompt: 'Who can file a complaint?',
      explanation: 'Any employee can.',
      options: { [right]: 'Any employee', [wrong]: 'Only managers' },
    });
    const lastLessonId = await item('LESSON', 2, 'Where to get help');
    if (opts.lastLessonMinReading !== undefined)
      await tx.execute(
        sql`update course_items set min_reading_seconds = ${opts.lastLessonMinReading} where id = ${lastLessonId}`,
      );
    await block(lastLessonId, 'TEXT', 0, { html: '<p>Ask the internal committee.</p>' });
    await tx.execute(sql`update course_versions set status = 'PUBLISHED', published_at = app_now() where id = ${v.id}`);
    await tx.execute(sql`update courses set published_version_id = ${v.id} where id = ${c.id}`);
    return {
      courseId: c.id,
      versionId: v.id,
      lessonId,
      videoBlockId,
      quizId,
      questionId: q.id,
      right,
      wrong,
      lastLessonId,
    };
  });
}

/** Enrols `accountId` on the course's published version (ACTIVE, cycle 1), due at `dueAt`. Answers the enrolment id. */
export async function anEnrolment(
  db: Db,
  v: { workspaceId: string; courseId: string; versionId: string; accountId: string; dueAt?: Date | null },
): Promise<string> {
  return withPlatform(db, { action: 'test.enrolment', audit: false }, async (tx) => {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into enrolments (workspace_id, course_id, course_version_id, account_id, due_at)
          values (${v.workspaceId}, ${v.courseId}, ${v.versionId}, ${v.accountId}, ${v.dueAt?.toISOString() ?? null})
          returning id`,
    );
    return row!.id;
  });
}

/**
 * A published course of the workspace with one SCORM item (a READY package; no files needed here),
 * of `standard` (SCORM_12 by default), whose manifest gives `masteryScore` (0–100) when set.
 */
export async function aScormCourse(
  db: Db,
  /** null: a course of the operator's catalogue. */
  workspaceId: string | null,
  opts: { standard?: 'SCORM_12' | 'SCORM_2004'; masteryScore?: number } = {},
): Promise<{ courseId: string; versionId: string; itemId: string }> {
  const manifest = {
    identifier: 'test',
    title: 'Interactive lesson',
    organisation: 'org',
    launchHref: 'index.html',
    scos: [
      {
        identifier: 'sco',
        title: 'Interactive lesson',
        href: 'index.html',
        ...(opts.masteryScore === undefined ? {} : { masteryScore: opts.masteryScore }),
      },
    ],
  };
  return withPlatform(db, { action: 'test.scorm-course', audit: false }, async (tx) => {
    const one = async <T>(q: ReturnType<typeof sql>) => (await queryRows<T>(tx, q))[0]!;
    const c = await one<{ id: string }>(sql`insert into courses (workspace_id) values (${workspaceId}) returning id`);
    const v = await one<{ id: string }>(
      sql`insert into course_versions (course_id, workspace_id, number, primary_language, languages)
          values (${c.id}, ${workspaceId}, 1, 'en', '{en}') returning id`,
    );
    await tx.execute(sql`insert into course_texts (course_version_id, entity_id, language, workspace_id, entity_kind, body, complete)
        values (${v.id}, ${v.id}, 'en', ${workspaceId}, 'COURSE', '{"title":"SCORM course","description":""}'::jsonb, true)`);
    const p = await one<{ id: string }>(
      sql`insert into scorm_packages (workspace_id, course_version_id, standard, status, source_key, source_name, manifest)
          values (${workspaceId}, ${v.id}, ${opts.standard ?? 'SCORM_12'}, 'READY', 'lms/test/package.zip', 'package.zip',
                  ${JSON.stringify(manifest)}::jsonb) returning id`,
    );
    const i = await one<{ id: string }>(
      sql`with n as (select gen_random_uuid() as id)
          insert into course_items (id, stable_id, course_version_id, workspace_id, kind, position, scorm_package_id)
          select n.id, n.id, ${v.id}, ${workspaceId}, 'SCORM', 0, ${p.id} from n returning id`,
    );
    await tx.execute(sql`insert into course_texts (course_version_id, entity_id, language, workspace_id, entity_kind, body, complete)
        values (${v.id}, ${i.id}, 'en', ${workspaceId}, 'ITEM', '{"title":"Interactive lesson"}'::jsonb, true)`);
    await tx.execute(sql`update course_versions set status = 'PUBLISHED', published_at = app_now() where id = ${v.id}`);
    await tx.execute(sql`update courses set published_version_id = ${v.id} where id = ${c.id}`);
    return { courseId: c.id, versionId: v.id, itemId: i.id };
  });
}
