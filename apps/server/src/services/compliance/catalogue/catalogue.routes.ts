import {
  ZComplianceCategory,
  ZComplianceCategoryDeleted,
  ZComplianceCategoryDeleteQuery,
  ZComplianceCategoryInput,
  ZComplianceCategoryListQuery,
  ZComplianceCategoryPage,
  ZComplianceCategoryUpdate,
  ZObligation,
  ZObligationDeleted,
  ZObligationIdParams,
  ZObligationInput,
  ZObligationListBody,
  ZObligationPage,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ctxOf } from '../../../core/context.ts';
import * as service from './catalogue.service.ts';

/**
 * The operator's compliance catalogue (spec: "Compliance" and "Compliance category" under
 * `/api/admin`; here at `/lms/api/admin`): on the platform host only, for the operator.
 */
const catalogue = { area: 'compliance', host: 'platform', policy: 'compliance-catalogue' } as const;
const category = { area: 'compliance', host: 'platform', policy: 'compliance-category' } as const;
const obligation = { area: 'compliance', host: 'platform', policy: 'obligation' } as const;
const tags = ['compliance'];

export const catalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/compliance-category/all',
    {
      config: catalogue,
      schema: {
        tags,
        operationId: 'listComplianceCategories',
        summary: 'One page (100) of compliance categories, newest first (ADDED) or by key (operator)',
        querystring: ZComplianceCategoryListQuery,
        response: { 200: ZComplianceCategoryPage },
      },
    },
    async (req) => service.listCategories(ctxOf(req), req.query),
  );
  app.post(
    '/admin/compliance-category/create',
    {
      config: catalogue,
      schema: {
        tags,
        operationId: 'createComplianceCategory',
        summary: 'Add a compliance category (operator); 409 CATEGORY_EXISTS for a key in use',
        body: ZComplianceCategoryInput,
        response: { 200: ZComplianceCategory },
      },
    },
    async (req) => service.createCategory(ctxOf(req), req.body),
  );
  app.post(
    '/admin/compliance-category/update',
    {
      config: category,
      schema: {
        tags,
        operationId: 'updateComplianceCategory',
        summary: 'Change a compliance category’s key or names, the id in the body (operator)',
        body: ZComplianceCategoryUpdate,
        response: { 200: ZComplianceCategory },
      },
    },
    async (req) => service.updateCategory(ctxOf(req), req.body),
  );
  app.delete(
    '/admin/compliance-category/delete',
    {
      config: category,
      schema: {
        tags,
        operationId: 'deleteComplianceCategory',
        summary: 'Delete a compliance category (operator); 409 CATEGORY_IN_USE while an obligation is in it',
        querystring: ZComplianceCategoryDeleteQuery,
        response: { 200: ZComplianceCategoryDeleted },
      },
    },
    async (req) => service.deleteCategory(ctxOf(req), req.query.id),
  );
  app.post(
    '/admin/compliance/all',
    {
      config: catalogue,
      schema: {
        tags,
        operationId: 'listObligations',
        summary: 'One page (60) of the catalogue’s obligations, newest first, filtered by the body (operator)',
        body: ZObligationListBody,
        response: { 200: ZObligationPage },
      },
    },
    async (req) => service.listObligations(ctxOf(req), req.body),
  );
  app.post(
    '/admin/compliance/create',
    {
      config: catalogue,
      schema: {
        tags,
        operationId: 'createObligation',
        summary:
          'Add an obligation (operator); 400 OBLIGATION_INVALID (due anchor, headcount range, jurisdiction country), 409 OBLIGATION_EXISTS; the workspaces of its country are synced by a job',
        body: ZObligationInput,
        response: { 200: ZObligation },
      },
    },
    async (req) => service.createObligation(ctxOf(req), req.body),
  );
  app.post(
    '/admin/compliance/update/:id',
    {
      config: obligation,
      schema: {
        tags,
        operationId: 'updateObligation',
        summary:
          'Change an obligation (operator): its key stays (409 OBLIGATION_KEY_STABLE), its version grows by one; the workspaces of its country are synced by a job',
        params: ZObligationIdParams,
        body: ZObligationInput,
        response: { 200: ZObligation },
      },
    },
    async (req) => service.updateObligation(ctxOf(req), req.params.id, req.body),
  );
  app.delete(
    '/admin/compliance/delete/:id',
    {
      config: obligation,
      schema: {
        tags,
        operationId: 'deleteObligation',
        summary:
          'Delete an obligation no workspace has answered, else retire it: it stops generating, completed occurrences stay (operator)',
        params: ZObligationIdParams,
        response: { 200: ZObligationDeleted },
      },
    },
    async (req) => service.deleteObligation(ctxOf(req), req.params.id),
  );
};
