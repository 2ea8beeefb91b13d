import type { Writable } from 'node:stream';
import {
  BULK_INVITE_FIELDS,
  PHONE_EXAMPLES,
  parsePhone,
  roleFromWords,
  type TBulkFileMappingsResponse,
  type TBulkInviteField,
  type TBulkInviteMapping,
  type TBulkInviteMode,
  type TBulkInviteResponse,
  type TBulkRowError,
  type TBulkValidateResponse,
  type TErrorParams,
  type TWorkspaceRole,
  ZBulkInviteMode,
  ZEmail,
  ZWorkspaceRole,
} from '@app/contract';
import ExcelJS from 'exceljs';
import { type AdminScope, grantParams, grantRefusal, inScope, isGrantRefusal } from '../../../core/admin-scope.ts';
import type { Ctx } from '../../../core/context.ts';
import { hashToken, newToken } from '../../../core/crypto.ts';
import type { Tx } from '../../../core/db/database.ts';
import { lockWorkspace } from '../../../core/db/tenant.ts';
import { AppError } from '../../../core/errors.ts';
import { workspaceOverrides } from '../../../core/permissions.ts';
import { phoneCountry } from '../../../core/phone.ts';
import {
  DEFAULT_SPREADSHEET_LIMITS,
  neutraliseCell,
  readSpreadsheet,
  type SpreadsheetLimits,
  writeXlsx,
} from '../../../core/spreadsheets.ts';
import * as repo from './invites.repo.ts';
import {
  assertPlaces,
  invitationExpiry,
  invitationLanguage,
  invitationMessage,
  invitationTemplate,
  type Places,
  placesOf,
  scopeOf,
} from './invites.service.ts';

/**
 * An uploaded file on disk (never held in memory whole), the browser's column numbers and, for
 * sending, what to do with invalid rows (all or nothing by default).
 */
export type BulkUpload = {
  path: string;
  mapping: TBulkInviteMapping;
  limits?: SpreadsheetLimits;
  mode?: TBulkInviteMode;
};

/**
 * The multipart field `mode` of a bulk upload (invitations, users created from a file): absent →
 * undefined (ALL_OR_NOTHING), otherwise ALL_OR_NOTHING or VALID_ROWS, else 400.
 */
export function parseMode(mode: string | undefined): TBulkInviteMode | undefined {
  if (mode === undefined) return undefined;
  const parsed = ZBulkInviteMode.safeParse(mode.trim());
  if (parsed.success) return parsed.data;
  throw new AppError(400, 'VALIDATION_FAILED', `Check mode: use ${ZBulkInviteMode.options.join(' or ')}`, {
    details: [{ path: 'mode', message: `use ${ZBulkInviteMode.options.join(' or ')}` }],
  });
}

/** Size and row limits of every bulk file (invitations, users to create or delete). */
export const BULK_FILE_LIMITS: SpreadsheetLimits = DEFAULT_SPREADSHEET_LIMITS;

/** How a field is named in messages and the report. */
const LABELS: Record<TBulkInviteField, string> = {
  email: 'Email',
  firstName: 'First name',
  lastName: 'Last name',
  employeeId: 'Employee ID',
  gender: 'Gender',
  department: 'Department',
  designation: 'Designation',
  branch: 'Business unit',
  role: 'Role',
  homeAddress: 'Home address',
  phoneNumber: 'Phone number',
  dateOfJoining: 'Date of joining',
};
const MAX_LENGTH: Partial<Record<TBulkInviteField, number>> = {
  firstName: 100,
  lastName: 100,
  employeeId: 64,
  gender: 32,
  designation: 120,
  homeAddress: 500,
};

/**
 * Reads the multipart fields into column numbers: each a whole number from 1 (column A); unknown
 * field names, and files without a first name and an email or phone column, are refused (400).
 */
export function parseMapping(fields: Record<string, string>): TBulkInviteMapping {
  const mapping: TBulkInviteMapping = {};
  const details: Array<{ path: string; message: string }> = [];
  for (const [name, raw] of Object.entries(fields)) {
    if (!(BULK_INVITE_FIELDS as readonly string[]).includes(name)) {
      details.push({ path: name, message: `is not a field of an invitation (use ${BULK_INVITE_FIELDS.join(', ')})` });
      continue;
    }
    const value = raw.trim();
    if (value === '') continue;
    if (!/^\d{1,4}$/.test(value) || Number(value) < 1) {
      details.push({ path: name, message: 'must be a column number, counting from 1 (column A)' });
      continue;
    }
    mapping[name as TBulkInviteField] = Number(value);
  }
  if (!details.length && mapping.firstName === undefined) {
    details.push({ path: 'firstName', message: 'Choose the column with the first name' });
  }
  if (!details.length && mapping.email === undefined && mapping.phoneNumber === undefined) {
    details.push({ path: 'email', message: 'Choose the column with the email address or the phone number' });
  }
  if (details.length) {
    const first = details[0]!;
    throw new AppError(400, 'VALIDATION_FAILED', `Check ${first.path}: ${first.message}`, { details });
  }
  return mapping;
}

type Values = Record<TBulkInviteField, string>;
/** A checked row's person, as an invitation (or a direct membership) would record them. */
export type NewInvitation = {
  email: string | null;
  contactNumber: string | null;
  firstName: string;
  lastName: string;
  role: TWorkspaceRole;
  branchId: string;
  departmentId: string | null;
  designation: string | null;
  employeeId: string | null;
  gender: string | null;
  homeAddress: string | null;
  dateOfJoining: string | null;
};
/** One data row after the checks: NEW, or skipped (already invited or a member), or INVALID with its errors. */
export type CheckedRow = {
  rowNumber: number;
  values: Values;
  status: 'INVALID' | 'NEW' | 'ALREADY_INVITED' | 'ALREADY_MEMBER';
  errors: TBulkRowError[];
  invite: NewInvitation | null;
  /** Every cell of an INVALID row as read (for the file of rows to fix); null for the others. */
  cells: string[] | null;
};
export type Analysis = { header: string[]; rows: CheckedRow[]; places: Places | null };

/** Reads the file's header and first rows, for the mapping step. */
export async function fileMappings(ctx: Ctx, upload: BulkUpload): Promise<TBulkFileMappingsResponse> {
  scopeOf(ctx);
  let format: TBulkFileMappingsResponse['format'] = 'csv';
  let header: string[] = [];
  const sampleRows: string[][] = [];
  for await (const row of readSpreadsheet(upload.path, upload.limits ?? BULK_FILE_LIMITS)) {
    format = row.format;
    if (!header.length) header = row.cells;
    else sampleRows.push(row.cells);
    if (sampleRows.length === 5) break;
  }
  return {
    format,
    columns: header.map((h, i) => ({ columnNumber: i + 1, header: h })),
    sampleRows: sampleRows.map((r) => header.map((_, i) => r[i] ?? '')),
  };
}

/** NUL, or half of a UTF-16 surrogate pair: text PostgreSQL cannot store. */
const UNSTORABLE = /\0|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** A reason about who asks (a file reaching beyond the caller's unit); see also `isGrantRefusal`. */
export const OUTSIDE_UNIT = 'You administer only your own business unit';

const normalName = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();

/** A calendar date as YYYY-MM-DD, or null when there is no such day. */
function isoDate(year: number, month: number, day: number): string | null {
  const s = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s ? s : null;
}

/**
 * A date of joining as the workspace's people write it, as YYYY-MM-DD (null: not a date). ISO
 * (YYYY-MM-DD) is always accepted; an Indian workspace also writes DD/MM/YYYY (with /, - or .
 * between, one- or two-digit day and month). A Canadian workspace: ISO only, which is the usual
 * short form of both en-CA and fr-CA; 03/04/2026 is read either way in Canada, so it is refused.
 */
export function joiningDate(value: string, country: 'IN' | 'CA'): string | null {
  const s = value.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s);
  if (iso) return isoDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const dmy = country === 'IN' ? /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4})$/.exec(s) : null;
  return dmy ? isoDate(Number(dmy[4]), Number(dmy[3]), Number(dmy[1])) : null;
}

/** The roles in words, as the role error names them. */
export const ROLE_NAMES = 'Employee, Business unit admin, Employer or Workspace admin';

/**
 * Reads every row and checks it against the workspace: formats, required fields, duplicates in the
 * file, business unit and department names, roles the caller may give, existing members and pending
 * invitations. Runs inside the caller's transaction; writes nothing.
 */
export async function analyse(tx: Tx, scope: AdminScope, upload: BulkUpload): Promise<Analysis> {
  const { unitRows, deptRows } = await repo.unitsAndDepartments(tx, scope.workspaceId);
  const country = await phoneCountry(tx, scope.workspaceId);
  // Which roles the caller may give, decided once for the whole file (the same rule as one invitation).
  const overrides = await workspaceOverrides(tx, scope.workspaceId);
  const refusal = new Map(ZWorkspaceRole.options.map((r) => [r, grantRefusal(scope, r, overrides)]));
  const units = new Map(unitRows.map((b) => [normalName(b.name), b]));
  const depts = new Map(deptRows.map((d) => [`${d.branchId}/${normalName(d.name)}`, d]));
  const defaultUnit =
    scope.scope.kind !== 'workspace'
      ? unitRows.find((b) => inScope(scope, b.id))
      : (unitRows.find((b) => b.headquarter) ?? unitRows[0]);
  const mapping = upload.mapping;
  const mapped = BULK_INVITE_FIELDS.filter((f) => mapping[f] !== undefined);

  let header: string[] = [];
  const rows: CheckedRow[] = [];
  const firstRowOf = new Map<string, number>();
  for await (const { rowNumber, cells } of readSpreadsheet(upload.path, upload.limits ?? BULK_FILE_LIMITS)) {
    if (!header.length) {
      header = cells;
      const beyond = mapped.filter((f) => mapping[f]! > header.length);
      if (beyond.length) {
        throw new AppError(
          400,
          'VALIDATION_FAILED',
          `The file has ${header.length} columns; ${beyond.map((f) => `${f} names column ${mapping[f]}`).join(', ')}.`,
          { details: beyond.map((f) => ({ path: f, message: `There is no column ${mapping[f]}` })) },
        );
      }
      continue;
    }
    const values = {} as Values;
    for (const f of BULK_INVITE_FIELDS) values[f] = mapping[f] ? (cells[mapping[f] - 1] ?? '') : '';
    const errors: TBulkRowError[] = [];
    const fail = (field: TBulkInviteField, code: string, reason: string, params?: TErrorParams) =>
      errors.push({
        rowNumber,
        column: LABELS[field],
        value: values[field],
        reason,
        code,
        ...(params ? { params } : {}),
      });

    for (const f of mapped) {
      if (UNSTORABLE.test(values[f])) {
        fail(f, 'ROW_BAD_CHARACTER', 'Contains a character that is not allowed (NUL or a broken character)');
        values[f] = '';
      }
    }
    let email: string | null = null;
    if (values.email) {
      const r = ZEmail.safeParse(values.email);
      if (r.success) email = r.data.toLowerCase();
      else fail('email', 'ROW_BAD_EMAIL', r.error.issues[0]?.message ?? 'Not an email address');
    }
    let contactNumber: string | null = null;
    if (values.phoneNumber) {
      // The workspace's national way (98123 45678 in India) or with a country code; kept in E.164.
      const r = parsePhone(values.phoneNumber, country);
      if (r.ok) contactNumber = r.e164;
      else
        fail(
          'phoneNumber',
          'ROW_BAD_PHONE',
          `Not a phone number; write it like ${PHONE_EXAMPLES[country].national} or ${PHONE_EXAMPLES[country].international}`,
          { example: PHONE_EXAMPLES[country].national },
        );
    }
    if (!values.email && !values.phoneNumber)
      fail('email', 'ROW_EMAIL_OR_PHONE', 'Give an email address or a phone number');
    if (!values.firstName) fail('firstName', 'ROW_FIRST_NAME_MISSING', 'Enter the first name');
    for (const [f, max] of Object.entries(MAX_LENGTH) as Array<[TBulkInviteField, number]>) {
      if (values[f].length > max) fail(f, 'ROW_TOO_LONG', `At most ${max} characters`, { max });
    }
    let role: TWorkspaceRole | null = 'EMPLOYEE';
    if (values.role) {
      // Its code or its name in any of the seven languages, as the app shows it (one table, in the contract).
      role = roleFromWords(values.role);
      if (!role) fail('role', 'ROW_BAD_ROLE', `Role must be ${ROLE_NAMES}`, { roles: ROLE_NAMES });
    }
    // Checked for the default EMPLOYEE too: the matrix may give it a permission the caller lacks.
    const refused = role && refusal.get(role);
    if (refused) fail('role', refused.code, refused.reason, grantParams(refused, role!));
    let unit = defaultUnit;
    if (values.branch) {
      unit = units.get(normalName(values.branch));
      if (!unit) fail('branch', 'ROW_UNKNOWN_UNIT', 'No business unit has this name');
      else if (!inScope(scope, unit.id)) {
        fail('branch', 'ROW_OUTSIDE_UNIT', OUTSIDE_UNIT);
        unit = undefined;
      }
    } else if (!unit) fail('branch', 'ROW_UNIT_MISSING', 'Name the business unit');
    let departmentId: string | null = null;
    if (values.department && unit) {
      const d = depts.get(`${unit.id}/${normalName(values.department)}`);
      if (d) departmentId = d.id;
      else
        fail('department', 'ROW_UNKNOWN_DEPARTMENT', `No department of ${unit.name} has this name`, {
          unit: unit.name,
        });
    }
    const dateOfJoining = values.dateOfJoining ? joiningDate(values.dateOfJoining, country) : null;
    if (values.dateOfJoining && !dateOfJoining) {
      if (country === 'IN') fail('dateOfJoining', 'ROW_BAD_DATE_IN', 'Use a date in the form DD/MM/YYYY or YYYY-MM-DD');
      else fail('dateOfJoining', 'ROW_BAD_DATE', 'Use a date in the form YYYY-MM-DD');
    }
    const key = email ?? contactNumber;
    if (key && !errors.length) {
      const earlier = firstRowOf.get(key);
      if (earlier !== undefined) {
        fail(email ? 'email' : 'phoneNumber', 'ROW_DUPLICATE', `Appears already in row ${earlier}`, { row: earlier });
      } else firstRowOf.set(key, rowNumber);
    }
    rows.push({
      rowNumber,
      values,
      status: errors.length ? 'INVALID' : 'NEW',
      errors,
      cells: errors.length ? cells : null,
      invite: errors.length
        ? null
        : {
            email,
            contactNumber,
            firstName: values.firstName,
            lastName: values.lastName,
            role: role!,
            branchId: unit!.id,
            departmentId,
            designation: values.designation || null,
            employeeId: values.employeeId || null,
            gender: values.gender || null,
            homeAddress: values.homeAddress || null,
            dateOfJoining,
          },
    });
  }
  if (!header.length) throw new AppError(400, 'EMPTY_FILE', 'The file has no rows.');

  // Who is already here: one query for members, one for pending invitations.
  const emails = rows.flatMap((r) => (r.invite?.email ? [r.invite.email] : []));
  const phones = rows.flatMap((r) =>
    r.invite && !r.invite.email && r.invite.contactNumber ? [r.invite.contactNumber] : [],
  );
  const { members, pending } = await repo.membersAndInvited(tx, scope.workspaceId, emails, phones);
  const keys = (list: typeof members) => new Set(list.flatMap((m) => [m.email, m.contact_number].filter(Boolean)));
  const memberKeys = keys(members);
  const pendingKeys = keys(pending);
  for (const r of rows) {
    if (!r.invite) continue;
    const key = r.invite.email ?? r.invite.contactNumber!;
    if (memberKeys.has(key)) r.status = 'ALREADY_MEMBER';
    else if (pendingKeys.has(key)) r.status = 'ALREADY_INVITED';
  }
  return { header, rows, places: await placesOf(tx, scope.workspaceId) };
}

function summary(a: Analysis): TBulkValidateResponse {
  const invalid = a.rows.filter((r) => r.status === 'INVALID');
  return {
    totalRows: a.rows.length,
    validRows: a.rows.length - invalid.length,
    invalidRows: invalid.length,
    toInvite: a.rows.filter((r) => r.status === 'NEW').length,
    errors: invalid.flatMap((r) => r.errors),
    skipped: a.rows.flatMap((r) =>
      r.status === 'ALREADY_INVITED' || r.status === 'ALREADY_MEMBER'
        ? [{ rowNumber: r.rowNumber, email: r.invite!.email ?? r.invite!.contactNumber, status: r.status }]
        : [],
    ),
    placesLeft: a.places?.left ?? null,
  };
}

/**
 * Refuses a bulk file with invalid rows, naming every error: 403 when a row reaches beyond the
 * caller's business unit or role (who asks), otherwise 400. `done` says what did not happen.
 */
export function refuseInvalidRows(errors: TBulkRowError[], invalidRows: number, done: string): void {
  if (!invalidRows) return;
  const outside = errors.some((e) => e.code === 'ROW_OUTSIDE_UNIT' || isGrantRefusal(e.code));
  throw new AppError(
    outside ? 403 : 400,
    outside ? 'FORBIDDEN' : 'BULK_INVALID_ROWS',
    `${invalidRows} row${invalidRows === 1 ? ' has' : 's have'} errors; nothing was ${done}. Correct ${invalidRows === 1 ? 'it' : 'them'} and upload the file again.`,
    {
      details: errors.slice(0, 1000).map((e) => ({
        path: `row ${e.rowNumber}.${e.column}`,
        message: e.reason,
        code: e.code,
        params: { ...e.params, row: e.rowNumber, column: e.column },
      })),
      params: { reason: `BULK_NOTHING_${done.toUpperCase()}`, count: invalidRows },
    },
  );
}

/** `POST /api/invite/bulk/validate`: checks every row; nothing is written. */
export async function validateBulk(ctx: Ctx, upload: BulkUpload): Promise<TBulkValidateResponse> {
  const scope = scopeOf(ctx);
  return summary(await ctx.tenant((tx) => analyse(tx, scope, upload)));
}

/**
 * `POST /api/invite/bulk`: all or nothing by default. Any invalid row → 400 with every error (with
 * `mode` VALID_ROWS: the invalid rows are left out and reported, the valid ones invited); more new people
 * than places left → 409; otherwise every new invitation is inserted in one set-based statement in
 * one transaction (the workspace row locked, so that concurrent imports cannot both take the last
 * places or invite the same person twice), with their messages enqueued in the same transaction. Rows whose
 * person is already invited or a member are skipped, so uploading the same file again sends nothing.
 */
export async function inviteBulk(ctx: Ctx, upload: BulkUpload): Promise<TBulkInviteResponse> {
  const scope = scopeOf(ctx);
  const mode = upload.mode ?? 'ALL_OR_NOTHING';
  const { response } = await ctx.tenant(async (tx) => {
    await lockWorkspace(tx, scope.workspaceId);
    const a = await analyse(tx, scope, upload);
    const s = summary(a);
    if (mode === 'ALL_OR_NOTHING') refuseInvalidRows(s.errors, s.invalidRows, 'sent');
    const fresh = a.rows.filter((r) => r.status === 'NEW');
    assertPlaces(a.places, fresh.length);
    const codes = fresh.map(() => newToken());
    // Every invitation of a file is in the inviter's language (null: English).
    const language = await invitationLanguage(tx, scope.workspaceId, scope.accountId);
    const expiresAt = await invitationExpiry(ctx, tx, scope.workspaceId);
    const inserted = await repo.insertMany(
      tx,
      scope.workspaceId,
      fresh.map((r, i) => ({ codeHash: hashToken(codes[i]!), invite: r.invite! })),
      scope.accountId,
      expiresAt,
      language,
    );
    if (inserted.length !== fresh.length) throw new Error('bulk insert wrote a different number of rows');
    if (fresh.length) {
      await ctx.audit('invite.bulk_created', 'bulk', {
        after: {
          count: fresh.length,
          skipped: a.rows.length - fresh.length - s.invalidRows,
          invalid: s.invalidRows,
          mode,
        },
        rows: fresh.slice(0, 200).map((r) => r.invite!.email ?? r.invite!.contactNumber),
      });
    }
    // The messages commit with the invitations, or neither does; workers deliver them.
    const idOf = new Map(inserted.map((r) => [r.code_hash, r.id]));
    const ids = codes.map((c) => idOf.get(hashToken(c))!);
    if (fresh.length) await enqueueInvitations(ctx, tx, scope.workspaceId, fresh, ids, codes, expiresAt, language);
    return {
      response: {
        mode,
        invited: fresh.length,
        skipped: a.rows.length - fresh.length - s.invalidRows,
        invalidRows: s.invalidRows,
        errors: s.errors,
        rows: a.rows.map((r) => ({
          rowNumber: r.rowNumber,
          email: r.invite ? (r.invite.email ?? r.invite.contactNumber) : r.values.email || r.values.phoneNumber || null,
          status: r.status === 'NEW' ? ('INVITED' as const) : r.status,
        })),
      },
    };
  });
  return response;
}

/** Enqueues the mails (or SMS) of a bulk import in its transaction; the template is read once. */
async function enqueueInvitations(
  ctx: Ctx,
  tx: Tx,
  workspaceId: string,
  rows: CheckedRow[],
  ids: string[],
  codes: string[],
  expiresAt: Date,
  language: string | null,
): Promise<void> {
  const template = await invitationTemplate(tx, ctx, workspaceId);
  // A thousand messages at a time (one insert statement each), so that a 50,000-row import does not
  // hold every rendered message, and their JSON, at once.
  for (let start = 0; start < rows.length; start += ENQUEUE_CHUNK) {
    const chunk = rows.slice(start, start + ENQUEUE_CHUNK);
    await ctx.jobs.enqueueAll(
      tx,
      chunk.map((r, k) =>
        invitationMessage(
          ctx,
          workspaceId,
          template,
          { ...r.invite!, id: ids[start + k]!, sendCount: 1, language },
          codes[start + k]!,
          expiresAt,
        ),
      ),
    );
  }
}

/** Messages rendered and enqueued at a time by a bulk import. */
const ENQUEUE_CHUNK = 1000;

const REPORT_STATUS: Record<CheckedRow['status'], string> = {
  INVALID: 'INVALID',
  NEW: 'READY',
  ALREADY_INVITED: 'INVITED',
  ALREADY_MEMBER: 'ALREADY_MEMBER',
};

/**
 * `POST /api/invite/download/bulk/detailed-report`: one XLSX row per input row with its values, its
 * status (READY: would be invited; INVITED: has a pending invitation; ALREADY_MEMBER; INVALID) and
 * the reasons. Checks the file first (errors come back as JSON), then returns the writer of the
 * XLSX, streamed; every cell is neutralised against formulas.
 */
export async function detailedReport(ctx: Ctx, upload: BulkUpload): Promise<(out: Writable) => Promise<void>> {
  const scope = scopeOf(ctx);
  const a = await ctx.tenant((tx) => analyse(tx, scope, upload));
  const fields = BULK_INVITE_FIELDS.filter((f) => upload.mapping[f] !== undefined);
  return (out) =>
    writeXlsx(
      out,
      'Invitations',
      ['Row', ...fields.map((f) => LABELS[f]), 'Status', 'Reason'],
      a.rows.map((r) => [
        r.rowNumber,
        ...fields.map((f) => r.values[f]),
        REPORT_STATUS[r.status],
        r.status === 'INVALID'
          ? r.errors.map((e) => `${e.column}: ${e.reason}`).join('; ')
          : r.status === 'ALREADY_MEMBER'
            ? 'Already a member'
            : r.status === 'ALREADY_INVITED'
              ? 'Has a pending invitation'
              : '',
      ]),
    );
}

/**
 * A cell of the file of rows to fix: the person's own value, unchanged where it cannot be a formula
 * (a phone number such as +91 98100 11111, a date), so that the corrected file imports as it is;
 * anything else a spreadsheet could run (=, +, -, @ followed by more) is neutralised.
 */
function fixCell(value: string): string {
  return /^[+-][\d\s()./-]*$/.test(value) ? value : String(neutraliseCell(value));
}

/** Writes an XLSX (one sheet) to `out`, streamed, every cell as text. */
async function writeTextXlsx(out: Writable, sheetName: string, header: string[], rows: Iterable<string[]>) {
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const ws = wb.addWorksheet(sheetName);
  const top = ws.addRow(header.map(fixCell));
  top.font = { bold: true };
  top.commit();
  for (const r of rows) ws.addRow(r.map(fixCell)).commit();
  ws.commit();
  await wb.commit();
}

/** The reason column of the file of rows to fix. */
export const REASON_HEADER = 'Reason';

/**
 * `POST /api/invite/bulk/rows-to-fix`: the file's invalid rows only, as an XLSX in the file's own
 * column layout (its header, every column, in order) with a last column saying why each row was not
 * imported, so that the rows can be corrected and the file uploaded again (the reason column is
 * not mapped). Writes nothing; the same check as validating, so after a VALID_ROWS import it gives
 * exactly the rows that were left out.
 */
export async function rowsToFix(ctx: Ctx, upload: BulkUpload): Promise<(out: Writable) => Promise<void>> {
  const scope = scopeOf(ctx);
  const a = await ctx.tenant((tx) => analyse(tx, scope, upload));
  const invalid = a.rows.filter((r) => r.status === 'INVALID');
  const width = Math.max(a.header.length, ...invalid.map((r) => r.cells!.length));
  const header = Array.from({ length: width }, (_, i) => a.header[i] ?? '');
  return (out) =>
    writeTextXlsx(
      out,
      'Rows to fix',
      [...header, REASON_HEADER],
      invalid.map((r) => [
        ...header.map((_, i) => r.cells![i] ?? ''),
        r.errors.map((e) => `${e.column}: ${e.reason}`).join('; '),
      ]),
    );
}

/** The template's header: each field's name as the column guesser knows it. */
const TEMPLATE_HEADER: Record<TBulkInviteField, string> = { ...LABELS };

/**
 * `GET /api/invite/bulk/template`: a file to fill, with every field's column and one example row
 * in the workspace's own forms (its head office, a department of it, a date as its people write it).
 */
export async function template(ctx: Ctx, format: 'csv' | 'xlsx'): Promise<(out: Writable) => Promise<void>> {
  const scope = scopeOf(ctx);
  const { country, unit, department } = await ctx.tenant(async (tx) => {
    const { unitRows, deptRows } = await repo.unitsAndDepartments(tx, scope.workspaceId);
    const own = unitRows.filter((b) => inScope(scope, b.id));
    const unit = own.find((b) => b.headquarter) ?? own[0];
    return {
      country: await repo.workspaceCountry(tx, scope.workspaceId),
      unit,
      department: deptRows.find((d) => d.branchId === unit?.id),
    };
  });
  const example: Record<TBulkInviteField, string> = {
    email: 'asha.rao@example.com',
    firstName: 'Asha',
    lastName: 'Rao',
    employeeId: 'E-1001',
    gender: 'Female',
    department: department?.name ?? '',
    designation: 'Analyst',
    branch: unit?.name ?? '',
    role: 'Employee',
    homeAddress: '',
    phoneNumber: country === 'CA' ? '+1 416 555 0100' : '+91 98765 43210',
    dateOfJoining: country === 'CA' ? '2026-04-01' : '01/04/2026',
  };
  const header = BULK_INVITE_FIELDS.map((f) => TEMPLATE_HEADER[f]);
  const row = BULK_INVITE_FIELDS.map((f) => example[f]);
  if (format === 'xlsx') return (out) => writeTextXlsx(out, 'Invitations', header, [row]);
  const line = (cells: string[]) => cells.map((c) => (/[",\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(',');
  return async (out) => {
    out.end(`\ufeff${line(header)}\r\n${line(row)}\r\n`);
  };
}
