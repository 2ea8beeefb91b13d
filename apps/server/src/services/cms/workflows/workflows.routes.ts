import {
  ATTRIBUTE_RESOURCE_MAX_BYTES,
  ZAttributeCreate,
  ZAttributeOrder,
  ZAttributeResourceConfirm,
  ZAttributeResourceKeyQuery,
  ZAttributeResourceUploadRequest,
  ZAttributeResourceUploadTicket,
  ZAttributeSettings,
  ZAttributeUpdate,
  ZCmsIdParams,
  ZComponentCreate,
  ZComponentUpdate,
  ZPageQuery,
  ZWorkflowBuilder,
  ZWorkflowCreate,
  ZWorkflowHandlerOptions,
  ZWorkflowPage,
  ZWorkflowUpdate,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../../core/context.ts';
import * as service from './workflows.service.ts';

/**
 * Workflows, process details, the complaint form's components and attributes (issue 25), at
 * `/cms/api/…`. Who: `workflows.manage` within the caller's business units (workflows.policy.ts).
 * Every call that changes the draft answers the whole builder.
 */
const tags = ['cms'];
const config = { area: 'cms', menu: 'WORKFLOWS', policy: 'workflow' } as const;
const builder = { 200: ZWorkflowBuilder };

export const workflowRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/workflow/create',
    {
      config,
      schema: {
        tags,
        operationId: 'createWorkflow',
        summary: 'Start a complaint workflow: from scratch (the default form, one empty stage) or from a template',
        body: ZWorkflowCreate,
        response: builder,
      },
    },
    async (req) => service.create(ctxOf(req), req.body),
  );
  app.get(
    '/workflow/get/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'getWorkflow',
        summary: 'A workflow’s builder: process details, the complaint form, the stages of redressal',
        params: ZCmsIdParams,
        response: builder,
      },
    },
    async (req) => service.get(ctxOf(req), req.params.id),
  );
  app.get(
    '/workflow/all',
    {
      config,
      schema: {
        tags,
        operationId: 'listWorkflows',
        summary: 'The workflows the caller may manage, most recently changed first',
        querystring: ZPageQuery,
        response: { 200: ZWorkflowPage },
      },
    },
    async (req) => service.list(ctxOf(req), req.query),
  );
  app.post(
    '/workflow/update/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'updateWorkflow',
        summary: 'Change a draft’s process details (fields left out stay)',
        description:
          'Witnesses (and anonymous witnesses) only in Canada (SOR/2020-130 s.15(4)); languages among the workspace’s; a template’s jurisdiction is fixed; a COMMITTEE handler is a live committee of the right kind the caller reaches.',
        params: ZCmsIdParams,
        body: ZWorkflowUpdate,
        response: builder,
      },
    },
    async (req) => service.update(ctxOf(req), req.params.id, req.body),
  );
  app.get(
    '/workflow/handlers',
    {
      config,
      schema: {
        tags,
        operationId: 'listWorkflowHandlers',
        summary:
          'The live committees and designated recipients a workflow can name (those the caller reaches), from the committee register',
        response: { 200: ZWorkflowHandlerOptions },
      },
    },
    async (req) => service.handlers(ctxOf(req)),
  );

  // The complaint form
  app.post(
    '/component/create',
    {
      config,
      schema: {
        tags,
        operationId: 'createWorkflowComponent',
        summary: 'Add a section to the complaint form',
        body: ZComponentCreate,
        response: builder,
      },
    },
    async (req) => service.createComponent(ctxOf(req), req.body),
  );
  app.post(
    '/component/update/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'updateWorkflowComponent',
        summary: 'Rename or move a section of the complaint form',
        params: ZCmsIdParams,
        body: ZComponentUpdate,
        response: builder,
      },
    },
    async (req) => service.updateComponent(ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    '/component/delete/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'deleteWorkflowComponent',
        summary: 'Remove a section with its fields (refused while it holds a locked field)',
        params: ZCmsIdParams,
        response: builder,
      },
    },
    async (req) => service.deleteComponent(ctxOf(req), req.params.id),
  );
  app.post(
    '/attribute/create',
    {
      config,
      schema: {
        tags,
        operationId: 'createWorkflowAttribute',
        summary: 'Add a field to a section of the complaint form (its key from the English label unless given)',
        body: ZAttributeCreate,
        response: builder,
      },
    },
    async (req) => service.createAttribute(ctxOf(req), req.body),
  );
  app.post(
    '/attribute/update/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'updateWorkflowAttribute',
        summary: 'Change a field: texts, mandatory, options, condition, section (key and type never change)',
        params: ZCmsIdParams,
        body: ZAttributeUpdate,
        response: builder,
      },
    },
    async (req) => service.updateAttribute(ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    '/attribute/delete/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'deleteWorkflowAttribute',
        summary: 'Remove a field (refused for a locked field, and for one other fields’ conditions depend on)',
        params: ZCmsIdParams,
        response: builder,
      },
    },
    async (req) => service.deleteAttribute(ctxOf(req), req.params.id),
  );
  app.post(
    '/attribute/order',
    {
      config,
      schema: {
        tags,
        operationId: 'orderWorkflowAttributes',
        summary: 'Set the order of one section’s fields (every field of the section, once)',
        body: ZAttributeOrder,
        response: builder,
      },
    },
    async (req) => service.orderAttributes(ctxOf(req), req.body),
  );
  app.post(
    '/attribute-setting/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'setWorkflowAttributeSettings',
        summary: 'Set a field’s own settings (those its type takes; they replace the field’s settings)',
        params: ZCmsIdParams,
        body: ZAttributeSettings,
        response: builder,
      },
    },
    async (req) => service.setAttributeSettings(ctxOf(req), req.params.id, req.body),
  );
  app.post(
    '/attribute/generate-resource-upload-url/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'generateWorkflowResourceUploadUrl',
        summary: 'Start uploading a document field’s PDF: where to PUT its bytes',
        params: ZCmsIdParams,
        body: ZAttributeResourceUploadRequest,
        response: { 200: ZAttributeResourceUploadTicket },
      },
    },
    async (req) => service.generateResourceUpload(ctxOf(req), req.params.id, req.body),
  );
  app.post(
    '/attribute/confirm-resource-upload/:id',
    {
      config,
      schema: {
        tags,
        operationId: 'confirmWorkflowResourceUpload',
        summary: 'Check an uploaded document by content (a PDF within the size limit) and attach it to its field',
        params: ZCmsIdParams,
        body: ZAttributeResourceConfirm,
        response: builder,
      },
    },
    async (req) => service.confirmResourceUpload(ctxOf(req), req.params.id, req.body),
  );
  const uploadScope: FastifyPluginAsyncZod = async (uploads) => {
    // The body stays unread here (the handler streams `req.raw` to storage).
    uploads.addContentTypeParser('*', (_req, _payload, done) => done(null));
    uploads.put(
      '/attribute/upload-resource/:id',
      {
        config,
        bodyLimit: ATTRIBUTE_RESOURCE_MAX_BYTES + 1024 * 1024,
        schema: {
          tags,
          operationId: 'uploadWorkflowResource',
          summary: 'The bytes of a document field’s PDF (local-disk storage; S3 uploads go to the presigned URL)',
          params: ZCmsIdParams,
          querystring: ZAttributeResourceKeyQuery,
          response: { 200: z.object({ received: z.boolean() }) },
        },
      },
      async (req) => service.receiveResource(ctxOf(req), req.params.id, req.query.key, req.raw),
    );
  };
  await app.register(uploadScope);
};
