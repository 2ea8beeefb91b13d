import { z } from 'zod';
import { ZBulkInviteMode, ZBulkRowError } from './bulk-invites.ts';
import { ZErrorParams, ZUuid, ZWorkspaceRole } from './common.ts';

/** `?dryRun=true` on the bulk user routes: report what the call would do, write nothing. */
export const ZBulkDryRunQuery = z.object({ dryRun: z.enum(['true', 'false']).optional() });

/**
 * What happens to one row of a create-users file: CREATED a new member (a new account, or a
 * membership for an account the person already has), FROM_INVITATION a member whose pending
 * invitation is used up, ALREADY_MEMBER left alone, INVALID nothing (see the errors).
 */
export const ZBulkCreateRowStatus = z.enum(['CREATED', 'FROM_INVITATION', 'ALREADY_MEMBER', 'INVALID']);
export type TBulkCreateRowStatus = z.infer<typeof ZBulkCreateRowStatus>;

/** `POST /api/user/create/bulk[?dryRun=true]` (multipart field `mode` as for the invitations): per row, what was (or, in a dry run, would be) done. */
export const ZBulkCreateUsersResponse = z.object({
  /** True when nothing was written (`?dryRun=true`). */
  dryRun: z.boolean(),
  /** ALL_OR_NOTHING (the default: any invalid row → 400, nothing created) or VALID_ROWS (the valid rows created, the invalid ones reported). */
  mode: ZBulkInviteMode,
  totalRows: z.number().int(),
  /** New members (CREATED rows). */
  created: z.number().int(),
  /** Members made from a pending invitation (FROM_INVITATION rows); they take no new place. */
  fromInvitations: z.number().int(),
  /** Rows left alone because the person is a member already. */
  skipped: z.number().int(),
  invalidRows: z.number().int(),
  errors: z.array(ZBulkRowError),
  /** Places left under the workspace's user limit before this file (null: no limit). */
  placesLeft: z.number().int().nullable(),
  rows: z.array(
    z.object({
      rowNumber: z.number().int(),
      /** The row's email, else its phone number. */
      email: z.string().nullable(),
      status: ZBulkCreateRowStatus,
    }),
  ),
});
export type TBulkCreateUsersResponse = z.infer<typeof ZBulkCreateUsersResponse>;

/**
 * Header names (compared without case, spaces, hyphens or underscores) that mark the columns a
 * delete file identifies users by; each row is matched by the first of them that it fills.
 */
export const DELETE_FILE_COLUMNS = {
  email: ['email', 'emailaddress', 'useremail', 'ईमेल'],
  username: ['username', 'login'],
  employeeId: ['employeeid', 'empid', 'employeenumber', 'कर्मचारीआईडी'],
} as const;
export type TDeleteFileIdentifier = keyof typeof DELETE_FILE_COLUMNS;

/** One user a delete file names. */
export const ZDeleteFileMatch = z.object({
  rowNumber: z.number().int(),
  userId: ZUuid,
  firstName: z.string(),
  lastName: z.string(),
  userEmail: z.string().nullable(),
  username: z.string().nullable(),
  employeeId: z.string().nullable(),
  branchName: z.string().nullable(),
  role: ZWorkspaceRole,
});

/** One row of a delete file that cannot be acted on, and why. */
export const ZDeleteFileProblem = z.object({
  rowNumber: z.number().int(),
  /** The column the row was matched by (Email, Username, Employee ID), or '' when it fills none. */
  column: z.string(),
  value: z.string(),
  /** Why, in English; `code` and `params` say it for translation. */
  reason: z.string(),
  code: z.string(),
  params: ZErrorParams.optional(),
});

/**
 * `POST /api/user/delete/bulk/file[?dryRun=true]`: the users the file names and the rows that
 * cannot be acted on. The real call answers this with `deleted` filled, or refuses (nothing deleted)
 * with one error detail per problem row.
 */
export const ZDeleteByFileResponse = z.object({
  dryRun: z.boolean(),
  totalRows: z.number().int(),
  matched: z.array(ZDeleteFileMatch),
  problems: z.array(ZDeleteFileProblem),
  /** The ids deleted (empty in a dry run). */
  deleted: z.array(ZUuid),
});
export type TDeleteByFileResponse = z.infer<typeof ZDeleteByFileResponse>;
