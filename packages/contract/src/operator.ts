import { z } from 'zod';
import { ZEmail } from './auth.ts';
import { ZLanguage, ZPagedResult, ZUuid, ZWorkspaceRole } from './common.ts';
import { ZPlainDate } from './invites.ts';
import { ZAdminIpRanges } from './ip-ranges.ts';
import { ZLearnerStatus } from './lms/enrolments.ts';
import { ZMenu, ZNavigationItem } from './platform.ts';
import { ZCountry, ZTimeZone } from './time-zones.ts';
import { WHITE_LABEL_AREAS } from './workspace.ts';

/**
 * The operator's console (issue 23): onboarding, running and retiring customer workspaces. Every
 * call here is for PLATFORM_ADMIN on the platform host, except where a comment says otherwise.
 */

/**
 * A workspace's host as the operator types it: `initech.example.com`, or `initech.localhost:3000`
 * locally. Lower-cased; letters, digits and hyphens per label, at least two labels, an optional port.
 * The server also refuses the platform host, a host already served, and one still redirecting.
 */
export const ZWorkspaceHost = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(
    /^(?=.{1,253}(:|$))([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+(:\d{1,5})?$/,
    'Enter a host such as initech.example.com (letters, digits and hyphens, no https:// and no path)',
  );

/** The state of a workspace's contract on the operator's day (its `contractExpiryDate`). */
export const ZContractState = z.enum(['NONE', 'ACTIVE', 'EXPIRING', 'EXPIRED']);
export type TContractState = z.infer<typeof ZContractState>;
/** A contract is EXPIRING when it ends within this many days (unless the list filter names another). */
export const CONTRACT_EXPIRING_DAYS = 30;
/** Warnings to a workspace's admins, this many days before its contract ends. */
export const CONTRACT_WARNING_DAYS = [30, 7, 1] as const;
/** Days a retired workspace can be restored before its data is purged; days an old host points to the new one. */
export const RETIREMENT_GRACE_DAYS = 30;
export const HOST_REDIRECT_DAYS = 30;

/** ACTIVE: served. SUSPENDED: retired, in its grace period (no sign-in, its hosts say so). PURGED: gone. */
export const ZWorkspaceStatus = z.enum(['ACTIVE', 'SUSPENDED', 'PURGED']);
export type TWorkspaceStatus = z.infer<typeof ZWorkspaceStatus>;

/** `POST /api/admin/workspace/create` (send an `Idempotency-Key` header: a repeat answers the first result). */
export const ZCreateWorkspaceRequest = z
  .object({
    companyName: z.string().trim().min(2, 'Enter the company name').max(120),
    workspaceUrl: ZWorkspaceHost,
    country: ZCountry,
    /** Default: the country's (Asia/Kolkata, America/Toronto). */
    timeZone: ZTimeZone.optional(),
    /** The headquarters business unit's name (default: "Headquarters" in the country's language). */
    headquarterName: z.string().trim().min(1).max(100).optional(),
    adminEmail: ZEmail,
    adminFirstName: z.string().trim().min(1, 'Enter the first name').max(100),
    adminLastName: z.string().trim().max(100).optional(),
    /** The language of the first admin's invitation mail (default: English). */
    adminLanguage: ZLanguage.optional(),
    /** Null or left out: no limit. */
    userLimit: z.number().int().min(1).max(1_000_000).nullable().optional(),
    /** The last day of the contract (YYYY-MM-DD, the workspace's day); null or left out: open-ended. */
    contractExpiryDate: ZPlainDate.nullable().optional(),
  })
  .strict();
export type TCreateWorkspaceRequest = z.input<typeof ZCreateWorkspaceRequest>;
export const ZCreateWorkspaceResponse = z.object({ workspaceId: ZUuid, workspaceUrl: z.string() });
export type TCreateWorkspaceResponse = z.infer<typeof ZCreateWorkspaceResponse>;

/** `GET /api/admin/workspace/host-availability?host=`: the create wizard's live check. */
export const ZHostAvailabilityQuery = z.object({ host: z.string().max(300) });
export const ZHostAvailability = z.object({
  host: z.string(),
  available: z.boolean(),
  /** Why not: malformed, the platform host (or a reserved one), served by a workspace, or an old host still redirecting. */
  reason: z.enum(['MALFORMED', 'PLATFORM_HOST', 'TAKEN', 'REDIRECTING']).nullable(),
});
export type THostAvailability = z.infer<typeof ZHostAvailability>;

/** `POST /api/admin/workspace?pageNo&pageSize=20`: the filter body (everything optional, combined with AND). */
export const ZWorkspaceListFilter = z
  .object({
    /** Part of the company name or the host. */
    q: z.string().trim().max(200).optional(),
    country: ZCountry.optional(),
    contract: z.enum(['ACTIVE', 'EXPIRING', 'EXPIRED', 'NONE']).optional(),
    /** With `contract: 'EXPIRING'`: within this many days (default `CONTRACT_EXPIRING_DAYS`). */
    expiringWithinDays: z.number().int().min(1).max(366).optional(),
    /** Only workspaces whose members reached (or passed) their user limit. */
    userLimitReached: z.boolean().optional(),
    /** Default: ACTIVE and SUSPENDED (purged ones only when asked). */
    status: ZWorkspaceStatus.optional(),
    sort: z.enum(['NAME', 'CREATED', 'CONTRACT_EXPIRY']).default('NAME'),
  })
  .strict();
export type TWorkspaceListFilter = z.input<typeof ZWorkspaceListFilter>;

/** One workspace as the operator's list shows it. */
export const ZWorkspaceSummary = z.object({
  workspaceId: ZUuid,
  companyName: z.string(),
  workspaceUrl: z.string(),
  country: ZCountry,
  timeZone: z.string(),
  status: ZWorkspaceStatus,
  /** Active members (the figure the user limit counts). */
  members: z.number().int(),
  /** Invitations not yet used and not expired. */
  pendingInvitations: z.number().int(),
  userLimit: z.number().int().nullable(),
  userLimitReached: z.boolean(),
  contractExpiryDate: ZPlainDate.nullable(),
  contractState: ZContractState,
  createdAt: z.string(),
  /** Areas switched on for the workspace (its white-label switches). */
  areas: z.array(
    z.enum(WHITE_LABEL_AREAS as unknown as ['cms', 'lms', 'policies', 'compliance', 'concernedAuthority']),
  ),
  /** SUSPENDED: when the purge job removes its data (the restore deadline). */
  purgeAfter: z.string().nullable(),
});
export type TWorkspaceSummary = z.infer<typeof ZWorkspaceSummary>;
export const ZWorkspaceListResponse = ZPagedResult(ZWorkspaceSummary);

/** `GET /api/workspace/search/{q}` (by name) and `/search/name-url/{q}` (by name or host): the typeahead, at most 10. */
export const ZWorkspaceSearchHit = z.object({ workspaceId: ZUuid, companyName: z.string(), workspaceUrl: z.string() });
export const ZWorkspaceSearchResponse = z.array(ZWorkspaceSearchHit);
export type TWorkspaceSearchHit = z.infer<typeof ZWorkspaceSearchHit>;

/** The first admin's invitation, as the details page shows it after creation. */
export const ZFirstAdminInvitation = z.object({
  email: z.string(),
  /** PENDING: not used yet (mail queued or sent), ACCEPTED: claimed, EXPIRED. */
  state: z.enum(['PENDING', 'ACCEPTED', 'EXPIRED']),
  /** The mail's delivery state, where recorded. */
  mailState: z.string().nullable(),
  sentAt: z.string().nullable(),
  expiresAt: z.string(),
});

/** `GET /api/admin/workspace/{id}`: everything the details page shows. */
export const ZWorkspaceDetails = ZWorkspaceSummary.extend({
  headquarterName: z.string().nullable(),
  admins: z.array(
    z.object({
      userId: ZUuid,
      email: z.string().nullable(),
      firstName: z.string(),
      lastName: z.string(),
      role: ZWorkspaceRole,
      active: z.boolean(),
      lastSignInAt: z.string().nullable(),
    }),
  ),
  firstAdminInvitation: ZFirstAdminInvitation.nullable(),
  /** Keys of the feature flags on for this workspace (e.g. `elevateip`). */
  featureFlags: z.array(z.string()),
  /** Course credits held by the workspace, per catalogue course. */
  courseCredits: z.array(
    z.object({ courseId: ZUuid, title: z.string(), credits: z.number().int(), used: z.number().int() }),
  ),
  /** The last sign-in or audited change in the workspace; null when nobody has done anything yet. */
  lastActivityAt: z.string().nullable(),
  /** Menus the operator gave the workspace (`/api/admin/workspace-nav`). */
  navigation: z.array(ZNavigationItem),
  /** Entries of the sign-up whitelist. */
  whitelistCount: z.number().int(),
  /** The IP ranges its administrators may act from when `elevateip` is on (CIDR). */
  adminIpRanges: z.array(z.string()),
  /** Hosts it was served from, still pointing to the current one until `until`. */
  previousHosts: z.array(z.object({ host: z.string(), until: z.string() })),
  retiredAt: z.string().nullable(),
});
export type TWorkspaceDetails = z.infer<typeof ZWorkspaceDetails>;

/** `PUT /api/workspace/update-workspace-url`: serve the workspace at another host. */
export const ZUpdateWorkspaceUrlRequest = z.object({ workspaceId: ZUuid, workspaceUrl: ZWorkspaceHost }).strict();
export const ZUpdateWorkspaceUrlResponse = z.object({
  workspaceId: ZUuid,
  workspaceUrl: z.string(),
  previousUrl: z.string(),
  /** Until when the previous host answers with a page pointing to the new one. */
  redirectUntil: z.string(),
});

/** `PUT /api/admin/workspace-user-limit`: null removes the limit; below today's members blocks new invitations. */
export const ZWorkspaceUserLimitRequest = z
  .object({ workspaceId: ZUuid, userLimit: z.number().int().min(1).max(1_000_000).nullable() })
  .strict();
export const ZWorkspaceUserLimitResponse = z.object({
  workspaceId: ZUuid,
  userLimit: z.number().int().nullable(),
  members: z.number().int(),
  pendingInvitations: z.number().int(),
  userLimitReached: z.boolean(),
});

/** `PUT /api/admin/workspace/contract/expiry-date`: null makes the contract open-ended. */
export const ZContractExpiryRequest = z
  .object({ workspaceId: ZUuid, contractExpiryDate: ZPlainDate.nullable() })
  .strict();
export const ZContractExpiryResponse = z.object({
  workspaceId: ZUuid,
  contractExpiryDate: ZPlainDate.nullable(),
  contractState: ZContractState,
});

/** `DELETE /api/workspace/{id}`: retire; the operator types the workspace's host to confirm. */
export const ZRetireWorkspaceRequest = z
  .object({ confirmHost: z.string().trim().toLowerCase().min(1).max(300) })
  .strict();
export const ZRetireWorkspaceResponse = z.object({
  workspaceId: ZUuid,
  status: ZWorkspaceStatus,
  purgeAfter: z.string().nullable(),
});
/** `POST /api/admin/workspace/{id}/restore`: cancel a retirement within the grace period (answers the same shape). */

/** `GET /api/admin/workspace-nav?workspaceId=` and `POST /api/admin/workspace-nav`: the menus a workspace has. */
export const ZWorkspaceNavQuery = z.object({ workspaceId: ZUuid });
export const ZWorkspaceNav = z.object({ workspaceId: ZUuid, menus: z.array(ZNavigationItem) });
export const ZUpdateWorkspaceNavRequest = z
  .object({ workspaceId: ZUuid, menus: z.array(z.object({ menu: ZMenu, enabled: z.boolean() })).max(100) })
  .strict();
export type TWorkspaceNav = z.infer<typeof ZWorkspaceNav>;

/**
 * One entry of a workspace's sign-up whitelist: an address (`asha@initech.com`) or a whole domain
 * (`@initech.com` or `initech.com`, stored as `@initech.com`).
 */
export const ZWhitelistEntry = z
  .string()
  .trim()
  .toLowerCase()
  .max(254)
  .regex(
    /^(?:[^\s@]+@|@)?[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/,
    'Enter an email address or a domain such as @initech.com',
  );
/** `POST /api/admin/add-email-to-whitelist`. */
export const ZAddToWhitelistRequest = z
  .object({ workspaceId: ZUuid, entries: z.array(ZWhitelistEntry).min(1).max(1000) })
  .strict();
export const ZWhitelist = z.object({
  workspaceId: ZUuid,
  entries: z.array(z.object({ value: z.string(), addedAt: z.string() })),
});
/** `POST /api/admin/add-email-to-whitelist/bulk` (multipart: `file`, `workspaceId`): CSV or XLSX, one entry per row, first column. */
export const ZWhitelistBulkResponse = z.object({
  workspaceId: ZUuid,
  added: z.number().int(),
  alreadyListed: z.number().int(),
  /** Rows refused, with their 1-based row number and why. */
  refused: z.array(z.object({ row: z.number().int(), value: z.string(), message: z.string() })),
});

/** Whose manual: employees', or administrators' (any administrative role). */
export const ZUserManualAudience = z.enum(['EMPLOYEE', 'ADMINISTRATOR']);
/** `GET /api/user-manual` (any session: the manuals for the caller's audience; the operator: all). */
export const ZUserManual = z.object({
  audience: ZUserManualAudience,
  language: ZLanguage,
  fileName: z.string(),
  /** Where to open it (a short-lived link). */
  url: z.string(),
  uploadedAt: z.string(),
});
export const ZUserManualList = z.array(ZUserManual);
export type TUserManual = z.infer<typeof ZUserManual>;
/** `POST /api/user-manual` (operator; multipart: `file` a PDF, `audience`, `language`): replaces that manual. */
export const ZUploadUserManualFields = z.object({ audience: ZUserManualAudience, language: ZLanguage });

/** `GET /api/internal/userroutes/{id}`: the web routes a user may open in the caller's workspace. */
export const ZUserRoutes = z.object({ userId: ZUuid, routes: z.array(z.string()) });

/** `GET /api/auth`: the local session check. */
export const ZAuthCheck = z.object({
  authenticated: z.literal(true),
  userId: ZUuid,
  workspaceId: ZUuid.nullable(),
  platformRole: z.enum(['PLATFORM_ADMIN']).nullable(),
  expiresAt: z.string(),
});

// --- create ---

/** The `Idempotency-Key` header of `POST /api/admin/workspace/create` (8 to 200 characters). */
export const ZOperatorIdempotencyHeaders = z.object({
  'idempotency-key': z.string().trim().min(8).max(200).optional(),
});
/** `{q}` of the workspace typeahead (`GET /api/workspace/search/{q}`, `/search/name-url/{q}`). */
export const ZWorkspaceSearchParams = z.object({ q: z.string().max(200) });
/** `{id}` of `GET /api/admin/workspace/{id}`. */
export const ZWorkspaceIdParams = z.object({ id: ZUuid });
// --- contract ---
/**
 * `GET /api/workspace/contract`: the workspace's contract and user limit as its members see them
 * (the banner after the contract's last day; the invitations and users pages' "48 of 50 people").
 */
export const ZWorkspaceContractStatus = z.object({
  /** The contract's last day once it has passed in the workspace's zone (administration and learning are read-only), else null. */
  expiredOn: ZPlainDate.nullable(),
  /** The contract's last day; null when open-ended, or for a caller who may not invite. */
  contractExpiryDate: ZPlainDate.nullable(),
  /** The user limit's figures, for a caller who may invite (`invites.manage`); null for others and without a limit. */
  userLimit: z
    .object({
      limit: z.number().int(),
      /** Active members (what the limit counts). */
      members: z.number().int(),
      pendingInvitations: z.number().int(),
      /** Members reached (or passed) the limit: no one can be added. */
      reached: z.boolean(),
    })
    .nullable(),
});
export type TWorkspaceContractStatus = z.infer<typeof ZWorkspaceContractStatus>;
// --- settings ---
/** `GET /api/admin/workspace/{id}/whitelist`: the path's workspace. */
export const ZWhitelistParams = z.object({ id: ZUuid });
/** `POST /api/admin/remove-email-from-whitelist`: entries to remove (addresses or domains, as when added); answers `ZWhitelist`. */
export const ZRemoveFromWhitelistRequest = z
  .object({ workspaceId: ZUuid, entries: z.array(ZWhitelistEntry).min(1).max(1000) })
  .strict();
/** The text field of `POST /api/admin/add-email-to-whitelist/bulk` besides the file. */
export const ZWhitelistBulkFields = z.object({ workspaceId: ZUuid });
export type TWhitelist = z.infer<typeof ZWhitelist>;
export type TWhitelistBulkResponse = z.infer<typeof ZWhitelistBulkResponse>;
// --- elevate ---

/** `PUT /api/admin/workspace/{id}/admin-ip-ranges` (operator): set or clear a workspace's elevate-IP ranges (undo a lock-out). */
export const ZSetAdminIpRangesRequest = z.object({ adminIpRanges: ZAdminIpRanges }).strict();
export type TSetAdminIpRangesRequest = z.input<typeof ZSetAdminIpRangesRequest>;
/** The workspace's elevate-IP ranges as they now are. */
export const ZAdminIpRangesResponse = z.object({ workspaceId: ZUuid, adminIpRanges: z.array(z.string()) });
export type TAdminIpRangesResponse = z.infer<typeof ZAdminIpRangesResponse>;

/**
 * The web route each workspace menu opens (its root page; the pages under it follow the same
 * permission). Shared by the server (`GET /api/internal/userroutes/{id}`) and the web's navigation
 * registry (apps/web/src/app/navigation.registry.ts, whose test checks that both agree).
 */
export const MENU_PATHS: Partial<Record<z.infer<typeof ZMenu>, string>> = {
  DASHBOARD: '/dashboard',
  INVITATIONS: '/invitations',
  BUSINESS_UNITS: '/business-units',
  DEPARTMENTS: '/departments',
  SETTINGS: '/settings',
  USERS: '/users',
  PERMISSIONS: '/permissions',
  AUDIT_LOG: '/audit-log',
  MY_LEARNING: '/learning',
  COURSES: '/courses',
  LEARNING_CREDITS: '/learning/credits',
  COURSE_LEARNERS: '/learning/assignments',
  WORKSHOPS: '/workshops',
  COMPLIANCE: '/compliance',
  COMMITTEE: '/committee',
  WORKFLOWS: '/workflows',
  MY_COMPLAINTS: '/complaints',
  COMPLAINTS: '/cases',
};
/** Routes every signed-in member may open, whatever its menus (its own account). */
export const MEMBER_PATHS = ['/account/password'] as const;
export type TUserRoutes = z.infer<typeof ZUserRoutes>;
export type TAuthCheck = z.infer<typeof ZAuthCheck>;

/** `POST /api/admin/user/course/policy/details`: a member's learning (and, once built, policies), for an administrator in reach. */
export const ZUserCoursePolicyDetailsRequest = z.object({ userId: ZUuid }).strict();
export type TUserCoursePolicyDetailsRequest = z.input<typeof ZUserCoursePolicyDetailsRequest>;
/** One course a member is assigned (its current cycle). */
export const ZUserCourseDetail = z.object({
  courseId: ZUuid,
  title: z.string(),
  status: ZLearnerStatus,
  progressPercent: z.number().int(),
  /** The best score of the current cycle; null before any scored attempt. */
  bestScore: z.number().nullable(),
  assignedAt: z.string(),
  dueAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export const ZUserCoursePolicyDetails = z.object({
  userId: ZUuid,
  courses: z.array(ZUserCourseDetail),
  /**
   * Always false until the policies area is built (issue 28): the answer then gains a `policies`
   * list. Until then there is no policy data at all, rather than an empty list that would read as
   * "this member has no policies".
   */
  policiesAvailable: z.literal(false),
});
export type TUserCoursePolicyDetails = z.infer<typeof ZUserCoursePolicyDetails>;
