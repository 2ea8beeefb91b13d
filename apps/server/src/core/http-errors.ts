import type { TErrorResponse } from '@app/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './errors.ts';

function send(reply: FastifyReply, body: TErrorResponse, headers: Record<string, string> = {}) {
  return reply.status(body.status).headers(headers).type('application/json; charset=utf-8').send(body);
}

/** Fastify's own client-error codes, and what to tell a person about each. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: {
    status: 400,
    code: 'MALFORMED_JSON',
    message: 'The request body is not valid JSON.',
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    code: 'MALFORMED_JSON',
    message: 'The request body is empty; send a JSON object.',
  },
  FST_ERR_CTP_BODY_TOO_LARGE: {
    status: 413,
    code: 'PAYLOAD_TOO_LARGE',
    message: 'The request body is too large.',
  },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    status: 415,
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Send the request body as application/json.',
  },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    status: 400,
    code: 'BAD_REQUEST',
    message: 'The Content-Length header does not match the body.',
  },
};

/**
 * The one error handler: every failure leaves as `{status, code, message, details?}`. Client errors
 * say what to fix; anything unexpected is logged with the trace id and answered with a generic 500
 * that never shows internals.
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, req: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      return send(
        reply,
        {
          status: error.status,
          code: error.code,
          message: error.message,
          ...(error.details ? { details: error.details } : {}),
        },
        error.headers,
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        path: `${error.validationContext ?? 'body'}${v.instancePath.replaceAll('/', '.')}`,
        message: v.message ?? 'is invalid',
      }));
      const first = details[0];
      return send(reply, {
        status: 400,
        code: 'VALIDATION_FAILED',
        message: first ? `Check ${first.path}: ${first.message}` : 'The request is not valid.',
        details,
      });
    }
    const known = error.code ? FASTIFY_CLIENT_ERRORS[error.code] : undefined;
    if (known) return send(reply, known);
    if (!isResponseSerializationError(error) && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, {
        status: error.statusCode,
        code: error.code ?? 'BAD_REQUEST',
        message: error.message || 'The request could not be processed.',
      });
    }
    req.log.error({ err: error, traceId: req.id }, 'unexpected error');
    return send(reply, {
      status: 500,
      code: 'INTERNAL_ERROR',
      message: `Something went wrong on our side. If it keeps happening, quote trace id ${req.id}.`,
    });
  });
}
