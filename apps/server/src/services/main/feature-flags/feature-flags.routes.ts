import {
  ZCreateFeatureFlagRequest,
  ZFeatureFlagList,
  ZSetFeatureFlagWorkspacesRequest,
  ZUpdateFeatureFlagRequest,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../core/context.ts';
import * as service from './feature-flags.service.ts';

/** Feature flags: readable by every signed-in user; changed by the operator on the platform host. */
export const featureFlagRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/feature-flags',
    {
      // Polled by every signed-in page (maintenance mode), the first-login page included.
      config: { duringFirstLogin: true, public: true },
      schema: {
        tags: ['feature-flags'],
        operationId: 'listFeatureFlags',
        summary: 'Feature flags as they apply to the caller',
        response: { 200: ZFeatureFlagList },
      },
    },
    async (req) => service.listFlags(ctxOf(req)),
  );
  app.post(
    '/feature-flags',
    {
      config: { host: 'platform', policy: 'platform' },
      schema: {
        tags: ['feature-flags'],
        operationId: 'createFeatureFlag',
        summary: 'Create a flag (operator)',
        body: ZCreateFeatureFlagRequest,
        response: { 200: ZFeatureFlagList },
      },
    },
    async (req) => service.createFlag(ctxOf(req), req.body.key, req.body.value),
  );
  app.put(
    '/feature-flags',
    {
      config: { host: 'platform', policy: 'platform' },
      schema: {
        tags: ['feature-flags'],
        operationId: 'setFeatureFlag',
        summary: 'Switch a flag (operator)',
        body: ZUpdateFeatureFlagRequest,
        response: { 200: ZFeatureFlagList },
      },
    },
    async (req) => service.updateFlag(ctxOf(req), req.body.key, req.body.value),
  );
  app.put(
    '/feature-flags/workspaces',
    {
      config: { host: 'platform', policy: 'platform' },
      schema: {
        tags: ['feature-flags'],
        operationId: 'setFeatureFlagWorkspaces',
        summary: 'Limit a flag to some workspaces; empty for all (operator)',
        body: ZSetFeatureFlagWorkspacesRequest,
        response: { 200: ZFeatureFlagList },
      },
    },
    async (req) => service.setFlagWorkspaces(ctxOf(req), req.body.key, req.body.workspaceUrls),
  );
};
