import { type MENUS, type TNavigationItem, type TWorkspaceNav, ZWhitelistEntry } from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { AppError, errors } from '../../../core/errors.ts';
import { ALWAYS_ON_MENU, type Menu, WORKSPACE_MENUS } from '../../../core/menu-gate.ts';
import { authorize, operatorOf, platformPolicy } from '../../../core/policy.ts';
import { readSpreadsheet, type SpreadsheetLimits } from '../../../core/spreadsheets.ts';
import * as repo from './operator-settings.repo.ts';

/** The operator (core/policy.ts `operatorOf`), else 403. */
export function requireOperator(ctx: Ctx) {
  const operator = operatorOf(ctx);
  if (!operator) throw errors.forbidden();
  authorize(operator, platformPolicy, 'operate', null);
  return operator;
}

async function assertWorkspace(tx: Tx, workspaceId: string): Promise<void> {
  if (!(await repo.workspaceExists(tx, workspaceId))) throw errors.notFound('WORKSPACE', { id: workspaceId });
}

// --- Navigation ---------------------------------------------------------------------------------

/** Every workspace menu and whether the operator left it on (no row: on). */
async function navOf(tx: Tx, workspaceId: string): Promise<TWorkspaceNav> {
  const rows = await repo.menuSwitches(tx, workspaceId);
  const off = new Set(rows.filter((r) => !r.enabled).map((r) => r.menu));
  return {
    workspaceId,
    menus: WORKSPACE_MENUS.map((menu): TNavigationItem => ({ menu, enabled: !off.has(menu) })),
  };
}

/** `GET /api/admin/workspace-nav`: the menus the operator gave a workspace. Read, not audited. */
export async function getWorkspaceNav(ctx: Ctx, workspaceId: string): Promise<TWorkspaceNav> {
  requireOperator(ctx);
  return ctx.platform({ action: 'workspace-nav.read', audit: false }, async (tx) => {
    await assertWorkspace(tx, workspaceId);
    return navOf(tx, workspaceId);
  });
}

/**
 * `POST /api/admin/workspace-nav`: switches menus on and off for a workspace (the menus not named
 * keep their state). Platform menus are not a workspace's; the dashboard cannot be switched off
 * (it is where everyone lands). Audited in the workspace's log (before and after: the menus off).
 */
export async function updateWorkspaceNav(
  ctx: Ctx,
  body: { workspaceId: string; menus: Array<{ menu: (typeof MENUS)[number]; enabled: boolean }> },
): Promise<TWorkspaceNav> {
  requireOperator(ctx);
  const details = body.menus.flatMap((m, i) => {
    if (!WORKSPACE_MENUS.includes(m.menu as Menu)) {
      return [{ path: `body.menus.${i}.menu`, message: `${m.menu} is a menu of the platform, not of a workspace.` }];
    }
    if (m.menu === ALWAYS_ON_MENU && !m.enabled) {
      return [
        {
          path: `body.menus.${i}.enabled`,
          message: 'The dashboard cannot be switched off: it is where everyone lands.',
        },
      ];
    }
    return [];
  });
  if (details.some((d) => d.path.endsWith('.enabled'))) {
    throw new AppError(400, 'MENU_ALWAYS_ON', 'The dashboard cannot be switched off: it is where everyone lands.', {
      details,
    });
  }
  if (details.length > 0) {
    throw new AppError(
      400,
      'NOT_A_WORKSPACE_MENU',
      'Only workspace menus can be switched: platform menus are not a workspace’s.',
      {
        details,
      },
    );
  }
  const menus = [...new Map(body.menus.map((m) => [m.menu, m])).values()];
  return ctx.platform(
    { action: 'workspace-nav.update', details: { workspaceId: body.workspaceId, menus: menus.length } },
    async (tx) => {
      await assertWorkspace(tx, body.workspaceId);
      const before = await navOf(tx, body.workspaceId);
      await repo.setMenus(tx, body.workspaceId, menus);
      const after = await navOf(tx, body.workspaceId);
      const offOf = (n: TWorkspaceNav) => n.menus.filter((m) => !m.enabled).map((m) => m.menu);
      await ctx.audit(
        'workspace.navigation-changed',
        body.workspaceId,
        { before: { off: offOf(before) }, after: { off: offOf(after) } },
        { workspaceId: body.workspaceId },
      );
      return after;
    },
  );
}

// --- Sign-up whitelist --------------------------------------------------------------------------

/** An entry as stored: an address as typed (lower case), a domain as `@domain`. */
export function normaliseEntry(value: string): string {
  return value.includes('@') ? value : `@${value}`;
}

async function whitelistOf(tx: Tx, workspaceId: string) {
  const rows = await repo.listWhitelist(tx, workspaceId);
  return { workspaceId, entries: rows.map((r) => ({ value: r.value, addedAt: r.addedAt.toISOString() })) };
}

/** `GET /api/admin/workspace/{id}/whitelist`. Read, not audited. */
export async function getWhitelist(ctx: Ctx, workspaceId: string) {
  requireOperator(ctx);
  return ctx.platform({ action: 'whitelist.read', audit: false }, async (tx) => {
    await assertWorkspace(tx, workspaceId);
    return whitelistOf(tx, workspaceId);
  });
}

/** Adds entries and audits the counts (never the addresses) in the workspace's log. */
async function addEntries(
  ctx: Ctx,
  tx: Tx,
  workspaceId: string,
  values: string[],
  how: { bulk: boolean; refused?: number },
) {
  const unique = [...new Set(values)];
  const added = await repo.addToWhitelist(tx, workspaceId, unique, ctx.principal?.accountId ?? null);
  const alreadyListed = values.length - added;
  await ctx.audit(
    'workspace.whitelist-changed',
    workspaceId,
    {
      added,
      alreadyListed,
      removed: 0,
      bulk: how.bulk,
      ...(how.refused !== undefined ? { refused: how.refused } : {}),
    },
    { workspaceId },
  );
  return { added, alreadyListed };
}

/** `POST /api/admin/add-email-to-whitelist`: adds addresses and domains. */
export async function addToWhitelist(ctx: Ctx, body: { workspaceId: string; entries: string[] }) {
  requireOperator(ctx);
  const values = body.entries.map(normaliseEntry);
  return ctx.platform(
    { action: 'whitelist.add', details: { workspaceId: body.workspaceId, entries: values.length } },
    async (tx) => {
      await assertWorkspace(tx, body.workspaceId);
      await addEntries(ctx, tx, body.workspaceId, values, { bulk: false });
      return whitelistOf(tx, body.workspaceId);
    },
  );
}

/** `POST /api/admin/remove-email-from-whitelist`: removes entries (those not listed are ignored). */
export async function removeFromWhitelist(ctx: Ctx, body: { workspaceId: string; entries: string[] }) {
  requireOperator(ctx);
  const values = [...new Set(body.entries.map(normaliseEntry))];
  return ctx.platform(
    { action: 'whitelist.remove', details: { workspaceId: body.workspaceId, entries: values.length } },
    async (tx) => {
      await assertWorkspace(tx, body.workspaceId);
      const removed = await repo.removeFromWhitelist(tx, body.workspaceId, values);
      await ctx.audit(
        'workspace.whitelist-changed',
        body.workspaceId,
        { added: 0, alreadyListed: 0, removed, bulk: false },
        { workspaceId: body.workspaceId },
      );
      return whitelistOf(tx, body.workspaceId);
    },
  );
}

/** Header words a whitelist file's first row may carry instead of an entry. */
const HEADER = /^(e-?mail|e-?mail address|address|domain|entry|entries|value|whitelist)s?$/i;
/** Refused rows listed in the answer, at most (the count of the rest is in the audit entry). */
const MAX_REFUSED_LISTED = 1000;

/**
 * `POST /api/admin/add-email-to-whitelist/bulk`: one entry per row, first column (a header row is
 * recognised and skipped; empty rows are skipped). Rows that are not an address or a domain are
 * refused with their row number; the others are added. The file is read with the imports' limits
 * (core/spreadsheets.ts: size, unpacked size, rows, cells, reading time; formulas are never run).
 */
export async function bulkAddToWhitelist(
  ctx: Ctx,
  upload: { path: string; workspaceId: string; limits: SpreadsheetLimits },
) {
  requireOperator(ctx);
  // The workspace first: a file for a workspace that does not exist is not read.
  await ctx.platform({ action: 'whitelist.bulk.check', audit: false }, (tx) => assertWorkspace(tx, upload.workspaceId));
  const values: string[] = [];
  const refused: Array<{ row: number; value: string; message: string }> = [];
  let refusedCount = 0;
  for await (const row of readSpreadsheet(upload.path, upload.limits)) {
    const raw = (row.cells[0] ?? '').trim();
    if (raw === '') continue;
    if (row.rowNumber === 1 && HEADER.test(raw)) continue;
    const parsed = ZWhitelistEntry.safeParse(raw);
    if (parsed.success) values.push(normaliseEntry(parsed.data));
    else {
      refusedCount++;
      if (refused.length < MAX_REFUSED_LISTED) {
        refused.push({
          row: row.rowNumber,
          value: raw.slice(0, 254),
          message: parsed.error.issues[0]?.message ?? 'Enter an email address or a domain such as @initech.com',
        });
      }
    }
  }
  return ctx.platform(
    {
      action: 'whitelist.bulk',
      details: { workspaceId: upload.workspaceId, entries: values.length, refused: refusedCount },
    },
    async (tx) => {
      await assertWorkspace(tx, upload.workspaceId);
      const counts =
        values.length > 0
          ? await addEntries(ctx, tx, upload.workspaceId, values, { bulk: true, refused: refusedCount })
          : { added: 0, alreadyListed: 0 };
      return { workspaceId: upload.workspaceId, ...counts, refused };
    },
  );
}
