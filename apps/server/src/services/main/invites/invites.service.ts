import {
  INVITATION_TTL_DAYS,
  isOfferedLanguage,
  type TEmailTemplateRequest,
  type TInvitation,
  type TInvitationListRequest,
  type TInvitationPage,
  type TInviteUserRequest,
  type TPageQuery,
  type TWhiteLabel,
  type TWorkspaceRole,
  toPagedResult,
  ZWorkspaceRole,
} from '@app/contract';
import {
  type AdminScope,
  administeredUnits,
  adminScope,
  assertCanGrantRole,
  inScope,
} from '../../../core/admin-scope.ts';
import { type Ctx, principalOf } from '../../../core/context.ts';
import { hashToken, newToken } from '../../../core/crypto.ts';
import type { Tx } from '../../../core/db/database.ts';
import { lockWorkspace } from '../../../core/db/tenant.ts';
import { addDaysInZone, dateInZone } from '../../../core/deadlines.ts';
import { AppError, errors } from '../../../core/errors.ts';
import type { NewJob } from '../../../core/jobs.ts';
import { assertOfferedLanguages, languageCountry } from '../../../core/languages.ts';
import { type Brand, mailLanguage, messagesFor, messagesIn, offerOf } from '../../../core/messages/index.ts';
import { accountLanguage, workspaceBrand, workspaceSwitches } from '../../../core/messages/messages.repo.ts';
import { workspaceOverrides } from '../../../core/permissions.ts';
import { phoneCountry, phoneOrThrow } from '../../../core/phone.ts';
import { type Actor, allowedActions, authorize, can, grantableRoles, withOverrides } from '../../../core/policy.ts';
import { workspaceTimeZone } from '../../../core/time-zone.repo.ts';
import { invitationMailPolicy, invitesPolicy } from './invites.policy.ts';
import * as repo from './invites.repo.ts';

type InvitationRow = repo.InvitationRow;

/** The caller's administration scope (see `adminScope`); the route's config has checked `invites.manage`. */
export function scopeOf(ctx: Ctx): AdminScope {
  const scope = adminScope(principalOf(ctx));
  if (!scope) throw errors.forbidden();
  return scope;
}

const statusOf = (row: Pick<InvitationRow, 'usedAt' | 'revokedAt' | 'expiresAt'>, now: Date): TInvitation['status'] =>
  row.usedAt ? 'USED' : row.revokedAt ? 'REVOKED' : row.expiresAt.getTime() <= now.getTime() ? 'EXPIRED' : 'PENDING';

const notFound = () => new AppError(404, 'INVITE_NOT_FOUND', 'That invitation was not found.');

/** A workspace's user limit, its active members and the places left under it (members plus pending invitations). */
export type Places = { limit: number; members: number; left: number };

/** The workspace's places, or null when it has no user limit. */
export function placesOf(tx: Tx, workspaceId: string): Promise<Places | null> {
  return repo.userLimit(tx, workspaceId);
}

/**
 * Refuses (409 `USER_LIMIT_REACHED`, with `limit`, `members`, `left` and `wanted`) `wanted` new
 * invitations beyond the places left. A limit the operator set below today's members leaves no
 * place: the answer says how many members there are against the limit. Callers lock the workspace
 * row before counting, so that two invitations cannot both take the last place.
 */
export function assertPlaces(places: Places | null, wanted: number): void {
  if (!places || wanted <= places.left) return;
  const { limit, members, left } = places;
  const over = members >= limit;
  throw new AppError(
    409,
    'USER_LIMIT_REACHED',
    over
      ? `This workspace has ${members} member${members === 1 ? '' : 's'} and its limit is ${limit}: no one can be added. Ask your provider for a higher limit.`
      : left === 0
        ? `This workspace has no places left (limit ${limit}, counting pending invitations). Revoke unused invitations or ask for a higher limit.`
        : `Only ${left} place${left === 1 ? '' : 's'} left in this workspace (limit ${limit}, counting pending invitations); this would need ${wanted}.`,
    {
      details: [{ path: 'userLimit', message: `${left} left` }],
      params: {
        reason: over ? 'LIMIT_BELOW_MEMBERS' : left === 0 ? 'NO_PLACES_LEFT' : 'TOO_FEW_PLACES',
        limit,
        members,
        left,
        wanted,
      },
    },
  );
}

/**
 * The invitation mail a workspace sends until it writes its own, as `GET /api/template` shows it
 * (English; each language has its own default): what it lists is what the workspace offers today.
 */
const defaultTemplate = (switches: TWhiteLabel) => messagesIn('en').invitation(offerOf('en', switches));

function render(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (m, key: string) => values[key] ?? m);
}

/**
 * What every invitation message of a workspace shares: its branding and its own mail template, if
 * it wrote one (used in every language: the workspace chose its words; otherwise each invitation
 * gets the default of its language). Read once per request.
 */
export type InvitationTemplate = {
  brand: Brand;
  custom: { subject: string; bodyText: string } | null;
  /** The workspace's area switches: the default text lists what it offers (`offerOf`). */
  switches: TWhiteLabel;
  /** The workspace's time zone: the link's last day is the workspace's calendar day. */
  timeZone: string;
};

export async function invitationTemplate(
  tx: Tx,
  ctx: Pick<Ctx, 'origin'>,
  workspaceId: string,
): Promise<InvitationTemplate> {
  const custom = await repo.findTemplate(tx, workspaceId);
  return {
    brand: await workspaceBrand(tx, ctx.origin, workspaceId),
    custom: custom ? { subject: custom.subject, bodyText: custom.bodyText } : null,
    switches: await workspaceSwitches(tx, workspaceId),
    timeZone: await workspaceTimeZone(tx, workspaceId),
  };
}

/**
 * The language of a new invitation's messages: the inviter's choice (one the workspace's country
 * offers, else 400 `LANGUAGE_NOT_OFFERED`), else the inviter's own language when the workspace
 * offers it (the invited person has no account, so no language of their own yet); null is English.
 */
export async function invitationLanguage(
  tx: Tx,
  workspaceId: string,
  inviterId: string,
  chosen?: string | null,
): Promise<string | null> {
  const country = await languageCountry(tx, workspaceId);
  if (chosen) {
    assertOfferedLanguages([chosen], country, 'body.language');
    return chosen;
  }
  const own = await accountLanguage(tx, inviterId);
  return own && isOfferedLanguage(own, country) ? own : null;
}

/**
 * The invitation mail (or SMS, to a person without an email address) with its sign-up code, as a
 * job to enqueue in the transaction that creates or renews the invitation. Its idempotency key is
 * the code's hash: one message per code.
 */
export function invitationMessage(
  ctx: Pick<Ctx, 'origin'>,
  workspaceId: string,
  template: InvitationTemplate,
  to: {
    id: string;
    sendCount: number;
    email: string | null;
    contactNumber: string | null;
    firstName: string | null;
    language: string | null;
  },
  code: string,
  expiresAt: Date,
): NewJob {
  const key = `invitation:${hashToken(code)}`;
  // The worker records the delivery state on the invitation (see mail-state.repo.ts).
  const ref = { kind: 'invitation' as const, workspaceId, id: to.id, version: to.sendCount };
  const link = `${ctx.origin}/signup?code=${code}`;
  const { email, contactNumber, firstName, language } = to;
  const { brand } = template;
  const texts = messagesFor(brand, language);
  if (email) {
    const { subject, bodyText } =
      template.custom ?? texts.invitation(offerOf(mailLanguage(brand, language), template.switches));
    const values = {
      firstName: firstName || texts.nobody,
      companyName: brand.name,
      link,
      expiresAt: dateInZone(expiresAt, template.timeZone),
    };
    // Without a name, "Hello ," becomes "Hello," in the languages that greet nobody in particular.
    let text = render(bodyText, values);
    if (!values.firstName) text = text.replace(/ +,/g, ',');
    // Plain text with its branding: the worker makes the HTML (see core/mail.ts, `deliverable`).
    return {
      queue: 'mail.send',
      key,
      data: { workspaceId, to: email, subject: render(subject, values), text, brand, language, ref },
    };
  }
  const text = texts.invitationSms({ company: brand.name, link });
  return { queue: 'sms.send', key, data: { workspaceId, to: contactNumber!, text, ref } };
}

/** Invitations as the API answers them (their status at `now`), with what `actor` (built with the overrides) may do with each. */
async function toInvitation(tx: Tx, actor: Actor, rows: InvitationRow[], now: Date): Promise<TInvitation[]> {
  if (rows.length === 0) return [];
  // The names of the units and departments these rows name, not of every one in the workspace.
  const workspaceId = rows[0]!.workspaceId;
  const deptIds = [...new Set(rows.flatMap((r) => (r.departmentId ? [r.departmentId] : [])))];
  const names = await repo.unitNames(tx, workspaceId, [...new Set(rows.map((r) => r.branchId))], deptIds);
  const branchName = names.branches;
  const deptName = names.departments;
  return rows.map((r) => ({
    invitationId: r.id,
    email: r.email,
    contactNumber: r.contactNumber,
    firstName: r.firstName,
    lastName: r.lastName,
    role: r.role as TWorkspaceRole,
    branchId: r.branchId,
    branchName: branchName.get(r.branchId) ?? '',
    departmentId: r.departmentId,
    departmentName: r.departmentId ? (deptName.get(r.departmentId) ?? null) : null,
    designation: r.designation,
    employeeId: r.employeeId,
    status: statusOf(r, now),
    expiresAt: r.expiresAt.toISOString(),
    lastSentAt: r.lastSentAt?.toISOString() ?? null,
    sendCount: r.sendCount,
    mailStatus: r.mailStatus as TInvitation['mailStatus'],
    mailError: r.mailError,
    mailUpdatedAt: r.mailUpdatedAt.toISOString(),
    createdAt: r.createdAt.toISOString(),
    actions: allowedActions(actor, invitesPolicy, r),
  }));
}

/**
 * When an invitation sent now expires: `INVITATION_TTL_DAYS` calendar days later in the workspace's
 * time zone, at the same local time (core/deadlines.ts).
 */
export async function invitationExpiry(ctx: Pick<Ctx, 'clock'>, tx: Tx, workspaceId: string): Promise<Date> {
  return addDaysInZone(ctx.clock.now(), INVITATION_TTL_DAYS, await workspaceTimeZone(tx, workspaceId));
}

/**
 * `POST /api/invite/user/{branchId}`: invites one person to a business unit. Refused when the
 * address already belongs to a member or has a pending invitation here, or when the workspace's
 * user limit has no place left. The mail carries the sign-up link with a new random code (only its
 * hash is stored); it is sent once the invitation is saved.
 */
export async function inviteUser(ctx: Ctx, branchId: string, input: TInviteUserRequest): Promise<TInvitation> {
  const scope = scopeOf(ctx);
  if (!inScope(scope, branchId)) throw errors.notFound('BRANCH');
  const code = newToken();
  return ctx.tenant(async (tx) => {
    const actor = withOverrides(scope, await workspaceOverrides(tx, scope.workspaceId));
    assertCanGrantRole(actor, input.role, actor.overrides!);
    if (!(await repo.branchExists(tx, scope.workspaceId, branchId))) throw errors.notFound('BRANCH');
    if (input.departmentId) {
      if (!(await repo.departmentInBranch(tx, scope.workspaceId, input.departmentId, branchId))) {
        throw new AppError(400, 'VALIDATION_FAILED', 'That department is not in this business unit.', {
          details: [{ path: 'body.departmentId', message: 'Choose a department of this business unit' }],
        });
      }
    }
    await lockWorkspace(tx, scope.workspaceId);
    assertPlaces(await placesOf(tx, scope.workspaceId), 1);
    const email = input.email?.toLowerCase() ?? null;
    // Typed the workspace's national way or with a country code; stored in E.164.
    const contactNumber = input.contactNumber
      ? phoneOrThrow(input.contactNumber, await phoneCountry(tx, scope.workspaceId), 'body.contactNumber')
      : null;
    const who = { email, contactNumber };
    if (await repo.isMember(tx, scope.workspaceId, who))
      throw new AppError(409, 'ALREADY_MEMBER', 'This person is already a member of the workspace.');
    if (await repo.isInvited(tx, scope.workspaceId, who)) {
      throw new AppError(409, 'ALREADY_INVITED', 'This person already has a pending invitation. Resend it instead.');
    }
    const language = await invitationLanguage(tx, scope.workspaceId, scope.accountId, input.language);
    const row = await repo.insertInvitation(tx, {
      language,
      expiresAt: await invitationExpiry(ctx, tx, scope.workspaceId),
      workspaceId: scope.workspaceId,
      codeHash: hashToken(code),
      email,
      contactNumber,
      firstName: input.firstName,
      lastName: input.lastName,
      role: input.role,
      branchId,
      departmentId: input.departmentId ?? null,
      designation: input.designation ?? null,
      employeeId: input.employeeId ?? null,
      gender: input.gender ?? null,
      homeAddress: input.homeAddress ?? null,
      dateOfJoining: input.dateOfJoining ?? null,
      createdBy: scope.accountId,
    });
    await ctx.audit('invite.created', row.id, {
      after: { email, contactNumber: row.contactNumber, role: row.role, branchId, departmentId: row.departmentId },
    });
    const template = await invitationTemplate(tx, ctx, scope.workspaceId);
    // The mail commits with the invitation, or neither does.
    await ctx.jobs.enqueueAll(tx, [invitationMessage(ctx, scope.workspaceId, template, row, code, row.expiresAt)]);
    return (await toInvitation(tx, actor, [row], ctx.clock.now()))[0]!;
  });
}

/**
 * Resends invitations: each gets a new code (the old link stops working) and 7 more days, and the
 * resender becomes its sender — the one whose right to give the role the claim checks. So a resend
 * is held to the rule of giving roles (`grantRefusal`): naming an invitation whose role the caller
 * may not give refuses the whole request (403, nothing sent); "resend all" leaves such ones alone.
 */
async function resend(ctx: Ctx, scope: AdminScope, pick: repo.ResendSelection, expected?: number): Promise<number> {
  return ctx.tenant(async (tx) => {
    const found = await repo.lockUnused(tx, scope.workspaceId, administeredUnits(scope), pick);
    if (expected !== undefined && found.length !== expected) {
      throw new AppError(
        404,
        'INVITE_NOT_FOUND',
        `${expected - found.length} of the ${expected} invitations were not found or can no longer be resent (used or revoked). Nothing was sent.`,
        { params: { reason: 'INVITES_NOT_RESENT', missing: expected - found.length, count: expected } },
      );
    }
    const actor = withOverrides(scope, await workspaceOverrides(tx, scope.workspaceId));
    const rows = found.filter((row) => can(actor, invitesPolicy, 'resend', row));
    const refused = found.find((row) => !rows.includes(row));
    if (expected !== undefined && refused) authorize(actor, invitesPolicy, 'resend', refused);
    const template = await invitationTemplate(tx, ctx, scope.workspaceId);
    const expiresAt = await invitationExpiry(ctx, tx, scope.workspaceId);
    const out: NewJob[] = [];
    for (const row of rows) {
      const code = newToken();
      const updated = await repo.renew(tx, scope.workspaceId, row.id, hashToken(code), scope.accountId, expiresAt);
      await ctx.audit('invite.resent', row.id, {
        before: { expiresAt: row.expiresAt, sendCount: row.sendCount, sentBy: row.createdBy },
        after: { expiresAt: updated.expiresAt, sentBy: scope.accountId },
      });
      out.push(invitationMessage(ctx, scope.workspaceId, template, updated, code, updated.expiresAt));
    }
    await ctx.jobs.enqueueAll(tx, out);
    return out.length;
  });
}

/** `GET /api/invite/resend/{branchId}/{invitationId}`. */
export async function resendOne(ctx: Ctx, branchId: string, invitationId: string): Promise<number> {
  const scope = scopeOf(ctx);
  if (!inScope(scope, branchId)) throw notFound();
  return resend(ctx, scope, { ids: [invitationId], branchId }, 1);
}

/**
 * `POST /api/invite/resend/bulk {invitationIds}`: all or nothing — when any of them is unknown,
 * outside the caller's business units, used or revoked, nothing is sent (404).
 */
export async function resendMany(ctx: Ctx, ids: string[]): Promise<number> {
  const scope = scopeOf(ctx);
  const wanted = new Set(ids);
  return resend(ctx, scope, { ids: [...wanted] }, wanted.size);
}

/** `POST /api/invite/resend/unused/all`: every unused invitation the caller administers. */
export async function resendAllUnused(ctx: Ctx): Promise<number> {
  const scope = scopeOf(ctx);
  return resend(ctx, scope, {});
}

/** `GET /api/invite/unused/count[?filterOnlyExpired=true]`. */
export async function unusedCount(ctx: Ctx, onlyExpired: boolean): Promise<number> {
  const scope = scopeOf(ctx);
  return ctx.tenant((tx) => repo.countUnused(tx, scope.workspaceId, administeredUnits(scope), onlyExpired));
}

/** `DELETE /api/invite/{branchId}/{invitationId}`: revokes an unused invitation (its link stops working). */
export async function revoke(ctx: Ctx, branchId: string, invitationId: string): Promise<void> {
  const scope = scopeOf(ctx);
  await ctx.tenant(async (tx) => {
    const found = await repo.lockOne(tx, scope.workspaceId, branchId, invitationId);
    if (!found) throw notFound();
    authorize(scope, invitesPolicy, 'revoke', found);
    const row = await repo.revokeUnused(tx, scope.workspaceId, branchId, invitationId);
    if (!row) throw notFound();
    await ctx.audit('invite.revoked', row.id, {
      before: { status: 'PENDING' },
      after: { status: 'REVOKED' },
      email: row.email,
    });
  });
}

/** `POST /api/invite/branch/{id}?pageNo&pageSize`: one business unit's invitations, newest first. */
export async function listForBranch(
  ctx: Ctx,
  branchId: string,
  page: TPageQuery,
  filter: TInvitationListRequest,
): Promise<TInvitationPage> {
  const scope = scopeOf(ctx);
  if (!inScope(scope, branchId)) throw errors.notFound('BRANCH');
  return ctx.tenant(async (tx) => {
    if (!(await repo.branchExists(tx, scope.workspaceId, branchId))) throw errors.notFound('BRANCH');
    const { rows, total } = await repo.pageOfUnit(tx, scope.workspaceId, branchId, filter, page);
    const actor = withOverrides(scope, await workspaceOverrides(tx, scope.workspaceId));
    return {
      ...toPagedResult(await toInvitation(tx, actor, rows, ctx.clock.now()), total, page),
      grantableRoles: grantableRoles(actor, ZWorkspaceRole.options),
      mailTemplateActions: allowedActions(actor, invitationMailPolicy, null),
    };
  });
}

/**
 * `POST /api/invite/all?pageNo&pageSize`: the invitations of every business unit the caller
 * administers, newest first: the whole workspace for a workspace admin or an employer (the list
 * the workspace-wide counters count), a business unit admin's own unit(s) only.
 */
export async function listAll(ctx: Ctx, page: TPageQuery, filter: TInvitationListRequest): Promise<TInvitationPage> {
  const scope = scopeOf(ctx);
  return ctx.tenant(async (tx) => {
    const { rows, total } = await repo.pageOfUnits(tx, scope.workspaceId, administeredUnits(scope), filter, page);
    const actor = withOverrides(scope, await workspaceOverrides(tx, scope.workspaceId));
    return {
      ...toPagedResult(await toInvitation(tx, actor, rows, ctx.clock.now()), total, page),
      grantableRoles: grantableRoles(actor, ZWorkspaceRole.options),
      mailTemplateActions: allowedActions(actor, invitationMailPolicy, null),
    };
  });
}

/** `GET /api/template`: the invitation mail as this workspace sends it. */
export async function getTemplate(ctx: Ctx) {
  const scope = scopeOf(ctx);
  return ctx.tenant(async (tx) =>
    templateOf(
      await repo.findTemplate(tx, scope.workspaceId),
      defaultTemplate(await workspaceSwitches(tx, scope.workspaceId)),
    ),
  );
}

function templateOf(
  custom: { subject: string; bodyText: string } | undefined,
  fallback: { subject: string; bodyText: string },
) {
  const { subject, bodyText } = custom ?? fallback;
  return { kind: 'INVITATION' as const, subject, bodyText, custom: Boolean(custom) };
}

/** `POST /api/template`: sets the invitation mail's subject and text (must contain {{link}}). */
export async function setTemplate(ctx: Ctx, input: TEmailTemplateRequest) {
  const scope = scopeOf(ctx);
  authorize(scope, invitationMailPolicy, 'edit', null);
  return ctx.tenant(async (tx) => {
    const fallback = defaultTemplate(await workspaceSwitches(tx, scope.workspaceId));
    const before = (await repo.findTemplate(tx, scope.workspaceId)) ?? fallback;
    await repo.saveTemplate(tx, scope.workspaceId, input, scope.accountId);
    await ctx.audit('template.updated', 'INVITATION', {
      before: { subject: before.subject, bodyText: before.bodyText },
      after: input,
    });
    return templateOf(input, fallback);
  });
}
