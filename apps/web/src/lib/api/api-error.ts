import type { TErrorResponse } from '@app/contract';

/** Codes the client itself produces when the server's error body is missing or unusable. */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK_ERROR',
  invalidResponse: 'INVALID_RESPONSE',
  http: 'HTTP_ERROR',
} as const;

/**
 * A failed call, carrying the server's `{status, code, message, details}` so that a page can say
 * what went wrong. `status` is 0 when the server could not be reached at all.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: TErrorResponse['details'];
  /** Values for translating the error (and `reason`, the case under a generic code): see lib/i18n/errors. */
  readonly params: TErrorResponse['params'];
  /** Seconds the server asked us to wait (`Retry-After`), when it said so. */
  readonly retryAfterSeconds: number | null;
  /** The `X-Trace-Id` the request was sent with, to quote when reporting a problem. */
  readonly traceId: string | null;

  constructor(
    body: TErrorResponse,
    extra: { retryAfterSeconds?: number | null; traceId?: string | null; cause?: unknown } = {},
  ) {
    super(body.message, extra.cause === undefined ? undefined : { cause: extra.cause });
    this.name = 'ApiError';
    this.status = body.status;
    this.code = body.code;
    this.details = body.details;
    this.params = body.params;
    this.retryAfterSeconds = extra.retryAfterSeconds ?? null;
    this.traceId = extra.traceId ?? null;
  }

  /** True when the server could not be reached (offline, DNS, CORS, aborted connection). */
  get isNetworkError(): boolean {
    return this.status === 0;
  }
}

/** Narrows an unknown thrown value to an ApiError with the given status (any status if omitted). */
export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/** The message of a failed call, for showing to a person. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}
