import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../core/db/database.ts';
import { workflowVersions } from '../../../db/cms-schema.ts';

/*
 * SQL of published versions (db/cms-schema.ts `workflow_versions`, insert-only: a trigger refuses
 * UPDATE and DELETE for every role). Every statement runs in the caller's tenant transaction
 * (row-level security) and names the workflow.
 */

export type VersionRow = {
  number: number;
  definition: string;
  sha256: string;
  structureSha256: string;
  labelOnly: boolean;
  diff: unknown;
  fallbacks: Record<string, number>;
  changeNote: string;
  publishedAt: string;
  publishedBy: string | null;
};

const COLUMNS = sql`v.number, v.sha256, v.structure_sha256 as "structureSha256", v.label_only as "labelOnly",
  v.diff, v.fallbacks, v.change_note as "changeNote",
  to_char(v.published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "publishedAt",
  nullif(trim(concat_ws(' ', a.first_name, a.last_name)), '') as "publishedByName", a.email as "publishedByEmail"`;

type ListedRow = Omit<VersionRow, 'definition' | 'publishedBy'> & {
  publishedByName: string | null;
  publishedByEmail: string | null;
};

/** The latest version's number, definition text and structure hash, or undefined before the first. */
export async function latestVersion(
  tx: Tx,
  workflowId: string,
): Promise<{ number: number; definition: string; structureSha256: string } | undefined> {
  const [row] = await queryRows<{ number: number; definition: string; structureSha256: string }>(
    tx,
    sql`select number, definition, structure_sha256 as "structureSha256" from workflow_versions
        where workflow_id = ${workflowId} order by number desc limit 1`,
  );
  return row;
}

export async function insertVersion(
  tx: Tx,
  row: {
    workspaceId: string;
    workflowId: string;
    number: number;
    definition: string;
    sha256: string;
    structureSha256: string;
    labelOnly: boolean;
    diff: unknown;
    fallbacks: Record<string, number>;
    changeNote: string;
    publishedBy: string | null;
  },
): Promise<void> {
  await tx.insert(workflowVersions).values(row);
}

/** Every version of a workflow, newest first (without their definitions). */
export async function listVersions(tx: Tx, workflowId: string): Promise<Array<Omit<VersionRow, 'definition'>>> {
  const rows = await queryRows<ListedRow>(
    tx,
    sql`select ${COLUMNS} from workflow_versions v left join accounts a on a.id = v.published_by
        where v.workflow_id = ${workflowId} order by v.number desc`,
  );
  return rows.map(({ publishedByName, publishedByEmail, ...r }) => ({
    ...r,
    publishedBy: publishedByName ?? publishedByEmail ?? null,
  }));
}

/** One version's stored definition text and hash. */
export async function findVersion(
  tx: Tx,
  workflowId: string,
  number: number,
): Promise<{ number: number; definition: string; sha256: string } | undefined> {
  const [row] = await queryRows<{ number: number; definition: string; sha256: string }>(
    tx,
    sql`select number, definition, sha256 from workflow_versions where workflow_id = ${workflowId} and number = ${number}`,
  );
  return row;
}
