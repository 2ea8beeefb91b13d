import type { TWorkspaceRole } from '@app/contract';
import type { Permission } from './permissions.ts';

/**
 * What the request's host is: the platform host, a workspace's host, a workspace's former host (moved),
 * a retired workspace's host (suspended), or nothing we serve.
 */
export type Site =
  | { kind: 'platform'; host: string }
  | { kind: 'workspace'; host: string; workspaceId: string }
  | { kind: 'unknown'; host: string }
  /** A host the workspace was served from before a host change: for `until` it points to `currentHost`. */
  | { kind: 'moved'; host: string; workspaceId: string; currentHost: string; until: string }
  /** A host (current or still redirecting) of a retired workspace in its grace period: no sign-in, a clear page. */
  | { kind: 'suspended'; host: string; workspaceId: string };

/** The verified caller of a request. */
export type Principal = {
  sessionId: string;
  accountId: string;
  /** The workspace the session is bound to; null on the platform host. */
  workspaceId: string | null;
  role: TWorkspaceRole | null;
  platformRole: 'PLATFORM_ADMIN' | null;
  branchId: string | null;
  permissions: ReadonlySet<Permission>;
  /** An account created by an administrator that has not yet set its own password. */
  firstLogin: boolean;
  /**
   * A key derived (HMAC-SHA256) from the session's token, which the database does not hold (it keeps
   * the token's SHA-256): what a member's unlocked case key is sealed under for the session
   * (docs/cases-security.md §3). Absent for principals not made from a bearer token (jobs, tests).
   */
  sessionKey?: Buffer;
};
