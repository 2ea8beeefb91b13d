import type { TScormImportResult, TScormLaunchResult, TScormPackage } from '@app/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Ctx } from '../../../core/context.ts';
import { AppError, errors } from '../../../core/errors.ts';
import { actorOf, authorize } from '../../../core/policy.ts';
import { deleteStoredFile, newFileKey, type Storage } from '../../../core/storage.ts';
import { ZipRefused } from '../../../core/zip-archive.ts';
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
 * Imports a package: checks it whole first (a refused package stores nothing and answers
 * SCORM_INVALID with its reason), stores the zip, then in one transaction adds the SCORM item to
 * the course's draft (making the draft from the published version when there is none) or to a new
 * course, writes the PROCESSING package and enqueues `lms.scorm-extract`.
 */
export async function importPackage(
  ctx: Ctx,
  upload: { data: Buffer; filename: string },
  fields: { courseId?: string | undefined; language?: string | undefined },
): Promise<TScormImportResult> {
  const { workspaceId, accountId } = ctx.member();
  const actor = actorOf(ctx);
  authorize(actor, scormPolicy, 'author', { workspaceId, versionStatus: 'DRAFT' });
  let checked: Awaited<ReturnType<typeof readScormPackage>>;
  try {
    checked = await readScormPackage(upload.data);
  } catch (err) {
    if (err instanceof ZipRefused) throw scormInvalid(err);
    throw err;
  }
  const title = (checked.manifest.title || checked.manifest.scos[0]?.title || upload.filename).slice(0, 200);
  const sourceKey = newFileKey(workspaceId, 'scorm', upload.filename, ctx.clock.now());
  await ctx.storage.put(sourceKey, upload.data, { contentType: 'application/zip' });
  try {
    return await ctx.tenant(async (tx) => {
      let courseId: string;
      let versionId: string;
      let language: string;
      if (fields.courseId) {
        const course = await repo.courseForImport(tx, fields.courseId);
        if (!course || course.workspaceId !== workspaceId) {
          throw new AppError(404, 'NOT_FOUND', 'The course was not found.', { params: { reason: 'COURSE_NOT_FOUND' } });
        }
        if (course.status === 'ARCHIVED') {
          throw new AppError(409, 'COURSE_ARCHIVED', 'The course is archived: restore it before adding to it.');
        }
        courseId = course.id;
        versionId = course.draftVersionId ?? (await repo.makeDraft(tx, course, accountId));
        language = (await repo.versionLanguages(tx, versionId))!.primaryLanguage;
      } else {
        language = fields.language ?? 'en';
        ({ courseId, versionId } = await repo.createCourse(tx, { workspaceId, actor: accountId, language, title }));
      }
      const packageId = await repo.insertPackage(tx, {
        workspaceId,
        versionId,
        sourceKey,
        sourceName: upload.filename,
        actor: accountId,
      });
      const itemId = await repo.insertScormItem(tx, { workspaceId, versionId, packageId, language, title });
      await ctx.jobs.enqueue(
        tx,
        'lms.scorm-extract',
        { packageId, workspaceId },
        { key: `scorm-extract:${packageId}` },
      );
      await ctx.audit('scorm.imported', packageId, {
        courseId,
        itemId,
        newCourse: !fields.courseId,
        standard: checked.standard,
        fileCount: checked.files.length,
        sourceName: upload.filename,
      });
      return { packageId, courseId, itemId, status: 'PROCESSING' as const };
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

/** A package's status and manifest summary (authors). */
export async function getPackage(ctx: Ctx, packageId: string): Promise<TScormPackage> {
  const actor = actorOf(ctx);
  return ctx.tenant(async (tx) => {
    const row = await repo.findPackage(tx, packageId);
    if (!row) throw notFound();
    authorize(actor, scormPolicy, 'author', row);
    return toPackage(row, await repo.itemOfPackage(tx, packageId, row.courseVersionId));
  });
}

/**
 * A player URL on the content origin for a READY package, under a token for the caller's own
 * origin (the page that will embed it), valid 4 hours.
 */
export async function launchPackage(ctx: Ctx, packageId: string, parentOrigin: string): Promise<TScormLaunchResult> {
  if (parentOrigin.toLowerCase() !== ctx.origin.toLowerCase()) {
    throw new AppError(400, 'BAD_REQUEST', 'The player can only be embedded by the page that asks for it.', {
      params: { reason: 'PARENT_ORIGIN_MISMATCH' },
    });
  }
  const actor = actorOf(ctx);
  const row = await ctx.tenant((tx) => repo.findPackage(tx, packageId));
  if (!row) throw notFound();
  authorize(actor, scormPolicy, 'play', row);
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
  deps: { store: repo.ScormStore; storage: Storage; log: Pick<FastifyBaseLogger, 'warn' | 'info'> },
  data: { packageId: string; workspaceId: string | null },
): Promise<void> {
  const { store, storage } = deps;
  const pkg = await store.findPackage(data.workspaceId, data.packageId);
  if (pkg?.status !== 'PROCESSING') return;
  const stored = await storage.get(pkg.sourceKey);
  if (!stored) {
    await store.markFailed(data.workspaceId, pkg.id, 'DAMAGED_ARCHIVE');
    return;
  }
  const chunks: Buffer[] = [];
  for await (const chunk of stored.stream) chunks.push(chunk as Buffer);
  let read: Awaited<ReturnType<typeof readScormPackage>>;
  try {
    read = await readScormPackage(Buffer.concat(chunks));
  } catch (err) {
    if (!(err instanceof ZipRefused)) throw err;
    deps.log.warn({ packageId: pkg.id, reason: err.reason }, 'lms.scorm-extract: package refused');
    await store.markFailed(data.workspaceId, pkg.id, err.reason);
    return;
  }
  const owner = data.workspaceId ?? 'catalogue';
  const files: Array<{ path: string; key: string; contentType: string; size: number }> = [];
  for (const [n, file] of read.files.entries()) {
    const key = `${owner}/scorm/${pkg.id}/${n}`;
    await storage.put(key, await file.read(), { contentType: file.contentType });
    files.push({ path: file.path, key, contentType: file.contentType, size: file.size });
  }
  await store.markReady(data.workspaceId, pkg, {
    standard: read.standard,
    manifest: read.manifest,
    inflatedBytes: read.inflatedBytes,
    files,
  });
  deps.log.info({ packageId: pkg.id, files: files.length }, 'lms.scorm-extract: package ready');
}
