import { MENUS, type TWhiteLabel } from '@app/contract';
import { AppError } from './errors.ts';

/** An area of the platform a workspace can switch off (as core/context.ts `Area`). */
type Area = keyof TWhiteLabel;

/** A menu of the signed-in shell (the contract's `MENUS`). */
export type Menu = (typeof MENUS)[number];

/**
 * The white-label area each workspace menu belongs to (a workspace that switched the area off does
 * not get its menus). The concerned authority has no menu of its own (it is part of case management).
 */
export const MENU_AREA: Partial<Record<Menu, Area>> = {
  MY_LEARNING: 'lms',
  COURSES: 'lms',
  LEARNING_CREDITS: 'lms',
  COURSE_LEARNERS: 'lms',
  WORKSHOPS: 'lms',
  MY_POLICIES: 'policies',
  POLICIES: 'policies',
  COMPLIANCE: 'compliance',
  COMMITTEE: 'compliance',
  MY_COMPLAINTS: 'cms',
  COMPLAINTS: 'cms',
  WORKFLOWS: 'cms',
};

/** The menus the operator may switch on and off per workspace: every workspace menu. */
export const WORKSPACE_MENUS: readonly Menu[] = MENUS.filter((m) => !m.startsWith('PLATFORM_'));

/** The one menu every workspace keeps: the landing page. */
export const ALWAYS_ON_MENU: Menu = 'DASHBOARD';

/**
 * The menus whose switch gates a route (issue 23, the operator's navigation): the route's own
 * `menu` (one or several) when it declares one, else every menu of its white-label `area`. The
 * route answers 403 `MENU_SWITCHED_OFF` on a workspace's host when the operator switched off ALL
 * of them: a page reachable from two menus stays open while either is on, and an area's routes
 * close only when the operator took every menu of the area away (a learning-free customer).
 */
export function gateMenus(config: { menu?: Menu | readonly Menu[] | undefined; area?: Area | undefined }): Menu[] {
  if (config.menu) return typeof config.menu === 'string' ? [config.menu] : [...config.menu];
  if (!config.area) return [];
  return WORKSPACE_MENUS.filter((m) => MENU_AREA[m] === config.area);
}

/** Whether a route gated by `gate` is closed by these switched-off menus. */
export function menuClosed(gate: readonly Menu[], off: readonly string[] | null | undefined): boolean {
  return gate.length > 0 && !!off && off.length > 0 && gate.every((m) => off.includes(m));
}

/** 403 `MENU_SWITCHED_OFF` (the menus named in `details`, path `menu`): the operator has switched the menu off. */
export function menuSwitchedOff(gate: readonly Menu[]): AppError {
  return new AppError(
    403,
    'MENU_SWITCHED_OFF',
    `This workspace does not have this part of the platform (${gate.join(', ')}): the platform operator has switched it off.`,
    { details: gate.map((m) => ({ path: 'menu', message: m })) },
  );
}
