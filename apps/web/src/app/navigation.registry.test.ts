import { MENU_PATHS } from '@app/contract';
import { describe, expect, it } from 'vitest';
import { buildNavEntries, NAV_REGISTRY, platformNavItems } from './navigation.registry.ts';

describe('buildNavEntries', () => {
  it('keeps enabled menus that have a page, in the server order', () => {
    const entries = buildNavEntries([
      { menu: 'REPORTS', enabled: true },
      { menu: 'PLATFORM_FEATURE_FLAGS', enabled: true },
      { menu: 'DASHBOARD', enabled: true },
    ]);
    expect(entries.map((e) => e.menu)).toEqual(['PLATFORM_FEATURE_FLAGS', 'DASHBOARD']);
    expect(entries[1]).toEqual({ menu: 'DASHBOARD', path: '/dashboard', icon: 'dashboard' });
  });

  it('links SETTINGS to the settings page', () => {
    expect(buildNavEntries([{ menu: 'SETTINGS', enabled: true }])).toEqual([
      { menu: 'SETTINGS', path: '/settings', icon: 'settings' },
    ]);
    expect(buildNavEntries([{ menu: 'SETTINGS', enabled: false }])).toEqual([]);
  });

  it('hides disabled and repeated menus', () => {
    expect(
      buildNavEntries([
        { menu: 'DASHBOARD', enabled: false },
        { menu: 'PLATFORM_FEATURE_FLAGS', enabled: true },
        { menu: 'PLATFORM_FEATURE_FLAGS', enabled: true },
      ]).map((e) => e.menu),
    ).toEqual(['PLATFORM_FEATURE_FLAGS']);
  });
});

describe('platformNavItems', () => {
  it('gives the operator the console and nobody else anything', () => {
    expect(buildNavEntries(platformNavItems('PLATFORM_ADMIN')).map((e) => e.path)).toEqual([
      '/dashboard',
      '/platform/workspaces',
      '/platform/feature-flags',
      '/platform/courses',
      '/platform/credit-requests',
      '/platform/jurisdictions',
      '/platform/compliance',
    ]);
    expect(platformNavItems(null)).toEqual([]);
  });
});

describe('user administration pages', () => {
  it('registers USERS and PERMISSIONS', () => {
    expect(
      buildNavEntries([
        { menu: 'USERS', enabled: true },
        { menu: 'PERMISSIONS', enabled: true },
      ]).map((e) => e.path),
    ).toEqual(['/users', '/permissions']);
  });
});

describe('learning pages', () => {
  it('registers COURSES at /courses (the server enables it with courses.manage and the LMS switch)', () => {
    expect(buildNavEntries([{ menu: 'COURSES', enabled: true }]).map((e) => e.path)).toEqual(['/courses']);
  });
});

describe('the menus’ paths shared with the server (GET /api/internal/userroutes)', () => {
  it('are the paths the web registry opens, for every workspace menu', () => {
    for (const [menu, entry] of Object.entries(NAV_REGISTRY)) {
      if (menu.startsWith('PLATFORM_')) continue;
      expect(MENU_PATHS[menu as keyof typeof MENU_PATHS], menu).toBe(entry.path);
    }
    for (const [menu, path] of Object.entries(MENU_PATHS))
      expect(NAV_REGISTRY[menu as keyof typeof NAV_REGISTRY]?.path, menu).toBe(path);
  });
});
