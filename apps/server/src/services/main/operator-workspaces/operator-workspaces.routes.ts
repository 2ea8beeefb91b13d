import {
  ZCreateWorkspaceRequest,
  ZCreateWorkspaceResponse,
  ZHostAvailability,
  ZHostAvailabilityQuery,
  ZOperatorIdempotencyHeaders,
  ZPageQuery,
  ZWorkspaceDetails,
  ZWorkspaceIdParams,
  ZWorkspaceListFilter,
  ZWorkspaceListResponse,
  ZWorkspaceSearchParams,
  ZWorkspaceSearchResponse,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../core/context.ts';
import * as service from './operator-workspaces.service.ts';

const OPERATOR = { host: 'platform', policy: 'platform' } as const;

/** The operator's workspaces (issue 23): create, check a host, list, search, details. Platform host, PLATFORM_ADMIN only. */
export const operatorWorkspaceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/workspace/create',
    {
      config: OPERATOR,
      schema: {
        tags: ['operator'],
        operationId: 'createWorkspace',
        summary:
          'Create a customer workspace with its headquarters and its first admin’s invitation (operator); idempotent per Idempotency-Key. 400 WORKSPACE_HOST_MALFORMED, HOST_IS_PLATFORM; 409 WORKSPACE_HOST_TAKEN, WORKSPACE_HOST_REDIRECTING; 422 IDEMPOTENCY_KEY_REUSED',
        headers: ZOperatorIdempotencyHeaders,
        body: ZCreateWorkspaceRequest,
        response: { 200: ZCreateWorkspaceResponse },
      },
    },
    async (req) => service.createWorkspace(ctxOf(req), req.body, req.headers['idempotency-key']),
  );
  app.get(
    '/admin/workspace/host-availability',
    {
      config: OPERATOR,
      schema: {
        tags: ['operator'],
        operationId: 'workspaceHostAvailability',
        summary: 'Whether a new workspace may take a host, and why not (operator)',
        querystring: ZHostAvailabilityQuery,
        response: { 200: ZHostAvailability },
      },
    },
    async (req) => service.hostAvailability(ctxOf(req), req.query.host),
  );
  app.post(
    '/admin/workspace',
    {
      config: OPERATOR,
      schema: {
        tags: ['operator'],
        operationId: 'listWorkspaces',
        summary: 'The workspaces, filtered and paged, with members, invitations, limits and contracts (operator)',
        querystring: ZPageQuery,
        body: ZWorkspaceListFilter,
        response: { 200: ZWorkspaceListResponse },
      },
    },
    async (req) => service.listWorkspaces(ctxOf(req), req.query, req.body),
  );
  app.get(
    '/workspace/search/name-url/:q',
    {
      config: OPERATOR,
      schema: {
        tags: ['operator'],
        operationId: 'searchWorkspacesByNameOrHost',
        summary: 'Typeahead: workspaces whose name or host contains q, at most 10 (operator)',
        params: ZWorkspaceSearchParams,
        response: { 200: ZWorkspaceSearchResponse },
      },
    },
    async (req) => service.searchWorkspaces(ctxOf(req), req.params.q, true),
  );
  app.get(
    '/workspace/search/:q',
    {
      config: OPERATOR,
      schema: {
        tags: ['operator'],
        operationId: 'searchWorkspacesByName',
        summary: 'Typeahead: workspaces whose name contains q, at most 10 (operator)',
        params: ZWorkspaceSearchParams,
        response: { 200: ZWorkspaceSearchResponse },
      },
    },
    async (req) => service.searchWorkspaces(ctxOf(req), req.params.q, false),
  );
  app.get(
    '/admin/workspace/:id',
    {
      config: OPERATOR,
      schema: {
        tags: ['operator'],
        operationId: 'workspaceDetails',
        summary: 'A workspace with its admins, invitation, flags, credits, activity and settings (operator)',
        params: ZWorkspaceIdParams,
        response: { 200: ZWorkspaceDetails },
      },
    },
    async (req) => service.workspaceDetails(ctxOf(req), req.params.id),
  );
};
