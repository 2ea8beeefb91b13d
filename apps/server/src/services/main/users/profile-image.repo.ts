import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Tx } from '../../../core/db/database.ts';
import { profileImageUploads } from '../../../db/schema.ts';

/** Records a new upload URL's token hash; expired ones of the workspace older than a day are dropped on the way. */
export async function insertUpload(
  tx: Tx,
  row: { workspaceId: string; tokenHash: string; accountId: string; targetAccountId: string; expiresAt: Date },
) {
  await tx
    .delete(profileImageUploads)
    .where(
      and(
        eq(profileImageUploads.workspaceId, row.workspaceId),
        lt(profileImageUploads.expiresAt, sql`app_now() - interval '1 day'`),
      ),
    );
  await tx.insert(profileImageUploads).values(row);
}

/** The upload URL with this token hash in the workspace (RLS hides other workspaces' anyway). */
export async function findUpload(tx: Tx, workspaceId: string, tokenHash: string) {
  const [row] = await tx
    .select({
      accountId: profileImageUploads.accountId,
      targetAccountId: profileImageUploads.targetAccountId,
      expiresAt: profileImageUploads.expiresAt,
      usedAt: profileImageUploads.usedAt,
    })
    .from(profileImageUploads)
    .where(and(eq(profileImageUploads.workspaceId, workspaceId), eq(profileImageUploads.tokenHash, tokenHash)));
  return row ?? null;
}

/**
 * Marks the upload URL used, if it is still unused, unexpired and `accountId`'s. Answers its target,
 * or null when another request used it first (or it expired meanwhile): single use under concurrency.
 */
export async function claimUpload(tx: Tx, workspaceId: string, tokenHash: string, accountId: string) {
  const [row] = await tx
    .update(profileImageUploads)
    .set({ usedAt: sql`app_now()` })
    .where(
      and(
        eq(profileImageUploads.workspaceId, workspaceId),
        eq(profileImageUploads.tokenHash, tokenHash),
        eq(profileImageUploads.accountId, accountId),
        isNull(profileImageUploads.usedAt),
        gt(profileImageUploads.expiresAt, sql`app_now()`),
      ),
    )
    .returning({ targetAccountId: profileImageUploads.targetAccountId });
  return row ?? null;
}
