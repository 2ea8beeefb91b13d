import { z } from 'zod';
import { ZHexColor, ZUuid } from './common.ts';
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
});
export type TAppConfig = z.infer<typeof ZAppConfig>;
