import { sql } from 'drizzle-orm';
import type { Tx } from '../../../core/db/database.ts';
import { queryRows } from '../../../core/db/database.ts';
import { ownerIs } from '../../../core/db/owner.ts';

/** SQL of courses, versions, items and their texts (docs/learning-design.md §1). */

export type CourseRow = {
  id: string;
  workspaceId: string | null;
  status: 'ACTIVE' | 'ARCHIVED';
  publishedVersionId: string | null;
  draftVersionId: string | null;
  coverKey: string | null;
  updatedAt: Date;
};

export type VersionRow = {
  id: string;
  courseId: string;
  workspaceId: string | null;
  number: number;
  status: 'DRAFT' | 'PUBLISHED' | 'SUPERSEDED';
  primaryLanguage: string;
  languages: string[];
  publishedAt: Date | null;
};

const courseCols = sql`c.id, c.workspace_id as "workspaceId", c.status, c.published_version_id as "publishedVersionId",
  c.draft_version_id as "draftVersionId", c.cover_key as "coverKey", c.updated_at as "updatedAt"`;
const versionCols = sql`v.id, v.course_id as "courseId", v.workspace_id as "workspaceId", v.number, v.status,
  v.primary_language as "primaryLanguage", v.languages, v.published_at as "publishedAt"`;

/**
 * A course the scope may read: the operator reads catalogue courses only (its path bypasses
 * row-level security); a workspace reads what row-level security shows it (its own courses, and
 * catalogue courses made available to it). `lock` takes the row for update (writers).
 */
export async function findCourse(tx: Tx, id: string, operator: boolean, lock = false): Promise<CourseRow | undefined> {
  const [row] = await queryRows<CourseRow>(
    tx,
    sql`select ${courseCols} from courses c where c.id = ${id}
        ${operator ? sql`and ${ownerIs('c', null)}` : sql``} ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

/**
 * A version of any owner (unguarded on the platform path): the caller checks the owner through its
 * course (`findCourse`, or the service's `loadCourse`) before using it.
 */
export async function findVersionAnyOwner(tx: Tx, id: string): Promise<VersionRow | undefined> {
  const [row] = await queryRows<VersionRow>(tx, sql`select ${versionCols} from course_versions v where v.id = ${id}`);
  return row;
}

export async function insertCourse(tx: Tx, owner: string | null, actor: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into courses (workspace_id, created_by, updated_by) values (${owner}, ${actor}, ${actor}) returning id`,
  );
  return row!.id;
}

export async function insertVersion(
  tx: Tx,
  v: {
    courseId: string;
    owner: string | null;
    number: number;
    primaryLanguage: string;
    languages: string[];
    actor: string;
  },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into course_versions (course_id, workspace_id, number, primary_language, languages, created_by)
        values (${v.courseId}, ${v.owner}, ${v.number}, ${v.primaryLanguage}, ${toTextArray(v.languages)}, ${v.actor})
        returning id`,
  );
  return row!.id;
}

/** A text[] literal parameter (drizzle sends arrays as separate parameters otherwise). */
export function toTextArray(values: readonly string[]) {
  return sql`${`{${values.map((v) => `"${v.replace(/["\\]/g, '\\$&')}"`).join(',')}}`}::text[]`;
}

export function toUuidArray(values: readonly string[]) {
  return sql`${`{${values.join(',')}}`}::uuid[]`;
}

export async function setPointers(
  tx: Tx,
  courseId: string,
  p: { publishedVersionId?: string | null; draftVersionId?: string | null; actor: string },
): Promise<void> {
  await tx.execute(sql`update courses set
      published_version_id = ${p.publishedVersionId === undefined ? sql`published_version_id` : p.publishedVersionId},
      draft_version_id = ${p.draftVersionId === undefined ? sql`draft_version_id` : p.draftVersionId},
      updated_by = ${p.actor}, updated_at = app_now()
    where id = ${courseId}`);
}

export async function touchCourse(tx: Tx, courseId: string, actor: string): Promise<void> {
  await tx.execute(sql`update courses set updated_by = ${actor}, updated_at = app_now() where id = ${courseId}`);
}

export async function setCoverKey(tx: Tx, courseId: string, key: string, actor: string): Promise<void> {
  await tx.execute(
    sql`update courses set cover_key = ${key}, updated_by = ${actor}, updated_at = app_now() where id = ${courseId}`,
  );
}

/** Copies a version into a new draft of `targetCourseId` (the SQL function of migration 0026). */
export async function copyVersion(tx: Tx, sourceVersionId: string, targetCourseId: string, actor: string) {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`select app_copy_course_version(${sourceVersionId}, ${targetCourseId}, ${actor}) as id`,
  );
  return row!.id;
}

export async function setVersionLanguages(tx: Tx, versionId: string, primary: string, languages: string[]) {
  await tx.execute(sql`update course_versions set primary_language = ${primary}, languages = ${toTextArray(languages)},
      updated_at = app_now() where id = ${versionId}`);
  // Texts of a language the draft no longer lists are dropped with it.
  await tx.execute(sql`delete from course_texts where course_version_id = ${versionId}
      and not (language = any(${toTextArray(languages)}))`);
}

export async function publishVersion(tx: Tx, courseId: string, draftId: string, actor: string) {
  await tx.execute(sql`update course_versions set status = 'SUPERSEDED', updated_at = app_now()
      where course_id = ${courseId} and status = 'PUBLISHED'`);
  await tx.execute(sql`update course_versions set status = 'PUBLISHED', published_at = app_now(), published_by = ${actor},
      updated_at = app_now() where id = ${draftId}`);
  await setPointers(tx, courseId, { publishedVersionId: draftId, draftVersionId: null, actor });
}

export async function deleteVersion(tx: Tx, versionId: string) {
  await tx.execute(sql`delete from course_versions where id = ${versionId}`);
}

/** Whether any workspace holds enrolments, availability or credits for the course (it is then archived, never deleted). */
export async function courseInUse(tx: Tx, courseId: string): Promise<boolean> {
  const [row] = await queryRows<{ used: boolean }>(
    tx,
    sql`select exists (select 1 from enrolments where course_id = ${courseId})
         or exists (select 1 from workspace_courses where course_id = ${courseId})
         or exists (select 1 from credit_requests where course_id = ${courseId}) as used`,
  );
  return row?.used ?? false;
}

export async function deleteCourse(tx: Tx, courseId: string) {
  // course_items reference scorm_packages, which reference versions: items go first.
  await tx.execute(sql`delete from course_items where course_version_id in
      (select id from course_versions where course_id = ${courseId})`);
  await tx.execute(sql`delete from courses where id = ${courseId}`);
}

export async function archiveCourse(tx: Tx, courseId: string, actor: string) {
  await tx.execute(sql`update courses set status = 'ARCHIVED', archived_at = app_now(), updated_by = ${actor},
      updated_at = app_now() where id = ${courseId}`);
}

// Texts

export type TextKind = 'COURSE' | 'ITEM' | 'BLOCK' | 'QUESTION';

/** Writes the text of one entity in one language (insert or replace). */
export async function upsertText(
  tx: Tx,
  t: {
    versionId: string;
    entityId: string;
    language: string;
    owner: string | null;
    kind: TextKind;
    body: Record<string, unknown>;
    complete: boolean;
  },
): Promise<void> {
  await tx.execute(sql`insert into course_texts (course_version_id, entity_id, language, workspace_id, entity_kind, body, complete)
      values (${t.versionId}, ${t.entityId}, ${t.language}, ${t.owner}, ${t.kind}, ${JSON.stringify(t.body)}::jsonb, ${t.complete})
      on conflict (course_version_id, entity_id, language)
      do update set body = excluded.body, complete = excluded.complete, updated_at = app_now()`);
}

export async function findText(
  tx: Tx,
  versionId: string,
  entityId: string,
  language: string,
): Promise<{ body: Record<string, unknown>; complete: boolean } | undefined> {
  const [row] = await queryRows<{ body: Record<string, unknown>; complete: boolean }>(
    tx,
    sql`select body, complete from course_texts where course_version_id = ${versionId}
        and entity_id = ${entityId} and language = ${language}`,
  );
  return row;
}

export async function deleteTexts(tx: Tx, versionId: string, entityIds: string[]) {
  if (entityIds.length === 0) return;
  await tx.execute(sql`delete from course_texts where course_version_id = ${versionId}
      and entity_id = any(${toUuidArray(entityIds)})`);
}

/**
 * Texts of `entityIds` in `language`, each falling back to `primary` when missing or incomplete
 * (`fallback` says so). One statement.
 */
export async function textsWithFallback(
  tx: Tx,
  versionId: string,
  entityIds: string[],
  language: string,
  primary: string,
): Promise<Map<string, { body: Record<string, unknown>; language: string; fallback: boolean; complete: boolean }>> {
  if (entityIds.length === 0) return new Map();
  const rows = await queryRows<{
    entityId: string;
    body: Record<string, unknown>;
    language: string;
    complete: boolean;
  }>(
    tx,
    sql`select distinct on (t.entity_id) t.entity_id as "entityId", t.body, t.language, t.complete
          from course_texts t
         where t.course_version_id = ${versionId} and t.entity_id = any(${toUuidArray(entityIds)})
           and t.language in (${language}, ${primary})
         order by t.entity_id, (t.language = ${language} and t.complete) desc, (t.language = ${primary}) desc`,
  );
  return new Map(
    rows.map((r) => [
      r.entityId,
      { body: r.body, language: r.language, fallback: r.language !== language, complete: r.complete },
    ]),
  );
}

// Items

export type ItemRow = {
  id: string;
  courseVersionId: string;
  workspaceId: string | null;
  stableId: string;
  kind: 'LESSON' | 'QUIZ' | 'SCORM';
  position: number;
  passMark: number | null;
  attemptLimit: number | null;
  shuffleQuestions: boolean;
  scormPackageId: string | null;
  minReadingSeconds: number | null;
};

const itemCols = sql`i.id, i.course_version_id as "courseVersionId", i.workspace_id as "workspaceId", i.stable_id as "stableId",
  i.kind, i.position, i.pass_mark as "passMark", i.attempt_limit as "attemptLimit",
  i.shuffle_questions as "shuffleQuestions", i.scorm_package_id as "scormPackageId",
  i.min_reading_seconds as "minReadingSeconds"`;

/**
 * An item of any owner (unguarded on the platform path): the caller checks the owner through its
 * version's course before using it.
 */
export async function findItemAnyOwner(tx: Tx, itemId: string, lock = false): Promise<ItemRow | undefined> {
  const [row] = await queryRows<ItemRow>(
    tx,
    sql`select ${itemCols} from course_items i where i.id = ${itemId} ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

/** The item of `versionId` with the same stable id (an item followed into a new draft). */
export async function findItemByStableId(tx: Tx, versionId: string, stableId: string): Promise<ItemRow | undefined> {
  const [row] = await queryRows<ItemRow>(
    tx,
    sql`select ${itemCols} from course_items i where i.course_version_id = ${versionId} and i.stable_id = ${stableId}`,
  );
  return row;
}

export type ItemWithCounts = ItemRow & {
  questionCount: number | null;
  blockCount: number | null;
  scormStatus: 'PROCESSING' | 'READY' | 'FAILED' | null;
};

/** A version's items in order, with their counts. One statement. */
export async function listItems(tx: Tx, versionId: string): Promise<ItemWithCounts[]> {
  return queryRows<ItemWithCounts>(
    tx,
    sql`select ${itemCols},
          case when i.kind = 'QUIZ' then (select count(*)::int from quiz_questions q where q.item_id = i.id) end as "questionCount",
          case when i.kind = 'LESSON' then (select count(*)::int from lesson_blocks b where b.item_id = i.id) end as "blockCount",
          (select p.status from scorm_packages p where p.id = i.scorm_package_id) as "scormStatus"
        from course_items i where i.course_version_id = ${versionId} order by i.position`,
  );
}

/** Inserts an item at the end of the version's sequence; `stable_id` is its own id. */
export async function insertItem(
  tx: Tx,
  i: {
    versionId: string;
    owner: string | null;
    kind: 'LESSON' | 'QUIZ' | 'SCORM';
    passMark?: number | null;
    attemptLimit?: number | null;
    shuffleQuestions?: boolean;
    scormPackageId?: string | null;
  },
): Promise<ItemRow> {
  const [row] = await queryRows<ItemRow>(
    tx,
    sql`with n as (select gen_random_uuid() as id)
        insert into course_items as i (id, stable_id, course_version_id, workspace_id, kind, position, pass_mark, attempt_limit,
                                    shuffle_questions, scorm_package_id)
        select n.id, n.id, ${i.versionId}, ${i.owner}, ${i.kind},
               coalesce((select max(position) + 1 from course_items where course_version_id = ${i.versionId}), 0),
               ${i.passMark ?? null}, ${i.attemptLimit ?? null}, ${i.shuffleQuestions ?? false}, ${i.scormPackageId ?? null}
          from n
        returning ${itemCols}`,
  );
  return row!;
}

export async function deleteItem(tx: Tx, itemId: string, versionId: string) {
  await tx.execute(sql`delete from course_texts where course_version_id = ${versionId} and entity_id in (
      select ${itemId}::uuid union all select id from lesson_blocks where item_id = ${itemId}
      union all select id from quiz_questions where item_id = ${itemId})`);
  await tx.execute(sql`delete from course_items where id = ${itemId}`);
  // Close the gap: positions stay 0..n-1.
  await tx.execute(sql`update course_items c set position = r.rn - 1
      from (select id, row_number() over (order by position) as rn from course_items where course_version_id = ${versionId}) r
      where c.id = r.id and c.position <> r.rn - 1`);
}

/** Sets the version's sequence to `itemIds` (checked by the caller to be exactly its items). */
export async function reorderItems(tx: Tx, versionId: string, itemIds: string[]) {
  await tx.execute(sql`update course_items set position = array_position(${toUuidArray(itemIds)}, id) - 1, updated_at = app_now()
      where course_version_id = ${versionId}`);
}

/**
 * The entities of a version lacking a complete text in `language` (docs/learning-design.md §1.6).
 * SCORM items carry their own titles and are not counted.
 */
export async function missingTexts(
  tx: Tx,
  versionId: string,
  language: string,
): Promise<{ kind: TextKind; id: string; itemId: string | null }[]> {
  return queryRows(
    tx,
    sql`select e.kind, e.id, e.item_id as "itemId" from (
          select 'COURSE' as kind, ${versionId}::uuid as id, null::uuid as item_id, -1 as p1, -1 as p2
          union all select 'ITEM', id, id, position, -1 from course_items where course_version_id = ${versionId} and kind <> 'SCORM'
          union all select 'BLOCK', b.id, b.item_id, i.position, b.position from lesson_blocks b join course_items i on i.id = b.item_id
                     where b.course_version_id = ${versionId}
          union all select 'QUESTION', q.id, q.item_id, i.position, q.position from quiz_questions q join course_items i on i.id = q.item_id
                     where q.course_version_id = ${versionId}) e
        where not exists (select 1 from course_texts t where t.course_version_id = ${versionId}
                           and t.entity_id = e.id and t.language = ${language} and t.complete)
        order by e.p1, e.kind <> 'ITEM', e.p2`,
  );
}

/** Per language of the version: entities in all and how many lack a complete text. One statement. */
export async function translationCounts(
  tx: Tx,
  versionId: string,
  languages: string[],
): Promise<{ language: string; missing: number; total: number }[]> {
  return queryRows(
    tx,
    sql`with e as (
          select ${versionId}::uuid as id
          union all select id from course_items where course_version_id = ${versionId} and kind <> 'SCORM'
          union all select id from lesson_blocks where course_version_id = ${versionId}
          union all select id from quiz_questions where course_version_id = ${versionId}),
        l as (select unnest(${toTextArray(languages)}) as language)
        select l.language, (select count(*)::int from e) as total,
               (select count(*)::int from e where not exists (select 1 from course_texts t
                  where t.course_version_id = ${versionId} and t.entity_id = e.id and t.language = l.language and t.complete)) as missing
          from l`,
  );
}

/** Quizzes without questions and SCORM items whose package is not READY (publishing refuses them). */
export async function unpublishableItems(tx: Tx, versionId: string): Promise<{ id: string; reason: string }[]> {
  return queryRows(
    tx,
    sql`select i.id, case when i.kind = 'QUIZ' then 'QUIZ_WITHOUT_QUESTIONS' else 'SCORM_NOT_READY' end as reason
          from course_items i
         where i.course_version_id = ${versionId}
           and ((i.kind = 'QUIZ' and not exists (select 1 from quiz_questions q where q.item_id = i.id))
             or (i.kind = 'SCORM' and not exists (select 1 from scorm_packages p where p.id = i.scorm_package_id and p.status = 'READY')))
         order by i.position`,
  );
}

// Jurisdictions of a course

export async function jurisdictionsOf(tx: Tx, courseId: string): Promise<{ id: string; code: string; name: string }[]> {
  return queryRows(
    tx,
    sql`select j.id, j.code, j.name from course_jurisdictions cj join jurisdictions j on j.id = cj.jurisdiction_id
         where cj.course_id = ${courseId} order by j.code`,
  );
}

export async function existingJurisdictions(tx: Tx, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select id from jurisdictions where id = any(${toUuidArray(ids)})`,
  );
  return rows.map((r) => r.id);
}

export async function setJurisdictions(tx: Tx, courseId: string, owner: string | null, ids: string[]) {
  await tx.execute(sql`delete from course_jurisdictions where course_id = ${courseId}`);
  if (ids.length === 0) return;
  await tx.execute(sql`insert into course_jurisdictions (course_id, jurisdiction_id, workspace_id)
      select ${courseId}, j, ${owner} from unnest(${toUuidArray(ids)}) as j`);
}

// Lists

export type CourseListRow = {
  id: string;
  workspaceId: string | null;
  status: 'ACTIVE' | 'ARCHIVED';
  updatedAt: Date;
  publishedVersionId: string | null;
  publishedNumber: number | null;
  draftNumber: number | null;
  versionId: string;
  primaryLanguage: string;
  languages: string[];
  itemCount: number;
  title: string | null;
  titleLanguage: string | null;
  balance: number | null;
  total: number;
};

/**
 * One page of courses. The version shown is the draft for authors (when there is one), else the
 * published one; readers who do not author see published courses only. The title is in `language`,
 * else the primary's. Search matches the title in any language.
 */
export async function listCourses(
  tx: Tx,
  q: {
    operator: boolean;
    owner: string | null;
    authors: boolean;
    language: string;
    search?: string | undefined;
    ownerFilter?: 'OWN' | 'CATALOGUE' | undefined;
    status?: 'DRAFT' | 'PUBLISHED' | 'ARCHIVED' | undefined;
    jurisdictionId?: string | undefined;
    pageNo: number;
    pageSize: number;
  },
): Promise<CourseListRow[]> {
  const search = q.search ? `%${q.search.replace(/[\\%_]/g, '\\$&')}%` : null;
  const shown = q.authors
    ? sql`coalesce(case when ${q.operator} or c.workspace_id is not null then c.draft_version_id end, c.published_version_id)`
    : sql`c.published_version_id`;
  return queryRows<CourseListRow>(
    tx,
    sql`select c.id, c.workspace_id as "workspaceId", c.status, c.updated_at as "updatedAt",
               c.published_version_id as "publishedVersionId", pv.number as "publishedNumber", dv.number as "draftNumber",
               v.id as "versionId", v.primary_language as "primaryLanguage", v.languages,
               (select count(*)::int from course_items i where i.course_version_id = v.id) as "itemCount",
               t.body->>'title' as title, t.language as "titleLanguage",
               wc.balance, count(*) over ()::int as total
          from courses c
          join course_versions v on v.id = ${shown}
          left join course_versions pv on pv.id = c.published_version_id
          left join course_versions dv on dv.id = c.draft_version_id and ${q.authors}
          left join lateral (select body, language from course_texts t
                              where t.course_version_id = v.id and t.entity_id = v.id and t.language in (${q.language}, v.primary_language)
                              order by (t.language = ${q.language}) desc limit 1) t on true
          left join workspace_courses wc on wc.course_id = c.id and ${ownerIs('c', null)}
               and wc.workspace_id = ${q.owner ?? sql`null`}::uuid
         where ${q.operator ? ownerIs('c', null) : sql`true`}
           and ${q.status === 'ARCHIVED' ? sql`c.status = 'ARCHIVED'` : sql`c.status = 'ACTIVE'`}
           and ${q.status === 'DRAFT' ? sql`c.draft_version_id is not null` : sql`true`}
           and ${q.status === 'PUBLISHED' ? sql`c.published_version_id is not null` : sql`true`}
           and ${q.ownerFilter === 'OWN' ? sql`c.workspace_id is not null` : q.ownerFilter === 'CATALOGUE' ? ownerIs('c', null) : sql`true`}
           and ${q.jurisdictionId ? sql`exists (select 1 from course_jurisdictions cj where cj.course_id = c.id and cj.jurisdiction_id = ${q.jurisdictionId})` : sql`true`}
           and ${
             search
               ? sql`exists (select 1 from course_texts s where s.course_version_id = v.id and s.entity_id = v.id
                              and s.body->>'title' ilike ${search})`
               : sql`true`
           }
         order by c.updated_at desc, c.id
         limit ${q.pageSize} offset ${q.pageNo * q.pageSize}`,
  );
}

/** Catalogue courses per language (the operator's supported-languages). */
export async function catalogueLanguageCounts(tx: Tx): Promise<Map<string, number>> {
  const rows = await queryRows<{ language: string; n: number }>(
    tx,
    sql`select l as language, count(*)::int as n from courses c
          join course_versions v on v.id = coalesce(c.draft_version_id, c.published_version_id)
          cross join unnest(v.languages) as l
         where ${ownerIs('c', null)} and c.status = 'ACTIVE' group by l`,
  );
  return new Map(rows.map((r) => [r.language, r.n]));
}

/** The workspace's balance for a catalogue course (null when not available to it). */
export async function balanceOf(tx: Tx, workspaceId: string, courseId: string): Promise<number | null> {
  const [row] = await queryRows<{ balance: number }>(
    tx,
    sql`select balance from workspace_courses where workspace_id = ${workspaceId} and course_id = ${courseId}`,
  );
  return row ? row.balance : null;
}
