import { z } from 'zod';
import { ZUuid } from './common.ts';

/** Sign-in providers a workspace may enable. */
export const ZSocialPlatform = z.enum(['GOOGLE', 'MICROSOFT']);

/** `GET /api/workspace/company-profile/{host}`: public branding of the workspace served at a host. */
export const ZCompanyProfile = z.object({
  workspaceId: ZUuid,
  companyName: z.string(),
  workspaceUrl: z.string(),
  /** URL of the logo image, or null to show the company name. */
  companyLogo: z.string().nullable(),
  /** Brand colour, six hex digits without `#`. */
  backgroundColor: z.string(),
  headQuarterBranchId: ZUuid.nullable(),
  branchAddressList: z.array(z.object({ branchId: ZUuid, branchName: z.string(), branchLogo: z.string().nullable() })),
  socialPlatformSet: z.array(ZSocialPlatform),
});
export type TCompanyProfile = z.infer<typeof ZCompanyProfile>;

/** `GET /api/app-config`: what the one web build needs to know about the host it runs on. */
export const ZAppConfig = z.object({
  /** The platform host (marketing site, workspace chooser, operator console). */
  platformHost: z.string(),
  /** Whether the request's host is the platform host rather than a workspace. */
  isPlatformHost: z.boolean(),
  /** Whether `/dev/mailbox` is available (never in production). */
  devMailbox: z.boolean(),
  /**
   * OpenID providers the server is configured for. A workspace offers a provider's button when it
   * is both here and in its `socialPlatformSet`.
   */
  oidcProviders: z.array(ZSocialPlatform),
});
export type TAppConfig = z.infer<typeof ZAppConfig>;
