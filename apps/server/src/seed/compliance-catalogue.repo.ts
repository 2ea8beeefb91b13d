import { sql } from 'drizzle-orm';
import type { Tx } from '../core/db/database.ts';
import { queryRows } from '../core/db/database.ts';

/** SQL of the demo compliance catalogue's loader (platform path; the catalogue tables are the operator's). */

/** Adds a category unless its key exists; answers its id either way. */
export async function upsertCategory(tx: Tx, c: { key: string; name: Record<string, string> }): Promise<string> {
  await tx.execute(
    sql`insert into compliance_categories (key, name) values (${c.key}, ${JSON.stringify(c.name)}::jsonb)
        on conflict (key) do nothing`,
  );
  const [row] = await queryRows<{ id: string }>(tx, sql`select id from compliance_categories where key = ${c.key}`);
  return row!.id;
}

/** Adds an obligation unless its key exists (an operator's edit stays); answers whether it was added. */
export async function insertObligationOnce(
  tx: Tx,
  o: {
    key: string;
    categoryId: string;
    country: string;
    law: string;
    section: string;
    title: Record<string, string>;
    description: Record<string, string>;
    evidence: Record<string, string>;
    kind: string;
    recurrence: object | null;
    dueRule: object;
    applicability: object;
    scope: string;
    evidenceSource: string;
  },
): Promise<boolean> {
  const j = (v: unknown) => sql`${v === null ? null : JSON.stringify(v)}::jsonb`;
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`insert into obligations (key, category_id, country, jurisdiction_id, law, section, title, description, evidence,
          kind, recurrence, due_rule, applicability, scope, evidence_source)
        values (${o.key}, ${o.categoryId}, ${o.country}, null, ${o.law}, ${o.section}, ${j(o.title)}, ${j(o.description)},
          ${j(o.evidence)}, ${o.kind}, ${j(o.recurrence)}, ${j(o.dueRule)}, ${j(o.applicability)}, ${o.scope},
          ${o.evidenceSource})
        on conflict (key) do nothing returning id`,
  );
  return rows.length > 0;
}

/** Whether the catalogue is empty (no category, no obligation): a fresh database. */
export async function catalogueIsEmpty(tx: Tx): Promise<boolean> {
  const [row] = await queryRows<{ empty: boolean }>(
    tx,
    sql`select not exists (select 1 from compliance_categories) and not exists (select 1 from obligations) as empty`,
  );
  return Boolean(row?.empty);
}
