import { type TAppConfig, type TCompanyProfile, ZSocialPlatform } from '@app/contract';
import { OIDC_PROVIDERS } from '../../../core/config.ts';
import type { Ctx } from '../../../core/context.ts';
import { withTenant } from '../../../core/db/tenant.ts';
import { unknownHostError } from '../../../core/tenancy.ts';
import { whiteLabelOf } from '../settings/settings.service.ts';
import * as repo from './workspace.repo.ts';

/**
 * Branding of the workspace served at `host`: public, since its sign-in page shows it. Its business
 * units (ids and names) go only to a signed-in member of that workspace (a session is bound to its
 * workspace's host, so that is a request from there); anyone else gets none.
 */
export async function companyProfile(ctx: Ctx, host: string): Promise<TCompanyProfile> {
  const site = await ctx.hosts.resolve(host.trim().toLowerCase());
  if (site.kind !== 'workspace') throw unknownHostError(host);
  const member = ctx.principal?.workspaceId === site.workspaceId;
  return withTenant(ctx.db, { workspaceId: site.workspaceId }, async (tx) => {
    const ws = await repo.findWorkspace(tx, site.workspaceId);
    if (!ws) throw unknownHostError(host);
    return {
      workspaceId: ws.id,
      companyName: ws.companyName,
      workspaceUrl: ws.host,
      companyLogo: ws.logoUrl,
      backgroundColor: ws.backgroundColor,
      headQuarterBranchId: member ? ws.headQuarterBranchId : null,
      branchAddressList: member ? await repo.listBranchesForProfile(tx) : [],
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
