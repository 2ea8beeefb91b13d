import {
  ALL_DEPARTMENT_NAME,
  type TBranch,
  type TBranchListQuery,
  type TBranchPage,
  type TCreateDepartmentRequest,
  type TDepartment,
  type TDepartmentListRequest,
  type TDepartmentManager,
  type TDepartmentPage,
  type TErrorDetail,
  type TSaveBranchRequest,
  toPagedResult,
} from '@app/contract';
import {
  type AdminScope,
  administeredUnits,
  adminScope,
  listedUnits,
  listsUnit,
  ownUnit,
} from '../../../core/admin-scope.ts';
import { type Ctx, principalOf } from '../../../core/context.ts';
import type { Tx } from '../../../core/db/database.ts';
import { lockWorkspace } from '../../../core/db/tenant.ts';
import { AppError, errors } from '../../../core/errors.ts';
import {
  LOGO_MAX_PIXELS,
  logoKey,
  logoPath,
  UNIT_LOGO_AREA,
  unitLogoFileName,
  unitLogoKey,
} from '../../../core/logos.ts';
import { allowedActions, authorize, decide } from '../../../core/policy.ts';
import { deleteStoredFile } from '../../../core/storage.ts';
import { storeImage, type Upload } from '../../../core/uploads.ts';
import { type BranchRecord, businessUnitsPolicy } from './business-units.policy.ts';
import { type DepartmentRecord, departmentsPolicy } from './departments.policy.ts';
import * as repo from './organisation.repo.ts';

/** The caller's administration scope (every route here is on a workspace host). */
function member(ctx: Ctx): AdminScope {
  const me = adminScope(principalOf(ctx));
  if (!me) throw errors.forbidden('MANAGE_UNITS');
  return me;
}

/** A change: one transaction that first takes the workspace's lock (see `lockWorkspace`). */
function change<T>(ctx: Ctx, me: AdminScope, fn: (tx: Tx) => Promise<T>) {
  return ctx.tenant(async (tx) => {
    await lockWorkspace(tx, me.workspaceId);
    return fn(tx);
  });
}

// Business units

/** A unit as the API answers it: with what the caller may do with it. */
function presentBranch<T extends BranchRecord>(me: AdminScope, b: T, userCount: number | null) {
  return { ...b, userCount, actions: allowedActions(me, businessUnitsPolicy, b) };
}

/** A page of business units, with user counts when asked for and the caller administers units or users. */
export async function listBranches(ctx: Ctx, q: TBranchListQuery): Promise<TBranchPage> {
  const me = member(ctx);
  const { permissions } = principalOf(ctx);
  const counts = q.isUserCountRequired && (permissions.has('branches.manage') || permissions.has('users.manage'));
  return ctx.tenant(async (tx) => {
    const { rows, total } = await repo.listBranches(tx, q, listedUnits(me));
    const n = counts
      ? await repo.userCounts(
          tx,
          rows.map((r) => r.branchId),
        )
      : null;
    const content: TBranch[] = rows.map((r) => presentBranch(me, r, n ? (n.get(r.branchId) ?? 0) : null));
    return toPagedResult(content, total, q);
  });
}

async function requireUniqueBranchName(tx: Tx, name: string, exceptId?: string) {
  if (await repo.branchNamed(tx, name, exceptId)) {
    throw errors.conflict('BRANCH_NAME_TAKEN', `A business unit named "${name}" already exists. Choose another name.`, {
      name,
    });
  }
}

async function branchOrNotFound(tx: Tx, id: string) {
  const b = await repo.findBranch(tx, id);
  if (!b) throw errors.notFound('BRANCH');
  return b;
}

/**
 * Refuses a logo path that names another workspace's storage, or another unit's uploaded logo: a
 * unit shows only a logo stored for its own workspace (the contract already refuses links to other
 * sites), and a unit's uploaded logo belongs to that unit alone (it is deleted with it).
 */
function requireOwnLogo(me: AdminScope, logo: string | null | undefined, branchId: string | null) {
  if (!logo) return;
  const key = logoKey(logo);
  const own = logo.startsWith(`/api/workspace/logo/${me.workspaceId}/`);
  const otherUnits =
    key?.split('/')[1] === UNIT_LOGO_AREA && !(branchId && unitLogoKey(logo, me.workspaceId, branchId));
  if (!own || otherUnits) {
    const message = own ? 'is another business unit’s logo' : 'is not a logo stored for this workspace';
    const code = own ? 'LOGO_OF_OTHER_UNIT' : 'LOGO_NOT_OF_WORKSPACE';
    throw new AppError(400, 'VALIDATION_FAILED', `Check body.branchLogo: ${message}`, {
      details: [{ path: 'body.branchLogo', message, code }],
      params: { reason: code },
    });
  }
}

/** Creates a business unit; with `headquarter`, it becomes the headquarters. */
export async function createBranch(ctx: Ctx, body: TSaveBranchRequest): Promise<TBranch> {
  const me = member(ctx);
  requireOwnLogo(me, body.branchLogo, null);
  return change(ctx, me, async (tx) => {
    await requireUniqueBranchName(tx, body.branchName);
    const id = await repo.insertBranch(
      tx,
      me.workspaceId,
      {
        name: body.branchName,
        backgroundColor: body.backgroundColor,
        logoUrl: body.branchLogo ?? null,
        address: body.address || null,
      },
      me.accountId,
    );
    if (body.headquarter) await repo.setHeadquarter(tx, me.workspaceId, id, me.accountId);
    const after = await branchOrNotFound(tx, id);
    await ctx.audit('branch.created', id, { before: null, after, originUrl: body.originUrl ?? null });
    return presentBranch(me, after, 0);
  });
}

/** Updates a business unit. `headquarter: true` moves the headquarters here; it cannot be unset (there is always one). */
export async function updateBranch(ctx: Ctx, id: string, body: TSaveBranchRequest): Promise<TBranch> {
  const me = member(ctx);
  authorize(me, businessUnitsPolicy, 'edit', { branchId: id });
  requireOwnLogo(me, body.branchLogo, id);
  let replaced: string | null = null;
  const result = await change(ctx, me, async (tx) => {
    const before = await branchOrNotFound(tx, id);
    await requireUniqueBranchName(tx, body.branchName, id);
    if (body.headquarter === false && before.headquarter) {
      throw errors.conflict(
        'BRANCH_IS_HEADQUARTERS',
        `"${before.branchName}" is the headquarters. Mark another business unit as the headquarters instead.`,
        { name: before.branchName },
      );
    }
    await repo.updateBranch(
      tx,
      id,
      {
        name: body.branchName,
        backgroundColor: body.backgroundColor,
        ...(body.branchLogo !== undefined ? { logoUrl: body.branchLogo } : {}),
        ...(body.address !== undefined ? { address: body.address || null } : {}),
      },
      me.accountId,
    );
    if (body.headquarter && !before.headquarter) await repo.setHeadquarter(tx, me.workspaceId, id, me.accountId);
    const after = await branchOrNotFound(tx, id);
    await ctx.audit('branch.updated', id, { before, after });
    if (after.branchLogo !== before.branchLogo) replaced = unitLogoKey(before.branchLogo, me.workspaceId, id);
    const counts = await repo.userCounts(tx, [id]);
    return presentBranch(me, after, counts.get(id) ?? 0);
  });
  // The unit's uploaded logo it no longer shows goes once the change is committed.
  if (replaced) await deleteStoredFile(ctx, replaced);
  return result;
}

/** Sets one unit's colour. */
export async function setBranchColor(ctx: Ctx, id: string, hex: string): Promise<TBranch> {
  const me = member(ctx);
  authorize(me, businessUnitsPolicy, 'recolour', { branchId: id });
  return change(ctx, me, async (tx) => {
    const before = await branchOrNotFound(tx, id);
    await repo.updateBranch(tx, id, { backgroundColor: hex }, me.accountId);
    await ctx.audit('branch.color-changed', id, {
      before: { backgroundColor: before.backgroundColor },
      after: { backgroundColor: hex },
    });
    const counts = await repo.userCounts(tx, [id]);
    return presentBranch(me, { ...before, backgroundColor: hex }, counts.get(id) ?? 0);
  });
}

/** Sets the workspace's brand colour (the company profile reads it on every page load; nothing is cached). */
export async function setWorkspaceColor(ctx: Ctx, hex: string): Promise<{ backgroundColor: string }> {
  const me = member(ctx);
  return change(ctx, me, async (tx) => {
    const before = await repo.setWorkspaceColor(tx, me.workspaceId, hex);
    await ctx.audit('workspace.color-changed', me.workspaceId, {
      before: { backgroundColor: before },
      after: { backgroundColor: hex },
    });
    return { backgroundColor: hex };
  });
}

/**
 * Deletes business units, all or nothing. Refused (409, naming each unit) while people belong to
 * one — deleted users included, whose kept records point at it — or invitations to it are pending,
 * and for the headquarters.
 */
export async function deleteBranches(ctx: Ctx, ids: string[]): Promise<{ ok: true }> {
  const me = member(ctx);
  const unique = [...new Set(ids)];
  // Permission and scope first (outside it a unit reads as missing); the headquarters once loaded.
  for (const id of unique) authorize(me, businessUnitsPolicy, 'delete', { branchId: id });
  const logos: string[] = [];
  const result = await change(ctx, me, async (tx) => {
    const found = await repo.findBranches(tx, unique);
    if (found.length !== unique.length) throw errors.notFound('BRANCH');
    const { members, pending } = await repo.branchOccupancy(tx, unique);
    const problems: TErrorDetail[] = [];
    for (const b of found) {
      const m = members.get(b.branchId) ?? 0;
      const p = pending.get(b.branchId) ?? 0;
      const path = `body.branchIds.${ids.indexOf(b.branchId)}`;
      const refused = decide(me, businessUnitsPolicy, 'delete', b);
      if (refused) {
        problems.push({
          path,
          message: `"${b.branchName}" ${refused.reason ?? refused.message}`,
          code: refused.reasonCode ?? refused.code,
          params: { name: b.branchName },
        });
      } else if (m > 0 || p > 0) {
        const parts = [
          m > 0 ? `${m} ${m === 1 ? 'user' : 'users'}` : '',
          p > 0 ? `${p} pending ${p === 1 ? 'invitation' : 'invitations'}` : '',
        ]
          .filter(Boolean)
          .join(' and ');
        problems.push({
          path,
          message: `"${b.branchName}" still has ${parts}; move them to another business unit first`,
          code: 'UNIT_HAS_MEMBERS',
          params: { name: b.branchName, members: m, invitations: p },
        });
      }
    }
    if (problems.length > 0) {
      const message = `Nothing was deleted: ${problems.map((x) => x.message).join('; ')}.`;
      throw new AppError(409, 'CONFLICT', message, { params: { reason: 'DELETE_REFUSED' }, details: problems });
    }
    await repo.deleteBranches(tx, unique);
    for (const b of found) {
      await ctx.audit('branch.deleted', b.branchId, { before: b, after: null });
      const logo = unitLogoKey(b.branchLogo, me.workspaceId, b.branchId);
      if (logo) logos.push(logo);
    }
    return { ok: true as const };
  });
  // Their uploaded logos go once the units are gone (a leftover file is logged, not an error).
  for (const key of logos) await deleteStoredFile(ctx, key);
  return result;
}

/**
 * Sets a unit's logo from an uploaded image, as the workspace logo: checked by content, resized to
 * 512 px, stored as PNG under the unit's own name, its public path in `branchLogo`. The unit's
 * previous uploaded logo is removed once the new one is in place.
 */
export async function uploadBranchLogo(ctx: Ctx, id: string, upload: Upload): Promise<TBranch> {
  const me = member(ctx);
  authorize(me, businessUnitsPolicy, 'setLogo', { branchId: id });
  await ctx.tenant((tx) => branchOrNotFound(tx, id));
  return storeImage(
    ctx,
    {
      workspaceId: me.workspaceId,
      area: UNIT_LOGO_AREA,
      upload: { ...upload, filename: unitLogoFileName(id) },
      maxPixels: LOGO_MAX_PIXELS,
    },
    (image) =>
      change(ctx, me, async (tx) => {
        const before = await branchOrNotFound(tx, id);
        const logoUrl = logoPath(image.key);
        await repo.updateBranch(tx, id, { logoUrl }, me.accountId);
        await ctx.audit('branch.logo-updated', id, {
          before: { branchLogo: before.branchLogo },
          after: { branchLogo: logoUrl, width: image.width, height: image.height, bytes: image.bytes },
        });
        const counts = await repo.userCounts(tx, [id]);
        return {
          result: presentBranch(me, { ...before, branchLogo: logoUrl }, counts.get(id) ?? 0),
          replaced: unitLogoKey(before.branchLogo, me.workspaceId, id),
        };
      }),
  );
}

/** Removes a unit's logo (its uploaded file too). Removing none is fine. */
export async function deleteBranchLogo(ctx: Ctx, id: string): Promise<TBranch> {
  const me = member(ctx);
  authorize(me, businessUnitsPolicy, 'setLogo', { branchId: id });
  let previous: string | null = null;
  const result = await change(ctx, me, async (tx) => {
    const before = await branchOrNotFound(tx, id);
    const counts = await repo.userCounts(tx, [id]);
    if (before.branchLogo === null) return presentBranch(me, before, counts.get(id) ?? 0);
    previous = unitLogoKey(before.branchLogo, me.workspaceId, id);
    await repo.updateBranch(tx, id, { logoUrl: null }, me.accountId);
    await ctx.audit('branch.logo-removed', id, {
      before: { branchLogo: before.branchLogo },
      after: { branchLogo: null },
    });
    return presentBranch(me, { ...before, branchLogo: null }, counts.get(id) ?? 0);
  });
  if (previous) await deleteStoredFile(ctx, previous);
  return result;
}

// Departments

/** A department as the audit trail records it. */
function toDepartment(r: repo.DepartmentRow): Omit<TDepartment, 'actions'> {
  const iso = r.createdAt.toISOString();
  return {
    departmentId: r.departmentId,
    departmentName: r.departmentName,
    branchId: r.branchId,
    createdAt: iso,
    createdBy: r.createdBy,
    createdDate: iso.slice(0, 10),
  };
}

/** A department as the API answers it: with what the caller may do with it. */
function presentDepartment(me: AdminScope, d: Omit<TDepartment, 'actions'>): TDepartment {
  return { ...d, actions: allowedActions(me, departmentsPolicy, d) };
}

/** The department, once the caller may take `action` on it (outside its scope: 404). */
async function departmentFor(tx: Tx, me: AdminScope, id: string, action: 'edit' | 'delete' | 'manageManagers') {
  const d = await repo.findDepartment(tx, id);
  if (!d) throw errors.notFound('DEPARTMENT');
  authorize(me, departmentsPolicy, action, d);
  return d;
}

/**
 * A page of departments of one business unit (or of every unit the caller may see with `showAll` or
 * no `branchId`), headed by the synthetic "All Department" entry (id null) on the first page.
 */
export async function listDepartments(
  ctx: Ctx,
  page: { pageNo: number; pageSize: number },
  body: TDepartmentListRequest,
): Promise<TDepartmentPage> {
  const me = member(ctx);
  const one = body.showAll ? null : (body.branchId ?? null);
  if (one && !listsUnit(me, one)) throw errors.notFound('BRANCH');
  const units = one ? [one] : listedUnits(me);
  return ctx.tenant(async (tx) => {
    if (one) await branchOrNotFound(tx, one);
    // The synthetic entry takes the first place of page 0, so real rows are shifted by one.
    const offset = page.pageNo === 0 ? 0 : page.pageNo * page.pageSize - 1;
    const limit = page.pageNo === 0 ? page.pageSize - 1 : page.pageSize;
    const { rows, total } = await repo.listDepartments(tx, units, { offset, limit });
    // Its actions say whether the caller may create departments in this unit (with no unit: in every one).
    const all = presentDepartment(me, {
      departmentId: null,
      departmentName: ALL_DEPARTMENT_NAME,
      branchId: one,
      createdAt: null,
      createdBy: null,
      createdDate: null,
    });
    const content = [...(page.pageNo === 0 ? [all] : []), ...rows.map((r) => presentDepartment(me, toDepartment(r)))];
    return toPagedResult(content, total + 1, page);
  });
}

/** Creates a department in one business unit, or (`allBranch`) in every unit that does not have one of that name. */
export async function createDepartment(ctx: Ctx, body: TCreateDepartmentRequest): Promise<TDepartment[]> {
  const me = member(ctx);
  const where: DepartmentRecord = { departmentId: null, branchId: body.allBranch ? null : body.branchId! };
  authorize(me, departmentsPolicy, 'create', where);
  return change(ctx, me, async (tx) => {
    let units: string[];
    if (body.allBranch) units = await repo.allBranchIds(tx);
    else {
      units = [(await branchOrNotFound(tx, body.branchId!)).branchId];
    }
    const taken = await repo.departmentsNamed(tx, units, body.departmentName);
    if (!body.allBranch && taken.length > 0) {
      throw errors.conflict(
        'DEPARTMENT_NAME_TAKEN',
        `This business unit already has a department named "${body.departmentName}".`,
        { name: body.departmentName },
      );
    }
    const missing = units.filter((u) => !taken.some((t) => t.branchId === u));
    if (missing.length === 0) {
      throw errors.conflict(
        'DEPARTMENT_NAME_TAKEN_EVERYWHERE',
        `Every business unit already has a department named "${body.departmentName}".`,
        { name: body.departmentName },
      );
    }
    const created = await repo.insertDepartments(tx, me.workspaceId, missing, body.departmentName, me.accountId);
    for (const d of created) {
      await ctx.audit('department.created', d.departmentId, {
        before: null,
        after: toDepartment(d),
      });
    }
    return created.map((d) => presentDepartment(me, toDepartment(d)));
  });
}

/** Renames a department (unique per business unit, case-insensitive). */
export async function renameDepartment(ctx: Ctx, id: string, name: string): Promise<TDepartment> {
  const me = member(ctx);
  return change(ctx, me, async (tx) => {
    const before = await departmentFor(tx, me, id, 'edit');
    if ((await repo.departmentsNamed(tx, [before.branchId], name, id)).length > 0) {
      throw errors.conflict('DEPARTMENT_NAME_TAKEN', `This business unit already has a department named "${name}".`, {
        name,
      });
    }
    await repo.renameDepartment(tx, id, name, me.accountId);
    const after = { ...before, departmentName: name };
    await ctx.audit('department.renamed', id, {
      before: toDepartment(before),
      after: toDepartment(after),
    });
    return presentDepartment(me, toDepartment(after));
  });
}

/** Deletes departments, all or nothing; refused (409, naming each) while people belong to one. */
export async function deleteDepartments(
  ctx: Ctx,
  items: { departmentId: string; branchId: string }[],
): Promise<{ ok: true }> {
  const me = member(ctx);
  const ids = [...new Set(items.map((i) => i.departmentId))];
  return change(ctx, me, async (tx) => {
    const found = await repo.findDepartments(tx, ids);
    for (const item of items) {
      const d = found.find((f) => f.departmentId === item.departmentId);
      if (!d || d.branchId !== item.branchId) throw errors.notFound('DEPARTMENT');
      authorize(me, departmentsPolicy, 'delete', d);
    }
    const members = await repo.departmentMembers(tx, ids);
    const busy = found.filter((d) => (members.get(d.departmentId) ?? 0) > 0);
    if (busy.length > 0) {
      const problems = busy.map((d): TErrorDetail => {
        const n = members.get(d.departmentId) ?? 0;
        return {
          path: `body.departmentBranches.${items.findIndex((i) => i.departmentId === d.departmentId)}`,
          message: `"${d.departmentName}" still has ${n} ${n === 1 ? 'user' : 'users'}`,
          code: 'DEPARTMENT_HAS_MEMBERS',
          params: { name: d.departmentName, count: n },
        };
      });
      const message = `Nothing was deleted: ${problems.map((x) => x.message).join('; ')}. Move them to another department first.`;
      throw new AppError(409, 'CONFLICT', message, {
        params: { reason: 'DELETE_DEPARTMENTS_REFUSED' },
        details: problems,
      });
    }
    await repo.deleteDepartments(tx, ids);
    for (const d of found) {
      await ctx.audit('department.deleted', d.departmentId, {
        before: toDepartment(d),
        after: null,
      });
    }
    return { ok: true as const };
  });
}

function toManager(r: Awaited<ReturnType<typeof repo.listManagers>>[number]): TDepartmentManager {
  return { ...r, createdAt: r.createdAt.toISOString() };
}

/** The managers of a department. */
export async function listManagers(ctx: Ctx, departmentId: string): Promise<TDepartmentManager[]> {
  const me = member(ctx);
  return ctx.tenant(async (tx) => {
    await departmentFor(tx, me, departmentId, 'manageManagers');
    return (await repo.listManagers(tx, departmentId)).map(toManager);
  });
}

/**
 * Makes an active member a manager of the department (or changes their manager role). The person
 * must be within the caller's scope: anyone in the workspace for a whole-workspace administrator,
 * only members of its own business unit for one limited to it. Anyone else reads like a stranger
 * (400, and nothing about the person in the answer).
 */
export async function addManager(
  ctx: Ctx,
  departmentId: string,
  { userId, role }: { userId: string; role: string },
): Promise<TDepartmentManager[]> {
  const me = member(ctx);
  return change(ctx, me, async (tx) => {
    await departmentFor(tx, me, departmentId, 'manageManagers');
    if (!(await repo.isActiveMember(tx, userId, administeredUnits(me)))) {
      throw errors.badRequest('NOT_ACTIVE_MEMBER', 'Only an active member of this workspace can manage a department.', [
        { path: 'body.userId', message: 'not an active member of this workspace' },
      ]);
    }
    const before = await repo.findManager(tx, departmentId, userId);
    await repo.upsertManager(tx, me.workspaceId, departmentId, userId, role, me.accountId);
    await ctx.audit('department.manager-added', departmentId, {
      before: before ? { userId, role: before.role } : null,
      after: { userId, role },
    });
    return (await repo.listManagers(tx, departmentId)).map(toManager);
  });
}

/** Removes a manager from a department (idempotent: removing someone who is not a manager changes nothing). */
export async function removeManager(ctx: Ctx, departmentId: string, userId: string): Promise<TDepartmentManager[]> {
  const me = member(ctx);
  return change(ctx, me, async (tx) => {
    await departmentFor(tx, me, departmentId, 'manageManagers');
    const before = await repo.findManager(tx, departmentId, userId);
    if (!before) return (await repo.listManagers(tx, departmentId)).map(toManager);
    await repo.removeManager(tx, departmentId, userId);
    await ctx.audit('department.manager-removed', departmentId, {
      before: { userId, role: before.role },
      after: null,
    });
    return (await repo.listManagers(tx, departmentId)).map(toManager);
  });
}

/** Active members a manager can be chosen from (a BRANCH_ADMIN sees its own unit's people only). */
export async function managerCandidates(ctx: Ctx, departmentId: string, q: string) {
  const me = member(ctx);
  return ctx.tenant(async (tx) => {
    await departmentFor(tx, me, departmentId, 'manageManagers');
    return repo.searchMembers(tx, q.trim(), ownUnit(me));
  });
}
