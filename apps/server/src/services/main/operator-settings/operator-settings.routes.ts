import {
  ZAddToWhitelistRequest,
  ZRemoveFromWhitelistRequest,
  ZUpdateWorkspaceNavRequest,
  ZUploadUserManualFields,
  ZUserManual,
  ZUserManualList,
  ZWhitelist,
  ZWhitelistBulkFields,
  ZWhitelistBulkResponse,
  ZWhitelistParams,
  ZWorkspaceNav,
  ZWorkspaceNavQuery,
} from '@app/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../core/context.ts';
import { AppError } from '../../../core/errors.ts';
import { acceptSpreadsheetUploads, SPREADSHEET_FILE_DOC, withSpreadsheet } from '../../../core/spreadsheet-upload.ts';
import * as service from './operator-settings.service.ts';
import * as manuals from './user-manual.service.ts';

const operator = { host: 'platform', policy: 'platform' } as const;
const MB = 1024 * 1024;

/** The operator's per-workspace navigation and sign-up whitelist (issue 23). */
const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/workspace-nav',
    {
      config: operator,
      schema: {
        tags: ['operator'],
        operationId: 'getWorkspaceNav',
        summary: 'The menus a workspace has (operator)',
        querystring: ZWorkspaceNavQuery,
        response: { 200: ZWorkspaceNav },
      },
    },
    async (req) => service.getWorkspaceNav(ctxOf(req), req.query.workspaceId),
  );
  app.post(
    '/admin/workspace-nav',
    {
      config: operator,
      schema: {
        tags: ['operator'],
        operationId: 'updateWorkspaceNav',
        summary: 'Switch a workspace’s menus on or off (operator)',
        description:
          'A menu switched off leaves the workspace’s navigation, and its routes answer 403 `MENU_SWITCHED_OFF` on the workspace’s host. Platform menus are refused (400 `NOT_A_WORKSPACE_MENU`); the dashboard cannot be switched off (400 `MENU_ALWAYS_ON`).',
        body: ZUpdateWorkspaceNavRequest,
        response: { 200: ZWorkspaceNav },
      },
    },
    async (req) => service.updateWorkspaceNav(ctxOf(req), req.body),
  );
  app.get(
    '/admin/workspace/:id/whitelist',
    {
      config: operator,
      schema: {
        tags: ['operator'],
        operationId: 'getWorkspaceWhitelist',
        summary: 'A workspace’s sign-up whitelist (operator)',
        params: ZWhitelistParams,
        response: { 200: ZWhitelist },
      },
    },
    async (req) => service.getWhitelist(ctxOf(req), req.params.id),
  );
  app.post(
    '/admin/add-email-to-whitelist',
    {
      config: operator,
      schema: {
        tags: ['operator'],
        operationId: 'addEmailToWhitelist',
        summary: 'Add addresses or domains to a workspace’s sign-up whitelist (operator)',
        body: ZAddToWhitelistRequest,
        response: { 200: ZWhitelist },
      },
    },
    async (req) => service.addToWhitelist(ctxOf(req), req.body),
  );
  app.post(
    '/admin/remove-email-from-whitelist',
    {
      config: operator,
      schema: {
        tags: ['operator'],
        operationId: 'removeEmailFromWhitelist',
        summary: 'Remove addresses or domains from a workspace’s sign-up whitelist (operator)',
        body: ZRemoveFromWhitelistRequest,
        response: { 200: ZWhitelist },
      },
    },
    async (req) => service.removeFromWhitelist(ctxOf(req), req.body),
  );
};

/** The whitelist file: multipart is enabled in this plugin only, so the JSON routes still refuse it. */
const whitelistFileRoutes: FastifyPluginAsyncZod = async (app) => {
  await acceptSpreadsheetUploads(app);
  app.post(
    '/admin/add-email-to-whitelist/bulk',
    {
      config: operator,
      schema: {
        tags: ['operator'],
        operationId: 'addEmailsToWhitelistFromFile',
        summary: 'Add a file of addresses or domains to a workspace’s sign-up whitelist (operator)',
        description: `${SPREADSHEET_FILE_DOC} One entry per row, in the first column (a header row such as "email" is skipped); the workspace in a field \`workspaceId\`.`,
        consumes: ['multipart/form-data'],
        response: { 200: ZWhitelistBulkResponse },
      },
    },
    async (req) => {
      // The operator first: nobody else's file is received.
      service.requireOperator(ctxOf(req));
      return withSpreadsheet(req, (received) => {
        const fields = ZWhitelistBulkFields.safeParse(received.fields);
        if (!fields.success) {
          throw new AppError(400, 'VALIDATION_FAILED', 'Name the workspace in a field "workspaceId" (its id).', {
            details: [{ path: 'body.workspaceId', message: 'Expected the workspace’s id' }],
          });
        }
        return service.bulkAddToWhitelist(ctxOf(req), {
          path: received.file,
          workspaceId: fields.data.workspaceId,
          limits: received.limits,
        });
      });
    },
  );
};

/** Reads the manual upload: its one file (at most `USER_MANUAL_MAX_BYTES`) and its text fields. */
async function readManualUpload(req: FastifyRequest) {
  if (!req.isMultipart()) {
    throw new AppError(
      415,
      'UNSUPPORTED_MEDIA_TYPE',
      'Send the manual as multipart/form-data (parts file, audience, language).',
    );
  }
  const fields: Record<string, string> = {};
  let file: { data: Buffer; fileName: string } | null = null;
  try {
    for await (const part of req.parts({
      limits: { fileSize: manuals.USER_MANUAL_MAX_BYTES, files: 1, fields: 5, fieldSize: 100, parts: 6 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw new AppError(400, 'VALIDATION_FAILED', 'Put the manual in a part named "file".');
        }
        file = { data: await part.toBuffer(), fileName: part.filename || 'manual.pdf' };
      } else fields[part.fieldname] = String(part.value ?? '');
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(413, 'FILE_TOO_LARGE', `The file is larger than ${manuals.USER_MANUAL_MAX_BYTES / MB} MB.`, {
        params: { size: `${manuals.USER_MANUAL_MAX_BYTES / MB} MB` },
      });
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new AppError(400, 'TOO_MANY_FILES', 'Send one file, with the fields audience and language.');
    }
    throw new AppError(400, 'BAD_UPLOAD', 'The upload could not be read. Try again.');
  }
  const parsed = ZUploadUserManualFields.safeParse(fields);
  if (!parsed.success) {
    throw new AppError(400, 'VALIDATION_FAILED', 'Say whose manual this is (audience) and its language.', {
      details: parsed.error.issues.map((i) => ({ path: `body.${i.path.join('.')}`, message: i.message })),
    });
  }
  if (!file || file.data.length === 0) throw new AppError(400, 'NO_FILE', 'Choose a PDF file to upload.');
  return { ...parsed.data, ...file };
}

/** The user manuals: read by every signed-in session, uploaded by the operator. */
const manualRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user-manual',
    {
      // Any signed-in session on any known host: the manuals of the caller's own audience.
      config: { public: true },
      schema: {
        tags: ['user-manual'],
        operationId: 'listUserManuals',
        summary: 'The user manuals for the caller (administrators’ or employees’; the operator: all)',
        response: { 200: ZUserManualList },
      },
    },
    async (req) => manuals.listUserManuals(ctxOf(req)),
  );
  await app.register(manualUploadRoute);
};

/** The manual upload: multipart (with its own size limit) is enabled in this plugin only. */
const manualUploadRoute: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, { limits: { fileSize: manuals.USER_MANUAL_MAX_BYTES, files: 1 } });
  app.post(
    '/user-manual',
    {
      config: operator,
      schema: {
        tags: ['user-manual'],
        operationId: 'uploadUserManual',
        summary: 'Upload the user manual of an audience in a language, replacing the old one (operator)',
        description: `multipart/form-data: a PDF (checked by its bytes; at most ${manuals.USER_MANUAL_MAX_BYTES / MB} MB) in a part named \`file\`, and fields \`audience\` (EMPLOYEE or ADMINISTRATOR) and \`language\`.`,
        consumes: ['multipart/form-data'],
        response: { 200: ZUserManual },
      },
    },
    async (req) => {
      service.requireOperator(ctxOf(req));
      const upload = await readManualUpload(req);
      return manuals.uploadUserManual(ctxOf(req), upload);
    },
  );
};

/** The operator's per-workspace settings and the user manuals (issue 23). */
export const operatorSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(settingsRoutes);
  await app.register(whitelistFileRoutes);
  await app.register(manualRoutes);
};
