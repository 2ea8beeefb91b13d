import {
  CASE_FILE_MAX_BYTES,
  ZCaseFile,
  ZCaseFileDeleted,
  ZCaseFileParams,
  ZCaseFileUploadHeaders,
  ZCmsIdParams,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../core/context.ts';
import { AppError } from '../../../core/errors.ts';
import * as files from './files.ts';

/**
 * A case's files (issue 26), at `/cms/api/case/{id}/file…`: uploaded as the raw body, checked by size
 * and content, encrypted before they are stored; read back decrypted by whoever's audience includes
 * them (each read in the case's trail); an unused upload taken back by its uploader. Who: anyone
 * related to the case, by audience (files.ts `placementOf`); everyone else reads it as missing.
 */
const tags = ['cms'];
const config = { area: 'cms', policy: 'case' } as const;

/** `Content-Disposition` for a download: an ASCII fallback and the UTF-8 name (RFC 6266, RFC 5987). */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_');
  const utf8 = encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${utf8}`;
}

function decodedName(raw: string): string {
  try {
    return decodeURIComponent(raw);
  } catch {
    throw new AppError(400, 'BAD_REQUEST', 'The file name could not be read: send it URL-encoded (X-File-Name).', {
      params: { reason: 'BAD_FILE_NAME' },
    });
  }
}

export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/case/:id/file/:fileId',
    {
      config,
      schema: {
        tags,
        operationId: 'downloadCaseFile',
        summary: 'A case file, decrypted, as a download (written in the case’s trail); 404 outside its audience',
        params: ZCaseFileParams,
        otherResponses: {
          200: { description: 'The file’s bytes, in its own type', mediaType: 'application/octet-stream' },
        },
      },
    },
    async (req, reply) => {
      const f = await files.readFile(ctxOf(req), req.params.id, req.params.fileId);
      return reply
        .header('content-type', f.contentType)
        .header('content-length', String(f.data.length))
        .header('content-disposition', attachment(f.name))
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(f.data);
    },
  );
  app.post(
    '/case/:id/file/delete/:fileId',
    {
      config,
      schema: {
        tags,
        operationId: 'deleteCaseUpload',
        summary: 'Take back a file you uploaded that nothing uses yet (a draft’s evidence removed)',
        description: '409 `CASE_FILE_ATTACHED` once it was sent with the complaint, a message or an addition.',
        params: ZCaseFileParams,
        response: { 200: ZCaseFileDeleted },
      },
    },
    async (req) => files.deleteUpload(ctxOf(req), req.params.id, req.params.fileId),
  );

  const uploads: FastifyPluginAsyncZod = async (scope) => {
    // The body stays unread here, whatever its type: the handler counts and checks the bytes itself.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    scope.post(
      '/case/:id/file',
      {
        config,
        schema: {
          tags,
          operationId: 'uploadCaseFile',
          summary: 'Upload a file to a case: the body is the file’s bytes; checked by content, encrypted, stored',
          description: `At most the field’s \`maxMegabytes\` (X-Attribute-Key), else ${CASE_FILE_MAX_BYTES / 1024 / 1024} MB: 413 \`FILE_TOO_LARGE\` on the bytes received. By content: PDF, images (JPEG, PNG, GIF, WebP, HEIC), Word and Excel documents without macros, audio (MP3, M4A, AAC, OGG, WAV, AMR), video (MP4, MOV, 3GP), plain UTF-8 text; else 415 \`FILE_TYPE_NOT_ALLOWED\`. Nothing is stored when refused.`,
          params: ZCmsIdParams,
          headers: ZCaseFileUploadHeaders,
          consumes: ['application/octet-stream'],
          response: { 200: ZCaseFile },
        },
      },
      async (req) =>
        files.uploadFile(ctxOf(req), req.params.id, req.raw, {
          fileName: decodedName(req.headers['x-file-name']),
          attributeKey: req.headers['x-attribute-key'] ?? null,
          audience: req.headers['x-audience'] ?? null,
          participantAccountId: req.headers['x-participant-id'] ?? null,
          contentLength: req.headers['content-length'] ?? null,
        }),
    );
  };
  await app.register(uploads);
};
