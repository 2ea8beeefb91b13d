import {
  ZAuthorBlock,
  ZAuthorBlockPage,
  ZBlockFileQuery,
  ZBlockListRequest,
  ZConfirmUploadQuery,
  ZCourseItem,
  ZCoverResult,
  ZCreateBlockRequest,
  ZCreateLessonRequest,
  ZDeletedBlock,
  ZGenerateCoverUploadRequest,
  ZGenerateUploadRequest,
  ZIdParams,
  ZSignedFileUrl,
  ZUpdateBlockRequest,
  ZUpdateLessonRequest,
  ZUploadTicket,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../../core/context.ts';
import * as service from './lessons.service.ts';

const ZDeleted = z.object({ id: z.string() });
/** Every route of this module: the `lms` switch gates it; the service decides who may author. */
const lms = { area: 'lms', policy: 'authoring', menu: 'COURSES' } as const;

/** Lessons, their content blocks and media (docs/learning-design.md §2, WP2). Mounted at `/lms/api`. */
export const lessonsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/lesson/create',
    {
      config: lms,
      schema: {
        tags: ['lms'],
        operationId: 'createLesson',
        summary: 'Add a lesson to a course (its draft)',
        body: ZCreateLessonRequest,
        response: { 200: ZCourseItem },
      },
    },
    async (req) => service.createLesson(ctxOf(req), req.body),
  );
  app.post(
    '/lesson/update/:id',
    {
      config: lms,
      schema: {
        tags: ['lms'],
        operationId: 'updateLesson',
        summary: 'Rename a lesson in one language',
        params: ZIdParams,
        body: ZUpdateLessonRequest,
        response: { 200: ZCourseItem },
      },
    },
    async (req) => service.updateLesson(ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    '/lesson/delete/:id',
    {
      config: lms,
      schema: {
        tags: ['lms'],
        operationId: 'deleteLesson',
        summary: 'Delete a lesson of a draft, with its blocks',
        params: ZIdParams,
        response: { 200: ZDeleted },
      },
    },
    async (req) => service.deleteLesson(ctxOf(req), req.params.id),
  );
  app.post(
    '/lesson-content/all',
    {
      config: { ...lms, duringContractExpiry: true },
      schema: {
        tags: ['lms'],
        operationId: 'listLessonContent',
        summary: 'A lesson’s blocks in one language (author shape), 100 a page',
        body: ZBlockListRequest,
        response: { 200: ZAuthorBlockPage },
      },
    },
    async (req) => service.listBlocks(ctxOf(req), req.body),
  );
  app.post(
    '/lesson-content/create',
    {
      config: lms,
      schema: {
        tags: ['lms'],
        operationId: 'createLessonContent',
        summary: 'Add a block to a lesson',
        body: ZCreateBlockRequest,
        response: { 200: ZAuthorBlock },
      },
    },
    async (req) => service.createBlock(ctxOf(req), req.body),
  );
  app.post(
    '/lesson-content/update/:id',
    {
      config: lms,
      schema: {
        tags: ['lms'],
        operationId: 'updateLessonContent',
        summary: 'Change a block: its text in one language, settings, or position',
        params: ZIdParams,
        body: ZUpdateBlockRequest,
        response: { 200: ZAuthorBlock },
      },
    },
    async (req) => service.updateBlock(ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    '/lesson-content/delete/:id',
    {
      config: lms,
      schema: {
        tags: ['lms'],
        operationId: 'deleteLessonContent',
        summary: 'Delete a block',
        params: ZIdParams,
        response: { 200: ZDeletedBlock },
      },
    },
    async (req) => service.deleteBlock(ctxOf(req), req.params.id),
  );
  app.post(
    '/lesson-content/generate-upload-url',
    {
      config: lms,
      schema: {
        tags: ['lms'],
        operationId: 'generateLessonUploadUrl',
        summary: 'Start uploading a block’s file in one language',
        body: ZGenerateUploadRequest,
        response: { 200: ZUploadTicket },
      },
    },
    async (req) => service.generateBlockUpload(ctxOf(req), req.body),
  );
  app.post(
    '/lesson-content/confirm-upload/:id',
    {
      config: lms,
      schema: {
        tags: ['lms'],
        operationId: 'confirmLessonUpload',
        summary: 'Check an uploaded file by content and attach it to the block in that language',
        params: ZIdParams,
        querystring: ZConfirmUploadQuery,
        response: { 200: ZAuthorBlock },
      },
    },
    async (req) => {
      const out = await service.confirmUpload(ctxOf(req), req.params.id, req.query.language, 'BLOCK');
      if (out.kind !== 'BLOCK') throw new Error('a cover upload is confirmed by confirm-cover-upload');
      return out.block;
    },
  );
  app.get(
    '/lesson-content/file/:id',
    {
      config: lms,
      schema: {
        tags: ['lms'],
        operationId: 'getLessonFile',
        summary: 'Redirects to a 10-minute URL of a block’s file (byte ranges served), or names it (format=json)',
        params: ZIdParams,
        querystring: ZBlockFileQuery,
        response: { 200: ZSignedFileUrl },
        otherResponses: { 302: { description: 'To a signed URL of the file, valid 10 minutes (byte ranges served)' } },
      },
    },
    async (req, reply) => {
      const url = await service.blockFileUrl(
        ctxOf(req),
        req.params.id,
        req.query.language,
        req.query.captions === 'true',
      );
      reply.header('cache-control', 'private, no-store');
      if (req.query.format === 'json') return { url };
      return reply.redirect(url, 302);
    },
  );
  app.post(
    '/course/generate-upload-url-for-update/:id',
    {
      config: lms,
      schema: {
        tags: ['lms'],
        operationId: 'generateCourseCoverUploadUrl',
        summary: 'Start uploading a course’s cover image',
        params: ZIdParams,
        body: ZGenerateCoverUploadRequest,
        response: { 200: ZUploadTicket },
      },
    },
    async (req) => service.generateCoverUpload(ctxOf(req), req.params.id, req.body),
  );
  app.post(
    '/course/confirm-cover-upload/:id',
    {
      config: lms,
      schema: {
        tags: ['lms'],
        operationId: 'confirmCourseCoverUpload',
        summary: 'Check the uploaded cover by content and set it',
        params: ZIdParams,
        response: { 200: ZCoverResult },
      },
    },
    async (req) => {
      const out = await service.confirmUpload(ctxOf(req), req.params.id, null, 'COVER');
      if (out.kind !== 'COVER') throw new Error('a block upload is confirmed by lesson-content/confirm-upload');
      return { coverUrl: out.coverUrl };
    },
  );
  // The local-disk upload, in a scope of its own: it alone takes raw bytes of any type (checked by
  // content at confirm); every other route keeps refusing a body that is not JSON (415).
  const uploadScope: FastifyPluginAsyncZod = async (uploads) => {
    // The body stays unread here (the handler streams `req.raw` to storage): a stream as `req.body`
    // would be walked by anything that inspects bodies (logging, error answers).
    uploads.addContentTypeParser('*', (_req, _payload, done) => done(null));
    uploads.put(
      '/lesson-content/upload/:id',
      {
        config: lms,
        // Streamed to storage, bounded by the upload's own limit (up to 500 MB for a video).
        bodyLimit: 600 * 1024 * 1024,
        schema: {
          tags: ['lms'],
          operationId: 'uploadLessonFile',
          summary: 'The bytes of an upload (local-disk storage; S3 uploads go to the presigned URL)',
          params: ZIdParams,
          response: { 200: z.object({ uploadId: z.string(), received: z.boolean() }) },
        },
      },
      async (req) => service.receiveUpload(ctxOf(req), req.params.id, req.raw),
    );
  };
  await app.register(uploadScope);
};
