import type { TScormImportResult, TScormLaunchResult, TScormPackage } from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { AppError, errors } from '../../../core/errors.ts';
import type { JobRun } from '../../../core/job-context.ts';
import { authorize } from '../../../core/policy.ts';
import { deleteStoredFile, newFileKey } from '../../../core/storage.ts';
import { ZipRefused } from '../../../core/zip-archive.ts';
import { isOperator, type LmsScope, withAuthoring, withLearning } from '../authoring-scope.ts';
import * as courses from '../courses/courses.repo.ts';
import { openDraft } from '../courses/courses.service.ts';
import { readScormPackage } from './package.ts';
import { scormPolicy } from './scorm.policy.ts';
import * as repo from './scorm.repo.ts';
import { signScormToken } from './token.ts';

/** SCORM import, status and launch (docs/learning-design.md §1.7, §2, §4), and the extract job. */

/** 400 SCORM_INVALID with the reason (translated by the web from `params.reason`). */
export function scormInvalid(err: ZipRefused): AppError {
  return new AppError(400, 'SCORM_INVALID', `This SCORM package cannot be used: ${err.message}.`, {
    params: { reason: err.reason },
  });
}

const notFound = () =>
  new AppError(404, 'NOT_FOUND', 'The SCORM package was not found.', { params: { reason: 'SCORM_PACKAGE_NOT_FOUND' } });

/**
 * Imports a package, as an author (a workspace's own course, or the operator's catalogue on the
 * platform host): checks it whole first (a refused package stores nothing and answers
 * SCORM_INVALID with its reason), stores the zip, then in one transaction adds the SCORM item to
 * the course's draft (made from the published version when there is none) or to a new course,
 * writes the PROCESSING package and enqueues `lms.scorm-extract`.
 */
export async function importPackage(
  ctx: Ctx,
  upload: { data: Buffer; filename: string },
  fields: { courseId?: string | undefined; language?: string | undefined },
): Promise<TScormImportResult> {
  // Who may import is checked before the (costly) check of the package.
  await withAuthoring(ctx, 'scorm.may-import', async () => undefined);
  let checked: Awaited<ReturnType<typeof readScormPackage>>;
  try {
    checked = await readScormPackage(upload.data);
  } catch (err) {
    if (err instanceof ZipRefused) throw scormInvalid(err);
    throw err;
  }
  const title = (checked.manifest.title || checked.manifest.scos[0]?.title || upload.filename).slice(0, 200);
  const owner = ctx.workspaceId ?? 'catalogue';
  const sourceKey = newFileKey(owner, 'scorm', upload.filename, ctx.clock.now());
  await ctx.storage.put(sourceKey, upload.data, { contentType: 'application/zip' });
  try {
    return await withAuthoring(ctx, 'scorm.import', async (tx, scope) => {
      let courseId: string;
      let versionId: string;
      let language: string;
      if (fields.courseId) {
        const { course, draft } = await openDraft(ctx, tx, scope, fields.courseId);
        courseId = course.id;
        versionId = draft.id;
        language = draft.primaryLanguage;
      } else {
        language = fields.language ?? 'en';
        courseId = await courses.insertCourse(tx, scope.owner, scope.accountId);
        versionId = await courses.insertVersion(tx, {
          courseId,
          owner: scope.owner,
          number: 1,
          primaryLanguage: language,
          languages: [language],
          actor: scope.accountId,
        });
        await courses.setPointers(tx, courseId, { draftVersionId: versionId, actor: scope.accountId });
        await courses.upsertText(tx, {
          versionId,
          entityId: versionId,
          language,
          owner: scope.owner,
          kind: 'COURSE',
          body: { title, description: '' },
          complete: true,
        });
        await ctx.audit('course.created', courseId, {
          after: { title, languages: [language], catalogue: scope.owner === null, scorm: true },
        });
      }
      const packageId = await repo.insertPackage(tx, {
        workspaceId: scope.owner,
        versionId,
        sourceKey,
        sourceName: upload.filename,
        actor: scope.accountId,
      });
      const item = await courses.insertItem(tx, {
        versionId,
        owner: scope.owner,
        kind: 'SCORM',
        scormPackageId: packageId,
      });
      await courses.upsertText(tx, {
        versionId,
        entityId: item.id,
        language,
        owner: scope.owner,
        kind: 'ITEM',
        body: { title },
        complete: true,
      });
      await ctx.jobs.enqueue(
        tx,
        'lms.scorm-extract',
        { packageId, workspaceId: scope.owner },
        { key: `scorm-extract:${packageId}` },
      );
      await ctx.audit('scorm.imported', packageId, {
        after: {
          courseId,
          itemId: item.id,
          newCourse: !fields.courseId,
          standard: checked.standard,
          fileCount: checked.files.length,
          sourceName: upload.filename,
        },
      });
      return { packageId, courseId, itemId: item.id, status: 'PROCESSING' as const };
    });
  } catch (err) {
    await deleteStoredFile(ctx, sourceKey);
    throw err;
  }
}

function toPackage(row: repo.PackageRow, itemId: string | null): TScormPackage {
  return {
    id: row.id,
    courseId: row.courseId,
    itemId,
    standard: row.standard,
    status: row.status,
    failureCode: row.failureCode,
    sourceName: row.sourceName,
    manifest: row.manifest,
    fileCount: row.fileCount,
    inflatedBytes: row.inflatedBytes,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * A package the scope sees: on the platform path (which row-level security does not limit) only
 * catalogue packages; in a workspace what row-level security shows (its own, visible catalogue ones).
 */
async function visiblePackage(tx: Tx, scope: LmsScope, packageId: string): Promise<repo.PackageRow> {
  const row = await repo.findPackage(tx, packageId);
  if (!row || (isOperator(scope) && row.workspaceId !== null)) throw notFound();
  return row;
}

/** A package's status and manifest summary (authors of its course). */
export function getPackage(ctx: Ctx, packageId: string): Promise<TScormPackage> {
  return withAuthoring(ctx, 'scorm.get', async (tx, scope) => {
    const row = await visiblePackage(tx, scope, packageId);
    if (row.workspaceId !== scope.owner) throw notFound();
    return toPackage(row, await repo.itemOfPackage(tx, packageId, row.courseVersionId));
  });
}

/**
 * A player URL on the content origin for a READY package, under a token for the caller's own
 * origin (the page that will embed it), valid 4 hours. Authors play their drafts (preview);
 * a learner plays only a published version they are enrolled on (`scormPolicy`).
 */
export async function launchPackage(ctx: Ctx, packageId: string, parentOrigin: string): Promise<TScormLaunchResult> {
  if (parentOrigin.toLowerCase() !== ctx.origin.toLowerCase()) {
    throw new AppError(400, 'BAD_REQUEST', 'The player can only be embedded by the page that asks for it.', {
      params: { reason: 'PARENT_ORIGIN_MISMATCH' },
    });
  }
  const row = await withLearning(ctx, 'scorm.launch', async (tx, scope) => {
    const found = await visiblePackage(tx, scope, packageId);
    if (scope.actor) {
      const enrolled = await repo.enrolledOn(tx, scope.actor.accountId, found.courseVersionId);
      authorize(scope.actor, scormPolicy, 'play', { ...found, enrolled });
    }
    return found;
  });
  if (row.status !== 'READY') {
    throw errors.conflict('SCORM_NOT_READY', 'The package is not ready to play yet.');
  }
  const { token, expiresAt } = signScormToken(
    ctx.config.authSecret,
    { packageId, parentOrigin: ctx.origin },
    ctx.clock.now().getTime(),
  );
  return {
    playerUrl: `${ctx.config.lmsContentOrigin}/scorm-player/${token}`,
    contentOrigin: ctx.config.lmsContentOrigin,
    expiresAt: expiresAt.toISOString(),
  };
}

/**
 * The `lms.scorm-extract` job: reads the stored zip, checks it again, stores every file under
 * `<owner>/scorm/<packageId>/<n>` (the path is never part of a key), records them and makes the
 * package READY; a refused package becomes FAILED with the reason, with nothing stored. Harmless
 * to run twice (a package no longer PROCESSING is left alone; files are put again under the same keys).
 */
export async function extractScormPackage(
  job: JobRun,
  data: { packageId: string; workspaceId: string | null },
): Promise<void> {
  const ctx = job.ctx(data.workspaceId);
  const { storage } = ctx;
  // As the package's owner: its workspace (row-level security on), or the platform for the catalogue.
  const asOwner = <T>(fn: (tx: Tx) => Promise<T>): Promise<T> =>
    data.workspaceId ? ctx.tenant((tx) => fn(tx)) : ctx.platform({ action: 'lms.scorm', audit: false }, fn);
  const pkg = await asOwner((tx) => repo.findPackage(tx, data.packageId));
  if (pkg?.status !== 'PROCESSING') return;
  const stored = await storage.get(pkg.sourceKey);
  if (!stored) {
    await asOwner((tx) => repo.markFailed(tx, pkg.id, 'DAMAGED_ARCHIVE'));
    return;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
  let read: Awaited<ReturnType<typeof readScormPackage>>;
  try {
    read = await readScormPackage(Buffer.concat(chunks));
  } catch (err) {
    if (!(err instanceof ZipRefused)) throw err;
    job.log.warn({ packageId: pkg.id, reason: err.reason }, 'lms.scorm-extract: package refused');
    await asOwner((tx) => repo.markFailed(tx, pkg.id, err.reason));
    return;
  }
  const owner = data.workspaceId ?? 'catalogue';
  const files: Array<{ path: string; key: string; contentType: string; size: number }> = [];
  for (const [n, file] of read.files.entries()) {
    const key = `${owner}/scorm/${pkg.id}/${n}`;
    await storage.put(key, await file.read(), { contentType: file.contentType });
    files.push({ path: file.path, key, contentType: file.contentType, size: file.size });
  }
  await asOwner((tx) =>
    repo.markReady(tx, pkg, {
      standard: read.standard,
      manifest: read.manifest,
      inflatedBytes: read.inflatedBytes,
      files,
    }),
  );
  job.log.info?.({ packageId: pkg.id, files: files.length }, 'lms.scorm-extract: package ready');
}
