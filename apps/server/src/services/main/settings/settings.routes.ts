import {
  ZBulkSignUpSetting,
  ZConcernedAuthorityCard,
  ZUpdateWorkspaceSettingsRequest,
  ZUuid,
  ZWorkspaceSettings,
} from '@app/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../../core/context.ts';
import { errors } from '../../../core/errors.ts';
import { sendStoredFile } from '../../../core/files.routes.ts';
import { readSingleUpload } from '../../../core/uploads.ts';
import * as service from './settings.service.ts';

const guarded = { host: 'workspace', permission: 'settings.manage', menu: 'SETTINGS' } as const;

/** Branding (logo, colour), the white-label switches and bulk sign-up, as a workspace admin edits them. */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/workspace/settings',
    {
      config: guarded,
      schema: {
        tags: ['workspace'],
        operationId: 'getWorkspaceSettings',
        summary: 'Branding, white-label switches and bulk sign-up of this workspace',
        response: { 200: ZWorkspaceSettings },
      },
    },
    async (req) => service.getSettings(ctxOf(req)),
  );
  app.put(
    '/workspace/settings',
    {
      config: guarded,
      schema: {
        tags: ['workspace'],
        operationId: 'updateWorkspaceSettings',
        summary: 'Change any of the brand colour, white-label switches and bulk sign-up (what is left out stays)',
        body: ZUpdateWorkspaceSettingsRequest,
        response: { 200: ZWorkspaceSettings },
      },
    },
    async (req) => service.updateSettings(ctxOf(req), req.body),
  );
  app.get(
    '/workspace/bulk-signup-setting',
    {
      // Public (issue 23): the sign-in page offers "Create an account" only where it is on.
      config: { host: 'workspace', auth: 'none' },
      schema: {
        tags: ['workspace'],
        operationId: 'getBulkSignupSetting',
        summary: 'Whether bulk sign-up is on (public: the sign-in page offers self sign-up where it is)',
        response: { 200: ZBulkSignUpSetting },
      },
    },
    async (req) => service.bulkSignUpSetting(ctxOf(req)),
  );
  app.get(
    '/workspace/concerned-authority',
    {
      config: { host: 'workspace', public: true },
      schema: {
        tags: ['workspace'],
        operationId: 'getConcernedAuthority',
        summary: 'Who to contact about harassment (any signed-in member; the home page card)',
        description:
          'shown is false when the workspace switched the concerned authority off; contact is null until a workspace admin names one in the settings.',
        response: { 200: ZConcernedAuthorityCard },
      },
    },
    async (req) => service.concernedAuthorityCard(ctxOf(req)),
  );
  app.delete(
    '/workspace/logo',
    {
      config: guarded,
      schema: {
        tags: ['workspace'],
        operationId: 'deleteWorkspaceLogo',
        summary: 'Remove the workspace logo (the sign-in page shows the company name instead)',
        response: { 200: ZWorkspaceSettings },
      },
    },
    async (req) => service.deleteLogo(ctxOf(req)),
  );
  app.get(
    '/workspace/logo/:workspaceId/:name',
    {
      config: { host: 'any', auth: 'none' },
      schema: {
        tags: ['workspace'],
        operationId: 'getWorkspaceLogo',
        summary: 'A workspace logo (public: the sign-in page shows it). The URL is in companyLogo.',
        params: z.object({ workspaceId: ZUuid, name: z.string().min(1).max(200) }),
        otherResponses: { 200: { description: 'The logo image (PNG, JPEG or WebP)', mediaType: 'image/*' } },
      },
    },
    async (req, reply) => {
      const file = await service.logoFile(ctxOf(req), req.params.workspaceId, req.params.name);
      if (!file) throw errors.notFound('LOGO');
      return sendStoredFile(reply, file, { 'cache-control': 'public, max-age=31536000, immutable' });
    },
  );

  // The upload route alone accepts multipart bodies; every other route keeps to JSON.
  await app.register(async (upload) => {
    await upload.register(fastifyMultipart, {
      limits: { fileSize: service.LOGO_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    });
    upload.post(
      '/workspace/logo',
      {
        config: guarded,
        bodyLimit: service.LOGO_MAX_BYTES + 64 * 1024,
        schema: {
          tags: ['workspace'],
          operationId: 'uploadWorkspaceLogo',
          summary: 'Upload the workspace logo: one PNG, JPEG or WebP image up to 2 MB (multipart field "file")',
          description:
            'Checked by content, not name; resized to at most 512 px and stored as PNG without metadata. companyLogo then holds its public URL.',
          consumes: ['multipart/form-data'],
          response: { 200: ZWorkspaceSettings },
        },
      },
      async (req) => service.uploadLogo(ctxOf(req), await readSingleUpload(req, service.LOGO_MAX_BYTES)),
    );
  });
};
