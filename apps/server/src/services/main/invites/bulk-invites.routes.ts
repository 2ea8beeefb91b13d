import { PassThrough } from 'node:stream';
import {
  ZBulkFileMappingsResponse,
  ZBulkInviteResponse,
  ZBulkTemplateQuery,
  ZBulkValidateResponse,
} from '@app/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../core/context.ts';
import { acceptSpreadsheetUploads, SPREADSHEET_FILE_DOC, withSpreadsheet } from '../../../core/spreadsheet-upload.ts';
import * as service from './bulk-invites.service.ts';

const guarded = { host: 'workspace', permission: 'invites.manage', menu: 'INVITATIONS' } as const;
const FIELDS_DOC = `${SPREADSHEET_FILE_DOC} One field per invitation field (email, firstName, lastName, employeeId, gender, department, designation, branch, role, homeAddress, phoneNumber, dateOfJoining) whose value is the 1-based number of the column holding it (column A is 1); leave a field out when the file lacks it.`;

/**
 * Runs `fn` on the received upload (with `mapped`, the column-number fields read and checked first)
 * and removes the file afterwards.
 */
function withUpload<T>(
  req: FastifyRequest,
  mapped: boolean,
  fn: (upload: service.BulkUpload) => Promise<T>,
): Promise<T> {
  return withSpreadsheet(req, (received) => {
    const { mode: modeField, ...fields } = received.fields;
    const mode = service.parseMode(modeField);
    return fn({
      path: received.file,
      mapping: mapped ? service.parseMapping(fields) : {},
      limits: received.limits,
      ...(mode ? { mode } : {}),
    });
  });
}

/**
 * Bulk invitations from a CSV or XLSX file. Stateless: the browser keeps the file and sends it with
 * each step (columns, validation, sending, report). Multipart parsing is enabled in this plugin
 * only, so every JSON route elsewhere still refuses a multipart body.
 */
export const bulkInviteRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptSpreadsheetUploads(app);
  app.post(
    '/invite/bulk/file/mappings',
    {
      config: guarded,
      schema: {
        tags: ['invites'],
        operationId: 'previewInvitationFile',
        summary: 'The columns (header row) and first five rows of an invitation file',
        description: 'multipart/form-data with the file in a part named `file` (CSV in UTF-8 or XLSX, by content).',
        consumes: ['multipart/form-data'],
        response: { 200: ZBulkFileMappingsResponse },
      },
    },
    async (req) => withUpload(req, false, (upload) => service.fileMappings(ctxOf(req), upload)),
  );
  app.post(
    '/invite/bulk/validate',
    {
      config: guarded,
      schema: {
        tags: ['invites'],
        operationId: 'validateInvitationFile',
        summary: 'Check every row of an invitation file; nothing is written',
        description: FIELDS_DOC,
        consumes: ['multipart/form-data'],
        response: { 200: ZBulkValidateResponse },
      },
    },
    async (req) => withUpload(req, true, (upload) => service.validateBulk(ctxOf(req), upload)),
  );
  app.post(
    '/invite/bulk',
    {
      config: guarded,
      schema: {
        tags: ['invites'],
        operationId: 'inviteFromFile',
        summary:
          'Invite everyone in a file: all or nothing, or only the valid rows; people already invited or members are skipped',
        description: `${FIELDS_DOC} A field \`mode\`: ALL_OR_NOTHING (the default: any invalid row → 400 with every error, nothing is sent) or VALID_ROWS (the valid rows are invited in one transaction, the invalid ones reported; \`/invite/bulk/rows-to-fix\` returns them as a file). More people than places left → 409; nothing is sent then.`,
        consumes: ['multipart/form-data'],
        response: { 200: ZBulkInviteResponse },
      },
    },
    async (req) => withUpload(req, true, (upload) => service.inviteBulk(ctxOf(req), upload)),
  );
  app.post(
    '/invite/download/bulk/detailed-report',
    {
      config: guarded,
      schema: {
        tags: ['invites'],
        operationId: 'downloadInvitationFileReport',
        summary: 'An XLSX with every row of an invitation file, its status and the reasons',
        description: FIELDS_DOC,
        consumes: ['multipart/form-data'],
        otherResponses: {
          200: {
            description: 'The report (invitation-report.xlsx)',
            mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          },
        },
      },
    },
    async (req, reply) => {
      const write = await withUpload(req, true, (upload) => service.detailedReport(ctxOf(req), upload));
      const out = new PassThrough();
      write(out).catch((err: unknown) => out.destroy(err as Error));
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="invitation-report.xlsx"')
        .send(out);
    },
  );
  app.post(
    '/invite/bulk/rows-to-fix',
    {
      config: guarded,
      schema: {
        tags: ['invites'],
        operationId: 'downloadInvitationRowsToFix',
        summary: "An XLSX of a file's invalid rows, in the file's own columns, with a last column giving the reason",
        description: `${FIELDS_DOC} Writes nothing. Correct the rows and upload the file again.`,
        consumes: ['multipart/form-data'],
        otherResponses: {
          200: {
            description: 'The rows to fix (rows-to-fix.xlsx)',
            mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          },
        },
      },
    },
    async (req, reply) => {
      const write = await withUpload(req, true, (upload) => service.rowsToFix(ctxOf(req), upload));
      const out = new PassThrough();
      write(out).catch((err: unknown) => out.destroy(err as Error));
      return reply
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', 'attachment; filename="rows-to-fix.xlsx"')
        .send(out);
    },
  );
  app.get(
    '/invite/bulk/template',
    {
      config: guarded,
      schema: {
        tags: ['invites'],
        operationId: 'downloadInvitationTemplate',
        summary: 'A file to fill for a bulk invitation: every column, and one example row',
        querystring: ZBulkTemplateQuery,
        otherResponses: {
          200: {
            description: 'The template (invitation-template.csv or .xlsx)',
            mediaType: 'text/csv',
          },
        },
      },
    },
    async (req, reply) => {
      const { format } = req.query;
      const write = await service.template(ctxOf(req), format);
      const out = new PassThrough();
      write(out).catch((err: unknown) => out.destroy(err as Error));
      return reply
        .header(
          'content-type',
          format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header('content-disposition', `attachment; filename="invitation-template.${format}"`)
        .send(out);
    },
  );
};
