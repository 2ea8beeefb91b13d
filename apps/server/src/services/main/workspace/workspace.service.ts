import { type TAppConfig, type TCompanyProfile, ZSocialPlatform } from '@app/contract';
import { OIDC_PROVIDERS } from '../../../core/config.ts';
import type { Ctx } from '../../../core/context.ts';
import { withTenant } from '../../../core/db/tenant.ts';
import { unknownHostError } from '../../../core/tenancy.ts';
import { whiteLabelOf } from '../settings/settings.service.ts';
import * as repo from './workspace.repo.ts';

/** Public branding of the workspace served at `host` (what its sign-in page shows). */
export async function companyProfile(ctx: Ctx, host: string): Promise<TCompanyProfile> {
  const site = await ctx.hosts.resolve(host.trim().toLowerCase());
  if (site.kind !== 'workspace') throw unknownHostError(host);
  return withTenant(ctx.db, { workspaceId: site.workspaceId }, async (tx) => {
    const ws = await repo.findWorkspace(tx, site.workspaceId);
    if (!ws) throw unknownHostError(host);
    return {
      workspaceId: ws.id,
      companyName: ws.companyName,
      workspaceUrl: ws.host,
      companyLogo: ws.logoUrl,
      backgroundColor: ws.backgroundColor,
      headQuarterBranchId: ws.headQuarterBranchId,
      branchAddressList: await repo.listBranchesForProfile(tx),
      socialPlatformSet: ws.socialPlatforms.filter(
        (p) => ZSocialPlatform.safeParse(p).success,
      ) as TCompanyProfile['socialPlatformSet'],
      whiteLabel: whiteLabelOf(ws),
    };
  });
}

/** What the web build needs to know about the host it was loaded from. */
export function appConfig(ctx: Ctx, requestHost: string): TAppConfig {
  return {
    platformHost: ctx.config.platformHost,
    isPlatformHost: requestHost === ctx.config.platformHost,
    devMailbox: ctx.config.env !== 'production',
    oidcProviders: OIDC_PROVIDERS.filter((p) => ctx.config.oidc[p] !== undefined),
  };
}
