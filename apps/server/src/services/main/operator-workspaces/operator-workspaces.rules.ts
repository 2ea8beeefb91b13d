import { CONTRACT_EXPIRING_DAYS, type TContractState, ZWorkspaceHost } from '@app/contract';
import { dateInZone } from '../../../core/deadlines.ts';

/**
 * The operator console's pure rules (issue 23): a contract's state on the operator's day, and which
 * hosts a new workspace may never take. No database, no clock of their own: the callers pass both.
 */

/** Days from `from` to `to` (both `YYYY-MM-DD`, calendar days; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * A contract's state at `now` in the workspace's time zone. The expiry date is the contract's last
 * day: the contract is EXPIRED once that day has ended in the workspace's zone, EXPIRING while it
 * ends within `expiringWithinDays` days (today counts: 0 days left), ACTIVE before that, NONE
 * without an expiry date (open-ended).
 */
export function contractStateOf(
  expiryDate: string | null,
  now: Date,
  timeZone: string,
  expiringWithinDays: number = CONTRACT_EXPIRING_DAYS,
): TContractState {
  if (expiryDate === null) return 'NONE';
  const left = daysBetween(dateInZone(now, timeZone), expiryDate);
  if (left < 0) return 'EXPIRED';
  return left <= expiringWithinDays ? 'EXPIRING' : 'ACTIVE';
}

/** Why a host can never serve a new workspace, whatever the database holds (null: it may). */
export type HostRefusal = 'MALFORMED' | 'PLATFORM_HOST';

const hostname = (host: string) => host.replace(/:\d+$/, '');

/**
 * Whether `host` (as typed: it is trimmed and lower-cased first) is well formed and none of the
 * platform's own: the platform host, a reserved one (the SCORM content origin's), with any port, or
 * a host under a reserved one (content served there must stay on another site than any workspace).
 * A port above 65535 is malformed.
 */
export function hostRefusal(
  host: string,
  own: { platformHost: string; reservedHosts: readonly string[] },
): { host: string; refusal: HostRefusal | null } {
  const typed = host.trim().toLowerCase();
  // The platform's own first: `localhost:3000` is the platform host locally, not a malformed one.
  const name = hostname(typed);
  if (name === hostname(own.platformHost.toLowerCase())) return { host: typed, refusal: 'PLATFORM_HOST' };
  for (const reserved of own.reservedHosts) {
    const r = hostname(reserved.toLowerCase());
    if (name === r || name.endsWith(`.${r}`)) return { host: typed, refusal: 'PLATFORM_HOST' };
  }
  const parsed = ZWorkspaceHost.safeParse(typed);
  if (!parsed.success) return { host: typed, refusal: 'MALFORMED' };
  const h = parsed.data;
  const port = /:(\d+)$/.exec(h)?.[1];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65_535)) return { host: h, refusal: 'MALFORMED' };
  return { host: h, refusal: null };
}
