import { eq, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../core/db/database.ts';
import { workspaces } from '../../../db/schema.ts';

/** The workspace columns that settings read and write. */
const columns = {
  id: workspaces.id,
  backgroundColor: workspaces.backgroundColor,
  logoUrl: workspaces.logoUrl,
  bulkSignUpEnabled: workspaces.bulkSignUpEnabled,
  accessCms: workspaces.accessCms,
  accessLms: workspaces.accessLms,
  accessConcernedAuthority: workspaces.accessConcernedAuthority,
  accessPolicies: workspaces.accessPolicies,
  accessCompliance: workspaces.accessCompliance,
  country: workspaces.country,
  timeZone: workspaces.timeZone,
  concernedAuthorityName: workspaces.concernedAuthorityName,
  concernedAuthorityDesignation: workspaces.concernedAuthorityDesignation,
  concernedAuthorityEmail: workspaces.concernedAuthorityEmail,
  concernedAuthorityPhone: workspaces.concernedAuthorityPhone,
  adminIpRanges: workspaces.adminIpRanges,
};

export type SettingsRow = { [K in keyof typeof columns]: (typeof workspaces.$inferSelect)[K] };
export type SettingsPatch = Partial<Omit<SettingsRow, 'id'>>;

/** The settings of the transaction's workspace, locked for update when `forUpdate`. */
export async function findSettings(tx: Tx, workspaceId: string, forUpdate = false): Promise<SettingsRow | null> {
  const q = tx.select(columns).from(workspaces).where(eq(workspaces.id, workspaceId)).limit(1);
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

/** Writes the changed settings and returns the row as it now is. */
export async function updateSettings(tx: Tx, workspaceId: string, patch: SettingsPatch): Promise<SettingsRow> {
  const [row] = await tx
    .update(workspaces)
    .set({ ...patch, updatedAt: sql`app_now()` })
    .where(eq(workspaces.id, workspaceId))
    .returning(columns);
  return row!;
}

/**
 * Whether the `elevateip` flag is on for the workspace (`isFlagOn`'s rule: on, and limited to no
 * workspace or to this one; the limits of other workspaces through `app_limited_flag_keys()`).
 */
export async function elevateIpOn(tx: Tx, workspaceId: string): Promise<boolean> {
  const [row] = await queryRows<{ on: boolean }>(
    tx,
    sql`select exists (select 1 from feature_flags f
                        where f.key = 'elevateip' and f.value = 'true'
                          and (exists (select 1 from feature_flag_workspaces fw
                                        where fw.flag_key = f.key and fw.workspace_id = ${workspaceId}::uuid)
                               or not exists (select 1 from app_limited_flag_keys() k where k = f.key))) as on`,
  );
  return row?.on === true;
}
