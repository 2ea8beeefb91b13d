import { certificateVerifyPath, ZCertificateVerification, ZErrorResponse } from '@app/contract';
import { ApiError, CLIENT_ERROR_CODES } from '../../../lib/api/api-error.ts';
import { apiClient, tokenStore } from '../../../lib/api/index.ts';
import { newTraceId, resolveBaseUrls } from '../../../lib/api/request-helpers.ts';

/** Calls of certificates: the public check of a code, and the PDF of a completed enrolment. */
export const certificatesApi = {
  /** Anyone, signed in or not: the name, course and date behind a code (404 unknown, 400 malformed). */
  verify: (code: string, signal?: AbortSignal) =>
    apiClient.request({
      service: 'lms',
      path: `/certificate/verify/${encodeURIComponent(code)}`,
      schema: ZCertificateVerification,
      signal,
    }),

  /**
   * The certificate PDF of an enrolment (its learner, or a course manager), with its file name. The
   * session travels as a bearer token, so the file is fetched here and then saved, not linked to.
   */
  download: async (enrolmentId: string, cycle?: number): Promise<{ blob: Blob; name: string }> => {
    const traceId = newTraceId();
    const token = tokenStore.getAccessToken();
    const query = cycle === undefined ? '' : `?cycle=${cycle}`;
    const response = await fetch(
      `${resolveBaseUrls(import.meta.env).lms}/user-course-content/certificate/${encodeURIComponent(enrolmentId)}${query}`,
      { headers: { 'X-Trace-Id': traceId, ...(token ? { Authorization: `Bearer ${token}` } : {}) } },
    );
    if (!response.ok) {
      const parsed = ZErrorResponse.safeParse(await response.json().catch(() => undefined));
      throw new ApiError(
        parsed.success
          ? parsed.data
          : { status: response.status, code: CLIENT_ERROR_CODES.http, message: `HTTP ${response.status}` },
        { traceId },
      );
    }
    const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1];
    return { blob: await response.blob(), name: name ?? 'certificate.pdf' };
  },
};

/** The public page that checks `code`, relative to the current host. */
export const verifyPagePath = certificateVerifyPath;
