import { z } from 'zod';

/** A feature flag: on for a workspace when `value` is 'true' and the workspace is listed, or the list is empty. */
export const ZFeatureFlag = z.object({
  key: z.string(),
  value: z.enum(['true', 'false']),
  /** Workspaces the flag is limited to; an empty list means every workspace. A workspace's users only see their own. */
  enabledWorkspaces: z.array(z.object({ workspaceUrl: z.string() })),
});
export type TFeatureFlag = z.infer<typeof ZFeatureFlag>;
export const ZFeatureFlagList = z.array(ZFeatureFlag);

/** Flags the product knows. */
export const FEATURE_FLAGS = { maintenance: 'maintenance', elevateIp: 'elevateip' } as const;

/** `POST /api/feature-flags` (operator): create a flag. */
export const ZCreateFeatureFlagRequest = z.object({
  key: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9_-]{1,63}$/, 'A flag key is 2–64 lowercase letters, digits, - or _'),
  value: z.enum(['true', 'false']),
});
/** `PUT /api/feature-flags` (operator): switch a flag. */
export const ZUpdateFeatureFlagRequest = z.object({ key: z.string().trim().min(1), value: z.enum(['true', 'false']) });
/** `PUT /api/feature-flags/workspaces` (operator): limit a flag to these workspaces (empty: all). */
export const ZSetFeatureFlagWorkspacesRequest = z.object({
  key: z.string().trim().min(1),
  workspaceUrls: z.array(z.string().trim().min(1)).max(10_000),
});

/** Whether a flag is on for the workspace at `workspaceUrl`. */
export function isFlagOn(flags: TFeatureFlag[], key: string, workspaceUrl: string | null): boolean {
  const flag = flags.find((f) => f.key === key);
  if (flag?.value !== 'true') return false;
  if (flag.enabledWorkspaces.length === 0) return true;
  return workspaceUrl !== null && flag.enabledWorkspaces.some((w) => w.workspaceUrl === workspaceUrl);
}

/** Menus of the signed-in shell; the server decides which a user may use. */
export const MENUS = [
  'DASHBOARD',
  'MY_LEARNING',
  'MY_POLICIES',
  'MY_COMPLAINTS',
  'USERS',
  'BUSINESS_UNITS',
  'DEPARTMENTS',
  'INVITATIONS',
  'PERMISSIONS',
  'COURSES',
  'LEARNING_CREDITS',
  'COURSE_LEARNERS',
  'WORKSHOPS',
  'POLICIES',
  'COMPLIANCE',
  'COMMITTEE',
  'WORKFLOWS',
  'COMPLAINTS',
  'REPORTS',
  'AUDIT_LOG',
  'SETTINGS',
  'PLATFORM_WORKSPACES',
  'PLATFORM_FEATURE_FLAGS',
  'PLATFORM_COURSES',
  'PLATFORM_CREDIT_REQUESTS',
  'PLATFORM_JURISDICTIONS',
  'PLATFORM_COMPLIANCE',
] as const;
export const ZMenu = z.enum(MENUS);
/** A navigation item: a menu and whether this user may open it. */
export const ZNavigationItem = z.object({ menu: ZMenu, enabled: z.boolean() });
export const ZNavigationResponse = z.array(ZNavigationItem);
export type TNavigationItem = z.infer<typeof ZNavigationItem>;

/** `/health` and `/ready`. */
export const ZHealthResponse = z.object({
  status: z.enum(['ok', 'unavailable']),
  services: z.array(z.enum(['main', 'lms', 'cms'])),
  database: z.enum(['pglite', 'postgres']).optional(),
  migrations: z.object({ applied: z.number().int(), expected: z.number().int() }).optional(),
});
