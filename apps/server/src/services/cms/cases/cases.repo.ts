import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../core/db/database.ts';

/*
 * SQL of complaint cases (db/cases-schema.ts, migration `cases`). Row-level security answers only
 * rows of cases the transaction's account has a live relationship to (case_access), and sealed
 * items only of the caller's audience; these functions add the workspace so they read as what they
 * answer. Bytes travel as hex. The committee register and the workflow versions are read here from
 * their tables, never through their modules.
 */

export type CaseRow = {
  id: string;
  workspaceId: string;
  reference: string | null;
  workflowId: string;
  versionId: string;
  versionNumber: number;
  definitionSha256: string;
  jurisdiction: 'IN_POSH' | 'CA_SOR_2020_130';
  branchId: string | null;
  committeeId: string | null;
  status: 'DRAFT' | 'OPEN' | 'CLOSED' | 'WITHDRAWN' | 'TRANSFERRED';
  stageKey: string | null;
  complainantAccountId: string;
  assistedByAccountId: string | null;
  filerKind: string;
  incidentDate: string | null;
  filedAt: string | null;
  nextDueAt: string | null;
  nextStepKey: string | null;
  outcome: string | null;
  closedAt: string | null;
  reportOn: string | null;
  employerActionOn: string | null;
  appealUntil: string | null;
  revision: number;
  createdAt: string;
  updatedAt: string;
};

const CASE_COLUMNS = sql`c.id, c.workspace_id as "workspaceId", c.reference, c.workflow_id as "workflowId",
  c.version_id as "versionId", c.version_number as "versionNumber", c.definition_sha256 as "definitionSha256",
  c.jurisdiction, c.branch_id as "branchId", c.committee_id as "committeeId", c.status, c.stage_key as "stageKey",
  c.complainant_account_id as "complainantAccountId", c.assisted_by_account_id as "assistedByAccountId",
  c.filer_kind as "filerKind", c.incident_date::text as "incidentDate", c.filed_at as "filedAt",
  c.next_due_at as "nextDueAt", c.next_step_key as "nextStepKey", c.outcome, c.closed_at as "closedAt",
  c.report_on::text as "reportOn", c.employer_action_on::text as "employerActionOn", c.appeal_until::text as "appealUntil",
  c.revision, c.created_at as "createdAt", c.updated_at as "updatedAt"`;

/** A case the caller is related to (RLS), optionally locked for a change in this transaction. */
export async function findCase(tx: Tx, workspaceId: string, caseId: string, lock = false): Promise<CaseRow | null> {
  const [row] = await queryRows<CaseRow>(
    tx,
    sql`select ${CASE_COLUMNS} from cases c where c.workspace_id = ${workspaceId} and c.id = ${caseId}
        ${lock ? sql`for update` : sql``}`,
  );
  return row ?? null;
}

export type Relation = {
  relation: 'COMPLAINANT' | 'COMMITTEE' | 'PARTICIPANT';
  participantRole: 'RESPONDENT' | 'WITNESS' | 'EMPLOYER' | null;
  memberRole: string | null;
};

/** The caller's live relationships to a case (usually one). */
export function relationsOf(tx: Tx, workspaceId: string, caseId: string, accountId: string): Promise<Relation[]> {
  return queryRows<Relation>(
    tx,
    sql`select relation, participant_role as "participantRole", member_role as "memberRole" from case_access
         where workspace_id = ${workspaceId} and case_id = ${caseId} and account_id = ${accountId} and revoked_at is null`,
  );
}

export type AccessRow = Relation & { accountId: string; grantedAt: string; revokedAt: string | null };

/** Everyone with access to a case (the committee sees every row; others their own). */
export function accessOf(tx: Tx, workspaceId: string, caseId: string): Promise<AccessRow[]> {
  return queryRows<AccessRow>(
    tx,
    sql`select account_id as "accountId", relation, participant_role as "participantRole", member_role as "memberRole",
               granted_at as "grantedAt", revoked_at as "revokedAt"
          from case_access where workspace_id = ${workspaceId} and case_id = ${caseId} order by granted_at`,
  );
}

export async function grantAccess(
  tx: Tx,
  a: {
    workspaceId: string;
    caseId: string;
    accountId: string;
    relation: Relation['relation'];
    participantRole?: Relation['participantRole'];
    memberRole?: string | null;
  },
): Promise<void> {
  // A relationship given again (revoked, or live already): the committee's act, on a row it sees.
  // Otherwise a new row, inserted plainly: ON CONFLICT would need the filer to see others' rows.
  const [existing] = await queryRows<{ revoked: boolean }>(
    tx,
    sql`select revoked_at is not null as revoked from case_access
         where workspace_id = ${a.workspaceId} and case_id = ${a.caseId} and account_id = ${a.accountId} and relation = ${a.relation}`,
  );
  if (existing) {
    if (existing.revoked) {
      await tx.execute(
        sql`update case_access set revoked_at = null, participant_role = ${a.participantRole ?? null}, member_role = ${a.memberRole ?? null}
             where workspace_id = ${a.workspaceId} and case_id = ${a.caseId} and account_id = ${a.accountId} and relation = ${a.relation}`,
      );
    }
    return;
  }
  await tx.execute(
    sql`insert into case_access (workspace_id, case_id, account_id, relation, participant_role, member_role)
        values (${a.workspaceId}, ${a.caseId}, ${a.accountId}, ${a.relation}, ${a.participantRole ?? null}, ${a.memberRole ?? null})`,
  );
}

export async function revokeAccess(
  tx: Tx,
  workspaceId: string,
  caseId: string,
  accountId: string,
  relation: Relation['relation'],
): Promise<boolean> {
  const rows = await queryRows<{ caseId: string }>(
    tx,
    sql`update case_access set revoked_at = app_now()
         where workspace_id = ${workspaceId} and case_id = ${caseId} and account_id = ${accountId}
           and relation = ${relation} and revoked_at is null
        returning case_id as "caseId"`,
  );
  return rows.length > 0;
}

// --- creating and changing a case ---------------------------------------------------------------

export async function insertDraft(
  tx: Tx,
  d: {
    id: string;
    workspaceId: string;
    workflowId: string;
    versionId: string;
    versionNumber: number;
    definitionSha256: string;
    jurisdiction: string;
    branchId: string | null;
    complainantAccountId: string;
    assistedByAccountId: string | null;
    filerKind: string;
  },
): Promise<void> {
  // No RETURNING: the row is readable only once its access row exists (RLS).
  await tx.execute(
    sql`insert into cases (id, workspace_id, workflow_id, version_id, version_number, definition_sha256, jurisdiction,
                           branch_id, complainant_account_id, assisted_by_account_id, filer_kind)
        values (${d.id}, ${d.workspaceId}, ${d.workflowId}, ${d.versionId}, ${d.versionNumber}, ${d.definitionSha256},
                ${d.jurisdiction}, ${d.branchId}, ${d.complainantAccountId}, ${d.assistedByAccountId}, ${d.filerKind})`,
  );
}

/** Sets columns of a case and bumps its revision; answers the new revision (null: not changed). */
export async function updateCase(
  tx: Tx,
  workspaceId: string,
  caseId: string,
  set: Partial<{
    reference: string;
    status: CaseRow['status'];
    stageKey: string | null;
    committeeId: string | null;
    incidentDate: string | null;
    filedAt: 'now';
    nextDueAt: string | null;
    nextStepKey: string | null;
    outcome: string | null;
    closedAt: 'now';
    reportOn: string | null;
    employerActionOn: string | null;
    appealUntil: string | null;
    idempotencyKey: string | null;
  }>,
  expectedRevision?: number,
): Promise<number | null> {
  const parts = [];
  if (set.reference !== undefined) parts.push(sql`reference = ${set.reference}`);
  if (set.status !== undefined) parts.push(sql`status = ${set.status}`);
  if (set.stageKey !== undefined) parts.push(sql`stage_key = ${set.stageKey}`);
  if (set.committeeId !== undefined) parts.push(sql`committee_id = ${set.committeeId}`);
  if (set.incidentDate !== undefined) parts.push(sql`incident_date = ${set.incidentDate}::date`);
  if (set.filedAt !== undefined) parts.push(sql`filed_at = app_now()`);
  if (set.nextDueAt !== undefined) parts.push(sql`next_due_at = ${set.nextDueAt}::timestamptz`);
  if (set.nextStepKey !== undefined) parts.push(sql`next_step_key = ${set.nextStepKey}`);
  if (set.outcome !== undefined) parts.push(sql`outcome = ${set.outcome}`);
  if (set.closedAt !== undefined) parts.push(sql`closed_at = app_now()`);
  if (set.reportOn !== undefined) parts.push(sql`report_on = ${set.reportOn}::date`);
  if (set.employerActionOn !== undefined) parts.push(sql`employer_action_on = ${set.employerActionOn}::date`);
  if (set.appealUntil !== undefined) parts.push(sql`appeal_until = ${set.appealUntil}::date`);
  if (set.idempotencyKey !== undefined) parts.push(sql`idempotency_key = ${set.idempotencyKey}`);
  parts.push(sql`revision = revision + 1`, sql`updated_at = app_now()`);
  const rows = await queryRows<{ revision: number }>(
    tx,
    sql`update cases set ${sql.join(parts, sql`, `)}
         where workspace_id = ${workspaceId} and id = ${caseId}
           ${expectedRevision !== undefined ? sql`and revision = ${expectedRevision}` : sql``}
        returning revision`,
  );
  return rows[0]?.revision ?? null;
}

/** Deletes a draft (never filed): its rows go with it (cascades). RLS: its filer, while a draft. */
export async function deleteDraft(tx: Tx, workspaceId: string, caseId: string): Promise<void> {
  await tx.execute(sql`delete from cases where workspace_id = ${workspaceId} and id = ${caseId} and status = 'DRAFT'`);
}

/** The case a complainant already filed with this idempotency key, if any. */
export async function findByIdempotencyKey(
  tx: Tx,
  workspaceId: string,
  accountId: string,
  key: string,
): Promise<string | null> {
  const [r] = await queryRows<{ id: string }>(
    tx,
    sql`select id from cases where workspace_id = ${workspaceId} and complainant_account_id = ${accountId}
          and idempotency_key = ${key}`,
  );
  return r?.id ?? null;
}

/** The next reference number of the year (C-2026-0007): one counter row per workspace and year, locked. */
export async function nextReference(tx: Tx, workspaceId: string, year: number): Promise<string> {
  const [r] = await queryRows<{ last: number }>(
    tx,
    sql`insert into case_counters (workspace_id, year, last) values (${workspaceId}, ${year}, 1)
        on conflict (workspace_id, year) do update set last = case_counters.last + 1
        returning last`,
  );
  return `C-${year}-${String(r!.last).padStart(4, '0')}`;
}

// --- sealed items and files -----------------------------------------------------------------------

export type Audience = 'COMPLAINANT' | 'COMMITTEE' | 'PARTICIPANT';

export type ItemRow = {
  id: string;
  kind: string;
  audience: Audience;
  participantAccountId: string | null;
  stepId: string | null;
  authorAccountId: string | null;
  dataKeyId: string;
  sealed: string;
  createdAt: string;
};

export async function insertItem(
  tx: Tx,
  i: {
    id: string;
    workspaceId: string;
    caseId: string;
    kind: string;
    audience: Audience;
    participantAccountId?: string | null;
    stepId?: string | null;
    authorAccountId: string | null;
    dataKeyId: string;
    sealed: Buffer;
  },
): Promise<void> {
  await tx.execute(
    sql`insert into case_items (id, workspace_id, case_id, kind, audience, participant_account_id, step_id,
                                author_account_id, data_key_id, sealed)
        values (${i.id}, ${i.workspaceId}, ${i.caseId}, ${i.kind}, ${i.audience}, ${i.participantAccountId ?? null},
                ${i.stepId ?? null}, ${i.authorAccountId}, ${i.dataKeyId}, decode(${i.sealed.toString('hex')}, 'hex'))`,
  );
}

/** Deletes a draft's items of a kind (its answers, replaced on each save; RLS: only while a draft, by its filer). */
export async function deleteDraftItems(tx: Tx, workspaceId: string, caseId: string, kind: string): Promise<void> {
  await tx.execute(
    sql`delete from case_items where workspace_id = ${workspaceId} and case_id = ${caseId} and kind = ${kind}`,
  );
}

/** Names the parties of a case (accounts of the workspace). */
export async function insertParty(
  tx: Tx,
  p: { workspaceId: string; caseId: string; accountId: string; role: 'RESPONDENT' | 'WITNESS'; addedBy: string },
): Promise<void> {
  await tx.execute(
    sql`insert into case_parties (workspace_id, case_id, account_id, role, added_by)
        values (${p.workspaceId}, ${p.caseId}, ${p.accountId}, ${p.role}, ${p.addedBy}) on conflict do nothing`,
  );
}

export function parties(
  tx: Tx,
  workspaceId: string,
  caseId: string,
): Promise<Array<{ id: string; accountId: string; role: 'RESPONDENT' | 'WITNESS'; createdAt: string }>> {
  return queryRows(
    tx,
    sql`select id, account_id as "accountId", role, created_at as "createdAt" from case_parties
         where workspace_id = ${workspaceId} and case_id = ${caseId} order by created_at`,
  );
}

export async function insertConflict(
  tx: Tx,
  c: { workspaceId: string; caseId: string; accountId: string; reason: 'PARTY' | 'MANAGER_OF_PARTY' | 'DECLARED' },
): Promise<string> {
  const [r] = await queryRows<{ id: string }>(
    tx,
    sql`insert into case_conflicts (workspace_id, case_id, account_id, reason)
        values (${c.workspaceId}, ${c.caseId}, ${c.accountId}, ${c.reason}) returning id`,
  );
  return r!.id;
}

export function conflicts(
  tx: Tx,
  workspaceId: string,
  caseId: string,
): Promise<
  Array<{
    id: string;
    accountId: string;
    reason: 'PARTY' | 'MANAGER_OF_PARTY' | 'DECLARED';
    createdAt: string;
    clearedAt: string | null;
  }>
> {
  return queryRows(
    tx,
    sql`select id, account_id as "accountId", reason, created_at as "createdAt", cleared_at as "clearedAt" from case_conflicts
         where workspace_id = ${workspaceId} and case_id = ${caseId} order by created_at`,
  );
}

/** Accounts of the workspace with this email (lower-cased), for matching a named respondent. */
export async function accountByEmail(tx: Tx, workspaceId: string, email: string): Promise<string | null> {
  const [r] = await queryRows<{ id: string }>(
    tx,
    sql`select a.id from accounts a join memberships m on m.account_id = a.id and m.workspace_id = ${workspaceId}
         where lower(a.email) = lower(${email}) limit 1`,
  );
  return r?.id ?? null;
}

/** The managers of a person's department (department_managers), for conflicts of interest. */
export async function managersOf(tx: Tx, workspaceId: string, accountId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select dm.account_id as id from memberships m
          join department_managers dm on dm.workspace_id = m.workspace_id and dm.department_id = m.department_id
         where m.workspace_id = ${workspaceId} and m.account_id = ${accountId}`,
  );
  return rows.map((r) => r.id);
}

const ITEM_COLUMNS = sql`id, kind, audience, participant_account_id as "participantAccountId", step_id as "stepId",
  author_account_id as "authorAccountId", data_key_id as "dataKeyId", encode(sealed, 'hex') as sealed, created_at as "createdAt"`;

/** The items of a case the caller may read (RLS by audience), oldest first; `kinds` to filter. */
export function items(tx: Tx, workspaceId: string, caseId: string, kinds?: string[]): Promise<ItemRow[]> {
  return queryRows<ItemRow>(
    tx,
    sql`select ${ITEM_COLUMNS} from case_items where workspace_id = ${workspaceId} and case_id = ${caseId}
        ${kinds ? sql`and kind = any(${`{${kinds.join(',')}}`}::text[])` : sql``}
        order by created_at, id`,
  );
}

export async function item(tx: Tx, workspaceId: string, caseId: string, itemId: string): Promise<ItemRow | null> {
  const [r] = await queryRows<ItemRow>(
    tx,
    sql`select ${ITEM_COLUMNS} from case_items where workspace_id = ${workspaceId} and case_id = ${caseId} and id = ${itemId}`,
  );
  return r ?? null;
}

export type FileRow = {
  id: string;
  itemId: string | null;
  audience: Audience;
  participantAccountId: string | null;
  dataKeyId: string;
  storageKey: string;
  sealedMeta: string;
  sizeBytes: number;
  sha256: string;
  uploadedBy: string | null;
  createdAt: string;
};

export async function insertFile(
  tx: Tx,
  f: {
    id: string;
    workspaceId: string;
    caseId: string;
    audience: Audience;
    participantAccountId: string | null;
    dataKeyId: string;
    storageKey: string;
    sealedMeta: Buffer;
    sizeBytes: number;
    sha256: string;
    uploadedBy: string;
  },
): Promise<void> {
  await tx.execute(
    sql`insert into case_files (id, workspace_id, case_id, audience, participant_account_id, data_key_id, storage_key,
                                sealed_meta, size_bytes, sha256, uploaded_by)
        values (${f.id}, ${f.workspaceId}, ${f.caseId}, ${f.audience}, ${f.participantAccountId}, ${f.dataKeyId},
                ${f.storageKey}, decode(${f.sealedMeta.toString('hex')}, 'hex'), ${f.sizeBytes}, ${f.sha256}, ${f.uploadedBy})`,
  );
}

/** Attaches uploaded files to the item that uses them (a message, an addition, the complaint). */
export async function attachFiles(
  tx: Tx,
  workspaceId: string,
  caseId: string,
  fileIds: string[],
  itemId: string,
): Promise<number> {
  if (fileIds.length === 0) return 0;
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`update case_files set item_id = ${itemId}
         where workspace_id = ${workspaceId} and case_id = ${caseId} and id = any(${`{${fileIds.join(',')}}`}::uuid[])
           and (item_id is null or item_id = ${itemId})
        returning id`,
  );
  return rows.length;
}

const FILE_COLUMNS = sql`id, item_id as "itemId", audience, participant_account_id as "participantAccountId",
  data_key_id as "dataKeyId", storage_key as "storageKey", encode(sealed_meta, 'hex') as "sealedMeta",
  size_bytes as "sizeBytes", sha256, uploaded_by as "uploadedBy", created_at as "createdAt"`;

/** The files of a case the caller may read (RLS by audience). */
export function files(tx: Tx, workspaceId: string, caseId: string): Promise<FileRow[]> {
  return queryRows<FileRow>(
    tx,
    sql`select ${FILE_COLUMNS} from case_files where workspace_id = ${workspaceId} and case_id = ${caseId} order by created_at, id`,
  );
}

export async function file(tx: Tx, workspaceId: string, caseId: string, fileId: string): Promise<FileRow | null> {
  const [r] = await queryRows<FileRow>(
    tx,
    sql`select ${FILE_COLUMNS} from case_files where workspace_id = ${workspaceId} and case_id = ${caseId} and id = ${fileId}`,
  );
  return r ?? null;
}

/** Deletes files never attached (a draft's upload removed); answers their storage keys. */
export async function deleteUnattachedFile(
  tx: Tx,
  workspaceId: string,
  caseId: string,
  fileId: string,
): Promise<string | null> {
  const [r] = await queryRows<{ storageKey: string }>(
    tx,
    sql`delete from case_files where workspace_id = ${workspaceId} and case_id = ${caseId} and id = ${fileId}
          and item_id is null returning storage_key as "storageKey"`,
  );
  return r?.storageKey ?? null;
}

// --- steps ----------------------------------------------------------------------------------------

export type StepRow = {
  id: string;
  stageKey: string;
  stepKey: string;
  occurrence: number;
  status: 'WAITING' | 'ON_REQUEST' | 'ACTIVE' | 'DONE' | 'SKIPPED';
  startedAt: string | null;
  completedAt: string | null;
  completedBy: string | null;
  dueAt: string | null;
  dueDate: string | null;
  reference: string | null;
  lateReasonItemId: string | null;
  remindersSent: number[];
  escalationLevel: number;
};

const STEP_COLUMNS = sql`id, stage_key as "stageKey", step_key as "stepKey", occurrence, status, started_at as "startedAt",
  completed_at as "completedAt", completed_by as "completedBy", due_at as "dueAt", due_date::text as "dueDate", reference,
  late_reason_item_id as "lateReasonItemId", reminders_sent as "remindersSent", escalation_level as "escalationLevel"`;

export function steps(tx: Tx, workspaceId: string, caseId: string): Promise<StepRow[]> {
  return queryRows<StepRow>(
    tx,
    sql`select ${STEP_COLUMNS} from case_steps where workspace_id = ${workspaceId} and case_id = ${caseId}
        order by created_at, occurrence, id`,
  );
}

export async function insertStep(
  tx: Tx,
  s: {
    workspaceId: string;
    caseId: string;
    stageKey: string;
    stepKey: string;
    occurrence: number;
    status: StepRow['status'];
    started: boolean;
    dueAt: Date | null;
    dueDate: string | null;
    reference: string | null;
  },
): Promise<void> {
  await tx.execute(
    sql`insert into case_steps (workspace_id, case_id, stage_key, step_key, occurrence, status, started_at, due_at, due_date, reference)
        values (${s.workspaceId}, ${s.caseId}, ${s.stageKey}, ${s.stepKey}, ${s.occurrence}, ${s.status},
                ${s.started ? sql`app_now()` : sql`null`}, ${s.dueAt ? s.dueAt.toISOString() : null}::timestamptz,
                ${s.dueDate}::date, ${s.reference})`,
  );
}

export async function updateStep(
  tx: Tx,
  workspaceId: string,
  stepId: string,
  set: Partial<{
    status: StepRow['status'];
    started: true;
    completedBy: string;
    dueAt: Date | null;
    dueDate: string | null;
    reference: string | null;
    lateReasonItemId: string;
  }>,
): Promise<void> {
  const parts = [];
  if (set.status !== undefined) parts.push(sql`status = ${set.status}`);
  if (set.started) parts.push(sql`started_at = coalesce(started_at, app_now())`);
  if (set.completedBy !== undefined) parts.push(sql`completed_at = app_now()`, sql`completed_by = ${set.completedBy}`);
  if (set.dueAt !== undefined) parts.push(sql`due_at = ${set.dueAt ? set.dueAt.toISOString() : null}::timestamptz`);
  if (set.dueDate !== undefined) parts.push(sql`due_date = ${set.dueDate}::date`);
  if (set.reference !== undefined) parts.push(sql`reference = ${set.reference}`);
  if (set.lateReasonItemId !== undefined) parts.push(sql`late_reason_item_id = ${set.lateReasonItemId}`);
  if (parts.length === 0) return;
  await tx.execute(
    sql`update case_steps set ${sql.join(parts, sql`, `)} where workspace_id = ${workspaceId} and id = ${stepId}`,
  );
}

// --- the workflow version, the committee register, people (read only) ------------------------------

/** A published version's definition (JSON text) and its hash. */
export async function version(
  tx: Tx,
  workspaceId: string,
  versionId: string,
): Promise<{
  id: string;
  workflowId: string;
  number: number;
  definition: string;
  sha256: string;
  name: string;
} | null> {
  const [r] = await queryRows<{
    id: string;
    workflowId: string;
    number: number;
    definition: string;
    sha256: string;
    name: string;
  }>(
    tx,
    sql`select v.id, v.workflow_id as "workflowId", v.number, v.definition::text as definition, v.sha256, w.name
          from workflow_versions v join workflows w on w.id = v.workflow_id and w.workspace_id = v.workspace_id
         where v.workspace_id = ${workspaceId} and v.id = ${versionId}`,
  );
  return r ?? null;
}

/** The latest published version of each workflow of the workspace (to file under). */
export function latestVersions(
  tx: Tx,
  workspaceId: string,
): Promise<
  Array<{ id: string; workflowId: string; number: number; definition: string; sha256: string; name: string }>
> {
  return queryRows(
    tx,
    sql`select distinct on (v.workflow_id) v.id, v.workflow_id as "workflowId", v.number, v.definition::text as definition,
               v.sha256, w.name
          from workflow_versions v join workflows w on w.id = v.workflow_id and w.workspace_id = v.workspace_id
         where v.workspace_id = ${workspaceId}
         order by v.workflow_id, v.number desc`,
  );
}

export type CommitteeMember = { accountId: string; role: string; name: string; email: string | null };

/**
 * The committee that handles complaints from business unit `branchId` today: the unit's own of
 * `kind` (INTERNAL_COMMITTEE under POSH, DESIGNATED_RECIPIENT in Canada), else the workspace-wide one.
 */
export async function committeeForUnit(
  tx: Tx,
  workspaceId: string,
  branchId: string | null,
  kind: 'INTERNAL_COMMITTEE' | 'DESIGNATED_RECIPIENT',
): Promise<{ id: string; name: string } | null> {
  const [r] = await queryRows<{ id: string; name: string }>(
    tx,
    sql`select c.id, c.name from committees c
         where c.workspace_id = ${workspaceId} and c.kind = ${kind}
           and (c.dissolved_on is null or c.dissolved_on > (app_now())::date)
           and (exists (select 1 from committee_units u where u.workspace_id = c.workspace_id and u.committee_id = c.id
                          and u.branch_id = ${branchId} and u.from_date <= (app_now())::date
                          and (u.to_date is null or u.to_date >= (app_now())::date))
                or c.workspace_wide)
         order by c.workspace_wide, c.created_at limit 1`,
  );
  return r ?? null;
}

export async function committee(
  tx: Tx,
  workspaceId: string,
  committeeId: string,
): Promise<{ id: string; name: string; kind: string } | null> {
  const [r] = await queryRows<{ id: string; name: string; kind: string }>(
    tx,
    sql`select id, name, kind from committees where workspace_id = ${workspaceId} and id = ${committeeId}`,
  );
  return r ?? null;
}

/** A committee's members today who have an account (external members without one get no access). */
export function committeeMembers(tx: Tx, workspaceId: string, committeeId: string): Promise<CommitteeMember[]> {
  return queryRows<CommitteeMember>(
    tx,
    sql`select m.account_id as "accountId", m.role,
               trim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')) as name, a.email
          from committee_members m join accounts a on a.id = m.account_id
          join memberships ms on ms.workspace_id = m.workspace_id and ms.account_id = m.account_id and ms.active
         where m.workspace_id = ${workspaceId} and m.committee_id = ${committeeId} and m.account_id is not null
           and m.deleted_at is null and m.term_start <= (app_now())::date and m.term_end >= (app_now())::date
           and (m.left_on is null or m.left_on > (app_now())::date)
         order by case m.role when 'PRESIDING_OFFICER' then 0 when 'DESIGNATED_RECIPIENT' then 0 when 'EXTERNAL_MEMBER' then 2 else 1 end, name`,
  );
}

/** Committees the caller sits on today (ids). */
export async function myCommittees(tx: Tx, workspaceId: string, accountId: string): Promise<string[]> {
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select distinct committee_id as id from committee_members
         where workspace_id = ${workspaceId} and account_id = ${accountId} and deleted_at is null
           and term_start <= (app_now())::date and term_end >= (app_now())::date
           and (left_on is null or left_on > (app_now())::date)`,
  );
  return rows.map((r) => r.id);
}

/** People of the workspace by id: name, email, business unit, manager (for conflicts), language. */
export function people(
  tx: Tx,
  workspaceId: string,
  accountIds: string[],
): Promise<
  Array<{ accountId: string; name: string; email: string | null; branchId: string | null; language: string | null }>
> {
  if (accountIds.length === 0) return Promise.resolve([]);
  return queryRows(
    tx,
    sql`select a.id as "accountId", trim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')) as name, a.email,
               m.branch_id as "branchId", a.language
          from accounts a join memberships m on m.account_id = a.id and m.workspace_id = ${workspaceId}
         where a.id = any(${`{${accountIds.join(',')}}`}::uuid[])`,
  );
}

/** The workspace's time zone. */
export async function timeZoneOf(tx: Tx, workspaceId: string): Promise<string> {
  const [r] = await queryRows<{ timeZone: string }>(
    tx,
    sql`select time_zone as "timeZone" from workspaces where id = ${workspaceId}`,
  );
  return r?.timeZone ?? 'Asia/Kolkata';
}
