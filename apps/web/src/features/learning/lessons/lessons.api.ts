import {
  type TBlockSettings,
  type TBlockTextInput,
  type TBlockType,
  type TLanguage,
  type TMediaKind,
  ZAuthorBlock,
  ZAuthorBlockPage,
  ZCourseItem,
  ZDeletedBlock,
  ZSignedFileUrl,
  ZUploadTicket,
} from '@app/contract';
import { apiClient } from '../../../lib/api/index.ts';
import { putFile } from '../../../lib/api/put-file.ts';
import { resolveBaseUrls } from '../../../lib/api/request-helpers.ts';

/** Page size of a lesson's block list (the server's maximum). */
export const BLOCKS_PAGE_SIZE = 100;

/** Calls of the lesson editor (the LMS service). */
export const lessonsApi = {
  /** The lesson's title (unchanged here) and its minimum reading time; answers the lesson (in a new draft, another id). */
  updateLesson: (id: string, body: { title: string; language: TLanguage; minReadingSeconds: number | null }) =>
    apiClient.request({ service: 'lms', method: 'POST', path: `/lesson/update/${id}`, body, schema: ZCourseItem }),
  blocks: (lessonId: string, language: TLanguage, pageNo: number, signal?: AbortSignal) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: '/lesson-content/all',
      body: { lessonId, language, pageNo, pageSize: BLOCKS_PAGE_SIZE },
      schema: ZAuthorBlockPage,
      signal,
    }),
  createBlock: (input: {
    lessonId: string;
    type: TBlockType;
    language: TLanguage;
    position?: number;
    settings?: TBlockSettings;
    body?: TBlockTextInput;
  }) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: '/lesson-content/create',
      body: input,
      schema: ZAuthorBlock,
    }),
  updateBlock: (
    id: string,
    input: { language?: TLanguage; position?: number; settings?: TBlockSettings; body?: TBlockTextInput },
  ) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: `/lesson-content/update/${id}`,
      body: input,
      schema: ZAuthorBlock,
    }),
  deleteBlock: (id: string) =>
    apiClient.request({
      service: 'lms',
      method: 'DELETE',
      path: `/lesson-content/delete/${id}`,
      schema: ZDeletedBlock,
    }),
  /** A short-lived URL of a block's file (or captions), which `<img>`/`<video>` can load without a session. */
  fileUrl: (blockId: string, language: TLanguage, captions = false, signal?: AbortSignal) =>
    apiClient.request({
      service: 'lms',
      method: 'GET',
      path: `/lesson-content/file/${blockId}`,
      query: { language, captions: captions ? 'true' : undefined, format: 'json' },
      schema: ZSignedFileUrl,
      signal,
    }),
};

/**
 * Uploads a block's file in `language`: asks for a ticket, sends the bytes (progress 0–1), then
 * confirms (the server checks the content and attaches it). Answers the updated block.
 */
export async function uploadBlockFile(
  input: { blockId: string; language: TLanguage; kind: Exclude<TMediaKind, 'COVER'>; file: File },
  onProgress: (fraction: number) => void,
) {
  const contentType = input.file.type || (input.kind === 'CAPTIONS' ? 'text/vtt' : 'application/octet-stream');
  const ticket = await apiClient.request({
    service: 'lms',
    method: 'POST',
    path: '/lesson-content/generate-upload-url',
    body: {
      blockId: input.blockId,
      language: input.language,
      kind: input.kind,
      fileName: input.file.name,
      contentType,
      size: input.file.size,
    },
    schema: ZUploadTicket,
  });
  const lms = resolveBaseUrls(import.meta.env).lms;
  const viaApi = ticket.uploadUrl === null;
  await putFile(
    ticket.uploadUrl ?? `${lms}/lesson-content/upload/${ticket.uploadId}`,
    input.file,
    ticket.contentType,
    viaApi,
    onProgress,
  );
  return apiClient.request({
    service: 'lms',
    method: 'POST',
    path: `/lesson-content/confirm-upload/${ticket.uploadId}`,
    query: { language: input.language },
    body: {},
    schema: ZAuthorBlock,
  });
}
