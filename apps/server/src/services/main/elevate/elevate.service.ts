import {
  MEMBER_PATHS,
  MENU_PATHS,
  type TAdminIpRangesResponse,
  type TAuthCheck,
  type TSetAdminIpRangesRequest,
  type TUserRoutes,
  type TWorkspaceRole,
  ZSetAdminIpRangesRequest,
} from '@app/contract';
import { scopeOf } from '../../../core/admin-scope.ts';
import { type Ctx, principalOf } from '../../../core/context.ts';
import { errors } from '../../../core/errors.ts';
import { permissionsFor, workspaceOverrides } from '../../../core/permissions.ts';
import { authorize, operatorOf, platformPolicy } from '../../../core/policy.ts';
import { sitsOnLiveCommittee } from '../navigation/navigation.repo.ts';
import { workspaceMenus } from '../navigation/navigation.service.ts';
import { switchedOffMenus } from '../operator-settings/operator-settings.repo.ts';
import { findSettings } from '../settings/settings.repo.ts';
import { whiteLabelOf } from '../settings/settings.service.ts';
import { usersPolicy } from '../users/users.policy.ts';
import { findUser } from '../users/users.repo.ts';
import { manager } from '../users/users.service.ts';
import * as repo from './elevate.repo.ts';

/**
 * `GET /api/auth`: the caller's session as the server sees it — who, where, and when it ends if
 * not used again (its absolute expiry or the idle limit, whichever is first). One read; a request
 * without a live session never gets here (401).
 */
export async function authCheck(ctx: Ctx): Promise<TAuthCheck> {
  const me = principalOf(ctx);
  const idle = ctx.config.sessionIdleMinutes;
  const endsAt =
    me.workspaceId === null
      ? await ctx.platform({ action: 'session.check', audit: false }, (tx) => repo.sessionEnds(tx, me.sessionId, idle))
      : await ctx.tenant((tx) => repo.sessionEnds(tx, me.sessionId, idle));
  if (!endsAt) throw errors.unauthorized();
  return {
    authenticated: true,
    userId: me.accountId,
    workspaceId: me.workspaceId,
    platformRole: me.platformRole,
    expiresAt: endsAt.toISOString(),
  };
}

/**
 * `GET /api/internal/userroutes/{id}`: the web routes a member of the caller's workspace may open —
 * the root page of each menu its navigation enables (the same rule as `/api/navigation/v3`, from its
 * role, business unit and the workspace's matrix and switches), and its own account pages. Anyone
 * may ask about themself; about someone else only with `users.manage` and that user in reach (the
 * users policy's `view`: outside it the user reads as missing, 404).
 */
export async function userRoutes(ctx: Ctx, userId: string): Promise<TUserRoutes> {
  const scope = ctx.member();
  const m = userId === scope.accountId ? null : manager(ctx);
  return ctx.tenant(async (tx) => {
    const target = await findUser(tx, scope.workspaceId, userId);
    if (!target) throw errors.notFound('USER');
    if (m) authorize(m, usersPolicy, 'view', target);
    const role = target.role as TWorkspaceRole;
    const permissions = permissionsFor(role, await workspaceOverrides(tx, scope.workspaceId));
    const settings = await findSettings(tx, scope.workspaceId);
    const whole = scopeOf(role, target.branchId, permissions).kind === 'workspace';
    const off = await switchedOffMenus(tx, scope.workspaceId);
    // A member of a live committee opens the committee's case list by relationship (issue 26).
    const committee = await sitsOnLiveCommittee(tx, scope.workspaceId, userId);
    const menus = workspaceMenus(
      permissions,
      whole,
      settings ? whiteLabelOf(settings) : null,
      off,
      committee ? new Set(['COMPLAINTS'] as const) : undefined,
    );
    const paths = menus.filter((i) => i.enabled).flatMap((i) => MENU_PATHS[i.menu] ?? []);
    // An inactive member opens nothing (it cannot sign in).
    return { userId, routes: target.active ? [...new Set([...paths, ...MEMBER_PATHS])] : [] };
  });
}

/**
 * `PUT /api/admin/workspace/{id}/admin-ip-ranges` (operator, platform host): sets or clears a
 * workspace's elevate-IP ranges — the way back when its administrators locked themselves out (the
 * platform host is never restricted). Audited with the counts before and after.
 */
export async function setAdminIpRanges(
  ctx: Ctx,
  workspaceId: string,
  input: TSetAdminIpRangesRequest,
): Promise<TAdminIpRangesResponse> {
  const operator = operatorOf(ctx);
  if (!operator) throw errors.forbidden();
  authorize(operator, platformPolicy, 'operate', null);
  const { adminIpRanges } = ZSetAdminIpRangesRequest.parse(input);
  return ctx.platform(
    { action: 'workspace.admin-ip-ranges.set', details: { workspaceId, ranges: adminIpRanges.length } },
    async (tx) => {
      const changed = await repo.setAdminIpRanges(tx, workspaceId, adminIpRanges);
      if (!changed) throw errors.notFound('WORKSPACE');
      return { workspaceId, adminIpRanges: changed.after };
    },
  );
}
