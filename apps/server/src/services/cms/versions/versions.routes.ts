import {
  ZCmsIdParams,
  ZCmsVersionParams,
  ZWorkflowBuilder,
  ZWorkflowPublish,
  ZWorkflowTemplateList,
  ZWorkflowVersionDefinition,
  ZWorkflowVersionList,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../core/context.ts';
import * as service from './versions.service.ts';

/**
 * Publish, version, history, templates (issue 25), at `/cms/api/…`. Who: `workflows.manage` within
 * the caller's business units (workflows/workflows.policy.ts).
 */
const tags = ['cms'];
const config = { area: 'cms', menu: 'WORKFLOWS', policy: 'workflow' } as const;

export const versionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/workflow/publish/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'publishWorkflow',
        summary:
          'Publish a draft as the next version: validated, compiled to canonical JSON, hashed (SHA-256), stored for good',
        description:
          'Refused with 422 `WORKFLOW_INVALID` and one `details[]` entry per problem (`code` one of PUBLISH_PROBLEMS, `path`, `params`) — nothing is written then. Answers the builder, now PUBLISHED.',
        params: ZCmsIdParams,
        body: ZWorkflowPublish,
        response: { 200: ZWorkflowBuilder },
      },
    },
    async (req) => service.publish(ctxOf(req), req.params.id, req.body),
  );
  app.post(
    '/workflow/version/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'startWorkflowVersion',
        summary:
          'Start a new version: a published workflow becomes an editable draft again, equal to its latest version',
        description: 'Refused with 409 `WORKFLOW_ALREADY_DRAFT` on a draft.',
        params: ZCmsIdParams,
        response: { 200: ZWorkflowBuilder },
      },
    },
    async (req) => service.startVersion(ctxOf(req), req.params.id),
  );
  app.get(
    '/workflow/versions/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'listWorkflowVersions',
        summary: 'A workflow’s published versions, newest first, with what changed in each',
        params: ZCmsIdParams,
        response: { 200: ZWorkflowVersionList },
      },
    },
    async (req) => service.versions(ctxOf(req), req.params.id),
  );
  app.get(
    '/workflow/version/:id/:number',
    {
      config,
      schema: {
        tags,
        operationId: 'getWorkflowVersion',
        summary: 'One published version’s definition and SHA-256, as stored',
        params: ZCmsVersionParams,
        response: { 200: ZWorkflowVersionDefinition },
      },
    },
    async (req) => service.version(ctxOf(req), req.params.id, req.params.number),
  );
  app.get(
    '/workflow/templates',
    {
      config,
      schema: {
        tags,
        operationId: 'listWorkflowTemplates',
        summary:
          'The shipped templates (POSH Act inquiry, Canada harassment and violence resolution) and what each holds',
        response: { 200: ZWorkflowTemplateList },
      },
    },
    async (req) => service.templates(ctxOf(req)),
  );
};
