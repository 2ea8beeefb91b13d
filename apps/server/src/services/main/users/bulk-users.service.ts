import {
  DELETE_FILE_COLUMNS,
  type TBulkCreateRowStatus,
  type TBulkCreateUsersResponse,
  type TBulkRowError,
  type TDeleteByFileResponse,
  type TDeleteFileIdentifier,
  type TErrorParams,
  type TWhiteLabel,
  ZWorkspaceRole,
} from '@app/contract';
import type { AdminScope } from '../../../core/admin-scope.ts';
import { type Ctx, principalOf } from '../../../core/context.ts';
import { escalateToPlatform, lockWorkspace } from '../../../core/db/tenant.ts';
import { AppError, errors } from '../../../core/errors.ts';
import { emit } from '../../../core/events.ts';
import type { NewJob } from '../../../core/jobs.ts';
import { type Brand, mailLanguage, messagesFor, offerOf, renderMail } from '../../../core/messages/index.ts';
import {
  accountLanguage,
  accountLanguages,
  workspaceBrand,
  workspaceSwitches,
} from '../../../core/messages/messages.repo.ts';
import { readSpreadsheet, type SpreadsheetLimits } from '../../../core/spreadsheets.ts';
import {
  analyse,
  BULK_FILE_LIMITS,
  type BulkUpload,
  type CheckedRow,
  refuseInvalidRows,
} from '../invites/bulk-invites.service.ts';
import { assertPlaces } from '../invites/invites.service.ts';
import * as bulkRepo from './bulk-users.repo.ts';
import * as repo from './users.repo.ts';
import { deleteRefusal, deleteUsers, manager, removesLastAdmin } from './users.service.ts';

const bulkSignUpOff = () =>
  new AppError(
    403,
    'BULK_SIGNUP_DISABLED',
    'Creating accounts from a file is switched off for this workspace. An administrator can switch on "Bulk sign-up" in the settings; until then, send invitations.',
  );

/** A row to act on: its checks, its fate, and the account it will be a member with (once known). */
type Planned = { row: CheckedRow; status: TBulkCreateRowStatus; key: string | null; accountId: string | null };

/**
 * `POST /api/user/create/bulk[?dryRun=true]`: makes everyone in the file a member, all or nothing
 * (`mode` VALID_ROWS: the invalid rows are left out and reported, the valid ones created).
 * The rows are checked by the bulk invitation's `analyse`; then a person who is a member already is
 * skipped (so the same file twice creates nobody twice), one with a pending invitation becomes a
 * member and the invitation is used up, anyone else becomes a new member: of the account they
 * already have (a member of another workspace: only a membership is added, its name and password
 * are never touched) or of a new account without a password, which signs in with a code and then
 * completes /first-login. Any invalid row → 400 (403 when it reaches beyond the caller's unit or
 * role); more new members than places left → 409; otherwise set-based inserts in one transaction
 * with the workspace row locked, one audit entry, and the welcome messages after the commit. A dry
 * run answers what the real call would do and writes nothing.
 */
export async function createBulk(ctx: Ctx, upload: BulkUpload, dryRun: boolean): Promise<TBulkCreateUsersResponse> {
  const m = manager(ctx);
  const mode = upload.mode ?? 'ALL_OR_NOTHING';
  // Creating members directly replaces (and uses up) invitations: both permissions are needed.
  if (!principalOf(ctx).permissions.has('invites.manage')) throw errors.forbidden('CREATE_USERS_FROM_FILE');
  const { response } = await ctx.tenant(async (tx) => {
    await lockWorkspace(tx, m.workspaceId);
    const ws = await bulkRepo.bulkSignUp(tx, m.workspaceId);
    if (!ws?.enabled) throw bulkSignUpOff();
    const a = await analyse(tx, m, upload);
    // Accounts live across workspaces: finding the ones these people already have needs the
    // platform role for the rest of this transaction (audited, except in a dry run, which writes nothing).
    await escalateToPlatform(tx, {
      action: 'users.bulk_create',
      actorAccountId: m.accountId,
      traceId: ctx.traceId,
      ip: ctx.ip,
      audit: !dryRun,
      details: { workspaceId: m.workspaceId },
    });
    const plan = await planCreation(tx, a.rows);
    const errorsFound = plan.flatMap((p) => (p.status === 'INVALID' ? p.row.errors : []));
    const invalidRows = plan.filter((p) => p.status === 'INVALID').length;
    const created = plan.filter((p) => p.status === 'CREATED');
    const converted = plan.filter((p) => p.status === 'FROM_INVITATION');
    const response: TBulkCreateUsersResponse = {
      dryRun,
      mode,
      totalRows: plan.length,
      created: created.length,
      fromInvitations: converted.length,
      skipped: plan.filter((p) => p.status === 'ALREADY_MEMBER').length,
      invalidRows,
      errors: errorsFound,
      placesLeft: a.places?.left ?? null,
      rows: plan.map((p) => ({
        rowNumber: p.row.rowNumber,
        email: p.row.invite?.email ?? p.row.invite?.contactNumber ?? (p.row.values.email || null),
        status: p.status,
      })),
    };
    if (dryRun) return { response };

    // VALID_ROWS: the invalid rows are left out (reported above); the valid ones go on, in this one transaction.
    if (mode === 'ALL_OR_NOTHING') refuseInvalidRows(errorsFound, invalidRows, 'created');
    // A converted invitation's place passes to its membership: only new members need one.
    assertPlaces(a.places, created.length);
    const joining = [...created, ...converted];
    const fresh = joining.filter((p) => !p.accountId);
    const inserted = await repo.insertAccounts(
      tx,
      fresh.map((p) => ({
        email: p.row.invite!.email,
        contactNumber: p.row.invite!.contactNumber,
        firstName: p.row.invite!.firstName,
        lastName: p.row.invite!.lastName,
      })),
    );
    if (inserted.length !== fresh.length) throw new Error('bulk account insert wrote a different number of rows');
    fresh.forEach((p, i) => {
      p.accountId = inserted[i]!.id;
    });
    const members = await repo.insertMemberships(
      tx,
      m.workspaceId,
      joining.map((p) => ({
        accountId: p.accountId!,
        role: p.row.invite!.role,
        branchId: p.row.invite!.branchId,
        departmentId: p.row.invite!.departmentId,
        designation: p.row.invite!.designation,
        employeeId: p.row.invite!.employeeId,
        dateOfJoining: p.row.invite!.dateOfJoining,
      })),
      m.accountId,
    );
    if (members.length !== joining.length) throw new Error('bulk membership insert wrote a different number of rows');
    // The modules hear of the joiners in this transaction (core event; learning's auto-assign rules enrol them).
    await emit(ctx, tx, 'member.joined', { workspaceId: m.workspaceId, accountIds: joining.map((p) => p.accountId!) });
    await repo.useInvitations(
      tx,
      m.workspaceId,
      converted.map((p) => ({ key: p.key!, accountId: p.accountId! })),
    );
    if (joining.length) {
      await ctx.audit('user.bulk_created', 'bulk', {
        after: {
          count: joining.length,
          newAccounts: fresh.length,
          fromInvitations: converted.length,
          skipped: response.skipped,
          invalid: invalidRows,
          mode,
        },
        rows: joining.slice(0, 200).map((p) => p.key),
      });
    }
    // The welcome messages commit with the accounts, or neither does; workers deliver them. Each is
    // in the person's language, else the uploader's (a new account has none yet), else English.
    const brand = await workspaceBrand(tx, ctx.origin, m.workspaceId);
    const switches = await workspaceSwitches(tx, m.workspaceId);
    const own = await accountLanguages(
      tx,
      joining.map((p) => p.accountId!),
    );
    const uploader = await accountLanguage(tx, m.accountId);
    await ctx.jobs.enqueueAll(
      tx,
      joining.map((p) =>
        welcomeMessage(
          ctx,
          m.workspaceId,
          brand,
          switches,
          own.get(p.accountId!) ?? uploader,
          p.accountId!,
          p.row.invite!,
        ),
      ),
    );
    return { response };
  });
  return response;
}

/**
 * Decides each checked row's fate and finds the accounts the people already have (matched by email,
 * else phone). A new account must not take a phone number another account (or an earlier row) has,
 * and two rows must not be the same account: such rows become invalid, with the reason.
 */
async function planCreation(tx: Parameters<typeof repo.findAccountsByAddress>[0], rows: CheckedRow[]) {
  const plan: Planned[] = rows.map((row) => ({
    row,
    status:
      row.status === 'INVALID'
        ? 'INVALID'
        : row.status === 'ALREADY_MEMBER'
          ? 'ALREADY_MEMBER'
          : row.status === 'ALREADY_INVITED'
            ? 'FROM_INVITATION'
            : 'CREATED',
    key: row.invite ? (row.invite.email ?? row.invite.contactNumber) : null,
    accountId: null,
  }));
  const joining = plan.filter((p) => p.status === 'CREATED' || p.status === 'FROM_INVITATION');
  const found = await repo.findAccountsByAddress(
    tx,
    joining.flatMap((p) => (p.row.invite!.email ? [p.row.invite!.email] : [])),
    joining.flatMap((p) => (p.row.invite!.contactNumber ? [p.row.invite!.contactNumber] : [])),
  );
  const byEmail = new Map(found.flatMap((f) => (f.email ? [[f.email, f.id] as const] : [])));
  const byPhone = new Map(found.flatMap((f) => (f.contact_number ? [[f.contact_number, f.id] as const] : [])));
  const accountRow = new Map<string, number>();
  const phoneRow = new Map<string, number>();
  for (const p of joining) {
    const { email, contactNumber } = p.row.invite!;
    const fail = (column: string, value: string, code: string, reason: string, params?: TErrorParams) => {
      p.row.errors.push({
        rowNumber: p.row.rowNumber,
        column,
        value,
        reason,
        code,
        ...(params ? { params } : {}),
      } satisfies TBulkRowError);
      p.status = 'INVALID';
    };
    const existing = email ? byEmail.get(email) : byPhone.get(contactNumber!);
    if (existing) {
      const earlier = accountRow.get(existing);
      if (earlier !== undefined) {
        fail('Phone number', contactNumber ?? '', 'ROW_SAME_PERSON', `Is the same person as row ${earlier}`, {
          row: earlier,
        });
      } else {
        accountRow.set(existing, p.row.rowNumber);
        p.accountId = existing;
      }
      continue;
    }
    if (!contactNumber) continue;
    const earlier = phoneRow.get(contactNumber);
    if (byPhone.has(contactNumber)) {
      fail(
        'Phone number',
        contactNumber,
        'ROW_PHONE_TAKEN',
        'Another account uses this phone number; leave it out or correct it',
      );
    } else if (earlier !== undefined) {
      fail('Phone number', contactNumber, 'ROW_DUPLICATE', `Appears already in row ${earlier}`, { row: earlier });
    } else phoneRow.set(contactNumber, p.row.rowNumber);
  }
  return plan;
}

/**
 * The mail (or SMS, for a person without an email address) telling a new member where to sign in.
 * The same words whether the account is new or not, so that the message reveals nothing about
 * other workspaces.
 */
function welcomeMessage(
  ctx: Ctx,
  workspaceId: string,
  brand: Brand,
  switches: TWhiteLabel,
  language: string | null,
  accountId: string,
  to: { email: string | null; contactNumber: string | null; firstName: string },
): NewJob {
  const link = `${ctx.origin}/identify`;
  // One welcome per account and workspace.
  const key = `welcome:${workspaceId}:${accountId}`;
  const texts = messagesFor(brand, language);
  if (to.email) {
    const email = to.email;
    return {
      queue: 'mail.send',
      key,
      data: {
        workspaceId,
        to: email,
        // Plain text with its branding (one of up to 50,000): the worker makes the HTML.
        ...textOf(
          renderMail(
            brand,
            texts.accountCreated({
              company: brand.name,
              firstName: to.firstName,
              link,
              email,
              offer: offerOf(mailLanguage(brand, language), switches),
            }),
            language,
          ),
        ),
        brand,
        language,
      },
    };
  }
  return {
    queue: 'sms.send',
    key,
    data: {
      workspaceId,
      to: to.contactNumber!,
      text: texts.accountCreatedSms({ company: brand.name, link }),
    },
  };
}

const textOf = ({ subject, text }: { subject: string; text: string }) => ({ subject, text });

/** How a delete file's identifier columns are named in answers. */
const IDENTIFIER_LABELS: Record<TDeleteFileIdentifier, string> = {
  email: 'Email',
  username: 'Username',
  employeeId: 'Employee ID',
};
const headerKey = (h: string) => h.toLowerCase().replace(/[\s_\-.]+/g, '');

type DeleteProblem = TDeleteByFileResponse['problems'][number] & {
  kind: 'INVALID' | 'NOT_FOUND' | 'FORBIDDEN' | 'CONFLICT';
};

/**
 * Reads a file naming users to delete: the header row marks the Email, Username and Employee ID
 * columns (any of them); each row is matched by the first of those it fills. Returns the users it
 * names and every row that cannot be acted on — unknown (or outside the caller's unit, which reads
 * the same), matching several users, named twice, the caller, beyond the caller's role, or the last
 * workspace admin. Writes nothing.
 */
async function planDeletion(ctx: Ctx, m: AdminScope, path: string, limits: SpreadsheetLimits, preview: boolean) {
  return ctx.tenant(async (tx) => {
    let columns: Array<{ kind: TDeleteFileIdentifier; index: number }> | null = null;
    const entries: Array<{ rowNumber: number; kind: TDeleteFileIdentifier | null; value: string }> = [];
    for await (const { rowNumber, cells } of readSpreadsheet(path, limits)) {
      if (!columns) {
        const found = (Object.keys(DELETE_FILE_COLUMNS) as TDeleteFileIdentifier[]).flatMap((kind) => {
          const index = cells.findIndex((h) => (DELETE_FILE_COLUMNS[kind] as readonly string[]).includes(headerKey(h)));
          return index >= 0 ? [{ kind, index }] : [];
        });
        if (!found.length) {
          throw new AppError(
            400,
            'VALIDATION_FAILED',
            'Row 1 must name the column that identifies the users: Email, Username or Employee ID.',
            { details: [{ path: 'file', message: 'No Email, Username or Employee ID column' }] },
          );
        }
        columns = found;
        continue;
      }
      const hit = columns.find((c) => (cells[c.index] ?? '') !== '');
      entries.push({ rowNumber, kind: hit?.kind ?? null, value: hit ? cells[hit.index]! : '' });
    }
    const values = (kind: TDeleteFileIdentifier) =>
      entries.flatMap((e) => (e.kind === kind ? [kind === 'employeeId' ? e.value : e.value.toLowerCase()] : []));
    const users = await repo.findUsersByIdentifiers(tx, m.workspaceId, {
      emails: values('email'),
      usernames: values('username'),
      employeeIds: values('employeeId'),
    });
    const admins = await repo.lockActiveAdmins(tx, m.workspaceId);
    const problems: DeleteProblem[] = [];
    const matched: Array<{ rowNumber: number; user: repo.UserRow; column: string; value: string }> = [];
    const rowOfUser = new Map<string, number>();
    for (const e of entries) {
      const column = e.kind ? IDENTIFIER_LABELS[e.kind] : '';
      const problem = (kind: DeleteProblem['kind'], code: string, reason: string, params?: TErrorParams) =>
        problems.push({
          rowNumber: e.rowNumber,
          column,
          value: e.value,
          reason,
          code,
          ...(params ? { params } : {}),
          kind,
        });
      if (!e.kind) {
        problem('INVALID', 'ROW_NO_IDENTIFIER', 'Give an email, username or employee ID');
        continue;
      }
      const wanted = e.kind === 'employeeId' ? e.value : e.value.toLowerCase();
      const candidates = users.filter((u) =>
        e.kind === 'email'
          ? u.userEmail?.toLowerCase() === wanted
          : e.kind === 'username'
            ? u.username?.toLowerCase() === wanted
            : u.employeeId === wanted,
      );
      const reachable = candidates.filter((u) => deleteRefusal(m, u.userId, u)?.kind !== 'NOT_FOUND');
      if (reachable.length === 0) {
        problem('NOT_FOUND', `ROW_NO_USER_${e.kind.toUpperCase()}`, `No user has this ${column.toLowerCase()}`);
        continue;
      }
      if (reachable.length > 1) {
        problem(
          'INVALID',
          'ROW_SEVERAL_USERS',
          `${reachable.length} users have this employee ID; name them by email or username`,
          { count: reachable.length },
        );
        continue;
      }
      const user = reachable[0]!;
      const refused = deleteRefusal(m, user.userId, user);
      if (refused) {
        problem(refused.kind === 'FORBIDDEN' ? 'FORBIDDEN' : 'CONFLICT', refused.code, sentence(refused.reason));
        continue;
      }
      const earlier = rowOfUser.get(user.userId);
      if (earlier !== undefined) {
        problem('INVALID', 'ROW_SAME_USER', `Names the same user as row ${earlier}`, { row: earlier });
        continue;
      }
      rowOfUser.set(user.userId, e.rowNumber);
      matched.push({ rowNumber: e.rowNumber, user, column, value: e.value });
    }
    if (
      removesLastAdmin(
        admins,
        matched.map((x) => x.user),
      )
    ) {
      for (const x of matched.filter((x) => x.user.role === 'WORKSPACE_ADMIN' && x.user.active)) {
        problems.push({
          rowNumber: x.rowNumber,
          column: x.column,
          value: x.value,
          reason: 'Would remove the last active workspace admin; make someone else a workspace admin first',
          code: 'ROW_LAST_ADMIN',
          kind: 'CONFLICT',
        });
      }
    }
    problems.sort((p, q) => p.rowNumber - q.rowNumber);
    const refusedRows = new Set(problems.map((p) => p.rowNumber));
    const deletable = matched.filter((x) => !refusedRows.has(x.rowNumber));
    // A preview shows an administrator who the file names (their names, addresses and roles): a read worth recording.
    if (preview) {
      await ctx.audit('users.delete_by_file.previewed', null, {
        totalRows: entries.length,
        matched: deletable.map((x) => x.user.userId),
        problems: problems.length,
      });
    }
    return { totalRows: entries.length, problems, matched: deletable };
  });
}

const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * `POST /api/user/delete/bulk/file[?dryRun=true]`: deletes the users a file names, all or nothing.
 * The dry run lists who would be deleted and every row that stands in the way. The real call refuses
 * (nothing deleted) when any row does — 403 when a row is beyond the caller's role, 409 for the
 * caller itself or the last admin, 400 for a row naming nobody, several users or a user twice, else
 * 404 (users unknown, or outside the caller's unit) — and otherwise deletes through `deleteUsers`, the same
 * command as `POST /api/user/delete/bulk` (which checks everything again under its locks).
 */
export async function deleteByFile(
  ctx: Ctx,
  upload: { path: string; limits?: SpreadsheetLimits },
  dryRun: boolean,
): Promise<TDeleteByFileResponse> {
  const m = manager(ctx);
  const plan = await planDeletion(ctx, m, upload.path, upload.limits ?? BULK_FILE_LIMITS, dryRun);
  const answer: TDeleteByFileResponse = {
    dryRun,
    totalRows: plan.totalRows,
    matched: plan.matched.map(({ rowNumber, user }) => ({
      rowNumber,
      userId: user.userId,
      firstName: user.firstName,
      lastName: user.lastName,
      userEmail: user.userEmail,
      username: user.username,
      employeeId: user.employeeId,
      branchName: user.branchName,
      role: ZWorkspaceRole.parse(user.role),
    })),
    problems: plan.problems.map(({ kind: _, ...p }) => p),
    deleted: [],
  };
  if (dryRun) return answer;
  if (plan.problems.length) {
    const kinds = new Set(plan.problems.map((p) => p.kind));
    const [status, code] = kinds.has('FORBIDDEN')
      ? ([403, 'FORBIDDEN'] as const)
      : kinds.has('CONFLICT')
        ? ([409, 'DELETE_REFUSED'] as const)
        : kinds.has('INVALID')
          ? ([400, 'BULK_INVALID_ROWS'] as const)
          : ([404, 'NOT_FOUND'] as const);
    const n = plan.problems.length;
    throw new AppError(
      status,
      code,
      `Nothing was deleted: ${n === 1 ? 'one row names' : `${n} rows name`} no user you can delete. Correct the file and upload it again.`,
      {
        params: { reason: 'DELETE_FILE_REFUSED', count: n },
        details: plan.problems.slice(0, 1000).map((p) => ({
          path: `row ${p.rowNumber}.${p.column}`,
          message: p.reason,
          code: p.code,
          params: { ...p.params, row: p.rowNumber, column: p.column },
        })),
      },
    );
  }
  if (!plan.matched.length) throw new AppError(400, 'EMPTY_FILE', 'The file names no users.');
  const { deleted } = await deleteUsers(
    ctx,
    plan.matched.map((x) => x.user.userId),
  );
  return { ...answer, deleted };
}
