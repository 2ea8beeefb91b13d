import type { TAnswerKey, TQuizAnswer } from '@app/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../core/db/database.ts';
import { queryRows } from '../../../core/db/database.ts';

/**
 * SQL of the learner's side (issue 14; docs/learning-design.md §7). Every statement is limited to
 * the caller's own ACTIVE enrolment (account_id = the caller) and its current cycle; row-level
 * security limits it to the workspace besides.
 */

export type MyEnrolment = {
  id: string;
  workspaceId: string;
  courseId: string;
  versionId: string;
  accountId: string;
  cycle: number;
  assignedAt: Date | string;
  dueAt: Date | string | null;
  startedAt: Date | string | null;
  completedAt: Date | string | null;
  expiresAt: Date | string | null;
  validUntil: Date | string | null;
  progressPercent: number;
  score: number | null;
  primaryLanguage: string;
  languages: string[];
  timeZone: string;
  accountLanguage: string | null;
  /** The workspace's country: the account's language counts only where it offers it. */
  workspaceCountry: string;
  learnerName: string;
  certificate: boolean;
};

const enrolmentCols = sql`e.id, e.workspace_id as "workspaceId", e.course_id as "courseId",
  e.course_version_id as "versionId", e.account_id as "accountId", e.cycle, e.assigned_at as "assignedAt",
  e.due_at as "dueAt", e.started_at as "startedAt", e.completed_at as "completedAt", e.expires_at as "expiresAt",
  e.valid_until as "validUntil", e.progress_percent as "progressPercent", e.score`;

/** The time zone of the learner's dates: the account's, else the workspace's. */
const zoneOf = (
  account: SQL,
  workspace: SQL,
) => sql`coalesce((select a.time_zone from accounts a where a.id = ${account}),
  (select w.time_zone from workspaces w where w.id = ${workspace}), 'UTC')`;

/**
 * Enrolment `id` with what the learner's pages need, and its status (undefined: none). Whose it is
 * and whether it is active are `learnerPolicy`'s to decide. `lock` takes it for update.
 */
export async function findMine(
  tx: Tx,
  id: string,
  lock = false,
): Promise<(MyEnrolment & { status: string }) | undefined> {
  const [row] = await queryRows<MyEnrolment & { status: string }>(
    tx,
    sql`select ${enrolmentCols}, e.status, v.primary_language as "primaryLanguage", v.languages,
               ${zoneOf(sql`e.account_id`, sql`e.workspace_id`)} as "timeZone",
               (select a.language from accounts a where a.id = e.account_id) as "accountLanguage",
               (select w.country from workspaces w where w.id = e.workspace_id) as "workspaceCountry",
               coalesce((select nullif(btrim(m.legal_name), '') from memberships m
                          where m.workspace_id = e.workspace_id and m.account_id = e.account_id),
                        (select nullif(trim(a.first_name || ' ' || coalesce(a.last_name, '')), '') from accounts a where a.id = e.account_id),
                        '') as "learnerName",
               exists (select 1 from certificates c where c.enrolment_id = e.id and c.cycle = e.cycle) as certificate
          from enrolments e join course_versions v on v.id = e.course_version_id
         where e.id = ${id}
         ${lock ? sql`for update of e` : sql``}`,
  );
  return row;
}

/** The learner's time zone (the account's, else the workspace's) and language. */
export async function prefsOf(
  tx: Tx,
  accountId: string,
  workspaceId: string,
): Promise<{ zone: string; language: string | null; country: string }> {
  const [row] = await queryRows<{ zone: string; language: string | null; country: string }>(
    tx,
    sql`select ${zoneOf(sql`${accountId}::uuid`, sql`${workspaceId}::uuid`)} as zone,
               (select a.language from accounts a where a.id = ${accountId}) as language,
               (select w.country from workspaces w where w.id = ${workspaceId}) as country`,
  );
  return row ?? { zone: 'UTC', language: null, country: 'IN' };
}

/**
 * The learner status of enrolment `e` at `app_now()` (mirrors the contract's `learnerStatus`);
 * `soonUntil` ends the due-soon window (enrolments/due.ts `dueSoonUntil`).
 */
const statusOf = (soonUntil: Date) => sql`case
  when e.completed_at is not null or e.valid_until > app_now() then 'COMPLETED'
  when e.due_at is not null and e.due_at < app_now() then 'OVERDUE'
  when e.due_at is not null and e.due_at <= ${soonUntil.toISOString()}::timestamptz then 'DUE_SOON'
  when e.started_at is not null then 'IN_PROGRESS'
  else 'NOT_STARTED' end`;

const mine = (accountId: string) => sql`e.account_id = ${accountId} and e.status = 'ACTIVE'`;

export async function countByStatus(
  tx: Tx,
  accountId: string,
  soonUntil: Date,
): Promise<Array<{ status: string; n: number }>> {
  return queryRows(
    tx,
    sql`select s.status, count(*)::int as n from (select ${statusOf(soonUntil)} as status from enrolments e where ${mine(accountId)}) s
        group by s.status`,
  );
}

export type MyCourseRow = {
  enrolmentId: string;
  courseId: string;
  title: string;
  language: string;
  complete: boolean;
  status: string;
  assignedAt: Date | string;
  dueAt: Date | string | null;
  startedAt: Date | string | null;
  completedAt: Date | string | null;
  expiresAt: Date | string | null;
  progressPercent: number;
  score: number | null;
  certificate: boolean;
  total: number;
};

/**
 * One page of the caller's enrolments, open work first (by due date, none last), then completed
 * (latest first). The title in `language` when complete there, else the version's primary language.
 */
export async function listMine(
  tx: Tx,
  q: { accountId: string; status?: string; language: string; soonUntil: Date; pageNo: number; pageSize: number },
): Promise<MyCourseRow[]> {
  return queryRows(
    tx,
    sql`select * from (
          select e.id as "enrolmentId", e.course_id as "courseId", ${statusOf(q.soonUntil)} as status,
                 e.assigned_at as "assignedAt", e.due_at as "dueAt", e.started_at as "startedAt",
                 e.completed_at as "completedAt", e.expires_at as "expiresAt", e.progress_percent as "progressPercent",
                 e.score, exists (select 1 from certificates c where c.enrolment_id = e.id and c.cycle = e.cycle) as certificate,
                 coalesce(t.body ->> 'title', '') as title, coalesce(t.language, v.primary_language) as language,
                 coalesce(t.complete, false) as complete
            from enrolments e
            join course_versions v on v.id = e.course_version_id
            left join lateral (
              select ct.body, ct.language, ct.complete from course_texts ct
               where ct.course_version_id = v.id and ct.entity_id = v.id and ct.language in (${q.language}, v.primary_language)
               order by (ct.language = ${q.language} and ct.complete) desc, (ct.language = v.primary_language) desc limit 1
            ) t on true
           where ${mine(q.accountId)}) s
        where ${q.status ? sql`s.status = ${q.status}` : sql`true`}
        order by (s."completedAt" is not null), s."dueAt" asc nulls last, s."completedAt" desc nulls last, s."assignedAt" desc, s."enrolmentId"
        limit ${q.pageSize} offset ${q.pageNo * q.pageSize}`,
  ).then(async (rows) => {
    if (rows.length === 0) return rows as MyCourseRow[];
    const [c] = await queryRows<{ n: number }>(
      tx,
      sql`select count(*)::int as n from (select ${statusOf(q.soonUntil)} as status from enrolments e where ${mine(q.accountId)}) s
          where ${q.status ? sql`s.status = ${q.status}` : sql`true`}`,
    );
    return (rows as MyCourseRow[]).map((r) => ({ ...r, total: c?.n ?? 0 }));
  });
}

export type OutlineRow = {
  id: string;
  kind: 'LESSON' | 'QUIZ' | 'SCORM';
  position: number;
  passMark: number | null;
  attemptLimit: number | null;
  shuffleQuestions: boolean;
  scormPackageId: string | null;
  minReadingSeconds: number | null;
  status: 'IN_PROGRESS' | 'COMPLETED' | null;
  attemptsUsed: number;
  extraAttempts: number;
  bestScore: number | null;
  passed: boolean | null;
};

/** The version's items in order with the enrolment's progress on each (current cycle). One statement. */
export async function outline(tx: Tx, e: { id: string; versionId: string; cycle: number }): Promise<OutlineRow[]> {
  return queryRows(
    tx,
    sql`select i.id, i.kind, i.position, i.pass_mark as "passMark", i.attempt_limit as "attemptLimit",
               i.shuffle_questions as "shuffleQuestions", i.scorm_package_id as "scormPackageId",
               i.min_reading_seconds as "minReadingSeconds", p.status, coalesce(p.attempts_used, 0)::int as "attemptsUsed", coalesce(p.extra_attempts, 0)::int as "extraAttempts",
               p.best_score as "bestScore", p.passed
          from course_items i
          left join enrolment_item_progress p on p.enrolment_id = ${e.id} and p.cycle = ${e.cycle} and p.item_id = i.id
         where i.course_version_id = ${e.versionId} order by i.position`,
  );
}

/** Whether every item before `itemId` in the enrolment's version is completed (the item is open). */
const openCondition = (enrolmentId: SQL, cycle: SQL, item: SQL) => sql`not exists (
  select 1 from course_items b where b.course_version_id = ${item}.course_version_id and b.position < ${item}.position
     and not exists (select 1 from enrolment_item_progress bp where bp.enrolment_id = ${enrolmentId} and bp.cycle = ${cycle}
                       and bp.item_id = b.id and bp.status = 'COMPLETED'))`;

export type VideoRow = {
  blockId: string;
  durationSeconds: number;
  positionSeconds: number;
  watchedSeconds: number;
  completed: boolean;
};

export async function videosOf(tx: Tx, e: { id: string; cycle: number }, blockIds: string[]): Promise<VideoRow[]> {
  if (blockIds.length === 0) return [];
  return queryRows(
    tx,
    sql`select block_id as "blockId", duration_seconds as "durationSeconds", position_seconds as "positionSeconds",
               watched_seconds as "watchedSeconds", completed_at is not null as completed
          from video_progress where enrolment_id = ${e.id} and cycle = ${e.cycle}
           and block_id = any(${`{${blockIds.join(',')}}`}::uuid[])`,
  );
}

/**
 * The file of a video block that the learner plays (as the lesson shows it): the text in `language`
 * when it is complete, else the version's primary language's. `durationSeconds`: the length the server read from
 * the file at upload (null for a video uploaded before lengths were read).
 */
export async function videoFileOf(
  tx: Tx,
  e: { id: string; versionId: string },
  blockId: string,
  language: string,
  primaryLanguage: string,
): Promise<{ fileKey: string; durationSeconds: number | null } | undefined> {
  const [row] = await queryRows<{ fileKey: string; durationSeconds: number | null }>(
    tx,
    sql`select t.body->>'fileKey' as "fileKey",
               case when jsonb_typeof(t.body->'durationSeconds') = 'number' then (t.body->>'durationSeconds')::int end as "durationSeconds"
          from lesson_blocks b
          join course_items i on i.id = b.item_id and i.course_version_id = ${e.versionId}
          join course_texts t on t.course_version_id = ${e.versionId} and t.entity_id = b.id and t.body ? 'fileKey'
         where b.id = ${blockId} and b.type = 'VIDEO'
         order by (t.language = ${language} and t.complete) desc, t.language = ${primaryLanguage} desc, t.language
         limit 1`,
  );
  return row;
}

/**
 * One heartbeat, in ONE statement: the caller's ACTIVE enrolment, a VIDEO block of an open lesson of
 * its version; the played segment [from, to) is set in the bit string only up to what the time since
 * the previous heartbeat allows (2× playback, 10% slack), so a skip ahead counts nothing; the
 * position is kept for resuming; `completed_at` is stamped at `share`. The enrolment's `started_at`
 * is set on the first one. No row: no such enrolment or block (404).
 *
 * `duration` is the server's (read from the file), never the player's. The progress row is read
 * `for update`: parallel heartbeats of one learner on one video queue on it, and each computes its
 * allowance from the row as the previous one left it (PostgreSQL hands a locked row's newest version
 * to the waiting statement), so twenty beats at once get one allowance between them, not twenty.
 * A row kept with another length (one the player declared before lengths were the server's) starts
 * its count again at the server's length; a completion already recorded stays.
 */
export async function heartbeat(
  tx: Tx,
  v: {
    enrolmentId: string;
    accountId: string;
    blockId: string;
    duration: number;
    position: number;
    from: number;
    to: number;
    share: number;
  },
): Promise<VideoRow | undefined> {
  const [row] = await queryRows<VideoRow>(
    tx,
    sql`with e as (
          select e.id, e.workspace_id, e.cycle from enrolments e
           where e.id = ${v.enrolmentId} and e.account_id = ${v.accountId} and e.status = 'ACTIVE'
             and exists (select 1 from lesson_blocks b join course_items i on i.id = b.item_id
                          where b.id = ${v.blockId} and b.type = 'VIDEO' and i.course_version_id = e.course_version_id
                            and ${openCondition(sql`e.id`, sql`e.cycle`, sql`i`)})
        ), prev as (
          select p.last_beat_at, p.duration_seconds from video_progress p
           where p.enrolment_id = (select id from e) and p.cycle = (select cycle from e) and p.block_id = ${v.blockId}
             for update
        ), seg as (
          -- The segment, clipped to the server's duration and to what the clock allows since the last heartbeat.
          select ${v.duration}::int as dur, least(greatest(${v.from}::int, 0), ${v.duration}::int) as a,
                 least(greatest(${v.to}::int, 0), ${v.duration}::int,
                       greatest(${v.from}::int, 0) + coalesce((select floor(extract(epoch from (app_now() - prev.last_beat_at)) * 2.2)::int
                                                                 from prev where prev.duration_seconds = ${v.duration}::int), 0)) as b
        ), mask as (
          select (repeat('0', seg.a) || repeat('1', greatest(seg.b - seg.a, 0)) || repeat('0', seg.dur - greatest(seg.b, seg.a)))::varbit as m,
                 seg.dur from seg
        ), up as (
          insert into video_progress as vp (workspace_id, enrolment_id, cycle, block_id, duration_seconds, position_seconds,
                                            watched, watched_seconds, completed_at, last_beat_at, updated_at)
          select e.workspace_id, e.id, e.cycle, ${v.blockId}, mask.dur, least(${v.position}::int, mask.dur), mask.m,
                 bit_count(mask.m)::int, case when bit_count(mask.m) >= ceil(mask.dur * ${v.share}::float8) then app_now() end,
                 app_now(), app_now()
            from e, mask
          on conflict (enrolment_id, cycle, block_id) do update set
            duration_seconds = excluded.duration_seconds,
            position_seconds = least(${v.position}::int, excluded.duration_seconds),
            watched = case when vp.duration_seconds = excluded.duration_seconds then vp.watched | excluded.watched else excluded.watched end,
            watched_seconds = bit_count(case when vp.duration_seconds = excluded.duration_seconds
                                             then vp.watched | excluded.watched else excluded.watched end)::int,
            completed_at = coalesce(vp.completed_at,
              case when bit_count(case when vp.duration_seconds = excluded.duration_seconds
                                       then vp.watched | excluded.watched else excluded.watched end)
                        >= ceil(excluded.duration_seconds * ${v.share}::float8) then app_now() end),
            last_beat_at = app_now(), updated_at = app_now()
          returning vp.block_id, vp.duration_seconds, vp.position_seconds, vp.watched_seconds, vp.completed_at
        ), started as (
          update enrolments set started_at = app_now() where id = (select id from e) and started_at is null
        )
        select block_id as "blockId", duration_seconds as "durationSeconds", position_seconds as "positionSeconds",
               watched_seconds as "watchedSeconds", completed_at is not null as completed from up`,
  );
  return row;
}

/** The item (of the enrolment's version) and whether it is open. */
export async function findItemOf(
  tx: Tx,
  e: { id: string; versionId: string; cycle: number },
  itemId: string,
): Promise<(OutlineRow & { open: boolean }) | undefined> {
  const [row] = await queryRows<OutlineRow & { open: boolean }>(
    tx,
    sql`select i.id, i.kind, i.position, i.pass_mark as "passMark", i.attempt_limit as "attemptLimit",
               i.shuffle_questions as "shuffleQuestions", i.scorm_package_id as "scormPackageId",
               i.min_reading_seconds as "minReadingSeconds", p.status, coalesce(p.attempts_used, 0)::int as "attemptsUsed", coalesce(p.extra_attempts, 0)::int as "extraAttempts",
               p.best_score as "bestScore", p.passed,
               ${openCondition(sql`${e.id}::uuid`, sql`${e.cycle}::smallint`, sql`i`)} as open
          from course_items i
          left join enrolment_item_progress p on p.enrolment_id = ${e.id} and p.cycle = ${e.cycle} and p.item_id = i.id
         where i.id = ${itemId} and i.course_version_id = ${e.versionId}`,
  );
  return row;
}

/** How many of the lesson's videos (blocks with a file in some language) are not yet watched. */
export async function unwatchedVideos(tx: Tx, e: { id: string; cycle: number }, itemId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from lesson_blocks b
         where b.item_id = ${itemId} and b.type = 'VIDEO'
           and exists (select 1 from course_texts t where t.entity_id = b.id and t.body ? 'fileKey')
           and not exists (select 1 from video_progress p where p.enrolment_id = ${e.id} and p.cycle = ${e.cycle}
                             and p.block_id = b.id and p.completed_at is not null)`,
  );
  return row?.n ?? 0;
}

/** The item's progress row, created when missing, then locked (attempts queue here). */
export async function lockProgress(
  tx: Tx,
  e: { id: string; workspaceId: string; cycle: number },
  itemId: string,
): Promise<{
  status: string;
  attemptsUsed: number;
  extraAttempts: number;
  bestScore: number | null;
  passed: boolean | null;
}> {
  await tx.execute(
    sql`insert into enrolment_item_progress (workspace_id, enrolment_id, cycle, item_id)
        values (${e.workspaceId}, ${e.id}, ${e.cycle}, ${itemId}) on conflict do nothing`,
  );
  const [row] = await queryRows<{
    status: string;
    attemptsUsed: number;
    extraAttempts: number;
    bestScore: number | null;
    passed: boolean | null;
  }>(
    tx,
    sql`select status, attempts_used as "attemptsUsed", extra_attempts as "extraAttempts", best_score as "bestScore", passed
          from enrolment_item_progress where enrolment_id = ${e.id} and cycle = ${e.cycle} and item_id = ${itemId} for update`,
  );
  return row!;
}

/**
 * A lesson opened by its learner: its progress row is created (IN_PROGRESS, `started_at` now) the
 * first time, which starts the reading clock. Answers the whole seconds since that first opening.
 */
export async function openLesson(
  tx: Tx,
  e: { id: string; workspaceId: string; cycle: number },
  itemId: string,
): Promise<number> {
  await tx.execute(
    sql`insert into enrolment_item_progress (workspace_id, enrolment_id, cycle, item_id)
        values (${e.workspaceId}, ${e.id}, ${e.cycle}, ${itemId}) on conflict do nothing`,
  );
  return (await readingSecondsOf(tx, e, itemId)) ?? 0;
}

/** The whole seconds since the learner first opened the item (null: never opened). */
export async function readingSecondsOf(
  tx: Tx,
  e: { id: string; cycle: number },
  itemId: string,
): Promise<number | null> {
  const [row] = await queryRows<{ seconds: number }>(
    tx,
    sql`select greatest(0, floor(extract(epoch from (app_now() - started_at))))::int as seconds
          from enrolment_item_progress where enrolment_id = ${e.id} and cycle = ${e.cycle} and item_id = ${itemId}`,
  );
  return row ? row.seconds : null;
}

/** Marks the item completed (once; a later call keeps the first completion). */
export async function completeItem(
  tx: Tx,
  e: { id: string; workspaceId: string; cycle: number },
  itemId: string,
  extra: {
    bestScore?: number | null;
    passed?: boolean | null;
    scormState?: unknown;
    /** A lesson: seconds from opening to completion, and the minimum then in force. */
    reading?: { seconds: number; minimum: number };
  } = {},
): Promise<void> {
  // A SCORM result (it comes with the package's state) is self-reported by the package.
  const selfReported = extra.scormState !== undefined;
  await tx.execute(
    sql`insert into enrolment_item_progress as p (workspace_id, enrolment_id, cycle, item_id, status, completed_at, best_score, passed,
                                                 scorm_state, reading_seconds, min_reading_seconds, self_reported)
        values (${e.workspaceId}, ${e.id}, ${e.cycle}, ${itemId}, 'COMPLETED', app_now(), ${extra.bestScore ?? null},
                ${extra.passed ?? null}, ${extra.scormState === undefined ? null : JSON.stringify(extra.scormState)}::jsonb,
                ${extra.reading?.seconds ?? null}, ${extra.reading?.minimum ?? null}, ${selfReported})
        on conflict (enrolment_id, cycle, item_id) do update set
          reading_seconds = case when p.completed_at is null then excluded.reading_seconds else p.reading_seconds end,
          min_reading_seconds = case when p.completed_at is null then excluded.min_reading_seconds else p.min_reading_seconds end,
          status = 'COMPLETED', completed_at = coalesce(p.completed_at, app_now()),
          best_score = coalesce(greatest(p.best_score, excluded.best_score), p.best_score, excluded.best_score),
          passed = coalesce(p.passed, false) or coalesce(excluded.passed, false),
          scorm_state = coalesce(excluded.scorm_state, p.scorm_state),
          self_reported = p.self_reported or excluded.self_reported, updated_at = app_now()`,
  );
}

/** Stores a SCORM commit's state without completing the item. */
export async function saveScormState(
  tx: Tx,
  e: { id: string; workspaceId: string; cycle: number },
  itemId: string,
  state: unknown,
  score: number | null,
): Promise<void> {
  await tx.execute(
    sql`insert into enrolment_item_progress as p (workspace_id, enrolment_id, cycle, item_id, scorm_state, best_score, self_reported)
        values (${e.workspaceId}, ${e.id}, ${e.cycle}, ${itemId}, ${JSON.stringify(state)}::jsonb, ${score}, true)
        on conflict (enrolment_id, cycle, item_id) do update set scorm_state = excluded.scorm_state, self_reported = true,
          best_score = coalesce(greatest(p.best_score, excluded.best_score), p.best_score, excluded.best_score), updated_at = app_now()`,
  );
}

/** After an item's completion: progress %, and whether every item is completed; the quizzes' mean best score. */
export async function progressOf(
  tx: Tx,
  e: { id: string; versionId: string; cycle: number },
): Promise<{ total: number; done: number; quizMean: number | null }> {
  const [row] = await queryRows<{ total: number; done: number; quizMean: number | null }>(
    tx,
    sql`select count(*)::int as total, count(*) filter (where p.status = 'COMPLETED')::int as done,
               round(avg(coalesce(p.best_score, 0)) filter (where i.kind = 'QUIZ'))::int as "quizMean"
          from course_items i
          left join enrolment_item_progress p on p.enrolment_id = ${e.id} and p.cycle = ${e.cycle} and p.item_id = i.id
         where i.course_version_id = ${e.versionId}`,
  );
  return row ?? { total: 0, done: 0, quizMean: null };
}

export async function setProgress(tx: Tx, enrolmentId: string, percent: number): Promise<void> {
  await tx.execute(
    sql`update enrolments set progress_percent = ${percent}, started_at = coalesce(started_at, app_now()), updated_at = app_now()
        where id = ${enrolmentId}`,
  );
}

export async function markStarted(tx: Tx, enrolmentId: string): Promise<void> {
  await tx.execute(sql`update enrolments set started_at = app_now() where id = ${enrolmentId} and started_at is null`);
}

/** Completes the enrolment's cycle (once): answers the completion time and expiry, or undefined when it already was. */
export async function completeEnrolment(
  tx: Tx,
  enrolmentId: string,
  v: { score: number | null; recurrenceMonths: number | null },
): Promise<{ completedAt: Date | string; expiresAt: Date | string | null } | undefined> {
  const [row] = await queryRows<{ completedAt: Date | string; expiresAt: Date | string | null }>(
    tx,
    sql`update enrolments set completed_at = app_now(), progress_percent = 100, score = ${v.score},
          started_at = coalesce(started_at, app_now()),
          expires_at = case when ${v.recurrenceMonths}::int is null then null
                            else app_now() + make_interval(months => ${v.recurrenceMonths}::int) end,
          updated_at = app_now()
        where id = ${enrolmentId} and completed_at is null
        returning completed_at as "completedAt", expires_at as "expiresAt"`,
  );
  return row;
}

/** The course title of the version in `language` (complete), else its primary language's. */
export async function versionTitle(tx: Tx, versionId: string, language: string): Promise<string> {
  const [row] = await queryRows<{ title: string }>(
    tx,
    sql`select coalesce(t.body ->> 'title', '') as title from course_versions v
          join course_texts t on t.course_version_id = v.id and t.entity_id = v.id and t.language in (${language}, v.primary_language)
         where v.id = ${versionId}
         order by (t.language = ${language} and t.complete) desc, (t.language = v.primary_language) desc limit 1`,
  );
  return row?.title ?? '';
}

// Quiz attempts

export type AttemptRow = {
  itemId: string;
  attemptNo: number;
  score: number;
  passed: boolean;
  results: StoredResults;
  /** The learner's own answers, as submitted. */
  answers: TQuizAnswer[];
  submittedAt: Date | string;
};

/** What an attempt row keeps besides its score: enough to answer a retried submission the same way. */
export type StoredResults = {
  passMark: number;
  attemptsAllowed: number | null;
  perQuestion: Array<{
    questionId: string;
    answeredCorrectly: boolean;
    points: number;
    explanation: string;
    rightAnswer: unknown;
  }>;
};

const attemptCols = sql`item_id as "itemId", attempt_no as "attemptNo", score, passed, results, answers,
  submitted_at as "submittedAt"`;

export async function findAttemptByKey(tx: Tx, enrolmentId: string, key: string): Promise<AttemptRow | undefined> {
  const [row] = await queryRows<AttemptRow>(
    tx,
    sql`select ${attemptCols} from quiz_attempts where enrolment_id = ${enrolmentId} and idempotency_key = ${key}`,
  );
  return row;
}

export async function attemptsOf(tx: Tx, e: { id: string; cycle: number }, itemId: string): Promise<AttemptRow[]> {
  return queryRows(
    tx,
    sql`select ${attemptCols} from quiz_attempts where enrolment_id = ${e.id} and cycle = ${e.cycle} and item_id = ${itemId}
        order by attempt_no`,
  );
}

export async function insertAttempt(
  tx: Tx,
  v: {
    workspaceId: string;
    enrolmentId: string;
    cycle: number;
    itemId: string;
    accountId: string;
    attemptNo: number;
    key: string;
    answers: unknown;
    results: StoredResults;
    score: number;
    correctCount: number;
    questionCount: number;
    passed: boolean;
  },
): Promise<AttemptRow> {
  const [row] = await queryRows<AttemptRow>(
    tx,
    sql`insert into quiz_attempts (workspace_id, enrolment_id, cycle, item_id, account_id, attempt_no, idempotency_key,
                                   answers, results, score, correct_count, question_count, passed)
        values (${v.workspaceId}, ${v.enrolmentId}, ${v.cycle}, ${v.itemId}, ${v.accountId}, ${v.attemptNo}, ${v.key},
                ${JSON.stringify(v.answers)}::jsonb, ${JSON.stringify(v.results)}::jsonb, ${v.score}, ${v.correctCount},
                ${v.questionCount}, ${v.passed})
        returning ${attemptCols}`,
  );
  return row!;
}

export async function recordAttempt(
  tx: Tx,
  e: { id: string; cycle: number },
  itemId: string,
  v: { attemptsUsed: number; score: number; passed: boolean },
): Promise<void> {
  await tx.execute(
    sql`update enrolment_item_progress set attempts_used = ${v.attemptsUsed},
          best_score = greatest(coalesce(best_score, 0), ${v.score}), passed = coalesce(passed, false) or ${v.passed},
          updated_at = app_now()
        where enrolment_id = ${e.id} and cycle = ${e.cycle} and item_id = ${itemId}`,
  );
}

/**
 * The answer keys of one quiz, for grading the learner's own active enrolment: through
 * `app_grading_keys` (migration 0031), the one way a workspace transaction reads a catalogue
 * course's keys (row-level security shows a workspace only its own courses' keys).
 */
export async function gradingKeys(tx: Tx, enrolmentId: string, itemId: string): Promise<Map<string, TAnswerKey>> {
  const rows = await queryRows<{ questionId: string; key: TAnswerKey }>(
    tx,
    sql`select question_id as "questionId", key from app_grading_keys(${enrolmentId}::uuid, ${itemId}::uuid)`,
  );
  return new Map(rows.map((r) => [r.questionId, r.key]));
}

/** What SCORM's rules need of an item's package: its standard and the first SCO's mastery score (0–100). */
export async function scormRulesOf(
  tx: Tx,
  itemId: string,
): Promise<{ standard: 'SCORM_12' | 'SCORM_2004' | null; masteryScore: number | null }> {
  const [row] = await queryRows<{ standard: 'SCORM_12' | 'SCORM_2004' | null; masteryScore: string | null }>(
    tx,
    sql`select p.standard, p.manifest #>> '{scos,0,masteryScore}' as "masteryScore"
          from course_items i join scorm_packages p on p.id = i.scorm_package_id
         where i.id = ${itemId}`,
  );
  const mastery = row?.masteryScore == null ? Number.NaN : Number(row.masteryScore);
  return { standard: row?.standard ?? null, masteryScore: Number.isFinite(mastery) ? mastery : null };
}
