import { eq } from 'drizzle-orm';
import { workspaces } from '../db/schema.ts';
import type { Db } from './db/database.ts';
import { withPlatform } from './db/tenant.ts';
import type { HostResolver } from './tenancy.ts';

/** What a host's browser-tab icon is: the workspace's logo, a drawn letter on its colour, or the product's. */
export type SiteIcon = { kind: 'logo'; url: string } | { kind: 'svg'; svg: string };

/** How long a browser may keep an icon without asking again: a logo or a colour can change. */
export const ICON_CACHE = 'public, max-age=300';

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!);

/** Black or white, whichever reads better on `hex` (six digits, no #): the WCAG relative luminance. */
function textColourOn(hex: string): string {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4);
  return (l + 0.05) / 0.05 > 1.05 / (l + 0.05) ? '#000000' : '#FFFFFF';
}

/** A rounded square of `colour` with the first letter of `name` (any script) in its middle. */
export function letterIcon(name: string, colour: string): string {
  const hex = /^[0-9A-Fa-f]{6}$/.test(colour) ? colour.toUpperCase() : '1F6FEB';
  const letter = [...name.trim()][0]?.toLocaleUpperCase() ?? '?';
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">` +
    `<rect width="64" height="64" rx="14" fill="#${hex}"/>` +
    `<text x="32" y="33" text-anchor="middle" dominant-baseline="central" font-family="system-ui,sans-serif" ` +
    `font-size="38" font-weight="700" fill="${textColourOn(hex)}">${escapeXml(letter)}</text></svg>`
  );
}

/** The platform's own icon (the operator's host, and hosts that serve no workspace): a shield with a tick. */
export const PRODUCT_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">' +
  '<rect width="64" height="64" rx="14" fill="#1F6FEB"/>' +
  '<path d="M32 12a26 26 0 0 0 17 6a26 26 0 0 1-17 32a26 26 0 0 1-17-32a26 26 0 0 0 17-6z" fill="none" stroke="#FFFFFF" stroke-width="4" stroke-linejoin="round"/>' +
  '<path d="M25 32l5 5l10-10" fill="none" stroke="#FFFFFF" stroke-width="4" stroke-linecap="round" stroke-linejoin="round"/>' +
  '</svg>';

/**
 * The icon of the site at `host`. Read on the platform path (no session: a browser asks for the
 * icon before anyone signs in), unaudited like the public company profile it mirrors.
 */
export async function siteIcon(deps: { db: Db; hosts: HostResolver }, host: string): Promise<SiteIcon> {
  const site = await deps.hosts.resolve(host);
  if (site.kind !== 'workspace') return { kind: 'svg', svg: PRODUCT_ICON };
  const ws = await withPlatform(deps.db, { action: 'workspace.icon', audit: false }, async (tx) => {
    const [row] = await tx
      .select({ name: workspaces.companyName, colour: workspaces.backgroundColor, logo: workspaces.logoUrl })
      .from(workspaces)
      .where(eq(workspaces.id, site.workspaceId))
      .limit(1);
    return row ?? null;
  });
  if (!ws) return { kind: 'svg', svg: PRODUCT_ICON };
  if (ws.logo) return { kind: 'logo', url: ws.logo };
  return { kind: 'svg', svg: letterIcon(ws.name, ws.colour ?? '') };
}
