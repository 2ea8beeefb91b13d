import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Who owns a row of a table that workspaces and the platform's catalogue share (courses and
 * everything under them): a workspace's id, or null for the catalogue, which the operator authors
 * on the platform path.
 */
export type Owner = string | null;

const ALIAS = /^[a-z_][a-z0-9_]*$/;

/**
 * The condition "this row is `owner`'s": `workspace_id = owner`, or `workspace_id is null` (a
 * catalogue row) when `owner` is null. The platform path bypasses row-level security, so for the
 * operator this condition is the only thing that keeps catalogue work off workspaces' rows: every
 * catalogue repository writes it with this helper, never by hand. `table` is a Drizzle table with a
 * `workspaceId` column, or the alias of one in raw SQL (`ownerIs('q', owner)` for `quiz_questions q`).
 * A lookup that deliberately takes any owner (the caller checks the owner through a parent row) is
 * named `…AnyOwner`.
 */
export function ownerIs(table: { workspaceId: AnyPgColumn } | string, owner: Owner): SQL {
  let column: SQL | AnyPgColumn;
  if (typeof table === 'string') {
    if (!ALIAS.test(table)) throw new Error(`Not a table alias: ${table}`);
    column = sql.raw(`${table}.workspace_id`);
  } else {
    column = table.workspaceId;
  }
  return owner === null ? sql`${column} is null` : sql`${column} = ${owner}::uuid`;
}
