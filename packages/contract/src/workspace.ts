import { z } from 'zod';
import { ZEmail } from './auth.ts';
import { ZHexColor, ZUuid } from './common.ts';
import { ZAdminIpRanges } from './ip-ranges.ts';
import { ZCountry, ZTimeZone } from './time-zones.ts';

/** Sign-in providers a workspace may enable. */
export const ZSocialPlatform = z.enum(['GOOGLE', 'MICROSOFT']);

/**
 * The white-label switches: which areas of the platform a workspace uses (all on by default). An
 * area switched off disappears from navigation and from the pages that link to it.
 */
export const ZWhiteLabel = z.object({
  /** Case management: filing and handling complaints. */
  cms: z.boolean(),
  /** Learning: courses, lessons and quizzes. */
  lms: z.boolean(),
  /** The concerned authority (the external authority complaints may be escalated to). */
  concernedAuthority: z.boolean(),
  /** Policies and their acceptance. */
  policies: z.boolean(),
  /** Compliance obligations and their tracking. */
  compliance: z.boolean(),
});
export type TWhiteLabel = z.infer<typeof ZWhiteLabel>;

/** One white-label area (a key of `ZWhiteLabel`). */
export type TWhiteLabelArea = keyof TWhiteLabel;

/**
 * The areas that exist today, in the order Settings lists their switches. An area not listed here
 * is not built yet: its switch and permission rows stay hidden (its stored value and the API are
 * kept), and the home page calls it "coming". Each area's issue brings it back by adding it here.
 */
export const BUILT_AREAS: readonly TWhiteLabelArea[] = ['cms', 'lms', 'compliance', 'concernedAuthority'];

/** Every white-label area, built or not, in the order pages list them. */
export const WHITE_LABEL_AREAS: readonly TWhiteLabelArea[] = [
  'cms',
  'lms',
  'policies',
  'compliance',
  'concernedAuthority',
];

/** Whether `area` is built (see `BUILT_AREAS`). */
export const isBuiltArea = (area: TWhiteLabelArea): boolean => BUILT_AREAS.includes(area);

/**
 * Built areas whose part for the people a workspace invites is not there yet: their switch, menus
 * and built permissions show; nothing tells employees they can use them (`offeredAreas` leaves
 * them out, the home page lists them as coming). The issue that builds the people's part takes the
 * area out of this list (complaints: issue 26).
 */
export const AREAS_IN_PROGRESS: readonly TWhiteLabelArea[] = [];

/** Permissions of a built area whose pages are not built yet. */
const PERMISSIONS_IN_PROGRESS: readonly string[] = [];

/**
 * The areas a workspace offers today: built (`BUILT_AREAS`), not in progress (`AREAS_IN_PROGRESS`)
 * and switched on, in page order. Every
 * text that says what people can use (invitation mail, home page, landing page) derives from it,
 * so none promises an area before it exists. `switches` left out: every built area.
 */
export const offeredAreas = (switches?: Partial<TWhiteLabel> | null): TWhiteLabelArea[] =>
  WHITE_LABEL_AREAS.filter((a) => isBuiltArea(a) && !AREAS_IN_PROGRESS.includes(a) && (switches?.[a] ?? true));

/** The area a permission belongs to, for the permissions that belong to one (the matrix's rows). */
const PERMISSION_AREAS: Readonly<Record<string, TWhiteLabelArea>> = {
  'learning.view': 'lms',
  'courses.manage': 'lms',
  'courses.assign': 'lms',
  'policies.view': 'policies',
  'policies.manage': 'policies',
  'compliance.manage': 'compliance',
  'complaints.file': 'cms',
  'complaints.manage': 'cms',
  'workflows.manage': 'cms',
};

/** The area of `permission` (e.g. `courses.manage` → `lms`), or null for one that belongs to none. */
export const areaOfPermission = (permission: string): TWhiteLabelArea | null => PERMISSION_AREAS[permission] ?? null;

/**
 * Whether a permission's area exists yet: false for the permissions of an area not in
 * `BUILT_AREAS` (whose rows stay hidden until the area is built); true for all others.
 */
export const isPermissionBuilt = (permission: string): boolean => {
  const area = areaOfPermission(permission);
  return area === null || (isBuiltArea(area) && !PERMISSIONS_IN_PROGRESS.includes(permission));
};

/**
 * Who employees contact about harassment: the Internal Committee's contact (POSH Act, India) or the
 * designated recipient (SOR/2020-130 s.14, Canada). Employees see it on their home page.
 */
export const ZConcernedAuthority = z.object({
  /** The person's (or committee's) name. */
  name: z.string(),
  /** Their role, e.g. "Presiding Officer, Internal Committee"; null when not given. */
  designation: z.string().nullable(),
  /** Null when not given; at least one of email and phone is given. */
  email: z.string().nullable(),
  /** E.164 (`+` and 8–15 digits); null when not given. */
  phone: z.string().nullable(),
});
export type TConcernedAuthority = z.infer<typeof ZConcernedAuthority>;

/** The contact as an admin sets it: a name and at least one way to reach them, each checked. */
export const ZConcernedAuthorityInput = z
  .object({
    name: z.string().trim().min(1, 'Enter a name').max(120),
    designation: z.string().trim().max(120).nullable(),
    email: ZEmail.nullable(),
    /** As typed: the national way of the workspace's country or with a country code; the server stores E.164. */
    phone: z.string().trim().min(1).max(32).nullable(),
  })
  .strict()
  .refine((c) => c.email !== null || c.phone !== null, {
    message: 'Give an email address or a phone number (or both)',
    path: ['email'],
  });
export type TConcernedAuthorityInput = z.input<typeof ZConcernedAuthorityInput>;

/**
 * `GET /api/workspace/concerned-authority` (any signed-in member): the card on the home page.
 * `shown` false: the workspace switched the concerned authority off, and no card is shown.
 */
export const ZConcernedAuthorityCard = z.object({
  shown: z.boolean(),
  /** Null until a workspace admin names one in Settings. */
  contact: ZConcernedAuthority.nullable(),
  /** Which law the empty card points at: POSH Act (IN) or SOR/2020-130 (CA). */
  country: ZCountry,
});
export type TConcernedAuthorityCard = z.infer<typeof ZConcernedAuthorityCard>;

/** `GET /api/workspace/settings`: the workspace's branding and switches, as its administrator edits them. */
export const ZWorkspaceSettings = z.object({
  /** Brand colour, six hex digits without `#`. */
  backgroundColor: z.string(),
  /** URL of the logo image, or null when there is none. */
  companyLogo: z.string().nullable(),
  /** Whether people may sign up in bulk through the workspace's sign-up link. */
  bulkSignUpEnabled: z.boolean(),
  whiteLabel: ZWhiteLabel,
  /** The organisation's country (IN or CA); set by the operator. */
  country: ZCountry.optional(),
  /** IANA time zone in which the workspace's deadlines and scheduled work are computed (default from the country). */
  timeZone: z.string().optional(),
  /** Who employees contact about harassment; null until named. */
  concernedAuthority: ZConcernedAuthority.nullable(),
  /** Elevate-IP mode (issue 23): the CIDR ranges administrators may act from while it is on (empty: anywhere). */
  adminIpRanges: z.array(z.string()),
  /** Whether the operator switched elevate-IP mode on for this workspace (the `elevateip` flag). */
  elevateIpOn: z.boolean(),
  /** The address this request came from, as the server sees it (what the ranges are checked against). */
  yourIp: z.string(),
});
export type TWorkspaceSettings = z.infer<typeof ZWorkspaceSettings>;

/** `PUT /api/workspace/settings`: any of the settings; what is left out stays as it is. The logo has its own routes. */
export const ZUpdateWorkspaceSettingsRequest = z
  .object({
    backgroundColor: ZHexColor.optional(),
    bulkSignUpEnabled: z.boolean().optional(),
    whiteLabel: ZWhiteLabel.partial().strict().optional(),
    /** An IANA time zone, e.g. `Asia/Kolkata`, `America/Toronto`. */
    timeZone: ZTimeZone.optional(),
    /** Who employees contact about harassment; null removes the contact. */
    concernedAuthority: ZConcernedAuthorityInput.nullable().optional(),
    /** Elevate-IP mode: the ranges administrators may act from (empty: anywhere); a list leaving out the saver's own address is refused. */
    adminIpRanges: ZAdminIpRanges.optional(),
  })
  .strict();
export type TUpdateWorkspaceSettingsRequest = z.input<typeof ZUpdateWorkspaceSettingsRequest>;

/** `GET /api/workspace/bulk-signup-setting`. */
export const ZBulkSignUpSetting = z.object({ bulkSignUpEnabled: z.boolean() });
export type TBulkSignUpSetting = z.infer<typeof ZBulkSignUpSetting>;

/**
 * `GET /api/workspace/company-profile/{host}`: branding of the workspace served at a host. Public
 * (the sign-in page shows it); the business units only for a signed-in member of that workspace.
 */
export const ZCompanyProfile = z.object({
  workspaceId: ZUuid,
  companyName: z.string(),
  workspaceUrl: z.string(),
  /** URL of the logo image, or null to show the company name. */
  companyLogo: z.string().nullable(),
  /** Brand colour, six hex digits without `#`. */
  backgroundColor: z.string(),
  /** The headquarters' business unit; null unless the caller is a signed-in member of this workspace. */
  headQuarterBranchId: ZUuid.nullable(),
  /** The business units, headquarters first; empty unless the caller is a signed-in member of this workspace. */
  branchAddressList: z.array(z.object({ branchId: ZUuid, branchName: z.string(), branchLogo: z.string().nullable() })),
  socialPlatformSet: z.array(ZSocialPlatform),
  /** Which areas the workspace uses, so that the web app can hide the others. */
  whiteLabel: ZWhiteLabel,
  /** The workspace's country (IN or CA): how its forms read and show phone numbers. */
  country: ZCountry,
  /** The workspace's IANA time zone: the web shows dates of record as the workspace's days. */
  timeZone: z.string(),
});
export type TCompanyProfile = z.infer<typeof ZCompanyProfile>;

/** `GET /api/app-config`: what the one web build needs to know about the host it runs on. */
export const ZAppConfig = z.object({
  /** The platform host (marketing site, workspace chooser, operator console). */
  platformHost: z.string(),
  /** Whether the request's host is the platform host rather than a workspace. */
  isPlatformHost: z.boolean(),
  /** Whether `/dev/mailbox` exists (never in production; it answers only this machine, on the platform host). */
  devMailbox: z.boolean(),
  /**
   * OpenID providers the server is configured for. A workspace offers a provider's button when it
   * is both here and in its `socialPlatformSet`.
   */
  oidcProviders: z.array(ZSocialPlatform),
  /**
   * Issue 23: on a host that serves no workspace now, why. MOVED: the workspace moved to
   * `currentHost` (this host points there until `until`); SUSPENDED: the workspace was retired (no
   * sign-in). Absent on the platform host, a workspace's host and an unknown host.
   */
  hostNotice: z
    .object({
      kind: z.enum(['MOVED', 'SUSPENDED']),
      currentHost: z.string().nullable(),
      until: z.string().nullable(),
    })
    .optional(),
});
export type TAppConfig = z.infer<typeof ZAppConfig>;

/** A step of the admin home's setup checklist, in order; each ticks itself from the workspace's data. */
export const ZSetupStep = z.enum(['businessUnits', 'departments', 'invitePeople', 'branding']);
export type TSetupStep = z.infer<typeof ZSetupStep>;

/**
 * `GET /api/workspace/overview` (administrators: WORKSPACE_ADMIN, EMPLOYER, BRANCH_ADMIN): the admin
 * home's figures in one answer. A business-unit admin gets its own unit's figures only.
 */
export const ZWorkspaceOverview = z.object({
  /** The business unit the figures are limited to; null: the whole workspace. */
  scope: z.object({ branchId: ZUuid, branchName: z.string() }).nullable(),
  /** Members (deleted ones left out): active, and deactivated. */
  people: z.object({ active: z.number().int(), deactivated: z.number().int() }),
  /** Unused, unrevoked invitations: still valid, and past their expiry. */
  invitations: z.object({ pending: z.number().int(), expired: z.number().int() }),
  businessUnits: z.number().int(),
  departments: z.number().int(),
  /**
   * The setup steps the caller can act on (by its permissions), in order; `done` ticks from data:
   * a business unit exists, a department exists, an invitation was ever sent or someone besides the
   * caller is a member,
   * the logo or colour differs from the default.
   */
  checklist: z.array(z.object({ step: ZSetupStep, done: z.boolean() })),
});
export type TWorkspaceOverview = z.infer<typeof ZWorkspaceOverview>;
