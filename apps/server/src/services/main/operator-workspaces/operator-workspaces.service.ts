import {
  CONTRACT_EXPIRING_DAYS,
  COUNTRY_TIME_ZONES,
  INVITATION_TTL_DAYS,
  isOfferedLanguage,
  MENUS,
  type TContractState,
  type TCreateWorkspaceResponse,
  type THostAvailability,
  type TLanguage,
  type TPagedResult,
  type TWorkspaceDetails,
  type TWorkspaceRole,
  type TWorkspaceSearchHit,
  type TWorkspaceStatus,
  type TWorkspaceSummary,
  toPagedResult,
  type ZCreateWorkspaceRequest,
  type ZWorkspaceListFilter,
} from '@app/contract';
import type { z } from 'zod';
import type { Ctx } from '../../../core/context.ts';
import { hashToken, newToken } from '../../../core/crypto.ts';
import { addDaysInZone } from '../../../core/deadlines.ts';
import { AppError, errors } from '../../../core/errors.ts';
import { emit } from '../../../core/events.ts';
import { type PageRequest, pageWindow } from '../../../core/paginate.ts';
import { authorize, type OperatorActor, operatorOf, platformPolicy } from '../../../core/policy.ts';
import { insertInvitation } from '../invites/invites.repo.ts';
import { invitationMessage, invitationTemplate } from '../invites/invites.service.ts';
import * as repo from './operator-workspaces.repo.ts';
import { contractStateOf, type HostRefusal, hostRefusal } from './operator-workspaces.rules.ts';

type CreateInput = z.output<typeof ZCreateWorkspaceRequest>;
type ListFilterInput = z.output<typeof ZWorkspaceListFilter>;

/** The operator on the platform host (`platformPolicy`), else 403. */
function requireOperator(ctx: Ctx): OperatorActor {
  const operator = operatorOf(ctx);
  if (!operator) throw errors.forbidden();
  authorize(operator, platformPolicy, 'operate', null);
  return operator;
}

/** The hosts no workspace may take: the platform's, and the SCORM content origin's. */
function ownHosts(ctx: Ctx) {
  return { platformHost: ctx.config.platformHost, reservedHosts: [new URL(ctx.config.lmsContentOrigin).host] };
}

const HOST_PATH = 'body.workspaceUrl';

/** The refusal of a host, with a stable code and the field it is about. */
function hostError(reason: HostRefusal | 'TAKEN' | 'REDIRECTING', host: string): AppError {
  const [status, code, message] = {
    MALFORMED: [
      400,
      'WORKSPACE_HOST_MALFORMED',
      `"${host}" is not a host: enter one such as initech.example.com (letters, digits and hyphens, no https:// and no path).`,
    ],
    PLATFORM_HOST: [400, 'HOST_IS_PLATFORM', `${host} is one of the platform's own hosts; choose another.`],
    TAKEN: [409, 'WORKSPACE_HOST_TAKEN', `A workspace is already served at ${host}.`],
    REDIRECTING: [
      409,
      'WORKSPACE_HOST_REDIRECTING',
      `${host} was a workspace's host until recently and still points to its new one; choose another.`,
    ],
  }[reason] as [number, string, string];
  return new AppError(status, code, message, {
    params: { reason: code, host },
    details: [{ path: HOST_PATH, message, code }],
  });
}

/** The headquarters' default name, in the first admin's language where the country offers it (else English). */
const HEADQUARTERS: Record<TLanguage, string> = {
  en: 'Headquarters',
  fr: 'Siège social',
  hi: 'मुख्यालय',
  mr: 'मुख्यालय',
  kn: 'ಪ್ರಧಾನ ಕಚೇರಿ',
  te: 'ప్రధాన కార్యాలయం',
  ta: 'தலைமை அலுவலகம்',
};

/** A stable digest of the request as parsed (keys sorted), so that the same body always gives the same one. */
function requestHash(input: object): string {
  const canonical = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .filter(([, x]) => x !== undefined)
            .sort(([a], [b]) => a.localeCompare(b))
            .map(([k, x]) => [k, canonical(x)]),
        )
      : v;
  return hashToken(JSON.stringify(canonical(input)));
}

const CREATE = 'workspace.create';

/**
 * `POST /api/admin/workspace/create`: a new customer workspace, in one transaction — the workspace
 * (its host, country, zone, user limit, contract end), its headquarters business unit, and the
 * invitation of its first workspace admin, mailed (a durable job, in `adminLanguage`) with a link
 * to the new host. The default permission matrix and navigation need no rows (a workspace without
 * overrides uses the code's defaults; a menu without a `workspace_menus` row is on). With an
 * `Idempotency-Key`, a repeat of the same body answers the first result (no second workspace, no
 * second mail); the same key with another body is refused (422 `IDEMPOTENCY_KEY_REUSED`).
 */
export async function createWorkspace(
  ctx: Ctx,
  input: CreateInput,
  idempotencyKey: string | undefined,
): Promise<TCreateWorkspaceResponse> {
  const operator = requireOperator(ctx);
  const { host, refusal } = hostRefusal(input.workspaceUrl, ownHosts(ctx));
  if (refusal) throw hostError(refusal, host);
  const language = input.adminLanguage ?? 'en';
  if (!isOfferedLanguage(language, input.country)) {
    const message = `The invitation cannot be in ${language}: a workspace in ${input.country} offers ${
      input.country === 'IN' ? 'en, hi, kn, te, ta, mr' : 'en, fr'
    }.`;
    throw new AppError(400, 'LANGUAGE_NOT_OFFERED', message, {
      params: { language, country: input.country },
      details: [{ path: 'body.adminLanguage', message, code: 'LANGUAGE_NOT_OFFERED' }],
    });
  }
  const key = idempotencyKey?.trim() || null;
  const hash = requestHash({ ...input, workspaceUrl: host });
  const answer = await ctx.platform(
    { action: CREATE, details: { host, idempotencyKey: key !== null } },
    async (tx): Promise<TCreateWorkspaceResponse> => {
      if (key !== null) {
        const fresh = await repo.claimKey(tx, {
          operation: CREATE,
          key,
          accountId: operator.accountId,
          requestHash: hash,
        });
        if (!fresh) {
          const first = await repo.findKey(tx, CREATE, key);
          if (!first || first.requestHash !== hash || first.accountId !== operator.accountId) {
            throw new AppError(
              422,
              'IDEMPOTENCY_KEY_REUSED',
              'This Idempotency-Key was already used for another request. Send a new key for a new workspace.',
              { params: { reason: 'IDEMPOTENCY_KEY_REUSED' } },
            );
          }
          return first.response as TCreateWorkspaceResponse;
        }
      }
      const state = await repo.hostState(tx, host);
      if (state.taken) throw hostError('TAKEN', host);
      if (state.redirecting) throw hostError('REDIRECTING', host);
      const timeZone = input.timeZone ?? COUNTRY_TIME_ZONES[input.country];
      const workspaceId = await repo.insertWorkspace(tx, {
        companyName: input.companyName,
        host,
        country: input.country,
        timeZone,
        userLimit: input.userLimit ?? null,
        contractExpiryDate: input.contractExpiryDate ?? null,
      });
      // Another request took the host between the check and the insert.
      if (!workspaceId) throw hostError('TAKEN', host);
      const headquarterName = input.headquarterName ?? HEADQUARTERS[language];
      const headquarterId = await repo.insertHeadquarters(tx, workspaceId, headquarterName);
      const code = newToken();
      const invitation = await insertInvitation(tx, {
        workspaceId,
        codeHash: hashToken(code),
        email: input.adminEmail.toLowerCase(),
        contactNumber: null,
        firstName: input.adminFirstName,
        lastName: input.adminLastName ?? null,
        role: 'WORKSPACE_ADMIN',
        branchId: headquarterId,
        departmentId: null,
        language: language === 'en' ? null : language,
        expiresAt: addDaysInZone(ctx.clock.now(), INVITATION_TTL_DAYS, timeZone),
        // The platform made it: no sender whose right to give the role the claim would check.
        createdBy: null,
      });
      // The link is to the new host (same scheme as the request's).
      const origin = `${new URL(ctx.origin).protocol}//${host}`;
      const atNewHost: Ctx = { ...ctx, origin };
      const template = await invitationTemplate(tx, atNewHost, workspaceId);
      await ctx.jobs.enqueueAll(tx, [
        invitationMessage(atNewHost, workspaceId, template, invitation, code, invitation.expiresAt),
      ]);
      await emit(ctx, tx, 'workspace.created', { workspaceId });
      await ctx.audit(
        'workspace.created',
        workspaceId,
        { host, headquarterId, invitationId: invitation.id },
        { workspaceId },
      );
      const response = { workspaceId, workspaceUrl: host };
      if (key !== null) await repo.saveAnswer(tx, CREATE, key, response);
      return response;
    },
  );
  // This process serves the new host at once (unknown hosts are not cached, but a stale entry could be).
  ctx.hosts.invalidate();
  return answer;
}

/** `GET /api/admin/workspace/host-availability?host=`: whether a new workspace may take `host`, and why not. */
export async function hostAvailability(ctx: Ctx, raw: string): Promise<THostAvailability> {
  requireOperator(ctx);
  const { host, refusal } = hostRefusal(raw, ownHosts(ctx));
  if (refusal) return { host, available: false, reason: refusal };
  const state = await ctx.platform({ action: 'workspace.host-availability', details: { host } }, (tx) =>
    repo.hostState(tx, host),
  );
  const reason = state.taken ? 'TAKEN' : state.redirecting ? 'REDIRECTING' : null;
  return { host, available: reason === null, reason };
}

const iso = (v: Date | string | null): string | null => (v === null ? null : new Date(v).toISOString());

function statusOf(r: repo.SummaryRow): TWorkspaceStatus {
  if (r.purged_at !== null) return 'PURGED';
  return r.retired_at !== null ? 'SUSPENDED' : 'ACTIVE';
}

function toSummary(r: repo.SummaryRow, now: Date, expiringWithinDays: number): TWorkspaceSummary {
  const areas: TWorkspaceSummary['areas'] = [];
  if (r.access_cms) areas.push('cms');
  if (r.access_lms) areas.push('lms');
  if (r.access_policies) areas.push('policies');
  if (r.access_compliance) areas.push('compliance');
  if (r.access_concerned_authority) areas.push('concernedAuthority');
  const contractState: TContractState = contractStateOf(r.contract_expiry_date, now, r.time_zone, expiringWithinDays);
  return {
    workspaceId: r.id,
    companyName: r.company_name,
    workspaceUrl: r.host,
    country: r.country,
    timeZone: r.time_zone,
    status: statusOf(r),
    members: Number(r.members),
    pendingInvitations: Number(r.pending),
    userLimit: r.user_limit,
    userLimitReached: r.user_limit !== null && Number(r.members) >= r.user_limit,
    contractExpiryDate: r.contract_expiry_date,
    contractState,
    createdAt: iso(r.created_at)!,
    areas,
    purgeAfter: statusOf(r) === 'SUSPENDED' ? iso(r.purge_after) : null,
  };
}

/**
 * `POST /api/admin/workspace?pageNo&pageSize`: the workspaces, filtered (every filter combined with
 * AND; purged ones only when asked), with their counts and contract state on the operator's clock.
 */
export async function listWorkspaces(
  ctx: Ctx,
  page: PageRequest,
  filter: ListFilterInput,
): Promise<TPagedResult<TWorkspaceSummary>> {
  requireOperator(ctx);
  const w = pageWindow(page);
  const days = filter.expiringWithinDays ?? CONTRACT_EXPIRING_DAYS;
  const rows = await ctx.platform(
    { action: 'workspace.list', details: { filter, pageNo: w.pageNo, pageSize: w.pageSize } },
    (tx) => repo.listWorkspaces(tx, { ...filter, expiringWithinDays: days }, w),
  );
  const now = ctx.clock.now();
  let total = Number(rows[0]?.total ?? 0);
  // A page past the end has no row to carry the count: count the list itself.
  if (rows.length === 0 && w.pageNo > 0) {
    const first = await ctx.platform({ action: 'workspace.list', details: { filter, count: true } }, (tx) =>
      repo.listWorkspaces(tx, { ...filter, expiringWithinDays: days }, { ...w, offset: 0, limit: 1 }),
    );
    total = Number(first[0]?.total ?? 0);
  }
  return toPagedResult(
    rows.map((r) => toSummary(r, now, days)),
    total,
    w,
  );
}

/** `GET /api/workspace/search/{q}` (by name) and `/search/name-url/{q}` (by name or host): at most 10. */
export async function searchWorkspaces(ctx: Ctx, q: string, byHost: boolean): Promise<TWorkspaceSearchHit[]> {
  requireOperator(ctx);
  const text = q.trim();
  if (text === '') return [];
  return ctx.platform({ action: 'workspace.search', details: { byHost } }, (tx) => repo.search(tx, text, byHost));
}

/** The menus every workspace has unless the operator switched them off (the platform's own are not a workspace's). */
export const WORKSPACE_MENUS = MENUS.filter((m) => !m.startsWith('PLATFORM_')) as (typeof MENUS)[number][];

/** `GET /api/admin/workspace/{id}`: the workspace with everything the details page shows; 404 when unknown. */
export async function workspaceDetails(ctx: Ctx, workspaceId: string): Promise<TWorkspaceDetails> {
  requireOperator(ctx);
  const now = ctx.clock.now();
  return ctx.platform({ action: 'workspace.details', details: { workspaceId } }, async (tx) => {
    const [row] = await repo.listWorkspaces(
      tx,
      { id: workspaceId, sort: 'NAME', expiringWithinDays: CONTRACT_EXPIRING_DAYS },
      { pageNo: 0, pageSize: 1, offset: 0, limit: 1 },
    );
    if (!row) throw errors.notFound('WORKSPACE');
    const [hq, admins, invitation, flags, credits, lastActivity, menus, whitelistCount, previous] = [
      row.head_quarter_branch_id ? await repo.unitName(tx, workspaceId, row.head_quarter_branch_id) : null,
      await repo.admins(tx, workspaceId),
      await repo.firstAdminInvitation(tx, workspaceId),
      await repo.flagsOn(tx, workspaceId),
      await repo.courseCredits(tx, workspaceId),
      await repo.lastActivity(tx, workspaceId),
      await repo.menus(tx, workspaceId),
      await repo.whitelistCount(tx, workspaceId),
      await repo.previousHosts(tx, workspaceId),
    ] as const;
    const set = new Map(menus.map((m) => [m.menu, m.enabled]));
    return {
      ...toSummary(row, now, CONTRACT_EXPIRING_DAYS),
      headquarterName: hq,
      admins: admins.map((a) => ({
        userId: a.user_id,
        email: a.email,
        firstName: a.first_name,
        lastName: a.last_name,
        role: a.role as TWorkspaceRole,
        active: a.active,
        lastSignInAt: iso(a.last_sign_in_at),
      })),
      firstAdminInvitation: invitation
        ? {
            email: invitation.email ?? '',
            state: invitation.used_at
              ? 'ACCEPTED'
              : invitation.revoked_at || invitation.expired
                ? 'EXPIRED'
                : 'PENDING',
            mailState: invitation.mail_status,
            sentAt: iso(invitation.last_sent_at),
            expiresAt: iso(invitation.expires_at)!,
          }
        : null,
      featureFlags: flags,
      courseCredits: credits.map((c) => ({
        courseId: c.course_id,
        title: c.title,
        credits: Number(c.credits),
        used: Number(c.used),
      })),
      lastActivityAt: iso(lastActivity),
      navigation: WORKSPACE_MENUS.map((menu) => ({ menu, enabled: set.get(menu) ?? true })),
      whitelistCount,
      adminIpRanges: row.admin_ip_ranges ?? [],
      previousHosts: previous.map((p) => ({ host: p.host, until: iso(p.until)! })),
      retiredAt: iso(row.retired_at),
    };
  });
}
