import type {
  TBulkSignUpSetting,
  TConcernedAuthority,
  TConcernedAuthorityCard,
  TCountry,
  TUpdateWorkspaceSettingsRequest,
  TWhiteLabel,
  TWorkspaceSettings,
} from '@app/contract';
import { ipInRanges, ZUpdateWorkspaceSettingsRequest } from '@app/contract';
import type { Ctx } from '../../../core/context.ts';
import { AppError, errors } from '../../../core/errors.ts';
import { LOGO_MAX_PIXELS, logoKey, logoPath, WORKSPACE_LOGO_AREA, workspaceLogoKey } from '../../../core/logos.ts';
import { phoneCountry, phoneOrThrow } from '../../../core/phone.ts';
import { deleteStoredFile, type StoredFile } from '../../../core/storage.ts';
import { storeImage, type Upload } from '../../../core/uploads.ts';

export { LOGO_MAX_BYTES } from '../../../core/logos.ts';

import * as repo from './settings.repo.ts';

/** The white-label switches of a workspace row. */
export function whiteLabelOf(row: Pick<repo.SettingsRow, `access${string}` & keyof repo.SettingsRow>): TWhiteLabel {
  return {
    cms: row.accessCms,
    lms: row.accessLms,
    concernedAuthority: row.accessConcernedAuthority,
    policies: row.accessPolicies,
    compliance: row.accessCompliance,
  };
}

/** The concerned authority of a workspace row; null until one is named. */
export function concernedAuthorityOf(
  row: Pick<
    repo.SettingsRow,
    'concernedAuthorityName' | 'concernedAuthorityDesignation' | 'concernedAuthorityEmail' | 'concernedAuthorityPhone'
  >,
): TConcernedAuthority | null {
  if (row.concernedAuthorityName === null) return null;
  return {
    name: row.concernedAuthorityName,
    designation: row.concernedAuthorityDesignation,
    email: row.concernedAuthorityEmail,
    phone: row.concernedAuthorityPhone,
  };
}

/** The columns that store a concerned authority (all null: none named). */
function concernedAuthorityColumns(c: TConcernedAuthority | null): repo.SettingsPatch {
  return {
    concernedAuthorityName: c?.name ?? null,
    concernedAuthorityDesignation: c?.designation || null,
    concernedAuthorityEmail: c?.email || null,
    concernedAuthorityPhone: c?.phone || null,
  };
}

/** The settings as the caller sees them: with elevate-IP mode's switch and the caller's address. */
type Seen = { elevateIpOn: boolean; yourIp: string };

function toSettings(row: repo.SettingsRow, seen: Seen): TWorkspaceSettings {
  return {
    backgroundColor: row.backgroundColor,
    companyLogo: row.logoUrl,
    bulkSignUpEnabled: row.bulkSignUpEnabled,
    whiteLabel: whiteLabelOf(row),
    country: row.country as TCountry,
    timeZone: row.timeZone,
    concernedAuthority: concernedAuthorityOf(row),
    adminIpRanges: row.adminIpRanges,
    ...seen,
  };
}

/** What the caller sees besides the row: whether elevate-IP mode is on, and its own address. */
async function seenBy(ctx: Ctx, tx: Parameters<typeof repo.findSettings>[0], workspaceId: string): Promise<Seen> {
  return { elevateIpOn: await repo.elevateIpOn(tx, workspaceId), yourIp: ctx.ip };
}

/**
 * 409 `IP_RANGES_LOCK_OUT` (params `{ ip }`): a non-empty list of ranges that leaves out the saver's
 * own address would lock the saver out (refused whether or not the mode is on yet).
 */
function assertNotLockedOut(ranges: readonly string[], ip: string): void {
  if (ranges.length > 0 && !ipInRanges(ip, ranges)) {
    throw new AppError(
      409,
      'IP_RANGES_LOCK_OUT',
      `These ranges leave out your own address (${ip}): saving them would lock you out. Add a range that includes it, or leave the list empty.`,
      { params: { ip }, details: [{ path: 'adminIpRanges', message: 'Include your own address' }] },
    );
  }
}

async function load(tx: Parameters<typeof repo.findSettings>[0], workspaceId: string, forUpdate = false) {
  const row = await repo.findSettings(tx, workspaceId, forUpdate);
  if (!row) throw errors.notFound('WORKSPACE');
  return row;
}

/** The workspace's branding and switches. */
export async function getSettings(ctx: Ctx): Promise<TWorkspaceSettings> {
  const scope = ctx.member();
  return ctx.tenant(async (tx) =>
    toSettings(await load(tx, scope.workspaceId), await seenBy(ctx, tx, scope.workspaceId)),
  );
}

/**
 * Whether bulk sign-up is on: public on the workspace's host (the sign-in page offers "Create an
 * account" only where it is, issue 23); the sign-up screens of members depend on it too.
 */
export async function bulkSignUpSetting(ctx: Ctx): Promise<TBulkSignUpSetting> {
  const workspaceId = ctx.workspaceId;
  if (workspaceId === null) throw errors.notFound('WORKSPACE');
  return ctx.tenant(async (tx) => ({ bulkSignUpEnabled: (await load(tx, workspaceId)).bulkSignUpEnabled }));
}

/**
 * The home page's "who to contact about harassment" card, for any signed-in member: the contact
 * (null until named), whether the workspace shows it at all, and its country (which law to cite).
 */
export async function concernedAuthorityCard(ctx: Ctx): Promise<TConcernedAuthorityCard> {
  const scope = ctx.member();
  return ctx.tenant(async (tx) => {
    const row = await load(tx, scope.workspaceId);
    const shown = row.accessConcernedAuthority;
    return { shown, contact: shown ? concernedAuthorityOf(row) : null, country: row.country as TCountry };
  });
}

/** Changes any of the colour, bulk sign-up, white-label switches, time zone and concerned authority; audited with before and after. */
export async function updateSettings(ctx: Ctx, input: TUpdateWorkspaceSettingsRequest): Promise<TWorkspaceSettings> {
  const scope = ctx.member();
  const body = ZUpdateWorkspaceSettingsRequest.parse(input);
  let zoneChanged = false;
  const result = await ctx.tenant(async (tx) => {
    const before = await load(tx, scope.workspaceId, true);
    const wl = body.whiteLabel ?? {};
    const wanted: repo.SettingsPatch = {
      ...(body.backgroundColor !== undefined ? { backgroundColor: body.backgroundColor } : {}),
      ...(body.bulkSignUpEnabled !== undefined ? { bulkSignUpEnabled: body.bulkSignUpEnabled } : {}),
      ...(wl.cms !== undefined ? { accessCms: wl.cms } : {}),
      ...(wl.lms !== undefined ? { accessLms: wl.lms } : {}),
      ...(wl.concernedAuthority !== undefined ? { accessConcernedAuthority: wl.concernedAuthority } : {}),
      ...(wl.policies !== undefined ? { accessPolicies: wl.policies } : {}),
      ...(wl.compliance !== undefined ? { accessCompliance: wl.compliance } : {}),
      ...(body.timeZone !== undefined ? { timeZone: body.timeZone } : {}),
      ...(body.adminIpRanges !== undefined ? { adminIpRanges: body.adminIpRanges } : {}),
      ...(body.concernedAuthority !== undefined
        ? concernedAuthorityColumns(
            body.concernedAuthority && {
              ...body.concernedAuthority,
              // Typed the national way of the workspace's country (or with a country code); stored in E.164.
              phone:
                body.concernedAuthority.phone === null
                  ? null
                  : phoneOrThrow(
                      body.concernedAuthority.phone,
                      await phoneCountry(tx, scope.workspaceId),
                      'concernedAuthority.phone',
                    ),
            },
          )
        : {}),
    };
    if (body.adminIpRanges !== undefined) assertNotLockedOut(body.adminIpRanges, ctx.ip);
    const same = (a: unknown, b: unknown) =>
      Array.isArray(a) && Array.isArray(b) ? a.join('\n') === b.join('\n') : a === b;
    const changed = Object.fromEntries(
      Object.entries(wanted).filter(([k, v]) => !same(before[k as keyof repo.SettingsRow], v)),
    ) as repo.SettingsPatch;
    const seen = await seenBy(ctx, tx, scope.workspaceId);
    if (Object.keys(changed).length === 0) return toSettings(before, seen);
    const after = await repo.updateSettings(tx, scope.workspaceId, changed);
    zoneChanged = changed.timeZone !== undefined;
    await ctx.audit('workspace.settings.updated', scope.workspaceId, {
      before: Object.fromEntries(Object.keys(changed).map((k) => [k, before[k as keyof repo.SettingsRow]])),
      after: changed,
    });
    return toSettings(after, seen);
  });
  // Schedules that fire per workspace time zone now also fire in the new one (core/jobs.ts).
  if (zoneChanged) await ctx.jobs.syncSchedules();
  return result;
}

/**
 * Sets the workspace logo from an uploaded image: checked by content, resized to 512 px, stored as
 * PNG. The previous logo file is removed once the new one is in place.
 */
export async function uploadLogo(ctx: Ctx, upload: Upload): Promise<TWorkspaceSettings> {
  const scope = ctx.member();
  return storeImage(
    ctx,
    { workspaceId: scope.workspaceId, area: WORKSPACE_LOGO_AREA, upload, maxPixels: LOGO_MAX_PIXELS },
    (image) =>
      ctx.tenant(async (tx) => {
        const before = await load(tx, scope.workspaceId, true);
        const after = await repo.updateSettings(tx, scope.workspaceId, { logoUrl: logoPath(image.key) });
        await ctx.audit('workspace.logo.updated', scope.workspaceId, {
          before: { logoUrl: before.logoUrl },
          after: { logoUrl: after.logoUrl, width: image.width, height: image.height, bytes: image.bytes },
        });
        return {
          result: toSettings(after, await seenBy(ctx, tx, scope.workspaceId)),
          replaced: workspaceLogoKey(before.logoUrl),
        };
      }),
  );
}

/** Removes the workspace logo (the sign-in page then shows the company name). Removing none is fine. */
export async function deleteLogo(ctx: Ctx): Promise<TWorkspaceSettings> {
  const scope = ctx.member();
  let previous: string | null = null;
  const result = await ctx.tenant(async (tx) => {
    const before = await load(tx, scope.workspaceId, true);
    const seen = await seenBy(ctx, tx, scope.workspaceId);
    if (before.logoUrl === null) return toSettings(before, seen);
    previous = workspaceLogoKey(before.logoUrl);
    const after = await repo.updateSettings(tx, scope.workspaceId, { logoUrl: null });
    await ctx.audit('workspace.logo.removed', scope.workspaceId, {
      before: { logoUrl: before.logoUrl },
      after: { logoUrl: null },
    });
    return toSettings(after, seen);
  });
  if (previous) await deleteStoredFile(ctx, previous);
  return result;
}

/** A workspace's or business unit's logo file, for the public logo route; null when there is none under that name. */
export async function logoFile(ctx: Ctx, workspaceId: string, name: string): Promise<StoredFile | null> {
  const key = logoKey(`/api/workspace/logo/${workspaceId}/${name}`);
  if (!key) throw errors.notFound('LOGO');
  return ctx.storage.get(key);
}
