import { MENUS, type TNavigationItem, type TWhiteLabel } from '@app/contract';
import { type Ctx, principalOf } from '../../../core/context.ts';
import { MENU_AREA } from '../../../core/menu-gate.ts';
import type { Permission } from '../../../core/permissions.ts';
import { actorOf, operatorOf, seesWholeWorkspace } from '../../../core/policy.ts';
import { switchedOffMenus } from '../operator-settings/operator-settings.repo.ts';
import { findSettings } from '../settings/settings.repo.ts';
import { whiteLabelOf } from '../settings/settings.service.ts';
import { sitsOnLiveCommittee } from './navigation.repo.ts';

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
  LEARNING_CREDITS: 'courses.manage',
  // Assigning courses and following learners, for those who may assign but not author (a business
  // unit admin): authors reach the same pages from Courses.
  COURSE_LEARNERS: 'courses.assign',
  // Workshops with attendance (issue 21, item 13): scheduled by those who assign courses.
  WORKSHOPS: 'courses.assign',
  POLICIES: 'policies.manage',
  COMPLIANCE: 'compliance.manage',
  // The Internal Committee register (issue 24): kept by those who keep the compliance register.
  COMMITTEE: 'compliance.manage',
  // Complaint workflows (issue 25): the builder.
  WORKFLOWS: 'workflows.manage',
  COMPLAINTS: 'complaints.manage',
  REPORTS: 'reports.view',
  AUDIT_LOG: 'audit.view',
  SETTINGS: 'settings.manage',
};

const PLATFORM_MENUS: Menu[] = [
  'DASHBOARD',
  'PLATFORM_WORKSPACES',
  'PLATFORM_FEATURE_FLAGS',
  'PLATFORM_COURSES',
  'PLATFORM_CREDIT_REQUESTS',
  'PLATFORM_JURISDICTIONS',
  'PLATFORM_COMPLIANCE',
];

/**
 * The menus of the signed-in shell and whether this user may open each, computed from the role and
 * the workspace's permission matrix (the same permissions every server check uses). Menus of areas
 * the workspace switched off (white label), and menus the platform operator switched off for the
 * workspace (`/api/admin/workspace-nav`; their routes answer 403 `MENU_SWITCHED_OFF`), are left out.
 */
export async function navigation(ctx: Ctx): Promise<TNavigationItem[]> {
  const me = principalOf(ctx);
  if (me.workspaceId === null) {
    const operator = operatorOf(ctx) !== null;
    return PLATFORM_MENUS.map((menu) => ({ menu, enabled: menu === 'DASHBOARD' || operator }));
  }
  const { row, off, committee } = await ctx.tenant(async (tx, { workspaceId }) => ({
    row: await findSettings(tx, workspaceId),
    off: await switchedOffMenus(tx, workspaceId),
    committee: await sitsOnLiveCommittee(tx, workspaceId, me.accountId),
  }));
  // The audit log also needs the whole workspace as scope (audit.policy.ts), whatever the matrix says.
  // Complaint cases open to the committee's members by relationship (issue 26, DESIGN §9).
  return workspaceMenus(
    me.permissions,
    seesWholeWorkspace(actorOf(ctx)),
    row ? whiteLabelOf(row) : null,
    off,
    committee ? new Set<Menu>(['COMPLAINTS']) : undefined,
  );
}

/**
 * A member's menus from what it holds (`permissions`), whether its scope is the whole workspace, the
 * workspace's area switches (null: all on) and the menus the operator switched off for it. Also
 * answers which web routes another user may open (`GET /api/internal/userroutes/{id}`), so that both
 * say the same. `byRelationship`: menus a relationship opens whatever the permissions (COMPLAINTS for
 * a member of a live committee).
 */
export function workspaceMenus(
  permissions: ReadonlySet<Permission>,
  wholeWorkspace: boolean,
  areas: TWhiteLabel | null,
  off: ReadonlySet<string>,
  byRelationship: ReadonlySet<Menu> = new Set(),
): TNavigationItem[] {
  const switchedOn = (m: Menu) => {
    if (off.has(m)) return false;
    const area = MENU_AREA[m];
    return !area || !areas || areas[area];
  };
  return MENUS.filter((m) => MENU_PERMISSION[m] && switchedOn(m)).map((menu) => ({
    menu,
    // The audit log and the credits (which are the whole workspace's) need a role that sees the whole workspace.
    enabled:
      byRelationship.has(menu) ||
      (permissions.has(MENU_PERMISSION[menu]!) &&
        ((menu !== 'AUDIT_LOG' && menu !== 'LEARNING_CREDITS') || wholeWorkspace) &&
        (menu !== 'COURSE_LEARNERS' || !permissions.has('courses.manage'))),
  }));
}
