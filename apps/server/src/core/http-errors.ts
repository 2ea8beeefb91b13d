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
 * Fastify's router answers a malformed (`%ff`) or over-long path itself, before any hook or error
 * handler; this (its `frameworkErrors` option) gives those answers the one error shape too.
 */
export function frameworkErrors(error: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL') {
    return send(reply, { status: 400, code: 'BAD_URL', message: 'The address is not valid: check its %-encoding.' });
  }
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return send(reply, { status: 414, code: 'URI_TOO_LONG', message: 'A part of the address is too long.' });
  }
  req.log.error({ err: error, traceId: req.id }, 'unexpected router error');
  return send(reply, {
    status: 500,
    code: 'INTERNAL_ERROR',
    message: `Something went wrong on our side. If it keeps happening, quote trace id ${req.id}.`,
  });
}

/** Half of a UTF-16 surrogate pair, which PostgreSQL cannot store (nor a NUL character). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (s: string) => s.includes('\0') || LONE_SURROGATE.test(s);

/**
 * The path of the first string in the input that PostgreSQL could not store, if any. Walks with its
 * own stack rather than by recursion, so no input can exhaust the call stack.
 */
function unstorableText(input: unknown, root: string): string | null {
  const stack: [unknown, string][] = [[input, root]];
  while (stack.length > 0) {
    const [value, path] = stack.pop()!;
    if (typeof value === 'string') {
      if (unstorable(value)) return path;
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    const entries = Object.entries(value);
    // Pushed last to first, so that the first offending field in document order is named.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, item] = entries[i]!;
      if (unstorable(key)) return path;
      stack.push([item, `${path}.${key}`]);
    }
  }
  return null;
}

/** Deepest nesting of objects and arrays a JSON body may have (the deepest contract needs a handful). */
export const MAX_JSON_DEPTH = 64;

/**
 * Whether `text` nests objects and arrays more than `max` levels deep, counting brackets outside
 * strings in one pass. It runs before parsing, so a hostile body costs one linear scan and never
 * reaches code that walks the parsed value.
 */
export function jsonNestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash escapes the next character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * Guards every route's input before validation: a body is accepted as JSON only (a text/plain body
 * gets a 415 rather than a puzzling validation error), a JSON body nested deeper than
 * `MAX_JSON_DEPTH` is refused before it is parsed, and text PostgreSQL could not store is refused as
 * a 400 naming the field, instead of failing as a 500 in the database.
 */
export function installInputGuards(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
  // Fastify's own parser (same prototype-poisoning checks, same errors), behind the depth check.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    if (jsonNestedDeeperThan(body as string, MAX_JSON_DEPTH)) {
      const message = `The request body nests objects and arrays more than ${MAX_JSON_DEPTH} levels deep.`;
      done(new AppError(400, 'JSON_TOO_DEEP', message), undefined);
      return;
    }
    parseJson(req, body as string, done);
  });
  app.addHook('preValidation', async (req) => {
    const path =
      unstorableText(req.params, 'params') ??
      unstorableText(req.query, 'querystring') ??
      unstorableText(req.body, 'body');
    if (path) {
      const message = 'contains a character that is not allowed (NUL or an unpaired surrogate)';
      throw new AppError(400, 'VALIDATION_FAILED', `Check ${path}: ${message}`, { details: [{ path, message }] });
    }
  });
}

/**
 * The one error handler: every failure leaves as `{status, code, message, details?, params?}`. Client errors
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
          ...(error.params ? { params: error.params } : {}),
        },
        error.headers,
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((v) => ({
        // The whole body (instancePath "/") is named "body", not "body.".
        path: `${error.validationContext ?? 'body'}${v.instancePath.replaceAll('/', '.')}`.replace(/\.$/, ''),
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
      params: { traceId: req.id },
    });
  });
}
