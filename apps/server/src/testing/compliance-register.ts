import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../core/db/database.ts';
import { withPlatform, withTenant } from '../core/db/tenant.ts';
import { endOfDateInZone } from '../core/due-rules.ts';

/**
 * Register rows for tests (issue 24): catalogue rows on the platform path, a workspace's answers
 * and occurrences through a tenant transaction, as the engine's job (`compliance.sync-workspace`)
 * writes them. Each call makes fresh, uniquely keyed rows.
 */

const uniq = () => randomBytes(4).toString('hex').toUpperCase();

export type RegisterObligationOpts = {
  key?: string;
  title?: Record<string, string>;
  kind?: 'ONE_TIME' | 'PERIODIC' | 'EVENT' | 'CONTINUOUS';
  scope?: 'WORKSPACE' | 'UNIT';
  evidenceSource?: string;
  section?: string;
  dueRule?: object;
  status?: 'ACTIVE' | 'RETIRED';
};

/** A catalogue obligation (in a category of its own); returns its id. */
export async function aRegisterObligation(db: Db, opts: RegisterObligationOpts = {}): Promise<string> {
  return withPlatform(db, { action: 'test.register-obligation', audit: false }, async (tx) => {
    const key = opts.key ?? `T.${uniq()}`;
    const [cat] = await queryRows<{ id: string }>(
      tx,
      sql`insert into compliance_categories (key, name) values (${`C.${uniq()}`}, ${JSON.stringify({ en: 'Test category', hi: 'परीक्षण श्रेणी' })}::jsonb) returning id`,
    );
    const kind = opts.kind ?? 'ONE_TIME';
    const recurrence =
      kind === 'PERIODIC' ? JSON.stringify({ every: 1, unit: 'YEAR', alignTo: 'CALENDAR_YEAR' }) : null;
    const dueRule = opts.dueRule ?? {
      anchor: kind === 'EVENT' ? 'EVENT' : 'APPLIES_FROM',
      offset: 30,
      unit: 'CALENDAR_DAY',
      onHoliday: 'NONE',
      reference: null,
    };
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into obligations (key, category_id, country, law, section, title, description, evidence, kind, recurrence,
                                   due_rule, applicability, scope, evidence_source, status)
          values (${key}, ${cat!.id}, 'IN', 'POSH Act, 2013', ${opts.section ?? 's.4'},
                  ${JSON.stringify(opts.title ?? { en: `Constitute the committee ${key}`, hi: `समिति गठित करें ${key}` })}::jsonb,
                  ${JSON.stringify({ en: 'What the law asks.' })}::jsonb, ${JSON.stringify({ en: 'The order.' })}::jsonb,
                  ${kind}, ${recurrence}::jsonb, ${JSON.stringify(dueRule)}::jsonb,
                  ${JSON.stringify({ minHeadcount: 10, maxHeadcount: null, jurisdictionCodes: [] })}::jsonb,
                  ${opts.scope ?? 'UNIT'}, ${opts.evidenceSource ?? 'NONE'}, ${opts.status ?? 'ACTIVE'})
          returning id`,
    );
    return row!.id;
  });
}

export type AnswerOpts = {
  workspaceId: string;
  obligationId: string;
  branchId: string | null;
  ownerId?: string | null;
  reviewerId?: string | null;
  applies?: boolean;
};

/** A workspace's answer to an obligation (applies, reason HEADCOUNT_AT_LEAST); returns its id. */
export async function aRegisterAnswer(db: Db, o: AnswerOpts): Promise<string> {
  return withTenant(db, { workspaceId: o.workspaceId }, async (tx) => {
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into obligation_answers (workspace_id, obligation_id, branch_id, applies, reason, applies_from, owner_id, reviewer_id)
          values (${o.workspaceId}, ${o.obligationId}, ${o.branchId}, ${o.applies ?? true},
                  ${JSON.stringify({ code: 'HEADCOUNT_AT_LEAST', params: { unit: 'Target', headcount: 14, min: 10 } })}::jsonb,
                  '2026-01-01', ${o.ownerId ?? null}, ${o.reviewerId ?? null})
          returning id`,
    );
    return row!.id;
  });
}

/** An occurrence of an answer, due on `dueDate` (end of that day in `zone`); returns its id. */
export async function aRegisterOccurrence(
  db: Db,
  o: {
    workspaceId: string;
    answerId: string;
    dueDate: string;
    periodStart?: string;
    status?: string;
    zone?: string;
  },
): Promise<string> {
  return withTenant(db, { workspaceId: o.workspaceId }, async (tx) => {
    const dueAt = endOfDateInZone(o.dueDate, o.zone ?? 'Asia/Kolkata');
    const start = o.periodStart ?? o.dueDate;
    const [row] = await queryRows<{ id: string }>(
      tx,
      sql`insert into obligation_occurrences (workspace_id, obligation_id, answer_id, branch_id, period_start, period_end,
                                              due_date, due_at, status)
          select a.workspace_id, a.obligation_id, a.id, a.branch_id, ${start}::date, ${start}::date,
                 ${o.dueDate}::date, ${dueAt.toISOString()}::timestamptz, ${o.status ?? 'OPEN'}
            from obligation_answers a where a.id = ${o.answerId}
          returning id`,
    );
    return row!.id;
  });
}

/** Grants `compliance.manage` to a role in a workspace (the matrix override), e.g. to business-unit admins. */
export async function grantComplianceManage(db: Db, workspaceId: string, role: string): Promise<void> {
  await withPlatform(db, { action: 'test.grant', audit: false }, async (tx) => {
    await tx.execute(
      sql`insert into role_permissions (workspace_id, role, permission, granted)
          values (${workspaceId}, ${role}, 'compliance.manage', true)
          on conflict do nothing`,
    );
  });
}

/** A minimal PDF (header, one empty page, trailer): what a real PDF's first and last bytes are. */
export const A_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
