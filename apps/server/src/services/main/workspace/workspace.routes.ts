import { ZAppConfig, ZCompanyProfile, ZWorkspaceOverview } from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../../core/context.ts';
import { requestHost } from '../../../core/tenancy.ts';
import * as overview from './overview.service.ts';
import * as service from './workspace.service.ts';

/** Workspace information: branding by host (public), the web app's host configuration, the admin home's overview. */
export const workspaceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/workspace/company-profile/:host',
    {
      config: { host: 'any', auth: 'optional', duringFirstLogin: true, public: true },
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
    '/workspace/overview',
    {
      config: { host: 'workspace', policy: 'workspace overview' },
      schema: {
        tags: ['workspace'],
        operationId: 'getWorkspaceOverview',
        summary: 'The admin home: people, invitations, business units, departments and the setup checklist',
        description:
          'For administrators (WORKSPACE_ADMIN, EMPLOYER, BRANCH_ADMIN, or a member given an administration permission); a business-unit admin gets its own unit’s figures. An employee gets 403.',
        response: { 200: ZWorkspaceOverview },
      },
    },
    async (req) => overview.overview(ctxOf(req)),
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
