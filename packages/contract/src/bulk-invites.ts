import { z } from 'zod';
import { ZErrorParams } from './common.ts';

/**
 * The fields a bulk invitation file can fill, in the spec's order. Each is sent as a multipart field
 * whose value is the 1-based number of the file's column that holds it (column A is 1); a field left
 * out (or empty) is not in the file.
 */
export const BULK_INVITE_FIELDS = [
  'email',
  'firstName',
  'lastName',
  'employeeId',
  'gender',
  'department',
  'designation',
  'branch',
  'role',
  'homeAddress',
  'phoneNumber',
  'dateOfJoining',
] as const;
export type TBulkInviteField = (typeof BULK_INVITE_FIELDS)[number];
/** Column numbers by field (1-based), as the browser sends them. */
export type TBulkInviteMapping = Partial<Record<TBulkInviteField, number>>;

/**
 * What `POST /api/invite/bulk` does with a file that has invalid rows (the multipart field `mode`):
 * ALL_OR_NOTHING (the default) sends nothing and names every error; VALID_ROWS invites the valid
 * rows and reports the others, which `POST /api/invite/bulk/rows-to-fix` returns as a file.
 */
export const ZBulkInviteMode = z.enum(['ALL_OR_NOTHING', 'VALID_ROWS']);
export type TBulkInviteMode = z.infer<typeof ZBulkInviteMode>;

/** `GET /api/invite/bulk/template?format=`: the empty file to fill (header and one example row). */
export const ZBulkTemplateQuery = z.object({ format: z.enum(['csv', 'xlsx']).default('xlsx') });

/** Limits on uploaded invitation files. */
export const BULK_INVITE_LIMITS = {
  /** The uploaded file itself. */
  fileBytes: 10 * 1024 * 1024,
  /** An XLSX's total uncompressed size (it is a zip). */
  uncompressedBytes: 50 * 1024 * 1024,
  /** Data rows (the header row aside). */
  rows: 50_000,
} as const;

/** `POST /api/invite/bulk/file/mappings`: the file's columns and its first rows. */
export const ZBulkFileMappingsResponse = z.object({
  /** `csv` or `xlsx`, as detected from the content. */
  format: z.enum(['csv', 'xlsx']),
  /** The header row: one entry per column, numbered from 1. */
  columns: z.array(z.object({ columnNumber: z.number().int(), header: z.string() })),
  /** The first five data rows, as text, one entry per column. */
  sampleRows: z.array(z.array(z.string())),
});
export type TBulkFileMappingsResponse = z.infer<typeof ZBulkFileMappingsResponse>;

/**
 * One rejected row: its spreadsheet row number (the header is row 1), the field, the value and why
 * (`reason` in English; `code` and `params` for the web to say it in the reader's language).
 */
export const ZBulkRowError = z.object({
  rowNumber: z.number().int(),
  column: z.string(),
  value: z.string(),
  reason: z.string(),
  code: z.string(),
  params: ZErrorParams.optional(),
});
export type TBulkRowError = z.infer<typeof ZBulkRowError>;

/** A row left alone because its person already has a pending invitation or is a member. */
export const ZBulkSkippedRow = z.object({
  rowNumber: z.number().int(),
  email: z.string().nullable(),
  status: z.enum(['ALREADY_INVITED', 'ALREADY_MEMBER']),
});

/** `POST /api/invite/bulk/validate`: what sending would do; nothing is written. */
export const ZBulkValidateResponse = z.object({
  totalRows: z.number().int(),
  /** Rows without errors (those to invite and those skipped). */
  validRows: z.number().int(),
  invalidRows: z.number().int(),
  /** Rows that would get an invitation. */
  toInvite: z.number().int(),
  errors: z.array(ZBulkRowError),
  skipped: z.array(ZBulkSkippedRow),
  /** Places left under the workspace's user limit (null: no limit). */
  placesLeft: z.number().int().nullable(),
});
export type TBulkValidateResponse = z.infer<typeof ZBulkValidateResponse>;

/** `POST /api/invite/bulk`: what was done with each row. */
export const ZBulkInviteResponse = z.object({
  mode: ZBulkInviteMode,
  invited: z.number().int(),
  skipped: z.number().int(),
  /** Rows not imported because of their errors (VALID_ROWS only; otherwise 0). */
  invalidRows: z.number().int(),
  /** Their errors; `POST /api/invite/bulk/rows-to-fix` gives them back as a file. */
  errors: z.array(ZBulkRowError),
  rows: z.array(
    z.object({
      rowNumber: z.number().int(),
      email: z.string().nullable(),
      status: z.enum(['INVITED', 'ALREADY_INVITED', 'ALREADY_MEMBER', 'INVALID']),
    }),
  ),
});
export type TBulkInviteResponse = z.infer<typeof ZBulkInviteResponse>;
