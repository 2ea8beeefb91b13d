import { MENUS, type TNavigationItem } from '@app/contract';
import { type Ctx, principalOf } from '../../../core/context.ts';
import type { Permission } from '../../../core/permissions.ts';

type Menu = (typeof MENUS)[number];

/** The permission that opens each workspace menu. */
const MENU_PERMISSION: Partial<Record<Menu, Permission>> = {
  DASHBOARD: 'dashboard.view',
  MY_LEARNING: 'learning.view',
  MY_POLICIES: 'policies.view',
  MY_COMPLAINTS: 'complaints.file',
  USERS: 'users.manage',
  BUSINESS_UNITS: 'branches.manage',
  DEPARTMENTS: 'departments.manage',
  INVITATIONS: 'invites.manage',
  PERMISSIONS: 'permissions.manage',
  COURSES: 'courses.manage',
  POLICIES: 'policies.manage',
  COMPLIANCE: 'compliance.manage',
  COMPLAINTS: 'complaints.manage',
  REPORTS: 'reports.view',
  SETTINGS: 'settings.manage',
};

const PLATFORM_MENUS: Menu[] = ['DASHBOARD', 'PLATFORM_WORKSPACES', 'PLATFORM_FEATURE_FLAGS'];

/**
 * The menus of the signed-in shell and whether this user may open each, computed from the role and
 * the workspace's permission matrix (the same permissions every server check uses).
 */
export function navigation(ctx: Ctx): TNavigationItem[] {
  const me = principalOf(ctx);
  if (me.workspaceId === null) {
    const operator = me.platformRole === 'PLATFORM_ADMIN';
    return PLATFORM_MENUS.map((menu) => ({ menu, enabled: menu === 'DASHBOARD' || operator }));
  }
  return MENUS.filter((m) => MENU_PERMISSION[m]).map((menu) => ({
    menu,
    enabled: me.permissions.has(MENU_PERMISSION[menu]!),
  }));
}
