import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../../core/db/database.ts';
import { queryRows } from '../../../core/db/database.ts';
import { courseItems, courseVersions, scormFiles, scormPackages } from '../../../db/schema.ts';
import type { ScormManifest, ScormStandard } from './package.ts';

/** SQL of SCORM packages: the import's rows (course, draft, item, package), the extract job's, the content origin's. */

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

/** Whether the account has an active enrolment on the version (the workspace's, as row-level security shows it). */
export async function enrolledOn(tx: Tx, accountId: string, versionId: string): Promise<boolean> {
  const rows = await queryRows<{ one: number }>(
    tx,
    sql`select 1 as one from enrolments
         where account_id = ${accountId} and course_version_id = ${versionId} and status = 'ACTIVE' limit 1`,
  );
  return rows.length > 0;
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
