import { sql } from 'drizzle-orm';
import type { Tx } from '../../../core/db/database.ts';
import { queryRows } from '../../../core/db/database.ts';
import { courseTitle } from '../credits/credits.repo.ts';

/** SQL of enrolments (issue 14 builds on it; docs/learning-design.md §1.8). */

export type EnrolCourse = {
  id: string;
  workspaceId: string | null;
  status: 'ACTIVE' | 'ARCHIVED';
  publishedVersionId: string | null;
  title: string;
};

/** The course as the transaction may read it (row-level security: own, or available catalogue). */
export async function findCourse(tx: Tx, courseId: string): Promise<EnrolCourse | undefined> {
  const [row] = await queryRows<EnrolCourse>(
    tx,
    sql`select c.id, c.workspace_id as "workspaceId", c.status, c.published_version_id as "publishedVersionId",
               ${courseTitle(sql`c`)} as title
        from courses c where c.id = ${courseId}`,
  );
  return row;
}

const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;

/** How many of `accountIds` are active members of the workspace. */
export async function countMembers(tx: Tx, workspaceId: string, accountIds: string[]): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(distinct m.account_id)::int as n from memberships m
        where m.workspace_id = ${workspaceId} and m.active and m.account_id = any(${uuidArray(accountIds)}::uuid[])`,
  );
  return row?.n ?? 0;
}

/**
 * Enrols the accounts on the version (one statement); someone already enrolled (not removed) is
 * skipped. Answers the new enrolments.
 */
export async function insertEnrolments(
  tx: Tx,
  v: {
    workspaceId: string;
    courseId: string;
    versionId: string;
    accountIds: string[];
    actor: string | null;
    /** Per learner (auto-assign: N days after each one's joining), else `dueAt` for all. */
    dueAts?: Map<string, Date | null>;
    dueAt: Date | null;
    source: string;
    autoRuleId: string | null;
  },
): Promise<Array<{ id: string; accountId: string }>> {
  const dues = v.accountIds.map((a) => (v.dueAts?.has(a) ? v.dueAts.get(a) : v.dueAt)?.toISOString() ?? null);
  return queryRows(
    tx,
    sql`insert into enrolments (workspace_id, course_id, course_version_id, account_id, created_by, due_at, source, auto_rule_id)
        select ${v.workspaceId}, ${v.courseId}, ${v.versionId}, a.id, ${v.actor}, a.due, ${v.source}, ${v.autoRuleId}
          from unnest(${uuidArray(v.accountIds)}::uuid[], ${`{${dues.map((d) => (d ? `"${d}"` : 'NULL')).join(',')}}`}::timestamptz[]) as a(id, due)
        on conflict (workspace_id, course_id, account_id) where status <> 'REMOVED' do nothing
        returning id, account_id as "accountId"`,
  );
}

export async function markCreditSpent(tx: Tx, ids: string[]): Promise<void> {
  await tx.execute(
    sql`update enrolments set credit_spent = true, updated_at = app_now() where id = any(${uuidArray(ids)}::uuid[])`,
  );
}
