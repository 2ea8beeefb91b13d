import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../core/db/database.ts';

/** The admin home's figures, as one row. */
export type OverviewCounts = {
  active: number;
  deactivated: number;
  pending: number;
  expired: number;
  everInvited: number;
  businessUnits: number;
  departments: number;
  branchName: string | null;
  logoUrl: string | null;
  backgroundColor: string;
};

/**
 * The figures of the admin home, counted in one statement (one round trip): members (deleted ones
 * left out), unused invitations, business units and departments; `branchId` limits every count to
 * one business unit. Null when the workspace is not visible to the transaction.
 */
export async function overviewCounts(tx: Tx, workspaceId: string, branchId: string | null) {
  const unit = (column: string) => (branchId ? sql`and ${sql.raw(column)} = ${branchId}` : sql``);
  const [row] = await queryRows<OverviewCounts>(
    tx,
    sql`
      select
        (select count(*)::int from memberships m
          where m.workspace_id = w.id and m.deleted_at is null and m.active ${unit('m.branch_id')}) as "active",
        (select count(*)::int from memberships m
          where m.workspace_id = w.id and m.deleted_at is null and not m.active ${unit('m.branch_id')}) as "deactivated",
        (select count(*)::int from invitations i
          where i.workspace_id = w.id and i.used_at is null and i.revoked_at is null
            and i.expires_at > app_now() ${unit('i.branch_id')}) as "pending",
        (select count(*)::int from invitations i
          where i.workspace_id = w.id and i.used_at is null and i.revoked_at is null
            and i.expires_at <= app_now() ${unit('i.branch_id')}) as "expired",
        (select count(*)::int from invitations i
          where i.workspace_id = w.id ${unit('i.branch_id')}) as "everInvited",
        (select count(*)::int from branches b where b.workspace_id = w.id ${unit('b.id')}) as "businessUnits",
        (select count(*)::int from departments d where d.workspace_id = w.id ${unit('d.branch_id')}) as "departments",
        (select b.name from branches b where b.workspace_id = w.id and b.id = ${branchId}) as "branchName",
        w.logo_url as "logoUrl",
        w.background_color as "backgroundColor"
      from workspaces w
      where w.id = ${workspaceId}`,
  );
  return row ?? null;
}
