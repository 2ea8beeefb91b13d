import {
  LANGUAGE_NAMES,
  LANGUAGES,
  offeredLanguages,
  type TCourseAction,
  type TCourseDetails,
  type TCourseDetailsQuery,
  type TCourseItem,
  type TCourseListRequest,
  type TCourseSummary,
  type TCreateCourseRequest,
  type TLanguage,
  type TPagedResult,
  type TUpdateCourseRequest,
  toPagedResult,
} from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { AppError, errors } from '../../../core/errors.ts';
import { assertOfferedLanguages, languageCountry } from '../../../core/languages.ts';
import { allowedActions, authorize } from '../../../core/policy.ts';
import { isOperator, type LmsScope, scopeAuthors, withAuthoring, withLearning } from '../authoring-scope.ts';
import { type CourseFacts, coursePolicy, operatorCourseActions } from './courses.policy.ts';
import * as repo from './courses.repo.ts';

/** Courses, versions and languages (docs/learning-design.md §1.2, §1.4, §2). */

const lang = (l: string) => l as TLanguage;

/** What the course rules read of a course: its owner, its status, and whether it is published. */
type CourseState = Pick<repo.CourseRow, 'workspaceId' | 'status' | 'publishedVersionId'>;

function factsOf(scope: LmsScope, course: CourseState): CourseFacts {
  return {
    own: course.workspaceId !== null && course.workspaceId === scope.owner,
    status: course.status,
    published: course.publishedVersionId !== null,
  };
}

/** What the caller may do with `course`. */
export function courseActions(scope: LmsScope, course: CourseState): TCourseAction[] {
  if (isOperator(scope)) return operatorCourseActions(course);
  return allowedActions(scope.actor!, coursePolicy, factsOf(scope, course));
}

/** Throws unless the caller may take `action` on `course`. */
export function authorizeCourse(scope: LmsScope, action: TCourseAction, course: CourseState): void {
  if (isOperator(scope)) {
    if (!operatorCourseActions(course).includes(action))
      throw errors.conflict('COURSE_ARCHIVED', 'This course is archived: it can no longer be changed.');
    return;
  }
  authorize(scope.actor!, coursePolicy, action, factsOf(scope, course));
}

/** A course the scope can see, else 404 (another workspace's course does not exist for it). */
export async function loadCourse(tx: Tx, scope: LmsScope, courseId: string, lock = false): Promise<repo.CourseRow> {
  const course = await repo.findCourse(tx, courseId, isOperator(scope), lock);
  if (!course) throw errors.notFound('COURSE');
  return course;
}

export function frozen(draftVersionId: string | null): AppError {
  return new AppError(
    409,
    'CONFLICT',
    'This version is published and can no longer be changed. Reload to edit the new draft.',
    {
      params: { reason: 'VERSION_FROZEN', ...(draftVersionId ? { draftVersionId } : {}) },
    },
  );
}

/**
 * A course the caller may take `action` on, locked for the rest of the transaction. Authorised
 * before the lock: a workspace cannot lock a catalogue row (row-level security hides it from
 * updates), and must hear 403, not 404, for a course it can see.
 */
export async function loadForWrite(
  tx: Tx,
  scope: LmsScope,
  courseId: string,
  action: TCourseAction,
): Promise<repo.CourseRow> {
  authorizeCourse(scope, action, await loadCourse(tx, scope, courseId));
  return loadCourse(tx, scope, courseId, true);
}

/**
 * The draft of `courseId` that writes go to, for an author allowed to `edit` it. A published course
 * without a draft gets one: a copy of the published version (ids change, stable ids stay), audited
 * `course.draft_created`. The course row is locked for the rest of the transaction.
 */
export async function openDraft(
  ctx: Ctx,
  tx: Tx,
  scope: LmsScope,
  courseId: string,
): Promise<{ course: repo.CourseRow; draft: repo.VersionRow; created: boolean }> {
  const course = await loadForWrite(tx, scope, courseId, 'edit');
  if (course.draftVersionId) {
    const draft = await repo.findVersionAnyOwner(tx, course.draftVersionId);
    if (draft) return { course, draft, created: false };
  }
  if (!course.publishedVersionId) throw errors.notFound('COURSE');
  const draftId = await repo.copyVersion(tx, course.publishedVersionId, course.id, scope.accountId);
  await repo.setPointers(tx, course.id, { draftVersionId: draftId, actor: scope.accountId });
  const draft = (await repo.findVersionAnyOwner(tx, draftId))!;
  await ctx.audit('course.draft_created', course.id, { after: { version: draft.number } });
  return { course: { ...course, draftVersionId: draftId }, draft, created: true };
}

/**
 * The draft's copy of item `itemId` (which may be an item of the published version, followed into
 * the draft by its stable id), for a write. 404 when the item is gone from the draft.
 */
export async function draftItem(
  ctx: Ctx,
  tx: Tx,
  scope: LmsScope,
  itemId: string,
): Promise<{ course: repo.CourseRow; draft: repo.VersionRow; item: repo.ItemRow; created: boolean }> {
  const item = await repo.findItemAnyOwner(tx, itemId);
  if (!item) throw errors.notFound('COURSE_ITEM');
  const version = await repo.findVersionAnyOwner(tx, item.courseVersionId);
  if (!version) throw errors.notFound('COURSE_ITEM');
  const opened = await openDraft(ctx, tx, scope, version.courseId);
  if (item.courseVersionId === opened.draft.id) return { ...opened, item };
  const twin = await repo.findItemByStableId(tx, opened.draft.id, item.stableId);
  if (!twin) throw errors.notFound('COURSE_ITEM');
  return { ...opened, item: twin };
}

/** Checks that `language` is one of the draft's languages (texts in others are refused). */
export function requireListedLanguage(version: repo.VersionRow, language: string): void {
  if (!version.languages.includes(language))
    throw errors.badRequest(
      'LANGUAGE_NOT_IN_COURSE',
      `This course is not written in that language. Add it under the course's languages first.`,
      [{ path: 'language', message: 'Not one of the course’s languages', code: 'LANGUAGE_NOT_IN_COURSE' }],
    );
}

function withPrimary(primary: string, languages: readonly string[]): string[] {
  const set = new Set([primary, ...languages]);
  return LANGUAGES.filter((l) => set.has(l));
}

async function checkJurisdictions(tx: Tx, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  const found = await repo.existingJurisdictions(tx, unique);
  if (found.length !== unique.length) throw errors.notFound('JURISDICTION');
  return unique;
}

// Create, update, clone, delete, publish

/**
 * Refuses (400 `LANGUAGE_NOT_OFFERED`) a language a workspace's own course may not use: one its
 * country does not offer. The operator's catalogue may use every language.
 */
async function assertCourseLanguages(tx: Tx, scope: LmsScope, languages: readonly string[]): Promise<void> {
  if (scope.owner === null) return;
  assertOfferedLanguages(languages, await languageCountry(tx, scope.owner), 'body.languages');
}

async function create(ctx: Ctx, tx: Tx, scope: LmsScope, body: TCreateCourseRequest): Promise<TCourseDetails> {
  const languages = withPrimary(body.primaryLanguage, body.languages);
  await assertCourseLanguages(tx, scope, languages);
  const jurisdictions = await checkJurisdictions(tx, body.jurisdictionIds);
  const courseId = await repo.insertCourse(tx, scope.owner, scope.accountId);
  const versionId = await repo.insertVersion(tx, {
    courseId,
    owner: scope.owner,
    number: 1,
    primaryLanguage: body.primaryLanguage,
    languages,
    actor: scope.accountId,
  });
  await repo.setPointers(tx, courseId, { draftVersionId: versionId, actor: scope.accountId });
  await repo.upsertText(tx, {
    versionId,
    entityId: versionId,
    language: body.primaryLanguage,
    owner: scope.owner,
    kind: 'COURSE',
    body: { title: body.title, description: body.description ?? '' },
    complete: true,
  });
  await repo.setJurisdictions(tx, courseId, scope.owner, jurisdictions);
  await ctx.audit('course.created', courseId, {
    after: { title: body.title, languages, catalogue: scope.owner === null },
  });
  return details(tx, scope, courseId, { language: body.primaryLanguage, version: 'draft' });
}

export function createCourse(ctx: Ctx, body: TCreateCourseRequest, catalogue: boolean): Promise<TCourseDetails> {
  return withAuthoring(ctx, 'course.create', (tx, scope) => {
    if (catalogue !== isOperator(scope)) throw errors.forbidden(catalogue ? 'MANAGE_CATALOGUE' : 'MANAGE_COURSES');
    return create(ctx, tx, scope, body);
  });
}

export function updateCourse(ctx: Ctx, courseId: string, body: TUpdateCourseRequest): Promise<TCourseDetails> {
  return withAuthoring(ctx, 'course.update', async (tx, scope) => {
    const { course, draft } = await openDraft(ctx, tx, scope, courseId);
    requireListedLanguage(draft, body.language);
    const before = await repo.findText(tx, draft.id, draft.id, body.language);
    const title = body.title ?? (before?.body.title as string | undefined) ?? '';
    const description = body.description ?? (before?.body.description as string | undefined) ?? '';
    if (body.title !== undefined || body.description !== undefined) {
      await repo.upsertText(tx, {
        versionId: draft.id,
        entityId: draft.id,
        language: body.language,
        owner: scope.owner,
        kind: 'COURSE',
        body: { title, description },
        complete: title.trim().length > 0,
      });
    }
    if (body.jurisdictionIds) {
      const ids = await checkJurisdictions(tx, body.jurisdictionIds);
      await repo.setJurisdictions(tx, course.id, scope.owner, ids);
    }
    await repo.touchCourse(tx, course.id, scope.accountId);
    await ctx.audit('course.updated', course.id, {
      language: body.language,
      before: before?.body ?? null,
      after: { title, description, jurisdictionIds: body.jurisdictionIds },
    });
    return details(tx, scope, course.id, { language: lang(body.language), version: 'draft' });
  });
}

export function cloneCourse(ctx: Ctx, sourceId: string, title: string | undefined): Promise<TCourseDetails> {
  return withAuthoring(ctx, 'course.clone', async (tx, scope) => {
    const source = await loadCourse(tx, scope, sourceId);
    authorizeCourse(scope, 'clone', source);
    // A workspace copies what it may read: its own course's draft (else published), or the published catalogue version.
    const own = source.workspaceId === scope.owner;
    const fromVersion = (own ? source.draftVersionId : null) ?? source.publishedVersionId;
    if (!fromVersion) throw errors.notFound('COURSE');
    const courseId = await repo.insertCourse(tx, scope.owner, scope.accountId);
    const draftId = await repo.copyVersion(tx, fromVersion, courseId, scope.accountId);
    await repo.setPointers(tx, courseId, { draftVersionId: draftId, actor: scope.accountId });
    const draft = (await repo.findVersionAnyOwner(tx, draftId))!;
    const titles = await repo.textsWithFallback(tx, draftId, [draftId], draft.primaryLanguage, draft.primaryLanguage);
    const old = titles.get(draftId)?.body ?? {};
    const newTitle = title ?? `${String(old.title ?? '')} (copy)`.trim();
    await repo.upsertText(tx, {
      versionId: draftId,
      entityId: draftId,
      language: draft.primaryLanguage,
      owner: scope.owner,
      kind: 'COURSE',
      body: { ...old, title: newTitle },
      complete: newTitle.length > 0,
    });
    const jurisdictions = (await repo.jurisdictionsOf(tx, source.id)).map((j) => j.id);
    await repo.setJurisdictions(tx, courseId, scope.owner, jurisdictions);
    await ctx.audit('course.cloned', courseId, { from: source.id, after: { title: newTitle } });
    return details(tx, scope, courseId, { language: lang(draft.primaryLanguage), version: 'draft' });
  });
}

export function deleteCourse(
  ctx: Ctx,
  courseId: string,
  draftOnly: boolean,
): Promise<{ outcome: 'DELETED' | 'ARCHIVED' | 'DRAFT_DISCARDED' }> {
  return withAuthoring(ctx, 'course.delete', async (tx, scope) => {
    const course = await loadForWrite(tx, scope, courseId, 'delete');
    if (draftOnly) {
      if (!course.draftVersionId || !course.publishedVersionId)
        throw errors.conflict('NO_DRAFT_TO_DISCARD', 'There is no draft to discard beside a published version.');
      await repo.setPointers(tx, course.id, { draftVersionId: null, actor: scope.accountId });
      await repo.deleteVersion(tx, course.draftVersionId);
      await ctx.audit('course.draft_discarded', course.id, { before: { draftVersionId: course.draftVersionId } });
      return { outcome: 'DRAFT_DISCARDED' as const };
    }
    if (await repo.courseInUse(tx, course.id)) {
      if (course.status !== 'ARCHIVED') await repo.archiveCourse(tx, course.id, scope.accountId);
      await ctx.audit('course.archived', course.id, {
        before: { status: course.status },
        after: { status: 'ARCHIVED' },
      });
      return { outcome: 'ARCHIVED' as const };
    }
    await repo.deleteCourse(tx, course.id);
    await ctx.audit('course.deleted', course.id, { before: { status: course.status } });
    return { outcome: 'DELETED' as const };
  });
}

export function publishCourse(ctx: Ctx, courseId: string): Promise<TCourseDetails> {
  return withAuthoring(ctx, 'course.publish', async (tx, scope) => {
    const course = await loadForWrite(tx, scope, courseId, 'publish');
    if (!course.draftVersionId) throw errors.conflict('NOTHING_TO_PUBLISH', 'This course has no unpublished changes.');
    const draft = (await repo.findVersionAnyOwner(tx, course.draftVersionId))!;
    const items = await repo.listItems(tx, draft.id);
    if (items.length === 0)
      throw errors.conflict('COURSE_EMPTY', 'Add at least one lesson, quiz or SCORM package before publishing.');
    const missing = await repo.missingTexts(tx, draft.id, draft.primaryLanguage);
    if (missing.length > 0) {
      throw new AppError(
        409,
        'CONFLICT',
        `${missing.length} text(s) are missing in the course's main language. Complete them before publishing.`,
        {
          params: { reason: 'COURSE_INCOMPLETE', count: missing.length, language: draft.primaryLanguage },
          details: missing.slice(0, 100).map((m) => ({
            path: `${m.kind}:${m.id}`,
            message: 'Missing text',
            code: m.kind,
          })),
        },
      );
    }
    const blocked = await repo.unpublishableItems(tx, draft.id);
    if (blocked.length > 0) {
      const first = blocked[0]!;
      throw new AppError(
        409,
        'CONFLICT',
        first.reason === 'QUIZ_WITHOUT_QUESTIONS'
          ? 'A quiz has no questions yet. Add questions or remove the quiz before publishing.'
          : 'A SCORM package is not ready. Wait for it to be processed, or remove it.',
        {
          params: { reason: first.reason, count: blocked.length },
          details: blocked.map((b) => ({ path: `ITEM:${b.id}`, message: b.reason, code: b.reason })),
        },
      );
    }
    await repo.publishVersion(tx, course.id, draft.id, scope.accountId);
    // Issue 14: a new version of a course already published retrains, where workspaces ask for it (a job).
    if (course.publishedVersionId)
      await ctx.jobs.enqueue(
        tx,
        'lms.course-updated',
        { courseId: course.id, versionId: draft.id },
        { key: `course-updated:${draft.id}` },
      );
    await ctx.audit('course.published', course.id, { after: { version: draft.number } });
    return details(tx, scope, course.id, { language: lang(draft.primaryLanguage), version: 'published' });
  });
}

// Languages

export function setCourseLanguages(ctx: Ctx, courseId: string, languages: TLanguage[]): Promise<TCourseDetails> {
  return withAuthoring(ctx, 'course.languages', async (tx, scope) => {
    const { course, draft } = await openDraft(ctx, tx, scope, courseId);
    const next = withPrimary(draft.primaryLanguage, languages);
    // Languages the course already had stay allowed (a clone of a catalogue course may carry them).
    await assertCourseLanguages(
      tx,
      scope,
      next.filter((l) => !draft.languages.includes(l)),
    );
    await repo.setVersionLanguages(tx, draft.id, draft.primaryLanguage, next);
    await repo.touchCourse(tx, course.id, scope.accountId);
    await ctx.audit('course.languages_set', course.id, { before: draft.languages, after: next });
    return details(tx, scope, course.id, { language: lang(draft.primaryLanguage), version: 'draft' });
  });
}

export function setDefaultLanguage(ctx: Ctx, courseId: string, language: TLanguage): Promise<TCourseDetails> {
  return withAuthoring(ctx, 'course.default-language', async (tx, scope) => {
    const { course, draft } = await openDraft(ctx, tx, scope, courseId);
    requireListedLanguage(draft, language);
    const missing = await repo.missingTexts(tx, draft.id, language);
    if (missing.length > 0)
      throw errors.conflict(
        'COURSE_INCOMPLETE',
        `${missing.length} text(s) are missing in that language: complete them before making it the main language.`,
        { count: missing.length, language },
      );
    await repo.setVersionLanguages(tx, draft.id, language, draft.languages);
    await repo.touchCourse(tx, course.id, scope.accountId);
    await ctx.audit('course.primary_language_set', course.id, { before: draft.primaryLanguage, after: language });
    return details(tx, scope, course.id, { language, version: 'draft' });
  });
}

/**
 * The languages a course can be written in: a workspace's, those of its country
 * (`COUNTRY_LANGUAGES`); the operator's catalogue, all of them with how many courses list each.
 */
export function supportedLanguages(ctx: Ctx, admin: boolean) {
  const base = LANGUAGES.map((l) => ({ language: l, ...LANGUAGE_NAMES[l] }));
  if (!admin) {
    return withLearning(ctx, 'course.languages.list', async (tx, scope) => {
      const offered = offeredLanguages(scope.owner === null ? null : await languageCountry(tx, scope.owner));
      return base.filter((l) => offered.includes(l.language));
    });
  }
  return withAuthoring(ctx, 'course.languages.read', async (tx, scope) => {
    if (!isOperator(scope)) throw errors.forbidden('MANAGE_CATALOGUE');
    const counts = await repo.catalogueLanguageCounts(tx);
    return base.map((l) => ({ ...l, courseCount: counts.get(l.language) ?? 0 }));
  });
}

// Reorder

export function reorderContent(ctx: Ctx, courseId: string, itemIds: string[]): Promise<{ items: TCourseItem[] }> {
  return withAuthoring(ctx, 'course.reorder', async (tx, scope) => {
    const { course, draft, created } = await openDraft(ctx, tx, scope, courseId);
    const items = await repo.listItems(tx, draft.id);
    // Ids of the published version are followed into a new draft by their stable ids.
    const byStable = new Map(items.map((i) => [i.stableId, i.id]));
    const ids = created ? await followIds(tx, itemIds, byStable) : itemIds;
    const current = new Set(items.map((i) => i.id));
    if (ids.length !== current.size || new Set(ids).size !== ids.length || !ids.every((id) => current.has(id)))
      throw errors.badRequest(
        'REORDER_MISMATCH',
        'The order must list every lesson, quiz and package of the course exactly once. Reload and try again.',
      );
    await repo.reorderItems(tx, draft.id, ids);
    await ctx.audit('course.reordered', course.id, { before: items.map((i) => i.id), after: ids });
    const d = await details(tx, scope, course.id, { language: lang(draft.primaryLanguage), version: 'draft' });
    return { items: d.items };
  });
}

async function followIds(tx: Tx, ids: string[], byStable: Map<string, string>): Promise<string[]> {
  const out: string[] = [];
  for (const id of ids) {
    const item = await repo.findItemAnyOwner(tx, id);
    out.push((item && byStable.get(item.stableId)) ?? id);
  }
  return out;
}

// Reads

/**
 * A course as the caller sees it (`CourseDetails`). Authors get the draft by default, with the
 * translation status and the missing texts; readers get the published version only.
 */
export async function details(
  tx: Tx,
  scope: LmsScope,
  courseId: string,
  q: TCourseDetailsQuery,
): Promise<TCourseDetails> {
  const course = await loadCourse(tx, scope, courseId);
  const actions = courseActions(scope, course);
  if (!actions.includes('view')) throw errors.notFound('COURSE');
  const authors = actions.includes('edit') || actions.includes('preview');
  const wantDraft = q.version === 'draft' || (q.version === undefined && authors);
  const versionId =
    wantDraft && authors && (isOperator(scope) || course.workspaceId !== null)
      ? (course.draftVersionId ?? course.publishedVersionId)
      : course.publishedVersionId;
  if (q.version === 'draft' && !(authors && actions.includes('edit'))) throw errors.notFound('COURSE');
  if (!versionId) throw errors.notFound('COURSE');
  const version = await repo.findVersionAnyOwner(tx, versionId);
  if (!version) throw errors.notFound('COURSE');
  const language = q.language && version.languages.includes(q.language) ? q.language : version.primaryLanguage;
  const items = await repo.listItems(tx, version.id);
  const texts = await repo.textsWithFallback(
    tx,
    version.id,
    [version.id, ...items.map((i) => i.id)],
    language,
    version.primaryLanguage,
  );
  const courseText = texts.get(version.id);
  const showStatus = authors && actions.includes('edit');
  // One after another: the statements share the request's one connection.
  const translations = showStatus ? await repo.translationCounts(tx, version.id, version.languages) : [];
  const missing = showStatus ? await repo.missingTexts(tx, version.id, language) : [];
  const jurisdictions = await repo.jurisdictionsOf(tx, course.id);
  const published =
    course.publishedVersionId && course.publishedVersionId !== version.id
      ? await repo.findVersionAnyOwner(tx, course.publishedVersionId)
      : version.status === 'PUBLISHED'
        ? version
        : undefined;
  return {
    id: course.id,
    owner: course.workspaceId === null ? 'CATALOGUE' : 'OWN',
    status: course.status,
    title: String(courseText?.body.title ?? ''),
    description: String(courseText?.body.description ?? ''),
    language: lang(courseText?.language ?? language),
    fallback: courseText ? courseText.fallback : true,
    coverUrl: course.coverKey ? `/lms/api/course/cover/${course.id}` : null,
    version: {
      id: version.id,
      number: version.number,
      status: version.status,
      publishedAt: version.publishedAt ? new Date(version.publishedAt).toISOString() : null,
    },
    publishedVersion: published ? { id: published.id, number: published.number } : null,
    draftVersionId: showStatus ? course.draftVersionId : null,
    languages: version.languages.map((l) => ({
      language: lang(l),
      languagePriority: l === version.primaryLanguage ? ('PRIMARY' as const) : ('SECONDARY' as const),
    })),
    items: items.map((i) => {
      const t = texts.get(i.id);
      return {
        id: i.id,
        stableId: i.stableId,
        kind: i.kind,
        position: i.position,
        title: String(t?.body.title ?? ''),
        language: lang(t?.language ?? language),
        fallback: t ? t.fallback : true,
        passMark: i.passMark,
        attemptLimit: i.attemptLimit,
        shuffleQuestions: i.shuffleQuestions,
        questionCount: i.questionCount,
        blockCount: i.blockCount,
        scormPackageId: i.scormPackageId,
        scormStatus: i.scormStatus,
        minReadingSeconds: i.minReadingSeconds,
      };
    }),
    translations: translations.map((t) => ({ ...t, language: lang(t.language) })),
    missing: missing.map((m) => ({ kind: m.kind, id: m.id, itemId: m.itemId })),
    jurisdictions,
    updatedAt: new Date(course.updatedAt).toISOString(),
    actions,
  };
}

export function courseDetails(ctx: Ctx, courseId: string, q: TCourseDetailsQuery): Promise<TCourseDetails> {
  return withLearning(ctx, 'course.details', (tx, scope) => details(tx, scope, courseId, q));
}

export function listCourses(
  ctx: Ctx,
  body: TCourseListRequest,
  catalogue: boolean,
): Promise<TPagedResult<TCourseSummary>> {
  return withLearning(ctx, 'course.list', async (tx, scope) => {
    if (catalogue && !isOperator(scope)) throw errors.forbidden('MANAGE_CATALOGUE');
    const authors = scopeAuthors(scope);
    const language = body.language ?? 'en';
    const rows = await repo.listCourses(tx, {
      operator: isOperator(scope),
      owner: scope.owner,
      authors,
      language,
      search: body.search,
      ownerFilter: body.owner,
      status: body.status,
      jurisdictionId: body.jurisdictionId,
      pageNo: body.pageNo,
      pageSize: body.pageSize,
    });
    const content = rows.map((r): TCourseSummary => {
      return {
        id: r.id,
        owner: r.workspaceId === null ? 'CATALOGUE' : 'OWN',
        status: r.status,
        title: r.title ?? '',
        language: lang(r.titleLanguage ?? r.primaryLanguage),
        fallback: (r.titleLanguage ?? r.primaryLanguage) !== language,
        publishedVersion: r.publishedNumber,
        draftVersion: authors ? r.draftNumber : null,
        languages: r.languages.map(lang),
        primaryLanguage: lang(r.primaryLanguage),
        itemCount: r.itemCount,
        credits: r.workspaceId === null && !isOperator(scope) ? { balance: r.balance ?? 0 } : null,
        updatedAt: new Date(r.updatedAt).toISOString(),
        actions: courseActions(scope, {
          workspaceId: r.workspaceId,
          status: r.status,
          publishedVersionId: r.publishedVersionId,
        }),
      };
    });
    return toPagedResult(content, rows[0]?.total ?? 0, body);
  });
}
