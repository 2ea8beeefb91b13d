import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../core/db/database.ts';

/*
 * SQL of "my cases" (issue 26): the caller's own relationships to cases, read under row-level
 * security (case_access is readable for one's own rows). Metadata only: no sealed column.
 */

export type MyCaseRow = {
  id: string;
  reference: string | null;
  status: 'DRAFT' | 'OPEN' | 'CLOSED' | 'WITHDRAWN' | 'TRANSFERRED';
  relation: 'COMPLAINANT' | 'COMMITTEE' | 'PARTICIPANT';
  versionId: string;
  jurisdiction: 'IN_POSH' | 'CA_SOR_2020_130';
  stageKey: string | null;
  filedAt: string | null;
  updatedAt: string;
};

/**
 * The caller's complaints (drafts included), the cases they take part in, and the drafts they are
 * writing down for someone (POSH s.9(1)); newest first.
 */
export function myCases(tx: Tx, workspaceId: string, accountId: string): Promise<MyCaseRow[]> {
  return queryRows<MyCaseRow>(
    tx,
    sql`select c.id, c.reference, c.status, a.relation, c.version_id as "versionId", c.jurisdiction,
               c.stage_key as "stageKey", c.filed_at as "filedAt", c.updated_at as "updatedAt"
          from case_access a
          join cases c on c.workspace_id = a.workspace_id and c.id = a.case_id
         where a.workspace_id = ${workspaceId} and a.account_id = ${accountId} and a.revoked_at is null
           and (a.relation in ('COMPLAINANT', 'PARTICIPANT')
                or (a.relation = 'COMMITTEE' and c.status = 'DRAFT' and c.assisted_by_account_id = ${accountId}))
         order by c.created_at desc, c.id
         limit 200`,
  );
}

export type NextStepRow = {
  caseId: string;
  stepKey: string;
  dueDate: string | null;
  reference: string | null;
  daysLeft: number | null;
};

/**
 * The next open step of each case (the earliest deadline; a step without one after those with), with
 * the days left until its due date in the workspace's zone.
 */
export function nextSteps(tx: Tx, workspaceId: string, caseIds: string[], zone: string): Promise<NextStepRow[]> {
  if (caseIds.length === 0) return Promise.resolve([]);
  return queryRows<NextStepRow>(
    tx,
    sql`select distinct on (s.case_id) s.case_id as "caseId", s.step_key as "stepKey", s.due_date::text as "dueDate",
               s.reference, (s.due_date - (app_now() at time zone ${zone})::date)::int as "daysLeft"
          from case_steps s
         where s.workspace_id = ${workspaceId} and s.case_id = any(${`{${caseIds.join(',')}}`}::uuid[])
           and s.status = 'ACTIVE'
         order by s.case_id, s.due_at nulls last, s.created_at`,
  );
}
