import {
  type TBulkInviteMapping,
  ZBulkCreateUsersResponse,
  ZBulkFileMappingsResponse,
  ZBulkInviteResponse,
  ZBulkValidateResponse,
  ZDeleteByFileResponse,
} from '@app/contract';
import { uploadForm } from '../../lib/api/upload.ts';

/** The multipart body of a bulk call: the column numbers, then the file (the browser keeps it between steps). */
function formOf(file: File, mapping?: TBulkInviteMapping): FormData {
  const form = new FormData();
  for (const [field, column] of Object.entries(mapping ?? {})) {
    if (column !== undefined) form.append(field, String(column));
  }
  form.append('file', file);
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
  /** Invites everyone new in the file; `onProgress` follows the upload. */
  send: (file: File, mapping: TBulkInviteMapping, onProgress: (fraction: number) => void) =>
    uploadForm({
      path: '/invite/bulk',
      form: formOf(file, mapping),
      as: 'json',
      schema: ZBulkInviteResponse,
      onProgress,
    }),
  /** The per-row report, as an XLSX file. */
  report: (file: File, mapping: TBulkInviteMapping) =>
    uploadForm<Blob>({ path: '/invite/download/bulk/detailed-report', form: formOf(file, mapping), as: 'blob' }),
};

/** Saves a downloaded file under `name`. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

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
  /** Makes everyone new in the file a member; `onProgress` follows the upload. */
  create: (file: File, mapping: TBulkInviteMapping, onProgress: (fraction: number) => void) =>
    uploadForm({
      path: '/user/create/bulk',
      form: formOf(file, mapping),
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
