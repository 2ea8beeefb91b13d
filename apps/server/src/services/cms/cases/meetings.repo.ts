import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../core/db/database.ts';

/*
 * SQL of a case's meetings and of the committee's actions (issue 26). case_meetings holds the
 * clear metadata (times, status, the invited accounts, the calendar sequence); the fields are a
 * sealed MEETING item. Row-level security: the committee, and a guest for the meetings they are
 * invited to; only the committee writes.
 */

export type MeetingRow = {
  id: string;
  caseId: string;
  stepId: string;
  itemId: string;
  startsAt: string;
  endsAt: string;
  status: 'SCHEDULED' | 'HELD' | 'CANCELLED';
  guestAccountIds: string[];
  sequence: number;
  remindedAt: string | null;
  createdAt: string;
};

const MEETING_COLUMNS = sql`id, case_id as "caseId", step_id as "stepId", item_id as "itemId", starts_at as "startsAt",
  ends_at as "endsAt", status, guest_account_ids as "guestAccountIds", sequence, reminded_at as "remindedAt",
  created_at as "createdAt"`;

const uuids = (ids: readonly string[]) => `{${ids.join(',')}}`;

export async function insertMeeting(
  tx: Tx,
  m: {
    id: string;
    workspaceId: string;
    caseId: string;
    stepId: string;
    itemId: string;
    startsAt: string;
    endsAt: string;
    guestAccountIds: string[];
    createdBy: string;
  },
): Promise<void> {
  await tx.execute(
    sql`insert into case_meetings (id, workspace_id, case_id, step_id, item_id, starts_at, ends_at, guest_account_ids, created_by)
        values (${m.id}, ${m.workspaceId}, ${m.caseId}, ${m.stepId}, ${m.itemId}, ${m.startsAt}::timestamptz,
                ${m.endsAt}::timestamptz, ${uuids(m.guestAccountIds)}::uuid[], ${m.createdBy})`,
  );
}

/** The meetings of a case the caller may see (RLS: the committee all; a guest theirs), by start. */
export function meetings(tx: Tx, workspaceId: string, caseId: string): Promise<MeetingRow[]> {
  return queryRows<MeetingRow>(
    tx,
    sql`select ${MEETING_COLUMNS} from case_meetings where workspace_id = ${workspaceId} and case_id = ${caseId}
        order by starts_at, id`,
  );
}

export async function meeting(
  tx: Tx,
  workspaceId: string,
  caseId: string,
  meetingId: string,
  lock = false,
): Promise<MeetingRow | null> {
  const [r] = await queryRows<MeetingRow>(
    tx,
    sql`select ${MEETING_COLUMNS} from case_meetings
         where workspace_id = ${workspaceId} and case_id = ${caseId} and id = ${meetingId} ${lock ? sql`for update` : sql``}`,
  );
  return r ?? null;
}

/** Changes a meeting; a new time or a cancellation bumps the calendar sequence (and a new time re-arms the reminder). */
export async function updateMeeting(
  tx: Tx,
  workspaceId: string,
  meetingId: string,
  set: Partial<{
    status: MeetingRow['status'];
    startsAt: string;
    endsAt: string;
    itemId: string;
    guestAccountIds: string[];
    bumpSequence: true;
  }>,
): Promise<number> {
  const parts = [sql`updated_at = app_now()`];
  if (set.status !== undefined) parts.push(sql`status = ${set.status}`);
  if (set.startsAt !== undefined) parts.push(sql`starts_at = ${set.startsAt}::timestamptz`, sql`reminded_at = null`);
  if (set.endsAt !== undefined) parts.push(sql`ends_at = ${set.endsAt}::timestamptz`);
  if (set.itemId !== undefined) parts.push(sql`item_id = ${set.itemId}`);
  if (set.guestAccountIds !== undefined) parts.push(sql`guest_account_ids = ${uuids(set.guestAccountIds)}::uuid[]`);
  if (set.bumpSequence) parts.push(sql`sequence = sequence + 1`);
  const [r] = await queryRows<{ sequence: number }>(
    tx,
    sql`update case_meetings set ${sql.join(parts, sql`, `)} where workspace_id = ${workspaceId} and id = ${meetingId}
        returning sequence`,
  );
  return r?.sequence ?? 0;
}

/** The workspace's live committees of a kind other than `exceptId` (where a complaint may be transferred). */
export function liveCommittees(
  tx: Tx,
  workspaceId: string,
  kind: string,
  exceptId: string | null,
): Promise<Array<{ id: string; name: string }>> {
  return queryRows(
    tx,
    sql`select id, name from committees
         where workspace_id = ${workspaceId} and kind = ${kind}
           and (dissolved_on is null or dissolved_on > (app_now())::date)
           ${exceptId ? sql`and id <> ${exceptId}` : sql``}
         order by name, id`,
  );
}

/** The active members of the workspace with their role (to find who holds the employer relationship). */
export function activeMembers(
  tx: Tx,
  workspaceId: string,
): Promise<Array<{ accountId: string; role: string; name: string; email: string | null; language: string | null }>> {
  return queryRows(
    tx,
    sql`select a.id as "accountId", m.role, trim(coalesce(a.first_name, '') || ' ' || coalesce(a.last_name, '')) as name,
               a.email, a.language
          from memberships m join accounts a on a.id = m.account_id
         where m.workspace_id = ${workspaceId} and m.active
         order by name, a.id`,
  );
}

/**
 * Meetings due a reminder, across workspaces (ids and times only), through the SECURITY DEFINER
 * function `app_case_meeting_reminders_due`: scheduled, not reminded, starting within `hours`,
 * and scheduled at least that long before their start (a meeting set up for this afternoon was
 * just invited to). It answers only a transaction without a signed-in account (a job's).
 */
export function meetingRemindersDue(tx: Tx, hours: number): Promise<Array<{ workspaceId: string; meetingId: string }>> {
  return queryRows(
    tx,
    sql`select workspace_id as "workspaceId", meeting_id as "meetingId" from app_case_meeting_reminders_due(${hours})`,
  );
}

/**
 * Marks one meeting of the transaction's workspace reminded (once: null when it was already, or is
 * no longer scheduled), answering what the reminder needs: ids, times, the reference.
 */
export async function markReminded(
  tx: Tx,
  meetingId: string,
): Promise<{
  caseId: string;
  reference: string;
  startsAt: string;
  endsAt: string;
  sequence: number;
  guestAccountIds: string[];
  committeeGuestIds: string[];
} | null> {
  const [r] = await queryRows<{
    caseId: string;
    reference: string;
    startsAt: string;
    endsAt: string;
    sequence: number;
    guestAccountIds: string[];
    committeeGuestIds: string[];
  }>(
    tx,
    sql`select case_id as "caseId", reference, starts_at as "startsAt", ends_at as "endsAt", sequence,
               guest_account_ids as "guestAccountIds", committee_guest_ids as "committeeGuestIds"
          from app_case_meeting_remind(${meetingId})`,
  );
  return r ?? null;
}

/** The workspace's host (for links in mail a job sends). */
export async function workspaceHost(tx: Tx, workspaceId: string): Promise<string> {
  const [row] = await queryRows<{ host: string }>(tx, sql`select host from workspaces where id = ${workspaceId}`);
  return row?.host ?? '';
}
