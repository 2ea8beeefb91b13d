import {
  ZRetireWorkspaceRequest,
  ZRetireWorkspaceResponse,
  ZUpdateWorkspaceUrlRequest,
  ZUpdateWorkspaceUrlResponse,
  ZUuid,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../../core/context.ts';
import * as service from './lifecycle.service.ts';

const ZWorkspaceIdParams = z.object({ id: ZUuid });

/** A workspace's host change, retirement and restore (issue 23): the operator, on the platform host. */
export const lifecycleRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/workspace/update-workspace-url',
    {
      config: { host: 'platform', policy: 'platform' },
      schema: {
        tags: ['operator'],
        operationId: 'updateWorkspaceUrl',
        summary: 'Serve a workspace at another host; the old one points to it for 30 days (operator)',
        body: ZUpdateWorkspaceUrlRequest,
        response: { 200: ZUpdateWorkspaceUrlResponse },
      },
    },
    async (req) => service.updateWorkspaceUrl(ctxOf(req), req.body),
  );
  app.delete(
    '/workspace/:id',
    {
      config: { host: 'platform', policy: 'platform' },
      schema: {
        tags: ['operator'],
        operationId: 'retireWorkspace',
        summary: 'Retire a workspace: suspended at once, purged after the grace period (operator)',
        params: ZWorkspaceIdParams,
        body: ZRetireWorkspaceRequest,
        response: { 200: ZRetireWorkspaceResponse },
      },
    },
    async (req) => service.retireWorkspace(ctxOf(req), req.params.id, req.body),
  );
  app.post(
    '/admin/workspace/:id/restore',
    {
      config: { host: 'platform', policy: 'platform' },
      schema: {
        tags: ['operator'],
        operationId: 'restoreWorkspace',
        summary: 'Cancel a retirement within its grace period (operator)',
        params: ZWorkspaceIdParams,
        response: { 200: ZRetireWorkspaceResponse },
      },
    },
    async (req) => service.restoreWorkspace(ctxOf(req), req.params.id),
  );
};
