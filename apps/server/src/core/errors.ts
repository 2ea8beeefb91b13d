import type { TErrorResponse } from '@app/contract';

/** An error the client can act on: a 4xx with a stable code and a sentence for a person. */
export class AppError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: TErrorResponse['details'];
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    opts: { details?: TErrorResponse['details']; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = opts.details;
    this.headers = opts.headers ?? {};
  }
}

/** Common errors, named once so that every route says them the same way. */
export const errors = {
  unauthorized: () => new AppError(401, 'UNAUTHENTICATED', 'Sign in to continue.'),
  forbidden: (what = 'do this') => new AppError(403, 'FORBIDDEN', `You do not have permission to ${what}.`),
  notFound: (what: string) => new AppError(404, 'NOT_FOUND', `${what} was not found.`),
  conflict: (message: string) => new AppError(409, 'CONFLICT', message),
  badRequest: (message: string, details?: TErrorResponse['details']) =>
    new AppError(400, 'BAD_REQUEST', message, details ? { details } : {}),
};
