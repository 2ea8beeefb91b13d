import type { TWorkshopAudience } from '@app/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../../core/db/database.ts';
import { queryRows } from '../../../core/db/database.ts';
import { courseTitle } from '../credits/credits.repo.ts';

/** SQL of workshops (issue 21, item 13): the workshops, their invitations and attendance. */

const uuidArray = (ids: string[]) => `{${ids.join(',')}}`;
const personName = (
  account: SQL,
) => sql`coalesce((select nullif(trim(a.first_name || ' ' || coalesce(a.last_name, '')), '')
  from accounts a where a.id = ${account}), (select a.email from accounts a where a.id = ${account}), '')`;

export type WorkshopRow = {
  id: string;
  workspaceId: string;
  branchId: string | null;
  title: string;
  description: string | null;
  startsAt: Date;
  durationMinutes: number;
  location: string | null;
  onlineUrl: string | null;
  trainerId: string;
  trainerName: string;
  capacity: number;
  courseId: string | null;
  courseTitle: string | null;
  audience: TWorkshopAudience;
  status: 'SCHEDULED' | 'CANCELLED';
  sequence: number;
  codeRound: number;
  createdAt: Date;
  invited: number;
  attended: number;
};

const workshopColumns = sql`w.id, w.workspace_id as "workspaceId", w.branch_id as "branchId", w.title, w.description,
  w.starts_at as "startsAt", w.duration_minutes as "durationMinutes", w.location, w.online_url as "onlineUrl",
  w.trainer_id as "trainerId", ${personName(sql`w.trainer_id`)} as "trainerName", w.capacity,
  w.course_id as "courseId", (select ${courseTitle(sql`c`)} from courses c where c.id = w.course_id) as "courseTitle",
  w.audience, w.status, w.sequence, w.code_round as "codeRound", w.created_at as "createdAt",
  (select count(*)::int from workshop_invitations i where i.workshop_id = w.id) as invited,
  (select count(*)::int from workshop_invitations i where i.workshop_id = w.id and i.attended_at is not null) as attended`;

export async function insertWorkshop(
  tx: Tx,
  v: {
    workspaceId: string;
    branchId: string | null;
    title: string;
    description: string | null;
    startsAt: Date;
    durationMinutes: number;
    location: string | null;
    onlineUrl: string | null;
    trainerId: string;
    capacity: number;
    courseId: string | null;
    audience: TWorkshopAudience;
    actor: string;
  },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into workshops (workspace_id, branch_id, title, description, starts_at, duration_minutes, location,
                               online_url, trainer_id, capacity, course_id, audience, created_by, updated_by)
        values (${v.workspaceId}, ${v.branchId}, ${v.title}, ${v.description}, ${v.startsAt.toISOString()},
                ${v.durationMinutes}, ${v.location}, ${v.onlineUrl}, ${v.trainerId}, ${v.capacity}, ${v.courseId},
                ${JSON.stringify(v.audience)}::jsonb, ${v.actor}, ${v.actor})
        returning id`,
  );
  return row!.id;
}

export async function insertInvitations(
  tx: Tx,
  workspaceId: string,
  workshopId: string,
  accountIds: string[],
): Promise<void> {
  if (!accountIds.length) return;
  await tx.execute(sql`insert into workshop_invitations (workspace_id, workshop_id, account_id)
    select ${workspaceId}, ${workshopId}, unnest(${uuidArray(accountIds)}::uuid[]) on conflict do nothing`);
}

/** The workshop (row-level security: the request's workspace only); `lock`: for update. */
export async function findWorkshop(tx: Tx, id: string, lock = false): Promise<WorkshopRow | undefined> {
  const [row] = await queryRows<WorkshopRow>(
    tx,
    sql`select ${workshopColumns} from workshops w where w.id = ${id} ${lock ? sql`for update of w` : sql``}`,
  );
  return row;
}

/**
 * A page of workshops the caller manages (its unit's and the whole workspace's ones for a unit
 * admin: `unit` set; every one: `unit` null; none: `manages` false) or trains. UPCOMING: not yet
 * ended, soonest first; PAST: ended, latest first.
 */
export async function workshopsPage(
  tx: Tx,
  q: {
    manages: boolean;
    unit: string | null;
    accountId: string;
    when: 'UPCOMING' | 'PAST';
    now: Date;
    pageNo: number;
    pageSize: number;
  },
): Promise<Array<WorkshopRow & { total: number }>> {
  const now = q.now.toISOString();
  const managed = !q.manages ? sql`false` : q.unit ? sql`w.branch_id = ${q.unit}` : sql`true`;
  const ends = sql`w.starts_at + make_interval(mins => w.duration_minutes::int)`;
  return queryRows(
    tx,
    sql`select ${workshopColumns}, count(*) over ()::int as total
          from workshops w
         where (${managed} or w.trainer_id = ${q.accountId})
           and ${q.when === 'UPCOMING' ? sql`${ends} >= ${now}::timestamptz` : sql`${ends} < ${now}::timestamptz`}
         order by w.starts_at ${q.when === 'UPCOMING' ? sql`asc` : sql`desc`}, w.id
         limit ${q.pageSize} offset ${q.pageNo * q.pageSize}`,
  );
}

export type AttendeeRow = {
  userId: string;
  name: string;
  email: string | null;
  departmentName: string | null;
  attendedAt: Date | null;
  method: 'TRAINER' | 'CODE' | null;
};

export async function attendees(tx: Tx, workshopId: string): Promise<AttendeeRow[]> {
  return queryRows(
    tx,
    sql`select i.account_id as "userId", ${personName(sql`i.account_id`)} as name, a.email,
               d.name as "departmentName", i.attended_at as "attendedAt", i.attendance_method as method
          from workshop_invitations i
          join accounts a on a.id = i.account_id
          left join memberships m on m.workspace_id = i.workspace_id and m.account_id = i.account_id
          left join departments d on d.workspace_id = m.workspace_id and d.id = m.department_id
         where i.workshop_id = ${workshopId}
         order by lower(${personName(sql`i.account_id`)}), i.account_id`,
  );
}

export type InvitationRow = { accountId: string; attendedAt: Date | null };

export async function findInvitation(
  tx: Tx,
  workshopId: string,
  accountId: string,
  lock = false,
): Promise<InvitationRow | undefined> {
  const [row] = await queryRows<InvitationRow>(
    tx,
    sql`select account_id as "accountId", attended_at as "attendedAt" from workshop_invitations
         where workshop_id = ${workshopId} and account_id = ${accountId} ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

/** Marks (or unmarks) attendance; answers the new attendance time (null: unmarked). */
export async function setAttendance(
  tx: Tx,
  v: { workshopId: string; accountId: string; attended: boolean; method: 'TRAINER' | 'CODE'; by: string },
): Promise<Date | null> {
  const [row] = await queryRows<{ attendedAt: Date | null }>(
    tx,
    v.attended
      ? sql`update workshop_invitations set attended_at = coalesce(attended_at, app_now()),
                 attendance_method = coalesce(attendance_method, ${v.method}), marked_by = coalesce(marked_by, ${v.by})
             where workshop_id = ${v.workshopId} and account_id = ${v.accountId}
             returning attended_at as "attendedAt"`
      : sql`update workshop_invitations set attended_at = null, attendance_method = null, marked_by = ${v.by}
             where workshop_id = ${v.workshopId} and account_id = ${v.accountId}
             returning attended_at as "attendedAt"`,
  );
  return row?.attendedAt ?? null;
}

export async function attendedCount(tx: Tx, workshopId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from workshop_invitations where workshop_id = ${workshopId} and attended_at is not null`,
  );
  return row?.n ?? 0;
}

export async function updateWorkshop(
  tx: Tx,
  id: string,
  v: {
    title: string;
    description: string | null;
    startsAt: Date;
    durationMinutes: number;
    location: string | null;
    onlineUrl: string | null;
    trainerId: string;
    capacity: number;
    bumpSequence: boolean;
    actor: string;
  },
): Promise<void> {
  await tx.execute(sql`update workshops set title = ${v.title}, description = ${v.description},
      starts_at = ${v.startsAt.toISOString()}, duration_minutes = ${v.durationMinutes}, location = ${v.location},
      online_url = ${v.onlineUrl}, trainer_id = ${v.trainerId}, capacity = ${v.capacity},
      sequence = sequence + ${v.bumpSequence ? 1 : 0}, updated_by = ${v.actor}, updated_at = app_now()
    where id = ${id}`);
}

export async function cancelWorkshop(tx: Tx, id: string, actor: string): Promise<void> {
  await tx.execute(sql`update workshops set status = 'CANCELLED', sequence = sequence + 1, cancelled_at = app_now(),
      cancelled_by = ${actor}, updated_by = ${actor}, updated_at = app_now()
    where id = ${id}`);
}

/** Whether `accountId` is a live member of the workspace (a trainer must be), and its business unit. */
export async function liveMember(
  tx: Tx,
  workspaceId: string,
  accountId: string,
): Promise<{ branchId: string | null } | undefined> {
  const [row] = await queryRows<{ branchId: string | null }>(
    tx,
    sql`select m.branch_id as "branchId" from memberships m
         where m.workspace_id = ${workspaceId} and m.account_id = ${accountId} and m.active and m.deleted_at is null`,
  );
  return row;
}

export type Recipient = { accountId: string; email: string | null; firstName: string | null; language: string | null };

/** Whom a workshop's mails go to: every invitee and the trainer (once). */
export async function recipients(tx: Tx, workshopId: string): Promise<Recipient[]> {
  return queryRows(
    tx,
    sql`select a.id as "accountId", a.email, a.first_name as "firstName", a.language
          from accounts a
         where a.id in (select account_id from workshop_invitations where workshop_id = ${workshopId}
                        union select trainer_id from workshops where id = ${workshopId})
         order by a.id`,
  );
}

export type MyWorkshopRow = WorkshopRow & { attendedAt: Date | null };

/** The member's invitations: workshops not ended more than `pastDays` days ago, soonest first. */
export async function myWorkshops(tx: Tx, accountId: string, now: Date, pastDays: number): Promise<MyWorkshopRow[]> {
  return queryRows(
    tx,
    sql`select ${workshopColumns}, i.attended_at as "attendedAt"
          from workshop_invitations i join workshops w on w.id = i.workshop_id
         where i.account_id = ${accountId}
           and w.starts_at + make_interval(mins => w.duration_minutes::int)
               >= ${now.toISOString()}::timestamptz - make_interval(days => ${pastDays}::int)
         order by w.starts_at, w.id`,
  );
}

/** One invitation of the member with its workshop. */
export async function myWorkshop(
  tx: Tx,
  workshopId: string,
  accountId: string,
  lock = false,
): Promise<MyWorkshopRow | undefined> {
  const [row] = await queryRows<MyWorkshopRow>(
    tx,
    sql`select ${workshopColumns}, i.attended_at as "attendedAt"
          from workshop_invitations i join workshops w on w.id = i.workshop_id
         where i.workshop_id = ${workshopId} and i.account_id = ${accountId}
         ${lock ? sql`for update of i` : sql``}`,
  );
  return row;
}

/**
 * "Workshops held in a period" (the annual report's count, issue 21): workshops not cancelled
 * that started in [from, to) and have ended by `now` (of one business unit: `unit`), each with its
 * invitations and attendances. One statement, by the (workspace_id, starts_at) index.
 */
export async function workshopsHeld(
  tx: Tx,
  v: { from: Date; to: Date; now: Date; unit: string | null },
): Promise<Array<{ id: string; title: string; startsAt: Date; invited: number; attended: number }>> {
  return queryRows(
    tx,
    sql`select w.id, w.title, w.starts_at as "startsAt",
               count(i.account_id)::int as invited, count(i.attended_at)::int as attended
          from workshops w left join workshop_invitations i on i.workshop_id = w.id
         where w.status = 'SCHEDULED' ${v.unit ? sql`and w.branch_id = ${v.unit}` : sql``}
           and w.starts_at >= ${v.from.toISOString()}::timestamptz and w.starts_at < ${v.to.toISOString()}::timestamptz
           and w.starts_at + make_interval(mins => w.duration_minutes::int) <= ${v.now.toISOString()}::timestamptz
         group by w.id
         order by w.starts_at, w.id`,
  );
}

// Completion of the linked course

export type AttendeeEnrolment = {
  id: string;
  workspaceId: string;
  courseId: string;
  accountId: string;
  versionId: string;
  cycle: number;
  completedAt: Date | null;
  learnerName: string;
  language: string;
};

/** The attendee's active enrolment in the course, locked (its language: the account's when the version has it). */
export async function activeEnrolment(
  tx: Tx,
  courseId: string,
  accountId: string,
): Promise<AttendeeEnrolment | undefined> {
  const [row] = await queryRows<AttendeeEnrolment>(
    tx,
    sql`select e.id, e.workspace_id as "workspaceId", e.course_id as "courseId", e.account_id as "accountId",
               e.course_version_id as "versionId", e.cycle, e.completed_at as "completedAt",
               ${personName(sql`e.account_id`)} as "learnerName",
               case when (select a.language from accounts a where a.id = e.account_id) = any(v.languages)
                    then (select a.language from accounts a where a.id = e.account_id) else v.primary_language end as language
          from enrolments e join course_versions v on v.id = e.course_version_id
         where e.course_id = ${courseId} and e.account_id = ${accountId} and e.status = 'ACTIVE'
         for update of e`,
  );
  return row;
}
