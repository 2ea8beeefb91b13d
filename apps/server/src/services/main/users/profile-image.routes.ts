import {
  PROFILE_IMAGE_MAX_BYTES,
  ZProfileImage,
  ZProfileImageUploadUrl,
  ZProfileImageUploadUrlRequest,
  ZUuid,
} from '@app/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../../core/context.ts';
import { readSingleUpload } from '../../../core/uploads.ts';
import * as service from './profile-image.service.ts';

/** Any member, for themselves; someone else's picture needs `users.manage` (checked by the service). */
const member = { host: 'workspace', actsOnOthersWith: 'users.manage' } as const;

/** Profile images: an upload URL, the upload itself, and removal. */
export const profileImageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/user/generate-profile-image-upload-url',
    {
      config: member,
      schema: {
        tags: ['users'],
        operationId: 'createProfileImageUploadUrl',
        summary: 'A single-use upload URL (5 minutes) for your own profile image, or for a user you manage',
        description:
          'Send one PNG, JPEG or WebP image (up to 5 MB) to `uploadUrl` with PUT as multipart/form-data, field "file".',
        body: ZProfileImageUploadUrlRequest,
        response: { 200: ZProfileImageUploadUrl },
      },
    },
    async (req) => service.createUploadUrl(ctxOf(req), req.body),
  );
  app.delete(
    '/user/profile-image/:userId',
    {
      config: member,
      schema: {
        tags: ['users'],
        operationId: 'deleteProfileImage',
        summary: 'Remove a profile image (your own, or of a user you manage); the file is deleted',
        params: z.object({ userId: ZUuid }),
        response: { 200: ZProfileImage },
      },
    },
    async (req) => service.removeProfileImage(ctxOf(req), req.params.userId),
  );

  // The upload route alone accepts multipart bodies; every other route keeps to JSON.
  await app.register(async (upload) => {
    await upload.register(fastifyMultipart, {
      limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    });
    upload.withTypeProvider<ZodTypeProvider>().put(
      '/user/profile-image-upload/:token',
      {
        config: member,
        bodyLimit: PROFILE_IMAGE_MAX_BYTES + 64 * 1024,
        schema: {
          tags: ['users'],
          operationId: 'uploadProfileImage',
          summary: 'Upload a profile image to a URL from generate-profile-image-upload-url (multipart field "file")',
          description:
            'Only by the person who asked for the URL, once, before it expires. Checked by content, not name; resized to at most 256 px and stored as PNG without metadata.',
          consumes: ['multipart/form-data'],
          params: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'not an upload token') }),
          response: { 200: ZProfileImage },
        },
      },
      async (req) =>
        service.uploadProfileImage(ctxOf(req), req.params.token, () => readSingleUpload(req, PROFILE_IMAGE_MAX_BYTES)),
    );
  });
};
