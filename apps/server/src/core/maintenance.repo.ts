import { sql } from 'drizzle-orm';
import type { Tx } from './db/database.ts';
import { queryRows } from './db/database.ts';

/**
 * How long an expired row is kept before the daily purge deletes it. A day: every rate-limit window
 * is at most a day (core/rate-limit.ts), and a code or hand-off that expired yesterday cannot be
 * asked about any more.
 */
export const PURGE_GRACE = '1 day';

export type PurgeCounts = {
  oneTimeCodes: number;
  sessionHandoffs: number;
  oidcLogins: number;
  profileImageUploads: number;
  rateLimitEvents: number;
};

/**
 * Deletes what expired more than `PURGE_GRACE` ago and nothing else: one-time codes, session
 * hand-offs, OpenID logins under way, profile-image upload URLs, rate-limiter events. Runs in a platform transaction (all
 * workspaces); answers how many rows of each went.
 */
export async function purgeExpired(tx: Tx): Promise<PurgeCounts> {
  const [row] = await queryRows<PurgeCounts>(
    tx,
    sql`
      with
        codes as (delete from one_time_codes where expires_at < app_now() - ${PURGE_GRACE}::interval returning 1),
        handoffs as (delete from session_handoffs where expires_at < app_now() - ${PURGE_GRACE}::interval returning 1),
        oidc as (delete from oidc_logins where expires_at < app_now() - ${PURGE_GRACE}::interval returning 1),
        uploads as (delete from profile_image_uploads where expires_at < app_now() - ${PURGE_GRACE}::interval returning 1),
        rates as (delete from rate_limit_events where occurred_at < app_now() - ${PURGE_GRACE}::interval returning 1)
      select
        (select count(*) from codes)::int as "oneTimeCodes",
        (select count(*) from handoffs)::int as "sessionHandoffs",
        (select count(*) from oidc)::int as "oidcLogins",
        (select count(*) from uploads)::int as "profileImageUploads",
        (select count(*) from rates)::int as "rateLimitEvents"
    `,
  );
  return row!;
}
