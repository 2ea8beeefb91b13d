import { sql } from 'drizzle-orm';
import type { Tx } from '../core/db/database.ts';
import { queryRows } from '../core/db/database.ts';

/** SQL of the learning demo seed (platform path: row-level security does not apply). */

/** A course of `owner` (null: the catalogue) whose version has `title` in English, if any. */
export async function findCourseByTitle(tx: Tx, owner: string | null, title: string): Promise<string | undefined> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`select c.id from courses c join course_texts t on t.entity_id in (c.draft_version_id, c.published_version_id)
         where ${owner === null ? sql`c.workspace_id is null` : sql`c.workspace_id = ${owner}`}
           and t.language = 'en' and t.body->>'title' = ${title}
         limit 1`,
  );
  return row?.id;
}

export async function upsertJurisdiction(
  tx: Tx,
  j: { code: string; name: string; country: string; parentId: string | null; actor: string },
): Promise<string> {
  await tx.execute(sql`insert into jurisdictions (code, name, country, parent_id, created_by)
      values (${j.code}, ${j.name}, ${j.country}, ${j.parentId}, ${j.actor}) on conflict do nothing`);
  const [row] = await queryRows<{ id: string }>(tx, sql`select id from jurisdictions where code = ${j.code}`);
  return row!.id;
}

export async function insertBlock(
  tx: Tx,
  b: { itemId: string; versionId: string; owner: string | null; type: string; position: number; settings: object },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`with n as (select gen_random_uuid() as id)
        insert into lesson_blocks (id, stable_id, item_id, course_version_id, workspace_id, type, position, settings)
        select n.id, n.id, ${b.itemId}, ${b.versionId}, ${b.owner}, ${b.type}, ${b.position}, ${JSON.stringify(b.settings)}::jsonb
          from n returning id`,
  );
  return row!.id;
}

/**
 * Makes a catalogue course available to a workspace with `credits` granted (a GRANTED request and
 * one GRANT ledger entry; the ledger trigger sets the balance). Nothing when already available.
 */
export async function makeAvailableWithCredits(
  tx: Tx,
  a: { workspaceId: string; courseId: string; credits: number; operatorId: string; requestedBy: string | null },
): Promise<void> {
  const inserted = await queryRows<{ courseId: string }>(
    tx,
    sql`insert into workspace_courses (workspace_id, course_id, enabled, made_available_by)
        values (${a.workspaceId}, ${a.courseId}, true, ${a.operatorId})
        on conflict do nothing returning course_id as "courseId"`,
  );
  if (inserted.length === 0) return;
  const [request] = await queryRows<{ id: string }>(
    tx,
    sql`insert into credit_requests (workspace_id, course_id, quantity, note, status, requested_by, decided_by, decided_at,
                                     granted_quantity, decision_note)
        values (${a.workspaceId}, ${a.courseId}, ${a.credits}, 'Credits for the first training round', 'GRANTED',
                ${a.requestedBy}, ${a.operatorId}, app_now(), ${a.credits}, 'Granted (demo data)')
        returning id`,
  );
  await tx.execute(sql`insert into credit_ledger (workspace_id, course_id, delta, reason, request_id, note, created_by)
      values (${a.workspaceId}, ${a.courseId}, ${a.credits}, 'GRANT', ${request!.id}, 'Granted (demo data)', ${a.operatorId})`);
}
