import type { TApplicabilityRule, TObligationDueRule, TObligationRecurrence } from '@app/contract';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../../core/db/database.ts';
import { queryRows } from '../../../core/db/database.ts';

/**
 * SQL of the compliance catalogue (issue 24): categories and obligations, platform-owned (no
 * workspace_id; every role reads them, only the platform role writes). Runs on the platform path.
 */

export type CategoryRow = {
  id: string;
  key: string;
  name: Record<string, string>;
  obligationCount: number;
  createdAt: Date;
};

const categoryCols = sql`c.id, c.key, c.name, c.created_at as "createdAt",
  (select count(*)::int from obligations o where o.category_id = c.id) as "obligationCount"`;

export async function listCategories(
  tx: Tx,
  page: { pageNo: number; pageSize: number; sortBy: 'ADDED' | 'KEY' },
): Promise<{ rows: CategoryRow[]; total: number }> {
  const order = page.sortBy === 'KEY' ? sql`c.key, c.id` : sql`c.created_at desc, c.id desc`;
  const rows = await queryRows<CategoryRow>(
    tx,
    sql`select ${categoryCols} from compliance_categories c
        order by ${order} limit ${page.pageSize} offset ${page.pageNo * page.pageSize}`,
  );
  const [n] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from compliance_categories`);
  return { rows, total: n?.n ?? 0 };
}

export async function findCategory(tx: Tx, id: string, lock = false): Promise<CategoryRow | undefined> {
  const [row] = await queryRows<CategoryRow>(
    tx,
    sql`select ${categoryCols} from compliance_categories c where c.id = ${id} ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

/** Another category with this key. */
export async function categoryKeyTaken(tx: Tx, key: string, exceptId: string | null): Promise<boolean> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`select id from compliance_categories where key = ${key} ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`,
  );
  return Boolean(row);
}

export async function insertCategory(tx: Tx, c: { key: string; name: Record<string, string> }): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into compliance_categories (key, name) values (${c.key}, ${JSON.stringify(c.name)}::jsonb) returning id`,
  );
  return row!.id;
}

export async function updateCategory(tx: Tx, id: string, c: { key: string; name: Record<string, string> }) {
  await tx.execute(
    sql`update compliance_categories set key = ${c.key}, name = ${JSON.stringify(c.name)}::jsonb, updated_at = app_now()
        where id = ${id}`,
  );
}

export async function deleteCategory(tx: Tx, id: string): Promise<void> {
  await tx.execute(sql`delete from compliance_categories where id = ${id}`);
}

// --- obligations

export type ObligationRow = {
  id: string;
  key: string;
  categoryId: string;
  country: 'IN' | 'CA';
  jurisdictionId: string | null;
  law: string;
  section: string;
  title: Record<string, string>;
  description: Record<string, string>;
  evidence: Record<string, string>;
  kind: 'ONE_TIME' | 'PERIODIC' | 'EVENT' | 'CONTINUOUS';
  recurrence: TObligationRecurrence | null;
  dueRule: TObligationDueRule;
  applicability: TApplicabilityRule;
  scope: 'WORKSPACE' | 'UNIT';
  evidenceSource: 'NONE' | 'COMMITTEE' | 'DESIGNATED_RECIPIENT' | 'TRAINING' | 'WORKSHOP' | 'POLICY' | 'REPORT';
  status: 'ACTIVE' | 'RETIRED';
  version: number;
  createdAt: Date;
  updatedAt: Date;
};

/** An obligation as written (the service has checked it). */
export type ObligationValues = Omit<ObligationRow, 'id' | 'status' | 'version' | 'createdAt' | 'updatedAt'>;

const obligationCols = sql`o.id, o.key, o.category_id as "categoryId", o.country, o.jurisdiction_id as "jurisdictionId",
  o.law, o.section, o.title, o.description, o.evidence, o.kind, o.recurrence, o.due_rule as "dueRule",
  o.applicability, o.scope, o.evidence_source as "evidenceSource", o.status, o.version,
  o.created_at as "createdAt", o.updated_at as "updatedAt"`;

export type ObligationFilter = {
  search?: string | undefined;
  country?: string | undefined;
  categoryId?: string | undefined;
  status?: string | undefined;
};

/** One page of obligations (newest first), filtered; the search matches the key, law, section or English title. */
export async function listObligations(
  tx: Tx,
  f: ObligationFilter,
  page: { pageNo: number; pageSize: number },
): Promise<{ rows: ObligationRow[]; total: number }> {
  const like = f.search ? `%${f.search.replace(/[\\%_]/g, (m) => `\\${m}`).toLowerCase()}%` : null;
  const where = sql`where true
    ${
      like
        ? sql`and (lower(o.key) like ${like} or lower(o.law) like ${like} or lower(o.section) like ${like}
                      or lower(o.title->>'en') like ${like})`
        : sql``
    }
    ${f.country ? sql`and o.country = ${f.country}` : sql``}
    ${f.categoryId ? sql`and o.category_id = ${f.categoryId}` : sql``}
    ${f.status ? sql`and o.status = ${f.status}` : sql``}`;
  const rows = await queryRows<ObligationRow>(
    tx,
    sql`select ${obligationCols} from obligations o ${where}
        order by o.created_at desc, o.id desc limit ${page.pageSize} offset ${page.pageNo * page.pageSize}`,
  );
  const [n] = await queryRows<{ n: number }>(tx, sql`select count(*)::int as n from obligations o ${where}`);
  return { rows, total: n?.n ?? 0 };
}

export async function findObligation(tx: Tx, id: string, lock = false): Promise<ObligationRow | undefined> {
  const [row] = await queryRows<ObligationRow>(
    tx,
    sql`select ${obligationCols} from obligations o where o.id = ${id} ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

export async function obligationKeyTaken(tx: Tx, key: string, exceptId: string | null): Promise<boolean> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`select id from obligations where key = ${key} ${exceptId ? sql`and id <> ${exceptId}` : sql``} limit 1`,
  );
  return Boolean(row);
}

const json = (v: unknown) => sql`${v === null ? null : JSON.stringify(v)}::jsonb`;

export async function insertObligation(tx: Tx, o: ObligationValues): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into obligations (key, category_id, country, jurisdiction_id, law, section, title, description, evidence,
          kind, recurrence, due_rule, applicability, scope, evidence_source)
        values (${o.key}, ${o.categoryId}, ${o.country}, ${o.jurisdictionId}, ${o.law}, ${o.section}, ${json(o.title)},
          ${json(o.description)}, ${json(o.evidence)}, ${o.kind}, ${json(o.recurrence)}, ${json(o.dueRule)},
          ${json(o.applicability)}, ${o.scope}, ${o.evidenceSource})
        returning id`,
  );
  return row!.id;
}

/** Writes an obligation's new values and adds one to its version (the catalogue sync compares it). */
export async function updateObligation(tx: Tx, id: string, o: ObligationValues): Promise<void> {
  await tx.execute(
    sql`update obligations set key = ${o.key}, category_id = ${o.categoryId}, country = ${o.country},
          jurisdiction_id = ${o.jurisdictionId}, law = ${o.law}, section = ${o.section}, title = ${json(o.title)},
          description = ${json(o.description)}, evidence = ${json(o.evidence)}, kind = ${o.kind},
          recurrence = ${json(o.recurrence)}, due_rule = ${json(o.dueRule)}, applicability = ${json(o.applicability)},
          scope = ${o.scope}, evidence_source = ${o.evidenceSource}, version = version + 1, updated_at = app_now()
        where id = ${id}`,
  );
}

/** Retires an obligation: it stops generating (the engine); its occurrences stay. */
export async function retireObligation(tx: Tx, id: string): Promise<void> {
  await tx.execute(
    sql`update obligations set status = 'RETIRED', retired_at = app_now(), version = version + 1, updated_at = app_now()
        where id = ${id}`,
  );
}

export async function deleteObligation(tx: Tx, id: string): Promise<void> {
  await tx.execute(sql`delete from obligations where id = ${id}`);
}

/** Whether any workspace has answered the obligation (an answer or an occurrence names it). */
export async function obligationInUse(tx: Tx, id: string): Promise<boolean> {
  const [row] = await queryRows<{ used: boolean }>(
    tx,
    sql`select exists (select 1 from obligation_answers a where a.obligation_id = ${id})
            or exists (select 1 from obligation_occurrences x where x.obligation_id = ${id}) as used`,
  );
  return Boolean(row?.used);
}

/** A jurisdiction's country, if it exists. */
export async function jurisdictionCountry(tx: Tx, id: string): Promise<string | undefined> {
  const [row] = await queryRows<{ country: string }>(tx, sql`select country from jurisdictions where id = ${id}`);
  return row?.country;
}

/** The active (not retired, not purged) workspaces of a country: those a catalogue change reaches. */
export async function activeWorkspacesOf(tx: Tx, country: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select id from workspaces where country = ${country} and active and retired_at is null and purged_at is null order by id`,
  );
  return rows.map((r) => r.id);
}
