import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../core/db/database.ts';

/**
 * SQL of the Internal Committee register (tables committees, committee_units, committee_members,
 * committee_term_notices; db/register-schema.ts). Dates travel as `YYYY-MM-DD` text. The history
 * model: a member row is in force on D when term_start ≤ D ≤ least(term_end, left_on) and it is not
 * deleted; a unit is served on D when from_date ≤ D ≤ coalesce(to_date, D).
 */

export type CommitteeRow = {
  id: string;
  workspaceId: string;
  kind: string;
  name: string;
  workspaceWide: boolean;
  orderDate: string | null;
  orderStorageKey: string | null;
  orderFileName: string | null;
  orderSizeBytes: number | null;
  orderSha256: string | null;
  howToRaise: string | null;
  dissolvedOn: string | null;
};

const COMMITTEE_COLUMNS = sql`c.id, c.workspace_id as "workspaceId", c.kind, c.name, c.workspace_wide as "workspaceWide",
  c.order_date::text as "orderDate", c.order_storage_key as "orderStorageKey", c.order_file_name as "orderFileName",
  c.order_size_bytes as "orderSizeBytes", c.order_sha256 as "orderSha256", c.how_to_raise as "howToRaise",
  c.dissolved_on::text as "dissolvedOn"`;

/**
 * Serializes the workspace's committee changes (rare: a few a year): two saves moving the same unit
 * at once would otherwise both find it free. Held until the transaction ends.
 */
export async function lockRegister(tx: Tx, workspaceId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`committee-register:${workspaceId}`}))`);
}

/** The workspace's committees (dissolved ones too), oldest first. */
export function listCommittees(tx: Tx, workspaceId: string): Promise<CommitteeRow[]> {
  return queryRows<CommitteeRow>(
    tx,
    sql`select ${COMMITTEE_COLUMNS} from committees c where c.workspace_id = ${workspaceId} order by c.created_at, c.id`,
  );
}

/** One committee of the workspace; `lock`: for an update in this transaction. */
export async function findCommittee(
  tx: Tx,
  workspaceId: string,
  id: string,
  lock = false,
): Promise<CommitteeRow | undefined> {
  const [row] = await queryRows<CommitteeRow>(
    tx,
    sql`select ${COMMITTEE_COLUMNS} from committees c where c.workspace_id = ${workspaceId} and c.id = ${id}
        ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

export type UnitLink = {
  id: string;
  committeeId: string;
  branchId: string;
  branchName: string;
  fromDate: string;
  toDate: string | null;
};

/** The units the committees serve on `date` (null: today's rows, still open). */
export function unitsOf(tx: Tx, committeeIds: string[], date: string | null): Promise<UnitLink[]> {
  if (committeeIds.length === 0) return Promise.resolve([]);
  return queryRows<UnitLink>(
    tx,
    sql`select u.id, u.committee_id as "committeeId", u.branch_id as "branchId", b.name as "branchName",
               u.from_date::text as "fromDate", u.to_date::text as "toDate"
          from committee_units u join branches b on b.id = u.branch_id and b.workspace_id = u.workspace_id
         where u.committee_id in (${sql.join(
           committeeIds.map((id) => sql`${id}`),
           sql`, `,
         )})
           and ${date === null ? sql`u.to_date is null` : sql`u.from_date <= ${date}::date and (u.to_date is null or u.to_date >= ${date}::date)`}
         order by b.name, b.id`,
  );
}

/** The unit rows of a kind for these units still serving on `day` or later (whichever committee). */
export function openUnitLinks(tx: Tx, workspaceId: string, kind: string, branchIds: string[], day: string) {
  if (branchIds.length === 0)
    return Promise.resolve([] as { id: string; committeeId: string; branchId: string; fromDate: string }[]);
  return queryRows<{ id: string; committeeId: string; branchId: string; fromDate: string }>(
    tx,
    sql`select u.id, u.committee_id as "committeeId", u.branch_id as "branchId", u.from_date::text as "fromDate"
          from committee_units u
         where u.workspace_id = ${workspaceId} and u.kind = ${kind} and (u.to_date is null or u.to_date >= ${day}::date)
           and u.branch_id in (${sql.join(
             branchIds.map((id) => sql`${id}`),
             sql`, `,
           )})
         for update`,
  );
}

/** Ends a unit row on `toDate`; a row that would end before it began never served and is removed. */
export async function endUnitLink(tx: Tx, id: string, toDate: string): Promise<void> {
  await tx.execute(sql`delete from committee_units where id = ${id} and from_date > ${toDate}::date`);
  await tx.execute(
    sql`update committee_units set to_date = ${toDate}::date where id = ${id} and (to_date is null or to_date > ${toDate}::date)`,
  );
}

export async function insertUnitLink(
  tx: Tx,
  v: { workspaceId: string; committeeId: string; branchId: string; kind: string; fromDate: string },
): Promise<void> {
  await tx.execute(
    sql`insert into committee_units (workspace_id, committee_id, branch_id, kind, from_date)
        values (${v.workspaceId}, ${v.committeeId}, ${v.branchId}, ${v.kind}, ${v.fromDate}::date)`,
  );
}

export type MemberRow = {
  id: string;
  committeeId: string;
  role: string;
  accountId: string | null;
  name: string;
  designation: string | null;
  externalName: string | null;
  organisation: string | null;
  externalEmail: string | null;
  externalPhone: string | null;
  email: string | null;
  phone: string | null;
  gender: string;
  senior: boolean;
  termStart: string;
  termEnd: string;
  leftOn: string | null;
  trainingCompletedOn: string | null;
  trainingNote: string | null;
  trainingCourseId: string | null;
  courseTitle: string | null;
  completedHereOn: string | null;
};

/**
 * Every member row (not deleted) of the committees, with the employee's name, designation and
 * contact, and for a training course taken here its title and the learner's latest completion
 * (learning's enrolments and finished cycles), as a date in `zone`.
 */
export function membersOf(tx: Tx, committeeIds: string[], zone: string): Promise<MemberRow[]> {
  if (committeeIds.length === 0) return Promise.resolve([]);
  return queryRows<MemberRow>(
    tx,
    sql`select m.id, m.committee_id as "committeeId", m.role, m.account_id as "accountId",
               coalesce(m.external_name, nullif(btrim(ms.legal_name), ''), nullif(trim(concat_ws(' ', a.first_name, a.last_name)), ''), a.email, '') as name,
               ms.designation, m.external_name as "externalName", m.external_organisation as organisation,
               m.external_email as "externalEmail", m.external_phone as "externalPhone",
               coalesce(m.external_email, a.email) as email, coalesce(m.external_phone, a.contact_number) as phone,
               m.gender, m.senior, m.term_start::text as "termStart", m.term_end::text as "termEnd",
               m.left_on::text as "leftOn", m.training_completed_on::text as "trainingCompletedOn",
               m.training_note as "trainingNote", m.training_course_id as "trainingCourseId",
               (select t.body ->> 'title' from courses c
                  join course_versions v on v.id = c.published_version_id
                  join course_texts t on t.course_version_id = v.id and t.entity_id = v.id and t.language = v.primary_language
                 where c.id = m.training_course_id limit 1) as "courseTitle",
               (select (max(x.at) at time zone ${zone})::date::text from (
                  select e.completed_at as at from enrolments e
                   where e.workspace_id = m.workspace_id and e.account_id = m.account_id
                     and e.course_id = m.training_course_id and e.status <> 'REMOVED' and e.completed_at is not null
                  union all
                  select y.completed_at from enrolment_cycles y join enrolments e on e.id = y.enrolment_id
                   where e.workspace_id = m.workspace_id and e.account_id = m.account_id
                     and e.course_id = m.training_course_id and y.completed_at is not null) x) as "completedHereOn"
          from committee_members m
          left join accounts a on a.id = m.account_id
          left join memberships ms on ms.account_id = m.account_id and ms.workspace_id = m.workspace_id
         where m.committee_id in (${sql.join(
           committeeIds.map((id) => sql`${id}`),
           sql`, `,
         )}) and m.deleted_at is null
         order by case m.role when 'PRESIDING_OFFICER' then 0 when 'MEMBER' then 1 when 'EXTERNAL_MEMBER' then 2 else 3 end,
                  m.term_start, name, m.id`,
  );
}

/** The accounts among `accountIds` that are active members of the workspace. */
export async function activeMembersAmong(tx: Tx, workspaceId: string, accountIds: string[]): Promise<Set<string>> {
  if (accountIds.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select m.account_id as id from memberships m
         where m.workspace_id = ${workspaceId} and m.active and m.deleted_at is null
           and m.account_id in (${sql.join(
             accountIds.map((id) => sql`${id}`),
             sql`, `,
           )})`,
  );
  return new Set(rows.map((r) => r.id));
}

/** The units among `branchIds` that are the workspace's. */
export async function unitsAmong(tx: Tx, workspaceId: string, branchIds: string[]): Promise<Set<string>> {
  if (branchIds.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select b.id from branches b where b.workspace_id = ${workspaceId} and b.id in (${sql.join(
      branchIds.map((id) => sql`${id}`),
      sql`, `,
    )})`,
  );
  return new Set(rows.map((r) => r.id));
}

/** The courses among `courseIds` the workspace can see (its own, or the catalogue's). */
export async function coursesAmong(tx: Tx, workspaceId: string, courseIds: string[]): Promise<Set<string>> {
  if (courseIds.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    tx,
    sql`select c.id from courses c where (c.workspace_id = ${workspaceId} or c.workspace_id is null)
           and c.id in (${sql.join(
             courseIds.map((id) => sql`${id}`),
             sql`, `,
           )})`,
  );
  return new Set(rows.map((r) => r.id));
}

/** Every unit of the workspace with its headcount (active members). */
export function unitHeadcounts(tx: Tx, workspaceId: string) {
  return queryRows<{ id: string; name: string; headcount: number }>(
    tx,
    sql`select b.id, b.name,
               (select count(*)::int from memberships m
                 where m.workspace_id = b.workspace_id and m.branch_id = b.id and m.active and m.deleted_at is null) as headcount
          from branches b where b.workspace_id = ${workspaceId}
         order by b.headquarter desc, b.name, b.id`,
  );
}

/** Another workspace-wide committee of the kind that is not dissolved (one serves the whole workspace at a time). */
export async function otherWorkspaceWide(
  tx: Tx,
  workspaceId: string,
  kind: string,
  exceptId: string | null,
): Promise<{ id: string; name: string } | undefined> {
  const [row] = await queryRows<{ id: string; name: string }>(
    tx,
    sql`select c.id, c.name from committees c
         where c.workspace_id = ${workspaceId} and c.kind = ${kind} and c.workspace_wide and c.dissolved_on is null
           and c.id <> ${exceptId ?? '00000000-0000-0000-0000-000000000000'}
         limit 1`,
  );
  return row;
}

export async function insertCommittee(
  tx: Tx,
  v: {
    workspaceId: string;
    kind: string;
    name: string;
    workspaceWide: boolean;
    orderDate: string | null;
    howToRaise: string | null;
    createdBy: string;
  },
): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into committees (workspace_id, kind, name, workspace_wide, order_date, how_to_raise, created_by)
        values (${v.workspaceId}, ${v.kind}, ${v.name}, ${v.workspaceWide}, ${v.orderDate}::date, ${v.howToRaise}, ${v.createdBy})
        returning id`,
  );
  return row!.id;
}

export async function updateCommittee(
  tx: Tx,
  id: string,
  v: { name: string; workspaceWide: boolean; orderDate: string | null; howToRaise: string | null },
): Promise<void> {
  await tx.execute(
    sql`update committees set name = ${v.name}, workspace_wide = ${v.workspaceWide}, order_date = ${v.orderDate}::date,
               how_to_raise = ${v.howToRaise}, updated_at = app_now()
         where id = ${id}`,
  );
}

export async function setOrder(
  tx: Tx,
  id: string,
  v: { orderDate: string; key: string; fileName: string; sizeBytes: number; sha256: string },
): Promise<void> {
  await tx.execute(
    sql`update committees set order_date = ${v.orderDate}::date, order_storage_key = ${v.key}, order_file_name = ${v.fileName},
               order_size_bytes = ${v.sizeBytes}, order_sha256 = ${v.sha256}, updated_at = app_now()
         where id = ${id}`,
  );
}

export type MemberValues = {
  role: string;
  accountId: string | null;
  externalName: string | null;
  externalOrganisation: string | null;
  externalEmail: string | null;
  externalPhone: string | null;
  gender: string;
  senior: boolean;
  termStart: string;
  termEnd: string;
  leftOn: string | null;
  trainingCompletedOn: string | null;
  trainingNote: string | null;
  trainingCourseId: string | null;
};

export async function insertMember(tx: Tx, workspaceId: string, committeeId: string, v: MemberValues): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`insert into committee_members (workspace_id, committee_id, role, account_id, external_name, external_organisation,
               external_email, external_phone, gender, senior, term_start, term_end, left_on,
               training_completed_on, training_note, training_course_id)
        values (${workspaceId}, ${committeeId}, ${v.role}, ${v.accountId}, ${v.externalName}, ${v.externalOrganisation},
               ${v.externalEmail}, ${v.externalPhone}, ${v.gender}, ${v.senior}, ${v.termStart}::date, ${v.termEnd}::date,
               ${v.leftOn}::date, ${v.trainingCompletedOn}::date, ${v.trainingNote}, ${v.trainingCourseId})
        returning id`,
  );
  return row!.id;
}

/** A correction that keeps the member's history (contact, organisation, seniority, training, the day they leave). */
export async function correctMember(
  tx: Tx,
  id: string,
  v: Pick<
    MemberValues,
    | 'externalOrganisation'
    | 'externalEmail'
    | 'externalPhone'
    | 'senior'
    | 'leftOn'
    | 'trainingCompletedOn'
    | 'trainingNote'
    | 'trainingCourseId'
  >,
): Promise<void> {
  await tx.execute(
    sql`update committee_members set external_organisation = ${v.externalOrganisation}, external_email = ${v.externalEmail},
               external_phone = ${v.externalPhone}, senior = ${v.senior}, left_on = ${v.leftOn}::date,
               training_completed_on = ${v.trainingCompletedOn}::date, training_note = ${v.trainingNote},
               training_course_id = ${v.trainingCourseId}, updated_at = app_now()
         where id = ${id}`,
  );
}

/**
 * Ends a member's row: they served until `lastDay` (left_on). A row whose term had not begun by then
 * never served: it is marked deleted instead (kept for the audit trail, never in a composition).
 */
export async function endMember(tx: Tx, id: string, lastDay: string): Promise<void> {
  await tx.execute(
    sql`update committee_members set deleted_at = app_now(), updated_at = app_now()
         where id = ${id} and term_start > ${lastDay}::date and deleted_at is null`,
  );
  await tx.execute(
    sql`update committee_members set left_on = ${lastDay}::date, updated_at = app_now()
         where id = ${id} and deleted_at is null and term_start <= ${lastDay}::date
           and least(term_end, coalesce(left_on, term_end)) > ${lastDay}::date`,
  );
}

/** Dissolves a committee on `dissolvedOn` (its last day): its units' rows end then. Members are ended by the caller. */
export async function dissolve(tx: Tx, id: string, dissolvedOn: string): Promise<void> {
  await tx.execute(
    sql`update committees set dissolved_on = ${dissolvedOn}::date, updated_at = app_now() where id = ${id}`,
  );
  await tx.execute(
    sql`delete from committee_units where committee_id = ${id} and to_date is null and from_date > ${dissolvedOn}::date`,
  );
  await tx.execute(
    sql`update committee_units set to_date = ${dissolvedOn}::date where committee_id = ${id} and to_date is null`,
  );
}

// The employee's card

/** The caller's unit (their membership's business unit). */
export async function memberUnit(tx: Tx, workspaceId: string, accountId: string): Promise<string | null> {
  const [row] = await queryRows<{ branchId: string | null }>(
    tx,
    sql`select m.branch_id as "branchId" from memberships m
         where m.workspace_id = ${workspaceId} and m.account_id = ${accountId} and m.active and m.deleted_at is null
         limit 1`,
  );
  return row?.branchId ?? null;
}

/**
 * The committee of `kind` serving the unit on `date`: its own (an open unit row), else the
 * workspace-wide one; never a dissolved one.
 */
export async function servingCommittee(
  tx: Tx,
  workspaceId: string,
  kind: string,
  branchId: string | null,
  date: string,
): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`select c.id from committees c
         where c.workspace_id = ${workspaceId} and c.kind = ${kind}
           and (c.dissolved_on is null or c.dissolved_on >= ${date}::date)
           and (exists (select 1 from committee_units u where u.committee_id = c.id and u.branch_id = ${branchId}
                          and u.from_date <= ${date}::date and (u.to_date is null or u.to_date >= ${date}::date))
                or (c.workspace_wide and not exists (
                      select 1 from committee_units u join committees o on o.id = u.committee_id
                       where u.workspace_id = c.workspace_id and u.kind = c.kind and u.branch_id = ${branchId}
                         and u.from_date <= ${date}::date and (u.to_date is null or u.to_date >= ${date}::date)
                         and (o.dissolved_on is null or o.dissolved_on >= ${date}::date))))
         order by c.workspace_wide, c.created_at desc
         limit 1`,
  );
  return row?.id ?? null;
}

// Term warnings

export type EndingTerm = {
  memberId: string;
  committeeId: string;
  committeeName: string;
  name: string;
  role: string;
  termEnd: string;
  sent: number[];
};

/**
 * Members whose term ends within `days` days of `today` (not left early, not deleted, on a committee
 * not dissolved), with the warnings already sent for that term end.
 */
export function endingTerms(tx: Tx, workspaceId: string, today: string, days: number): Promise<EndingTerm[]> {
  return queryRows<EndingTerm>(
    tx,
    sql`select m.id as "memberId", c.id as "committeeId", c.name as "committeeName",
               coalesce(m.external_name, nullif(btrim(ms.legal_name), ''), nullif(trim(concat_ws(' ', a.first_name, a.last_name)), ''), a.email, '') as name,
               m.role, m.term_end::text as "termEnd",
               coalesce((select array_agg(n.days_before::int order by n.days_before) from committee_term_notices n
                          where n.member_id = m.id and n.term_end = m.term_end), '{}') as sent
          from committee_members m
          join committees c on c.id = m.committee_id
          left join accounts a on a.id = m.account_id
          left join memberships ms on ms.account_id = m.account_id and ms.workspace_id = m.workspace_id
         where m.workspace_id = ${workspaceId} and m.deleted_at is null
           and (m.left_on is null or m.left_on >= m.term_end)
           and m.term_end between ${today}::date and ${today}::date + ${days}::int
           and m.term_start <= ${today}::date
           and (c.dissolved_on is null or c.dissolved_on >= m.term_end)
         order by c.id, m.term_end, m.id`,
  );
}

/** Records a warning; false when it was recorded already (it is then not sent again). */
export async function recordTermNotice(
  tx: Tx,
  workspaceId: string,
  memberId: string,
  termEnd: string,
  daysBefore: number,
): Promise<boolean> {
  const rows = await queryRows<{ memberId: string }>(
    tx,
    sql`insert into committee_term_notices (workspace_id, member_id, term_end, days_before)
        values (${workspaceId}, ${memberId}, ${termEnd}::date, ${daysBefore})
        on conflict do nothing returning member_id as "memberId"`,
  );
  return rows.length > 0;
}

export type Person = {
  accountId: string;
  role: string;
  branchId: string | null;
  email: string | null;
  firstName: string | null;
  language: string | null;
};

/** The workspace's active members with a mail address (the caller picks those holding a permission). */
export function activePeopleWithMail(tx: Tx, workspaceId: string): Promise<Person[]> {
  return queryRows<Person>(
    tx,
    sql`select a.id as "accountId", m.role, m.branch_id as "branchId", a.email, a.first_name as "firstName", a.language
          from memberships m join accounts a on a.id = m.account_id
         where m.workspace_id = ${workspaceId} and m.active and m.deleted_at is null and a.email is not null
         order by a.id`,
  );
}

/** The presiding officer of the committee in force on `date`, when an active member with a mail address. */
export async function presidingOfficer(tx: Tx, committeeId: string, date: string): Promise<Person | undefined> {
  const [row] = await queryRows<Person>(
    tx,
    sql`select a.id as "accountId", ms.role, ms.branch_id as "branchId", a.email, a.first_name as "firstName", a.language
          from committee_members m
          join accounts a on a.id = m.account_id
          join memberships ms on ms.account_id = m.account_id and ms.workspace_id = m.workspace_id and ms.active and ms.deleted_at is null
         where m.committee_id = ${committeeId} and m.role = 'PRESIDING_OFFICER' and m.deleted_at is null
           and m.term_start <= ${date}::date and least(m.term_end, coalesce(m.left_on, m.term_end)) >= ${date}::date
           and a.email is not null
         order by m.term_start desc limit 1`,
  );
  return row;
}

/** The workspace's host (links in mail). */
export async function workspaceHost(tx: Tx, workspaceId: string): Promise<string> {
  const [row] = await queryRows<{ host: string }>(tx, sql`select host from workspaces where id = ${workspaceId}`);
  return row?.host ?? '';
}
