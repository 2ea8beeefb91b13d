/**
 * Where logos live. The workspace logo and each business unit's logo are stored by `storeImage`
 * in separate areas of the workspace's storage and served by the one public route
 * `/api/workspace/logo/<workspaceId>/<name>`:
 *
 * - workspace logo: key `<workspaceId>/logo/<stamp>-<random>-<name>.png`, URL name `<stamp>-…`;
 * - unit logo: key `<workspaceId>/branch-logo/<stamp>-<random>-<branchId>.png`, URL name
 *   `unit-<stamp>-…`.
 *
 * Stored names always begin with their timestamp (a digit), so a URL name beginning with `unit-`
 * can only be a unit logo and no upload of one kind can ever name, replace or delete a file of the
 * other. Each URL changes with every upload, so it may be cached for good.
 */

/** Logos are stored at most this many pixels on either side. */
export const LOGO_MAX_PIXELS = 512;
/** Largest logo file accepted, before resizing (the web checks the same number first). */
export { LOGO_MAX_BYTES } from '@app/contract';

/** Storage area of the workspace logo. */
export const WORKSPACE_LOGO_AREA = 'logo';
/** Storage area of business unit logos. */
export const UNIT_LOGO_AREA = 'branch-logo';
const UNIT_PREFIX = 'unit-';

/** The public path of a stored logo (either kind), from its storage key. */
export function logoPath(key: string): string {
  const [workspaceId, area, name] = key.split('/');
  return `/api/workspace/logo/${workspaceId}/${area === UNIT_LOGO_AREA ? UNIT_PREFIX : ''}${name}`;
}

/** The storage key behind a logo path `logoPath` made (either kind), or null for any other URL. */
export function logoKey(url: string | null): string | null {
  const m = url ? /^\/api\/workspace\/logo\/([0-9a-f-]{36})\/([A-Za-z0-9][A-Za-z0-9._-]*)$/.exec(url) : null;
  if (!m) return null;
  const [, workspaceId, name] = m as unknown as [string, string, string];
  return name.startsWith(UNIT_PREFIX)
    ? `${workspaceId}/${UNIT_LOGO_AREA}/${name.slice(UNIT_PREFIX.length)}`
    : `${workspaceId}/${WORKSPACE_LOGO_AREA}/${name}`;
}

/** The key of the workspace's own logo file behind `url`; null for a unit's logo or anything else. */
export function workspaceLogoKey(url: string | null): string | null {
  const key = logoKey(url);
  return key?.split('/')[1] === WORKSPACE_LOGO_AREA ? key : null;
}

/** The file name a unit's uploaded logo is stored under (it carries the unit's id). */
export function unitLogoFileName(branchId: string): string {
  return `${branchId}.png`;
}

/**
 * The key of the file uploaded for unit `branchId` of `workspaceId` behind `url`; null for anything
 * else (no logo, the workspace logo, another unit's logo pointed at through the API), which is
 * therefore never deleted along with this unit.
 */
export function unitLogoKey(url: string | null, workspaceId: string, branchId: string): string | null {
  const key = logoKey(url);
  if (!key) return null;
  const [ws, area, name] = key.split('/');
  return ws === workspaceId && area === UNIT_LOGO_AREA && name?.endsWith(`-${unitLogoFileName(branchId)}`) ? key : null;
}
