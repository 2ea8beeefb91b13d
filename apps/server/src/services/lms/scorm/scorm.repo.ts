import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../../core/db/database.ts';
import { queryRows } from '../../../core/db/database.ts';
import { withPlatform, withTenant } from '../../../core/db/tenant.ts';
import { courseItems, courses, courseTexts, courseVersions, scormFiles, scormPackages } from '../../../db/schema.ts';
import type { ScormManifest, ScormStandard } from './package.ts';

/** SQL of SCORM packages: the import's rows (course, draft, item, package), the extract job's, the content origin's. */

export type CourseForImport = {
  id: string;
  workspaceId: string | null;
  draftVersionId: string | null;
  publishedVersionId: string | null;
  status: string;
};

/** The course an import adds an item to, as the caller's transaction sees it. */
export async function courseForImport(tx: Tx, courseId: string): Promise<CourseForImport | null> {
  const [row] = await tx
    .select({
      id: courses.id,
      workspaceId: courses.workspaceId,
      draftVersionId: courses.draftVersionId,
      publishedVersionId: courses.publishedVersionId,
      status: courses.status,
    })
    .from(courses)
    .where(eq(courses.id, courseId));
  return row ?? null;
}

/** The draft's language settings. */
export async function versionLanguages(tx: Tx, versionId: string): Promise<{ primaryLanguage: string } | null> {
  const [row] = await tx
    .select({ primaryLanguage: courseVersions.primaryLanguage })
    .from(courseVersions)
    .where(eq(courseVersions.id, versionId));
  return row ?? null;
}

/** Copies the published version into a new draft (the SQL function of 0026) and records it on the course. */
export async function makeDraft(tx: Tx, course: CourseForImport, actor: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`select app_copy_course_version(${course.publishedVersionId}, ${course.id}, ${actor}) as id`,
  );
  await tx.update(courses).set({ draftVersionId: row!.id, updatedBy: actor }).where(eq(courses.id, course.id));
  return row!.id;
}

/** A new course with a first draft in `language`, titled `title`. */
export async function createCourse(
  tx: Tx,
  input: { workspaceId: string | null; actor: string; language: string; title: string },
): Promise<{ courseId: string; versionId: string }> {
  const [course] = await tx
    .insert(courses)
    .values({ workspaceId: input.workspaceId, createdBy: input.actor, updatedBy: input.actor })
    .returning({ id: courses.id });
  const [version] = await tx
    .insert(courseVersions)
    .values({
      courseId: course!.id,
      workspaceId: input.workspaceId,
      number: 1,
      primaryLanguage: input.language,
      languages: [input.language],
      createdBy: input.actor,
    })
    .returning({ id: courseVersions.id });
  await tx.update(courses).set({ draftVersionId: version!.id }).where(eq(courses.id, course!.id));
  await tx.insert(courseTexts).values({
    courseVersionId: version!.id,
    entityId: course!.id,
    language: input.language,
    workspaceId: input.workspaceId,
    entityKind: 'COURSE',
    body: { title: input.title, description: '' },
    complete: true,
  });
  return { courseId: course!.id, versionId: version!.id };
}

/** The PROCESSING row of a new package. */
export async function insertPackage(
  tx: Tx,
  input: { workspaceId: string | null; versionId: string; sourceKey: string; sourceName: string; actor: string },
): Promise<string> {
  const [row] = await tx
    .insert(scormPackages)
    .values({
      workspaceId: input.workspaceId,
      courseVersionId: input.versionId,
      sourceKey: input.sourceKey,
      sourceName: input.sourceName.slice(0, 255),
      uploadedBy: input.actor,
    })
    .returning({ id: scormPackages.id });
  return row!.id;
}

/** A SCORM item at the end of the draft, titled in `language`. */
export async function insertScormItem(
  tx: Tx,
  input: { workspaceId: string | null; versionId: string; packageId: string; language: string; title: string },
): Promise<string> {
  const id = crypto.randomUUID();
  const [last] = await queryRows<{ position: number | null }>(
    tx,
    sql`select max(${courseItems.position}) as position from ${courseItems} where ${courseItems.courseVersionId} = ${input.versionId}`,
  );
  await tx.insert(courseItems).values({
    id,
    stableId: id,
    courseVersionId: input.versionId,
    workspaceId: input.workspaceId,
    kind: 'SCORM',
    position: (last?.position ?? -1) + 1,
    scormPackageId: input.packageId,
  });
  await tx.insert(courseTexts).values({
    courseVersionId: input.versionId,
    entityId: id,
    language: input.language,
    workspaceId: input.workspaceId,
    entityKind: 'ITEM',
    body: { title: input.title },
    complete: true,
  });
  return id;
}

export type PackageRow = {
  id: string;
  workspaceId: string | null;
  courseVersionId: string;
  courseId: string;
  versionStatus: string;
  standard: ScormStandard | null;
  status: 'PROCESSING' | 'READY' | 'FAILED';
  failureCode: string | null;
  sourceKey: string;
  sourceName: string;
  manifest: ScormManifest | null;
  fileCount: number | null;
  inflatedBytes: number | null;
  createdAt: Date;
};

/** A package with its course and version (as the transaction's row-level security shows it). */
export async function findPackage(tx: Tx, packageId: string): Promise<PackageRow | null> {
  const [row] = await tx
    .select({
      id: scormPackages.id,
      workspaceId: scormPackages.workspaceId,
      courseVersionId: scormPackages.courseVersionId,
      courseId: courseVersions.courseId,
      versionStatus: courseVersions.status,
      standard: scormPackages.standard,
      status: scormPackages.status,
      failureCode: scormPackages.failureCode,
      sourceKey: scormPackages.sourceKey,
      sourceName: scormPackages.sourceName,
      manifest: scormPackages.manifest,
      fileCount: scormPackages.fileCount,
      inflatedBytes: scormPackages.inflatedBytes,
      createdAt: scormPackages.createdAt,
    })
    .from(scormPackages)
    .innerJoin(courseVersions, eq(courseVersions.id, scormPackages.courseVersionId))
    .where(eq(scormPackages.id, packageId));
  return (row as PackageRow | undefined) ?? null;
}

/** The item of the package's own version that plays it. */
export async function itemOfPackage(tx: Tx, packageId: string, versionId: string): Promise<string | null> {
  const [row] = await tx
    .select({ id: courseItems.id })
    .from(courseItems)
    .where(and(eq(courseItems.scormPackageId, packageId), eq(courseItems.courseVersionId, versionId)))
    .orderBy(asc(courseItems.position))
    .limit(1);
  return row?.id ?? null;
}

/** Records the extracted files (again harmlessly) and makes the package READY. */
export async function markReady(
  tx: Tx,
  pkg: Pick<PackageRow, 'id' | 'workspaceId' | 'courseVersionId'>,
  result: {
    standard: ScormStandard;
    manifest: ScormManifest;
    inflatedBytes: number;
    files: Array<{ path: string; key: string; contentType: string; size: number }>;
  },
): Promise<void> {
  for (let i = 0; i < result.files.length; i += 500) {
    await tx
      .insert(scormFiles)
      .values(
        result.files.slice(i, i + 500).map((f) => ({
          packageId: pkg.id,
          workspaceId: pkg.workspaceId,
          courseVersionId: pkg.courseVersionId,
          ...f,
        })),
      )
      .onConflictDoNothing();
  }
  await tx
    .update(scormPackages)
    .set({
      status: 'READY',
      standard: result.standard,
      manifest: result.manifest,
      fileCount: result.files.length,
      inflatedBytes: result.inflatedBytes,
      failureCode: null,
      updatedAt: sql`app_now()`,
    })
    .where(and(eq(scormPackages.id, pkg.id), eq(scormPackages.status, 'PROCESSING')));
}

export async function markFailed(tx: Tx, packageId: string, failureCode: string): Promise<void> {
  await tx
    .update(scormPackages)
    .set({ status: 'FAILED', failureCode, updatedAt: sql`app_now()` })
    .where(and(eq(scormPackages.id, packageId), eq(scormPackages.status, 'PROCESSING')));
}

/** A file of a package, by its exact path. */
export async function findFile(
  tx: Tx,
  packageId: string,
  path: string,
): Promise<{ key: string; contentType: string; size: number } | null> {
  const [row] = await tx
    .select({ key: scormFiles.key, contentType: scormFiles.contentType, size: scormFiles.size })
    .from(scormFiles)
    .where(and(eq(scormFiles.packageId, packageId), eq(scormFiles.path, path)));
  return row ?? null;
}

/** How many files a package has recorded (tests: nothing stored for a refused package). */
export async function countFiles(tx: Tx, packageId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from ${scormFiles} where ${scormFiles.packageId} = ${packageId}`,
  );
  return row?.n ?? 0;
}

/**
 * The database access of the work outside requests: the extract job (as the package's owner: its
 * workspace with row-level security on, or the platform for the catalogue) and the content origin
 * (no session there: the signed token names the package, read on the platform path, not audited —
 * every file of a playing package is one read).
 */
export function scormStore(db: Db) {
  const asOwner = <T>(workspaceId: string | null, fn: (tx: Tx) => Promise<T>): Promise<T> =>
    workspaceId
      ? withTenant(db, { workspaceId, accountId: null }, fn)
      : withPlatform(db, { action: 'lms.scorm', audit: false }, fn);
  const content = <T>(fn: (tx: Tx) => Promise<T>) =>
    withPlatform(db, { action: 'lms.scorm.content', audit: false }, fn);
  return {
    findPackage: (workspaceId: string | null, packageId: string) =>
      asOwner(workspaceId, (tx) => findPackage(tx, packageId)),
    markFailed: (workspaceId: string | null, packageId: string, code: string) =>
      asOwner(workspaceId, (tx) => markFailed(tx, packageId, code)),
    markReady: (
      workspaceId: string | null,
      pkg: Pick<PackageRow, 'id' | 'workspaceId' | 'courseVersionId'>,
      result: Parameters<typeof markReady>[2],
    ) => asOwner(workspaceId, (tx) => markReady(tx, pkg, result)),
    contentPackage: (packageId: string) => content((tx) => findPackage(tx, packageId)),
    contentFile: (packageId: string, path: string) => content((tx) => findFile(tx, packageId, path)),
  };
}
export type ScormStore = ReturnType<typeof scormStore>;
