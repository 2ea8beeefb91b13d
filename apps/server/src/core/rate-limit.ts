import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from './db/database.ts';
import { AppError } from './errors.ts';

/** A sliding-window limit: at most `max` events per `windowSeconds` (at most a day: older events are swept). */
export type RateRule = { max: number; windowSeconds: number };

/**
 * The limits of the sign-in paths. Per account, phone or email: what stops guessing one person's
 * secrets; per IP: one client hammering many accounts; per workspace: a flood that would run up
 * the workspace's mail and SMS bills.
 */
export type RateLimits = {
  /** Failed password sign-ins per account (the issue: 10 in 15 minutes). */
  passwordFailuresPerAccount: RateRule;
  /** Failed sign-ins (password or code) per IP. */
  failuresPerIp: RateRule;
  /** Codes sent to one email address or phone number. */
  codeSendsPerTarget: RateRule;
  /** Codes sent on behalf of one IP. */
  codeSendsPerIp: RateRule;
  /** Codes sent for one workspace (or the platform host). */
  codeSendsPerWorkspace: RateRule;
  /** Google or Microsoft sign-ins started from one IP. */
  oidcStartsPerIp: RateRule;
};

export const DEFAULT_RATE_LIMITS: RateLimits = {
  passwordFailuresPerAccount: { max: 10, windowSeconds: 15 * 60 },
  // Per-IP limits stay well above what one office behind one NAT address does at 9 a.m.; the
  // per-person limits are what protect each account.
  failuresPerIp: { max: 200, windowSeconds: 15 * 60 },
  codeSendsPerTarget: { max: 5, windowSeconds: 15 * 60 },
  codeSendsPerIp: { max: 100, windowSeconds: 15 * 60 },
  codeSendsPerWorkspace: { max: 1000, windowSeconds: 60 * 60 },
  oidcStartsPerIp: { max: 200, windowSeconds: 15 * 60 },
};

/** 429 with `Retry-After`: the same answer whoever the request was about. */
export function rateLimited(retryAfterSeconds: number): AppError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new AppError(
    429,
    'RATE_LIMITED',
    `Too many attempts. Try again in ${minutes === 1 ? 'a minute' : `${minutes} minutes`}.`,
    { headers: { 'retry-after': String(retryAfterSeconds) }, params: { minutes } },
  );
}

/**
 * Seconds to wait before `key` may happen again (0: allowed). With `record`, an allowed event is
 * counted in the same step. Runs in the caller's transaction through `app_rate_limit()`, which
 * serialises callers per key, so two concurrent requests cannot both take the last slot.
 */
export async function rateCheck(tx: Tx, key: string, rule: RateRule, record: boolean): Promise<number> {
  if (rule.windowSeconds > 86_400) throw new Error(`rate-limit window of ${rule.windowSeconds} s is longer than a day`);
  const [row] = await queryRows<{ wait: number }>(
    tx,
    sql`select app_rate_limit(${key}, ${rule.windowSeconds}::integer, ${rule.max}::integer, ${record}) as wait`,
  );
  return Number(row?.wait ?? 0);
}

/** Checks several limits; the longest wait wins. Records in each when `record` and all allow it. */
export async function rateCheckAll(
  tx: Tx,
  checks: ReadonlyArray<{ key: string; rule: RateRule }>,
  record: boolean,
): Promise<number> {
  let wait = 0;
  for (const c of checks) wait = Math.max(wait, await rateCheck(tx, c.key, c.rule, false));
  if (wait === 0 && record) for (const c of checks) await rateCheck(tx, c.key, c.rule, true);
  return wait;
}

/**
 * Counts one event under each key (failures are recorded after the fact). A key already at its
 * limit is not counted further: it is refused until its window moves on either way.
 */
export async function rateRecord(tx: Tx, checks: ReadonlyArray<{ key: string; rule: RateRule }>): Promise<void> {
  for (const c of checks) await rateCheck(tx, c.key, c.rule, true);
}

/** Forgets a key's events, e.g. an account's failures after it signs in. */
export async function rateClear(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select app_rate_limit_clear(${key})`);
}
