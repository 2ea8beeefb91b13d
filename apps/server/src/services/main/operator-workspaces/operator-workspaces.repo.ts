import type { TContractState, TWorkspaceStatus } from '@app/contract';
import { eq, type SQL, sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../../core/db/database.ts';
import { containsPattern, type PageWindow } from '../../../core/paginate.ts';
import { operatorIdempotency } from '../../../db/operator-schema.ts';
import { branches, workspaces } from '../../../db/schema.ts';

/**
 * SQL of the operator's workspaces (issue 23): creating one, the list with its counts, the
 * typeahead and the details. Runs in the platform transaction (`ctx.platform`), across workspaces.
 */

/** Whether a workspace is served at `host`, and whether `host` still points to a workspace that moved. */
export async function hostState(tx: Tx, host: string): Promise<{ taken: boolean; redirecting: boolean }> {
  const [row] = await queryRows<{ taken: boolean; redirecting: boolean }>(
    tx,
    sql`select exists (select 1 from workspaces w where w.host = ${host}) as taken,
               exists (select 1 from workspace_host_redirects r where r.host = ${host} and r.until > app_now()) as redirecting`,
  );
  return { taken: Boolean(row?.taken), redirecting: Boolean(row?.redirecting) };
}

/** Inserts the workspace; null when another one took the host meanwhile (the unique host index). */
export async function insertWorkspace(
  tx: Tx,
  values: {
    companyName: string;
    host: string;
    country: 'IN' | 'CA';
    timeZone: string;
    userLimit: number | null;
    contractExpiryDate: string | null;
  },
): Promise<string | null> {
  const rows = await tx
    .insert(workspaces)
    .values(values)
    .onConflictDoNothing({ target: workspaces.host })
    .returning({ id: workspaces.id });
  return rows[0]?.id ?? null;
}

/** The workspace's headquarters business unit, marked on the workspace. */
export async function insertHeadquarters(tx: Tx, workspaceId: string, name: string): Promise<string> {
  const [unit] = await tx
    .insert(branches)
    .values({ workspaceId, name, headquarter: true })
    .returning({ id: branches.id });
  await tx.update(workspaces).set({ headQuarterBranchId: unit!.id }).where(eq(workspaces.id, workspaceId));
  return unit!.id;
}

// Idempotency of operator requests (operator_idempotency)

/**
 * Takes `key` for this request: true when it is new (the caller goes on and saves its answer), false
 * when it was taken before. A concurrent request with the same key waits here until the first one
 * commits (then finds its row) or rolls back (then takes the key itself).
 */
export async function claimKey(
  tx: Tx,
  v: { operation: string; key: string; accountId: string; requestHash: string },
): Promise<boolean> {
  const rows = await tx
    .insert(operatorIdempotency)
    .values({ ...v, response: sql`'null'::jsonb` })
    .onConflictDoNothing()
    .returning({ key: operatorIdempotency.key });
  return rows.length === 1;
}

export async function findKey(tx: Tx, operation: string, key: string) {
  const [row] = await queryRows<{ account_id: string; request_hash: string; response: unknown }>(
    tx,
    sql`select account_id, request_hash, response from operator_idempotency where operation = ${operation} and key = ${key}`,
  );
  return row ? { accountId: row.account_id, requestHash: row.request_hash, response: row.response } : null;
}

export async function saveAnswer(tx: Tx, operation: string, key: string, response: object): Promise<void> {
  await tx.execute(
    sql`update operator_idempotency set response = ${JSON.stringify(response)}::jsonb where operation = ${operation} and key = ${key}`,
  );
}

// The list

export type ListFilter = {
  q?: string | undefined;
  country?: 'IN' | 'CA' | undefined;
  contract?: TContractState | undefined;
  expiringWithinDays: number;
  userLimitReached?: boolean | undefined;
  status?: TWorkspaceStatus | undefined;
  sort: 'NAME' | 'CREATED' | 'CONTRACT_EXPIRY';
  /** One workspace (the details). */
  id?: string;
};

export type SummaryRow = {
  id: string;
  company_name: string;
  host: string;
  country: 'IN' | 'CA';
  time_zone: string;
  members: number;
  pending: number;
  user_limit: number | null;
  contract_expiry_date: string | null;
  created_at: Date | string;
  access_cms: boolean;
  access_lms: boolean;
  access_policies: boolean;
  access_compliance: boolean;
  access_concerned_authority: boolean;
  retired_at: Date | string | null;
  purge_after: Date | string | null;
  purged_at: Date | string | null;
  head_quarter_branch_id: string | null;
  admin_ip_ranges: string[];
  total: number;
};

/** The workspace's own day (its time zone) at the clock's now. */
const today = sql`(app_now() at time zone w.time_zone)::date`;

function where(f: ListFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (f.id) parts.push(sql`w.id = ${f.id}`);
  if (f.q) {
    const p = containsPattern(f.q);
    parts.push(sql`(w.company_name ilike ${p} or w.host ilike ${p})`);
  }
  if (f.country) parts.push(sql`w.country = ${f.country}`);
  if (f.status === 'ACTIVE') parts.push(sql`w.retired_at is null and w.purged_at is null`);
  else if (f.status === 'SUSPENDED') parts.push(sql`w.retired_at is not null and w.purged_at is null`);
  else if (f.status === 'PURGED') parts.push(sql`w.purged_at is not null`);
  else if (!f.id) parts.push(sql`w.purged_at is null`);
  const days = f.expiringWithinDays;
  if (f.contract === 'NONE') parts.push(sql`w.expiry is null`);
  else if (f.contract === 'EXPIRED') parts.push(sql`w.expiry < ${today}`);
  else if (f.contract === 'EXPIRING') parts.push(sql`w.expiry >= ${today} and w.expiry <= ${today} + ${days}::int`);
  else if (f.contract === 'ACTIVE') parts.push(sql`w.expiry > ${today} + ${days}::int`);
  if (f.userLimitReached === true) parts.push(sql`w.user_limit is not null and w.members >= w.user_limit`);
  else if (f.userLimitReached === false) parts.push(sql`(w.user_limit is null or w.members < w.user_limit)`);
  return sql.join(parts, sql` and `);
}

function orderBy(sort: ListFilter['sort']): SQL {
  if (sort === 'CREATED') return sql`w.created_at desc, w.id`;
  if (sort === 'CONTRACT_EXPIRY') return sql`w.expiry asc nulls last, lower(w.company_name), w.id`;
  return sql`lower(w.company_name), w.id`;
}

/**
 * One page of workspaces with their counts, in one statement: active members and pending
 * invitations per workspace (correlated counts on their workspace indexes), the whole list's size
 * as a window count.
 */
export async function listWorkspaces(tx: Tx, f: ListFilter, page: PageWindow): Promise<SummaryRow[]> {
  return queryRows<SummaryRow>(
    tx,
    sql`with w as (
          select w.id, w.company_name, w.host, w.country, w.time_zone, w.user_limit,
                 to_char(w.contract_expiry_date, 'YYYY-MM-DD') as contract_expiry_date,
                 w.contract_expiry_date as expiry, w.created_at,
                 w.access_cms, w.access_lms, w.access_policies, w.access_compliance, w.access_concerned_authority,
                 w.retired_at, w.purge_after, w.purged_at, w.head_quarter_branch_id, w.admin_ip_ranges,
                 (select count(*)::int from memberships m
                   where m.workspace_id = w.id and m.active and m.deleted_at is null) as members,
                 (select count(*)::int from invitations i
                   where i.workspace_id = w.id and i.used_at is null and i.revoked_at is null
                     and i.expires_at > app_now()) as pending
            from workspaces w)
        select w.*, count(*) over ()::int as total from w
         where ${where(f)}
         order by ${orderBy(f.sort)}
         limit ${page.limit} offset ${page.offset}`,
  );
}

/** The typeahead: at most 10 workspaces (not purged) whose name (or host) contains `q`, the ones starting with it first. */
export async function search(tx: Tx, q: string, byHost: boolean) {
  const p = containsPattern(q);
  const starts = `${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const match = byHost ? sql`(w.company_name ilike ${p} or w.host ilike ${p})` : sql`w.company_name ilike ${p}`;
  return queryRows<{ workspaceId: string; companyName: string; workspaceUrl: string }>(
    tx,
    sql`select w.id as "workspaceId", w.company_name as "companyName", w.host as "workspaceUrl"
          from workspaces w
         where w.purged_at is null and ${match}
         order by (w.company_name ilike ${starts} or (${byHost} and w.host ilike ${starts})) desc,
                  lower(w.company_name), w.id
         limit 10`,
  );
}

// The details

export async function unitName(tx: Tx, workspaceId: string, branchId: string): Promise<string | null> {
  const [row] = await queryRows<{ name: string }>(
    tx,
    sql`select name from branches where workspace_id = ${workspaceId} and id = ${branchId}`,
  );
  return row?.name ?? null;
}

/** Workspace admins and employers (not deleted), with their last sign-in to this workspace. */
export async function admins(tx: Tx, workspaceId: string) {
  return queryRows<{
    user_id: string;
    email: string | null;
    first_name: string;
    last_name: string;
    role: string;
    active: boolean;
    last_sign_in_at: Date | string | null;
  }>(
    tx,
    sql`select a.id as user_id, a.email, a.first_name, a.last_name, m.role, m.active,
               (select max(s.created_at) from sessions s where s.workspace_id = m.workspace_id and s.account_id = a.id)
                 as last_sign_in_at
          from memberships m join accounts a on a.id = m.account_id
         where m.workspace_id = ${workspaceId} and m.deleted_at is null and m.role in ('WORKSPACE_ADMIN', 'EMPLOYER')
         order by case m.role when 'WORKSPACE_ADMIN' then 0 else 1 end, lower(a.first_name), lower(a.last_name), a.id`,
  );
}

/** The workspace's oldest invitation of a workspace admin (the one made with the workspace). */
export async function firstAdminInvitation(tx: Tx, workspaceId: string) {
  const [row] = await queryRows<{
    email: string | null;
    used_at: Date | string | null;
    revoked_at: Date | string | null;
    expires_at: Date | string;
    mail_status: string;
    last_sent_at: Date | string | null;
    expired: boolean;
  }>(
    tx,
    sql`select i.email, i.used_at, i.revoked_at, i.expires_at, i.mail_status, i.last_sent_at,
               i.expires_at <= app_now() as expired
          from invitations i
         where i.workspace_id = ${workspaceId} and i.role = 'WORKSPACE_ADMIN'
         order by i.created_at, i.id
         limit 1`,
  );
  return row ?? null;
}

/** Keys of the flags on for the workspace: on, and limited to no workspace or to this one among others. */
export async function flagsOn(tx: Tx, workspaceId: string): Promise<string[]> {
  const rows = await queryRows<{ key: string }>(
    tx,
    sql`select f.key from feature_flags f
         where f.value = 'true'
           and (not exists (select 1 from feature_flag_workspaces l where l.flag_key = f.key)
                or exists (select 1 from feature_flag_workspaces l where l.flag_key = f.key and l.workspace_id = ${workspaceId}))
         order by f.key`,
  );
  return rows.map((r) => r.key);
}

/**
 * The catalogue courses made available to the workspace: the credits it holds (the ledger's
 * balance) and those used (spent, less refunds), with the course's title in its primary language.
 */
export async function courseCredits(tx: Tx, workspaceId: string) {
  return queryRows<{ course_id: string; title: string; credits: number; used: number }>(
    tx,
    sql`select wc.course_id, coalesce((
                 select t.body ->> 'title' from course_versions v
                   join course_texts t on t.course_version_id = v.id and t.entity_id = v.id and t.language = v.primary_language
                  where v.id = coalesce(c.published_version_id, c.draft_version_id)), '') as title,
               wc.balance as credits,
               coalesce((select -sum(l.delta)::int from credit_ledger l
                          where l.workspace_id = wc.workspace_id and l.course_id = wc.course_id
                            and l.reason in ('SPEND', 'REFUND')), 0) as used
          from workspace_courses wc join courses c on c.id = wc.course_id
         where wc.workspace_id = ${workspaceId}
         order by 2, wc.course_id`,
  );
}

/**
 * The last sign-in to the workspace or audited change in it by anyone but the operator's staff
 * (creating the workspace, or changing its settings, is not the customer's activity).
 */
export async function lastActivity(tx: Tx, workspaceId: string): Promise<Date | string | null> {
  const [row] = await queryRows<{ at: Date | string | null }>(
    tx,
    sql`select greatest(
              (select max(s.created_at) from sessions s where s.workspace_id = ${workspaceId}),
              (select max(l.occurred_at) from audit_log l
                where l.workspace_id = ${workspaceId} and l.actor_account_id is not null
                  and not exists (select 1 from accounts a
                                   where a.id = l.actor_account_id and a.platform_role is not null))) as at`,
  );
  return row?.at ?? null;
}

/** The menus the operator set for the workspace (rows only: a menu without one is on). */
export async function menus(tx: Tx, workspaceId: string) {
  return queryRows<{ menu: string; enabled: boolean }>(
    tx,
    sql`select menu, enabled from workspace_menus where workspace_id = ${workspaceId}`,
  );
}

export async function whitelistCount(tx: Tx, workspaceId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from signup_whitelist where workspace_id = ${workspaceId}`,
  );
  return Number(row?.n ?? 0);
}

/** Hosts the workspace was served from that still point to it. */
export async function previousHosts(tx: Tx, workspaceId: string) {
  return queryRows<{ host: string; until: Date | string }>(
    tx,
    sql`select host, until from workspace_host_redirects
         where workspace_id = ${workspaceId} and until > app_now() order by until desc, host`,
  );
}
