import { type TAppConfig, type TCompanyProfile, ZCountry, ZSocialPlatform } from '@app/contract';
import { OIDC_PROVIDERS } from '../../../core/config.ts';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { notServedError, unknownHostError } from '../../../core/tenancy.ts';
import { whiteLabelOf } from '../settings/settings.service.ts';
import * as repo from './workspace.repo.ts';

/**
 * Branding of the workspace served at `host`: public, since its sign-in page shows it. Its business
 * units (ids and names) go only to a signed-in member of that workspace (a session is bound to its
 * workspace's host, so that is a request from there); anyone else gets none.
 */
export async function companyProfile(ctx: Ctx, host: string): Promise<TCompanyProfile> {
  const site = await ctx.hosts.resolve(host.trim().toLowerCase());
  if (site.kind !== 'workspace') throw notServedError(site);
  const member = ctx.principal !== null && ctx.principal.workspaceId === site.workspaceId;
  // A member asks from its own workspace's host: its tenant transaction. Anyone else reads the one
  // public row (by id) on the platform path, with no business units.
  const run = <T>(fn: (tx: Tx) => Promise<T>) =>
    member ? ctx.tenant(fn) : ctx.platform({ action: 'workspace.profile', audit: false }, fn);
  return run(async (tx) => {
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
      country: ZCountry.catch('IN').parse(ws.country),
      timeZone: ws.timeZone,
    };
  });
}

/** What the web build needs to know about the host it was loaded from. */
export async function appConfig(ctx: Ctx, requestHost: string): Promise<TAppConfig> {
  const isPlatformHost = requestHost === ctx.config.platformHost;
  // A moved or retired workspace's host: the web shows a page saying so (issue 23).
  const site = isPlatformHost ? null : await ctx.hosts.resolve(requestHost);
  const hostNotice: TAppConfig['hostNotice'] =
    site?.kind === 'moved'
      ? { kind: 'MOVED', currentHost: site.currentHost, until: site.until }
      : site?.kind === 'suspended'
        ? { kind: 'SUSPENDED', currentHost: null, until: null }
        : undefined;
  return {
    ...(hostNotice ? { hostNotice } : {}),
    platformHost: ctx.config.platformHost,
    isPlatformHost,
    devMailbox: ctx.config.env !== 'production',
    oidcProviders: OIDC_PROVIDERS.filter((p) => ctx.config.oidc[p] !== undefined),
  };
}
