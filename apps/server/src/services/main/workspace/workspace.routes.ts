import { ZAppConfig, ZCompanyProfile } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../../core/context.ts';
import { requestHost } from '../../../core/tenancy.ts';
import * as service from './workspace.service.ts';

/** Public workspace information: branding by host, and the web app's host configuration. */
export const workspaceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/workspace/company-profile/:host',
    {
      config: { host: 'any', auth: 'optional', duringFirstLogin: true },
      schema: {
        tags: ['workspace'],
        operationId: 'getCompanyProfile',
        summary: 'Branding of the workspace served at a host (public: the sign-in page shows it)',
        description:
          'Anyone gets the branding; the business units (headQuarterBranchId, branchAddressList) only a signed-in member of that workspace, on its host. Others get null and an empty list.',
        params: z.object({ host: z.string().min(1).max(255) }),
        response: { 200: ZCompanyProfile },
      },
    },
    async (req) => service.companyProfile(ctxOf(req), req.params.host),
  );
  app.get(
    '/app-config',
    {
      config: { host: 'any', auth: 'none' },
      schema: {
        tags: ['workspace'],
        operationId: 'getAppConfig',
        summary: 'What the web app needs to know about this host',
        response: { 200: ZAppConfig },
      },
    },
    async (req) => service.appConfig(ctxOf(req), requestHost(req)),
  );
};
