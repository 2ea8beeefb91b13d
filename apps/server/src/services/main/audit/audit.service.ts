import { PassThrough, Readable } from 'node:stream';
import {
  type TAuditEntry,
  type TAuditExportQuery,
  type TAuditListRequest,
  type TAuditPage,
  type TAuditPerson,
  type TPageQuery,
  toPagedResult,
} from '@app/contract';
import ExcelJS from 'exceljs';
import type { Ctx } from '../../../core/context.ts';
import { csvField } from '../../../core/csv.ts';
import type { Tx } from '../../../core/db/database.ts';
import { addDaysInZone, dateInZone, startOfDateInZone } from '../../../core/deadlines.ts';
import { authorize } from '../../../core/policy.ts';
import { workspaceTimeZone } from '../../../core/time-zone.repo.ts';
import { auditLogPolicy } from './audit.policy.ts';
import * as repo from './audit.repo.ts';

/** The filter as instants: whole days in the workspace's zone, `to` included (so the next day's midnight, exclusive). */
async function queryOf(tx: Tx, workspaceId: string, f: TAuditListRequest): Promise<repo.AuditQuery> {
  const zone = f.from || f.to ? await workspaceTimeZone(tx, workspaceId) : 'UTC';
  return {
    person: f.person || undefined,
    action: f.action || undefined,
    from: f.from ? startOfDateInZone(f.from, zone) : undefined,
    to: f.to ? addDaysInZone(startOfDateInZone(f.to, zone), 1, zone) : undefined,
  };
}

const fullName = (first: string | null, last: string | null) => [first, last].filter(Boolean).join(' ');

function person(
  id: string | null,
  first: string | null,
  last: string | null,
  email: string | null,
  username: string | null,
): TAuditPerson | null {
  if (!id) return null;
  return { accountId: id, name: fullName(first, last) || (username ?? ''), email };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every id an entry's details mention (at any depth), so the page can name them. */
function idsIn(value: unknown, into: Set<string>): Set<string> {
  if (typeof value === 'string') {
    if (UUID.test(value)) into.add(value.toLowerCase());
  } else if (Array.isArray(value)) {
    for (const v of value.slice(0, 200)) idsIn(v, into);
  } else if (value && typeof value === 'object') {
    for (const v of Object.values(value)) idsIn(v, into);
  }
  return into;
}

/**
 * The names of the ids a page of entries mentions in its details (courses, people, business units,
 * departments), resolved together in one query: the web shows names, the raw ids stay one click away.
 */
async function withNames(tx: Tx, entries: TAuditEntry[]): Promise<TAuditEntry[]> {
  const perEntry = entries.map((e) => idsIn(e.details, new Set()));
  const names = await repo.namesOf(tx, [...new Set(perEntry.flatMap((ids) => [...ids]))]);
  return entries.map((e, i) => {
    const own: Record<string, string> = {};
    for (const id of perEntry[i]!) {
      const name = names.get(id);
      if (name) own[id] = name;
    }
    return { ...e, names: own };
  });
}

function present(r: repo.AuditRow): TAuditEntry {
  const subject = person(r.subjectId, r.subjectFirst, r.subjectLast, r.subjectEmail, r.subjectUsername);
  const targetLabel =
    (subject ? subject.name || subject.email : null) ??
    r.branchName ??
    r.departmentName ??
    (fullName(r.inviteFirst, r.inviteLast) || r.inviteEmail) ??
    null;
  return {
    id: r.id,
    occurredAt: r.occurredAt.toISOString(),
    action: r.action,
    // An actor who left the workspace is no longer visible: its id is all that remains.
    actor: r.actorAccountId
      ? (person(r.actorAccountId, r.actorFirst, r.actorLast, r.actorEmail, r.actorUsername) ?? null)
      : null,
    targetType: r.targetType,
    targetId: r.targetId,
    targetLabel: targetLabel || null,
    subject,
    ip: r.ip,
    details: (r.details as Record<string, unknown> | null) ?? null,
    names: {},
  };
}

/** `POST /api/audit`: one page of the workspace's audit log, newest first. Reading it is not itself recorded. */
export async function listAuditLog(ctx: Ctx, page: TPageQuery, filter: TAuditListRequest): Promise<TAuditPage> {
  authorize(ctx, auditLogPolicy, 'view', null);
  return ctx.tenant(async (tx, { workspaceId }) => {
    const q = await queryOf(tx, workspaceId, filter);
    const { rows, total } = await repo.listEntries(tx, workspaceId, q, page);
    return toPagedResult(await withNames(tx, rows.map(present)), total, page);
  });
}

/** The columns of an export (English headers: a file for spreadsheets and auditors, not a page). */
const HEADERS = [
  'When (UTC)',
  'Action',
  'Actor name',
  'Actor email',
  'Actor id',
  'Target type',
  'Target',
  'Target id',
  'IP',
  'Details',
];

function cells(e: TAuditEntry): string[] {
  return [
    e.occurredAt,
    e.action,
    e.actor?.name ?? '',
    e.actor?.email ?? '',
    e.actor?.accountId ?? '',
    e.targetType ?? '',
    e.targetLabel ?? '',
    e.targetId ?? '',
    e.ip ?? '',
    e.details == null ? '' : JSON.stringify(e.details),
  ];
}

/** Entries per read of an export: one transaction each, newest first, continuing after the last. */
const BATCH = 1000;

/** An export's file: its name, type and content, streamed as the log is read. */
export type AuditExport = { filename: string; contentType: string; body: Readable };

/**
 * `GET /api/audit/export`: the matching entries as CSV or XLSX, streamed in batches (an export of
 * 100,000 entries never sits in memory). The export is recorded (with its filter and row count)
 * before the first byte leaves; entries written after that are not in the file.
 */
export async function exportAuditLog(ctx: Ctx, query: TAuditExportQuery): Promise<AuditExport> {
  authorize(ctx, auditLogPolicy, 'export', null);
  const { format, ...filter } = query;
  const { q, workspaceId, stamp } = await ctx.tenant(async (tx, scope) => {
    const resolved = await queryOf(tx, scope.workspaceId, filter);
    const rows = await repo.countEntries(tx, scope.workspaceId, resolved);
    await ctx.audit('audit.exported', null, { format, filter: { ...filter }, rows });
    // The file is named by the workspace's calendar day (issue 21 item 5).
    const stamp = dateInZone(ctx.clock.now(), await workspaceTimeZone(tx, scope.workspaceId));
    return { q: resolved, workspaceId: scope.workspaceId, stamp };
  });

  async function* batches(): AsyncGenerator<TAuditEntry[]> {
    let cursor: repo.AuditCursor | null = null;
    for (;;) {
      const after = cursor;
      const rows: repo.AuditRow[] = await ctx.tenant((tx) => repo.entriesAfter(tx, workspaceId, q, after, BATCH));
      if (rows.length > 0) yield rows.map(present);
      if (rows.length < BATCH) return;
      const last = rows[rows.length - 1]!;
      cursor = { at: last.at, id: last.id };
    }
  }

  const filename = `audit-log-${stamp}.${format}`;
  if (format === 'csv') {
    async function* csv(): AsyncGenerator<string> {
      // A byte-order mark, so that spreadsheet programs read the names as UTF-8.
      yield `\uFEFF${HEADERS.map(csvField).join(',')}\r\n`;
      for await (const batch of batches()) yield batch.map((e) => `${cells(e).map(csvField).join(',')}\r\n`).join('');
    }
    return { filename, contentType: 'text/csv; charset=utf-8', body: Readable.from(csv()) };
  }
  const out = new PassThrough();
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = book.addWorksheet('Audit log');
  void (async () => {
    sheet.addRow(HEADERS).commit();
    for await (const batch of batches()) for (const e of batch) sheet.addRow(cells(e)).commit();
    sheet.commit();
    await book.commit();
  })().catch((error: unknown) => out.destroy(error as Error));
  return {
    filename,
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    body: out,
  };
}
