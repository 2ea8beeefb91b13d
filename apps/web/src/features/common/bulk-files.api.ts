import {
  type TBulkInviteMapping,
  type TBulkInviteMode,
  ZBulkCreateUsersResponse,
  ZBulkFileMappingsResponse,
  ZBulkInviteResponse,
  ZBulkValidateResponse,
  ZDeleteByFileResponse,
  ZErrorResponse,
} from '@app/contract';
import { ApiError, mainApiBaseUrl, tokenStore } from '../../lib/api/index.ts';
import { newTraceId } from '../../lib/api/request-helpers.ts';
import { uploadForm } from '../../lib/api/upload.ts';

/*
 * The bulk-file calls of the main API that the invitations page (invite or create people from a
 * file) and the users page (delete people named in a file, export) share.
 */

/**
 * A file from a route of the main service (with the session), as a Blob: GET, or POST with `body`
 * as JSON (a list's filters); an error answer as an ApiError.
 */
export async function download(path: string, body?: unknown): Promise<Blob> {
  const traceId = newTraceId();
  const token = tokenStore.getAccessToken();
  const res = await fetch(`${mainApiBaseUrl}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'X-Trace-Id': traceId,
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (res.ok) return res.blob();
  const parsed = ZErrorResponse.safeParse(await res.json().catch(() => undefined));
  throw new ApiError(
    parsed.success
      ? parsed.data
      : { status: res.status, code: 'HTTP_ERROR', message: `The server answered with HTTP ${res.status}.` },
    { traceId },
  );
}

/** The multipart body of a bulk call: the column numbers, then the file (the browser keeps it between steps). */
function formOf(file: File, mapping?: TBulkInviteMapping): FormData {
  const form = new FormData();
  for (const [field, column] of Object.entries(mapping ?? {})) {
    if (column !== undefined) form.append(field, String(column));
  }
  form.append('file', file);
  return form;
}

/** `form` with the import mode, sent before the file. */
function withMode(form: FormData, mode: TBulkInviteMode): FormData {
  const file = form.get('file');
  form.delete('file');
  form.append('mode', mode);
  if (file) form.append('file', file);
  return form;
}

/** The bulk invitation calls (`/api/invite/bulk…`), each sending the file again. */
export const bulkInviteApi = {
  /** The file's columns and first rows. */
  columns: (file: File) =>
    uploadForm({
      path: '/invite/bulk/file/mappings',
      form: formOf(file),
      as: 'json',
      schema: ZBulkFileMappingsResponse,
    }),
  /** Checks every row; nothing is written. */
  validate: (file: File, mapping: TBulkInviteMapping) =>
    uploadForm({
      path: '/invite/bulk/validate',
      form: formOf(file, mapping),
      as: 'json',
      schema: ZBulkValidateResponse,
    }),
  /**
   * Invites everyone new in the file (`mode` VALID_ROWS: only the valid rows, the others are
   * reported); `onProgress` follows the upload.
   */
  send: (file: File, mapping: TBulkInviteMapping, mode: TBulkInviteMode, onProgress: (fraction: number) => void) =>
    uploadForm({
      path: '/invite/bulk',
      form: withMode(formOf(file, mapping), mode),
      as: 'json',
      schema: ZBulkInviteResponse,
      onProgress,
    }),
  /** The invalid rows in the file's own columns, with a reason column, as an XLSX file. */
  rowsToFix: (file: File, mapping: TBulkInviteMapping) =>
    uploadForm<Blob>({ path: '/invite/bulk/rows-to-fix', form: formOf(file, mapping), as: 'blob' }),
  /** The file to fill: every column and one example row. */
  template: (format: 'csv' | 'xlsx') => download(`/invite/bulk/template?format=${format}`),
  /** The per-row report, as an XLSX file. */
  report: (file: File, mapping: TBulkInviteMapping) =>
    uploadForm<Blob>({ path: '/invite/download/bulk/detailed-report', form: formOf(file, mapping), as: 'blob' }),
};

/** Accounts created, or users deleted, from a file (`/api/user/create/bulk`, `/api/user/delete/bulk/file`). */
export const bulkUsersApi = {
  /** What creating the file's people would do; nothing is written. */
  checkCreate: (file: File, mapping: TBulkInviteMapping) =>
    uploadForm({
      path: '/user/create/bulk?dryRun=true',
      form: formOf(file, mapping),
      as: 'json',
      schema: ZBulkCreateUsersResponse,
    }),
  /**
   * Makes everyone new in the file a member (`mode` VALID_ROWS: only the valid rows, the others are
   * reported); `onProgress` follows the upload.
   */
  create: (file: File, mapping: TBulkInviteMapping, mode: TBulkInviteMode, onProgress: (fraction: number) => void) =>
    uploadForm({
      path: '/user/create/bulk',
      form: withMode(formOf(file, mapping), mode),
      as: 'json',
      schema: ZBulkCreateUsersResponse,
      onProgress,
    }),
  /** Who a delete file names, and its bad rows (`dryRun`), or deletes them. */
  deleteByFile: (file: File, dryRun: boolean) =>
    uploadForm({
      path: `/user/delete/bulk/file${dryRun ? '?dryRun=true' : ''}`,
      form: formOf(file),
      as: 'json',
      schema: ZDeleteByFileResponse,
    }),
};
