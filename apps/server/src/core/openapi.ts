import { ZErrorResponse } from '@app/contract';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * How a route gets into the OpenAPI document (docs/openapi.json, /api/docs): every route that
 * does not say `schema: { hide: true }` is documented, and this transform adds to each, in one
 * place, what integrators and client generators need:
 * - `security` from the route's `config.auth` (the same setting that decides who may call it):
 *   `required` → bearer, `optional` → bearer or anonymous, `none` → `[]` (public);
 * - an `operationId`: the route's own `schema.operationId` (a client method name such as
 *   `createInvitation`), else one derived from method and path (`getLmsServiceInfo`);
 * - the one error shape `{status, code, message, details?, params?}` as the `4XX` and `default` answers;
 * - answers without a JSON body (a file, a redirect) from the route's `schema.otherResponses`;
 * - for a route of a white-label area (`config.area`), a note of its `AREA_SWITCHED_OFF` answer.
 * A route must document a success answer: a zod `response` or `otherResponses` (else this throws,
 * and the OpenAPI test fails).
 * Request and response bodies come from the route's zod schemas (OpenAPI 3.1: JSON Schema 2020-12,
 * so `null` is a type and no `nullable` is needed).
 */

const ERROR_COMPONENT = 'ErrorResponse';
const errorRef = { $ref: `#/components/schemas/${ERROR_COMPONENT}` };

/** An answer without a JSON body: what it is, and its media type when it has a body (a file). */
export type OtherResponse = { description: string; mediaType?: string };

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Documented answers that are not JSON (files, redirects), by status: only for the OpenAPI
     * document; JSON answers go in `response` (zod), which also checks what is sent.
     */
    otherResponses?: Record<number, OtherResponse>;
  }
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0] & { route: RouteOptions };
type DocumentedSchema = Record<string, unknown> & {
  hide?: boolean;
  operationId?: string;
  security?: unknown;
  response?: Record<string, unknown>;
  otherResponses?: Record<number, OtherResponse>;
};

/** The security requirement a route's `config.auth` means (default: a session is required). */
export function securityFor(auth: string | undefined): Array<Record<string, string[]>> {
  if (auth === 'none') return [];
  if (auth === 'optional') return [{ bearer: [] }, {}];
  return [{ bearer: [] }];
}

/**
 * A readable id from method and path, for routes that name none: `GET /lms/api/service-info` →
 * `getLmsServiceInfo`, `DELETE /api/invite/{a}/{b}` → `deleteInviteByAByB`.
 */
export function derivedOperationId(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((part) => part && part !== 'api')
    .flatMap((part) => {
      const param = /^[:{](\w+)\}?$/.exec(part);
      return param ? ['by', param[1] ?? ''] : part.split(/[^A-Za-z0-9]+/);
    })
    .filter(Boolean);
  const camel = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join('');
  return `${method.toLowerCase()}${camel}`;
}

/** The swagger `transform`: zod → JSON Schema, then security, operationId and error answers. */
export function openapiTransform(input: TransformInput) {
  const own = (input.schema ?? {}) as DocumentedSchema;
  if (own.security !== undefined) {
    throw new Error(
      `${String(input.route.method)} ${input.url}: do not declare schema.security; it is derived from config.auth`,
    );
  }
  const result = jsonSchemaTransform(input) as { schema: DocumentedSchema | undefined; url: string };
  const schema: DocumentedSchema = result.schema ?? {};
  result.schema = schema;
  if (schema.hide) return result;
  const method = Array.isArray(input.route.method) ? String(input.route.method[0]) : String(input.route.method);
  const jsonResponses = schema.response ?? {};
  const others = Object.fromEntries(
    Object.entries(schema.otherResponses ?? {}).map(([status, { description, mediaType }]) => [
      status,
      // A file: binary, in the form client generators read as one (a Blob, a byte stream).
      mediaType
        ? { description, content: { [mediaType]: { schema: { type: 'string', format: 'binary' } } } }
        : { description, type: 'null' }, // @fastify/swagger: no body
    ]),
  );
  delete schema.otherResponses;
  closeEnumKeyedRecords(schema);
  if (Object.keys(jsonResponses).length + Object.keys(others).length === 0) {
    throw new Error(
      `${method} ${input.url}: document its success answer (schema.response, or schema.otherResponses for a file or redirect)`,
    );
  }
  const config = (input.route.config ?? {}) as { auth?: string; area?: string };
  schema.security = securityFor(config.auth);
  if (config.area) {
    const note = `Part of the \`${config.area}\` area: on the host of a workspace that has switched it off, 403 \`AREA_SWITCHED_OFF\`.`;
    schema.description = schema.description ? `${String(schema.description)}\n\n${note}` : note;
  }
  schema.operationId ??= derivedOperationId(method, input.url);
  schema.response = {
    '4XX': {
      description: 'The request was refused (bad input, not signed in, not allowed, not found, conflict, too many).',
      content: { 'application/json': { schema: errorRef } },
    },
    default: {
      description: 'An error on the server side (the same shape).',
      content: { 'application/json': { schema: errorRef } },
    },
    ...jsonResponses,
    ...others,
  };
  return result;
}

/**
 * zod writes a record keyed by an enum (`z.record(ZWorkspaceRole, z.number())`: every key present,
 * no other) as `propertyNames` + `required` + `additionalProperties`; the same object with its keys
 * as `properties` is equivalent, and client generators make a typed object of it rather than a map.
 */
function closeEnumKeyedRecords(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) closeEnumKeyedRecords(item);
    return;
  }
  if (node === null || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  const keys = (schema.propertyNames as { enum?: unknown } | undefined)?.enum;
  const values = schema.additionalProperties;
  if (Array.isArray(keys) && !schema.properties && values && typeof values === 'object') {
    schema.properties = Object.fromEntries(keys.map((key) => [String(key), values]));
    schema.additionalProperties = false;
    delete schema.propertyNames;
  }
  for (const child of Object.values(schema)) closeEnumKeyedRecords(child);
}

/** The error shape as a component, so every answer above refers to one definition. */
function errorComponent() {
  const { $schema: _schema, ...json } = z.toJSONSchema(ZErrorResponse, { target: 'draft-2020-12', io: 'output' });
  // Plain JSON (zod's result also carries its standard-schema hooks); typed by the document it joins.
  return JSON.parse(JSON.stringify(json));
}

/** Options for `@fastify/swagger`: the document's head, and the transform above. */
export function swaggerOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Workplace compliance platform API',
        description:
          'Main service (/api), learning service (/lms/api) and case-management service (/cms/api). Requests are resolved to a workspace by the Origin (else Host) header; authenticate with `Authorization: Bearer <accessToken>`. Every error answers in one shape: `{status, code, message, details?, params?}`.',
        version: '0.1.0',
      },
      // Relative: the document describes whichever host serves it (a workspace's or the platform's).
      servers: [{ url: '/', description: 'The host that serves this document' }],
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
        schemas: { [ERROR_COMPONENT]: errorComponent() },
      },
    },
    transform: openapiTransform as FastifyDynamicSwaggerOptions['transform'],
  };
}
