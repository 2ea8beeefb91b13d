import { type TNavigationItem, ZWhitelistEntry } from '@app/contract';

/** How a new user limit compares with the members today. */
export type TLimitEffect = 'none' | 'below' | 'reached' | 'room';

/** `null`: no limit. Below today's members blocks new invitations (it is allowed, and said). */
export function userLimitEffect(newLimit: number | null, members: number): TLimitEffect {
  if (newLimit === null) return 'none';
  if (newLimit < members) return 'below';
  if (newLimit === members) return 'reached';
  return 'room';
}

/** The user limit as typed: '' is no limit; otherwise a whole number from 1; undefined when neither. */
export function parseUserLimit(typed: string | number): number | null | undefined {
  if (typeof typed === 'number') return Number.isInteger(typed) && typed >= 1 && typed <= 1_000_000 ? typed : undefined;
  const text = typed.trim();
  if (!text) return null;
  if (!/^\d+$/.test(text)) return undefined;
  return parseUserLimit(Number(text));
}

/** Whether the host typed in the danger zone is the workspace's (case and spaces aside). */
export function hostConfirmed(typed: string, host: string): boolean {
  return typed.trim().toLowerCase() === host.trim().toLowerCase() && host.trim() !== '';
}

/**
 * Whitelist entries as pasted (one per line, or separated by commas, semicolons or spaces): valid
 * ones normalised (lower case, each once), the others as typed, to point at.
 */
export function parseWhitelistEntries(text: string): { valid: string[]; invalid: string[] } {
  const valid = new Set<string>();
  const invalid: string[] = [];
  for (const part of text.split(/[\s,;]+/)) {
    if (!part) continue;
    const parsed = ZWhitelistEntry.safeParse(part);
    if (!parsed.success) invalid.push(part);
    else valid.add(parsed.data.includes('@') ? parsed.data : `@${parsed.data}`);
  }
  return { valid: [...valid], invalid };
}

/** The menu every workspace keeps (its home): shown, not switchable. */
export const FIXED_MENU = 'DASHBOARD';

/** The navigation request after switching `menu`: every menu as it is, DASHBOARD always on. */
export function toggledMenus(
  menus: readonly TNavigationItem[],
  menu: TNavigationItem['menu'],
  enabled: boolean,
): { menu: TNavigationItem['menu']; enabled: boolean }[] {
  return menus.map((item) => ({
    menu: item.menu,
    enabled: item.menu === FIXED_MENU ? true : item.menu === menu ? enabled : item.enabled,
  }));
}

/** Whether a chosen file is a PDF (by its type, or its name when the browser gives no type). */
export function isPdf(file: { name: string; type: string }): boolean {
  return file.type === 'application/pdf' || (!file.type && file.name.toLowerCase().endsWith('.pdf'));
}
