import { ZBulkCreateUsersResponse, ZBulkDryRunQuery, ZDeleteByFileResponse } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../core/context.ts';
import { AppError } from '../../../core/errors.ts';
import { acceptSpreadsheetUploads, SPREADSHEET_FILE_DOC, withSpreadsheet } from '../../../core/spreadsheet-upload.ts';
import { parseMapping, parseMode } from '../invites/bulk-invites.service.ts';
import * as service from './bulk-users.service.ts';

const users = { host: 'workspace', permission: 'users.manage', menu: 'USERS' } as const;
const FILE_DOC = `${SPREADSHEET_FILE_DOC} \`?dryRun=true\` answers what the call would do and writes nothing.`;

/**
 * Users created or deleted from a file (workspace hosts, `users.manage`). Multipart parsing is
 * enabled in this plugin only, as for the bulk invitations.
 */
export const bulkUserRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptSpreadsheetUploads(app);
  app.post(
    '/user/create/bulk',
    {
      config: users,
      schema: {
        tags: ['users'],
        operationId: 'createUsersFromFile',
        summary:
          'Make everyone in a file a member (all or nothing, or the valid rows); members are skipped, pending invitations used up',
        description: `${FILE_DOC} The same column-number fields as \`POST /api/invite/bulk\`. Needs \`invites.manage\` too, and the workspace’s bulk sign-up setting on (else 403 \`BULK_SIGNUP_DISABLED\`). A field \`mode\`: ALL_OR_NOTHING (the default: any invalid row → 400 with every error, 403 when a row is beyond the caller’s unit or role; nothing is created) or VALID_ROWS (the valid rows are created in one transaction, the invalid ones reported with their reasons). More new members than places left → 409; nothing is created then.`,
        consumes: ['multipart/form-data'],
        querystring: ZBulkDryRunQuery,
        response: { 200: ZBulkCreateUsersResponse },
      },
    },
    async (req) =>
      withSpreadsheet(req, (received) => {
        const { mode: modeField, ...fields } = received.fields;
        const mode = parseMode(modeField);
        return service.createBulk(
          ctxOf(req),
          { path: received.file, mapping: parseMapping(fields), limits: received.limits, ...(mode ? { mode } : {}) },
          req.query.dryRun === 'true',
        );
      }),
  );
  app.post(
    '/user/delete/bulk/file',
    {
      config: users,
      schema: {
        tags: ['users'],
        operationId: 'deleteUsersFromFile',
        summary: 'Delete the users a file names (by Email, Username or Employee ID column), all or nothing',
        description: `${FILE_DOC} Row 1 names the identifying columns (Email, Username, Employee ID); each row is matched by the first of them it fills. Any row that names no user, several users, the same user twice, the caller, a user beyond the caller’s role or the last workspace admin → nothing deleted (403 / 409 / 400) with one error per row; otherwise the users are deleted as by \`POST /api/user/delete/bulk\`.`,
        consumes: ['multipart/form-data'],
        querystring: ZBulkDryRunQuery,
        response: { 200: ZDeleteByFileResponse },
      },
    },
    async (req) =>
      withSpreadsheet(req, (received) => {
        const extra = Object.keys(received.fields);
        if (extra.length) {
          throw new AppError(400, 'VALIDATION_FAILED', 'Send only the file: this upload takes no other fields.', {
            details: extra.map((name) => ({ path: name, message: 'is not a field of this upload' })),
          });
        }
        return service.deleteByFile(
          ctxOf(req),
          { path: received.file, limits: received.limits },
          req.query.dryRun === 'true',
        );
      }),
  );
};
