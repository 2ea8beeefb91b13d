import type { TWhiteLabel } from '@app/contract';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { accounts, workspaces } from '../../db/schema.ts';
import type { Tx } from '../db/database.ts';
import type { Brand } from './index.ts';

/** Name and colour of mail sent from the platform host (any language: no country). */
export const PLATFORM_BRAND: Brand = { name: 'Compliance Platform', color: '1F6FEB', logoUrl: null };

/**
 * A workspace's branding for its mail: name, colour and logo (made absolute with `origin`, the
 * workspace's own address, since a mail program has no page to resolve a path against). Its own
 * row is visible under its row-level security; the platform's branding when it is not found.
 */
export async function workspaceBrand(tx: Tx, origin: string, workspaceId: string): Promise<Brand> {
  const [row] = await tx
    .select({
      name: workspaces.companyName,
      color: workspaces.backgroundColor,
      logo: workspaces.logoUrl,
      country: workspaces.country,
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  if (!row) return PLATFORM_BRAND;
  const logoUrl = row.logo?.startsWith('/') ? `${origin}${row.logo}` : (row.logo ?? null);
  return { name: row.name, color: row.color, logoUrl, country: row.country === 'CA' ? 'CA' : 'IN' };
}

/** A workspace's area switches (all on when the row is not visible: the platform's own mail). */
export async function workspaceSwitches(tx: Tx, workspaceId: string): Promise<TWhiteLabel> {
  const [row] = await tx
    .select({
      cms: workspaces.accessCms,
      lms: workspaces.accessLms,
      concernedAuthority: workspaces.accessConcernedAuthority,
      policies: workspaces.accessPolicies,
      compliance: workspaces.accessCompliance,
    })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId))
    .limit(1);
  return row ?? { cms: true, lms: true, concernedAuthority: true, policies: true, compliance: true };
}

/** The language an account chose for its mail and SMS (null: none chosen, or no such account visible). */
export async function accountLanguage(tx: Tx, accountId: string | null | undefined): Promise<string | null> {
  if (!accountId) return null;
  const [row] = await tx
    .select({ language: accounts.language })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return row?.language ?? null;
}

/** The languages of several accounts, in one query (those without one are left out). */
export async function accountLanguages(tx: Tx, accountIds: string[]): Promise<Map<string, string>> {
  if (accountIds.length === 0) return new Map();
  const rows = await tx
    .select({ id: accounts.id, language: accounts.language })
    .from(accounts)
    .where(and(inArray(accounts.id, accountIds), isNotNull(accounts.language)));
  return new Map(rows.map((r) => [r.id, r.language!]));
}
