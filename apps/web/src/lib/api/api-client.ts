import { type TErrorResponse, ZErrorResponse } from '@app/contract';
import type { z } from 'zod';
import type { TokenStore } from '../auth-token.store.ts';
import { ApiError, CLIENT_ERROR_CODES } from './api-error.ts';
import { newTraceId, parseRetryAfter, type TBaseUrls, type TService } from './request-helpers.ts';

type TQueryValue = string | number | boolean | null | undefined;

/** One call to one of the three services. */
export type TRequest<T> = {
  service?: TService;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path below the service's base URL, e.g. `/user/details`. */
  path: string;
  query?: Record<string, TQueryValue>;
  /** Sent as JSON; a FormData (a file upload) is sent as multipart/form-data. */
  body?: unknown;
  /** Contract schema the response must match; the parsed value is returned. */
  schema?: z.ZodType<T>;
  /**
   * Whether to send the bearer token (default true). Calls sent without one, such as sign-in,
   * keep their 401 for the caller: a wrong password must not reload the page.
   */
  auth?: boolean;
  signal?: AbortSignal;
  /** Extra request headers (e.g. `Idempotency-Key`). */
  headers?: Record<string, string>;
};

/** Everything the client needs from its surroundings; injected so tests can replace each part. */
export type TApiClientOptions = {
  baseUrls: TBaseUrls;
  tokenStore: TokenStore;
  /** Called after a 401 on an authenticated call, once the tokens are cleared (browser: reload). */
  onUnauthorized: () => void;
  fetch?: typeof fetch;
  newTraceId?: () => string;
};

/** The one HTTP client of the web app, shared by the main, LMS and CMS services. */
export type ApiClient = {
  request<T>(request: TRequest<T>): Promise<T>;
  readonly tokenStore: TokenStore;
};

/** Builds `base + path + ?query`, leaving out empty query values. */
function buildUrl(base: string, path: string, query: TRequest<unknown>['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const search = params.toString();
  return `${base}${path.startsWith('/') ? path : `/${path}`}${search ? `?${search}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The server's error body, or a generic one when the body is not the contract's error shape. */
function toErrorBody(status: number, json: unknown): TErrorResponse {
  const parsed = ZErrorResponse.safeParse(json);
  if (parsed.success) return parsed.data;
  return { status, code: CLIENT_ERROR_CODES.http, message: `The server answered with HTTP ${status}.` };
}

/**
 * Creates the API client. Every request carries a fresh `X-Trace-Id` and, unless `auth: false`,
 * the bearer token. The Origin header the spec asks for is set by the browser itself (it is a
 * forbidden header name that scripts cannot set); the server resolves the workspace from it.
 *
 * Errors: a 401 on an authenticated call clears the tokens and calls `onUnauthorized`; every
 * other failure is thrown as an ApiError with the server's `{status, code, message, details}`.
 */
export function createApiClient(options: TApiClientOptions): ApiClient {
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const traceId = options.newTraceId ?? (() => newTraceId());

  async function request<T>(req: TRequest<T>): Promise<T> {
    const id = traceId();
    const headers: Record<string, string> = { ...req.headers, Accept: 'application/json', 'X-Trace-Id': id };
    const token = req.auth === false ? null : options.tokenStore.getAccessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    const isForm = typeof FormData !== 'undefined' && req.body instanceof FormData;
    // The browser sets multipart/form-data with its boundary itself.
    if (req.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';

    let response: Response;
    try {
      response = await doFetch(buildUrl(options.baseUrls[req.service ?? 'main'], req.path, req.query), {
        method: req.method ?? 'GET',
        headers,
        body: req.body === undefined ? undefined : isForm ? (req.body as FormData) : JSON.stringify(req.body),
        signal: req.signal,
      });
    } catch (cause) {
      if (req.signal?.aborted) throw cause;
      throw new ApiError(
        { status: 0, code: CLIENT_ERROR_CODES.network, message: 'The server could not be reached.' },
        { traceId: id, cause },
      );
    }

    const json = await readJson(response);
    if (!response.ok) {
      if (response.status === 401 && token) {
        options.tokenStore.clear();
        options.onUnauthorized();
      }
      throw new ApiError(toErrorBody(response.status, json), {
        traceId: id,
        retryAfterSeconds: parseRetryAfter(response.headers.get('Retry-After')),
      });
    }

    if (!req.schema) return json as T;
    const parsed = req.schema.safeParse(json);
    if (!parsed.success) {
      throw new ApiError(
        {
          status: response.status,
          code: CLIENT_ERROR_CODES.invalidResponse,
          message: 'The server sent an answer this version of the app does not understand.',
        },
        { traceId: id, cause: parsed.error },
      );
    }
    return parsed.data;
  }

  return { request, tokenStore: options.tokenStore };
}
