import type { TNavigationItem } from '@app/contract';
import type { TIconName } from './icons.tsx';

type TMenu = TNavigationItem['menu'];

/** A menu the web app has a page for: where it lives and how it is drawn (label: `nav.<menu>`). */
export type TNavEntry = { menu: TMenu; path: string; icon: TIconName };

/**
 * Menus that have a page in this build. The server decides who may use a menu; a menu stays
 * hidden until it is registered here, so no link leads to a page that does not exist yet.
 */
export const NAV_REGISTRY: Partial<Record<TMenu, Omit<TNavEntry, 'menu'>>> = {
  DASHBOARD: { path: '/dashboard', icon: 'dashboard' },
  INVITATIONS: { path: '/invitations', icon: 'mail' },
  BUSINESS_UNITS: { path: '/business-units', icon: 'building' },
  DEPARTMENTS: { path: '/departments', icon: 'hierarchy' },
  SETTINGS: { path: '/settings', icon: 'settings' },
  USERS: { path: '/users', icon: 'users' },
  PERMISSIONS: { path: '/permissions', icon: 'shield' },
  AUDIT_LOG: { path: '/audit-log', icon: 'history' },
  MY_LEARNING: { path: '/learning', icon: 'book' },
  COURSES: { path: '/courses', icon: 'book' },
  PLATFORM_WORKSPACES: { path: '/platform/workspaces', icon: 'building' },
  PLATFORM_FEATURE_FLAGS: { path: '/platform/feature-flags', icon: 'flag' },
  LEARNING_CREDITS: { path: '/learning/credits', icon: 'coins' },
  COURSE_LEARNERS: { path: '/learning/assignments', icon: 'users' },
  WORKSHOPS: { path: '/workshops', icon: 'calendar' },
  PLATFORM_CREDIT_REQUESTS: { path: '/platform/credit-requests', icon: 'inbox' },
  PLATFORM_JURISDICTIONS: { path: '/platform/jurisdictions', icon: 'map' },
  PLATFORM_COURSES: { path: '/platform/courses', icon: 'book' },
  // Issue 24: the compliance register, the committee register, the operator's catalogue.
  COMPLIANCE: { path: '/compliance', icon: 'check' },
  COMMITTEE: { path: '/committee', icon: 'shield' },
  PLATFORM_COMPLIANCE: { path: '/platform/compliance', icon: 'check' },
  // Issue 25: complaint workflows (the builder and its versions).
  WORKFLOWS: { path: '/workflows', icon: 'workflow' },
  // Issue 26: complaint cases — my complaints (filing).
  MY_COMPLAINTS: { path: '/complaints', icon: 'inbox' },
  // Issue 26: the committee's complaint cases (counts only for administrators outside a committee).
  COMPLAINTS: { path: '/cases', icon: 'folder' },
};

/** The navigation to draw: enabled menus with a page, in the server's order, each once. */
export function buildNavEntries(items: readonly TNavigationItem[]): TNavEntry[] {
  const seen = new Set<TMenu>();
  const entries: TNavEntry[] = [];
  for (const item of items) {
    const page = NAV_REGISTRY[item.menu];
    if (!item.enabled || !page || seen.has(item.menu)) continue;
    seen.add(item.menu);
    entries.push({ menu: item.menu, ...page });
  }
  return entries;
}

/**
 * The operator's menus on the platform host, where navigation is not loaded from the server
 * (spec §6); nobody else gets a shell there.
 */
export function platformNavItems(platformRole: string | null): TNavigationItem[] {
  if (platformRole !== 'PLATFORM_ADMIN') return [];
  return [
    { menu: 'DASHBOARD', enabled: true },
    { menu: 'PLATFORM_WORKSPACES', enabled: true },
    { menu: 'PLATFORM_FEATURE_FLAGS', enabled: true },
    { menu: 'PLATFORM_COURSES', enabled: true },
    { menu: 'PLATFORM_CREDIT_REQUESTS', enabled: true },
    { menu: 'PLATFORM_JURISDICTIONS', enabled: true },
    { menu: 'PLATFORM_COMPLIANCE', enabled: true },
  ];
}
