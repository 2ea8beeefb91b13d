import {
  ZAddDepartmentManagerRequest,
  ZBranch,
  ZBranchListQuery,
  ZBranchLogoResponse,
  ZBranchPage,
  ZCreateDepartmentRequest,
  ZDeleteBranchesRequest,
  ZDeleteDepartmentsRequest,
  ZDepartment,
  ZDepartmentList,
  ZDepartmentListQuery,
  ZDepartmentListRequest,
  ZDepartmentManagerList,
  ZDepartmentPage,
  ZHexColor,
  ZMemberOption,
  ZOkResponse,
  ZRenameDepartmentRequest,
  ZSaveBranchRequest,
  ZUuid,
} from '@app/contract';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../../core/context.ts';
import { errors } from '../../../core/errors.ts';
import { LOGO_MAX_BYTES } from '../../../core/logos.ts';
import { readSingleUpload } from '../../../core/uploads.ts';
import * as service from './organisation.service.ts';

const ZIdParam = z.object({ id: ZUuid });

/** Business units (`/api/workspace/…branch…`) and departments (`/api/department/…`) of the caller's workspace. */
export const organisationRoutes: FastifyPluginAsyncZod = async (app) => {
  const units = { host: 'workspace' as const, permission: 'branches.manage' as const, menu: 'BUSINESS_UNITS' as const };
  const depts = { host: 'workspace' as const, permission: 'departments.manage' as const, menu: 'DEPARTMENTS' as const };

  app.get(
    '/workspace/all-branches1',
    {
      config: { host: 'workspace', public: true },
      schema: {
        tags: ['business units'],
        operationId: 'listBusinessUnits',
        summary: 'A page of business units, headquarters first (any member; a branch admin sees its own unit)',
        querystring: ZBranchListQuery,
        response: { 200: ZBranchPage },
      },
    },
    async (req) => service.listBranches(ctxOf(req), req.query),
  );
  app.post(
    '/workspace/create-branch',
    {
      config: units,
      schema: {
        tags: ['business units'],
        operationId: 'createBusinessUnit',
        summary: 'Create a business unit',
        body: ZSaveBranchRequest,
        response: { 200: ZBranch },
      },
    },
    async (req) => service.createBranch(ctxOf(req), req.body),
  );
  app.post(
    '/workspace/update-branch/:id',
    {
      config: units,
      schema: {
        tags: ['business units'],
        operationId: 'updateBusinessUnit',
        summary: 'Update a business unit (headquarter: true moves the headquarters here)',
        params: ZIdParam,
        body: ZSaveBranchRequest,
        response: { 200: ZBranch },
      },
    },
    async (req) => service.updateBranch(ctxOf(req), req.params.id, req.body),
  );
  app.post(
    '/workspace/delete-branch',
    {
      config: units,
      schema: {
        tags: ['business units'],
        operationId: 'deleteBusinessUnits',
        summary: 'Delete business units, all or nothing (409 while users or pending invitations belong to one)',
        body: ZDeleteBranchesRequest,
        response: { 200: ZOkResponse },
      },
    },
    async (req) => service.deleteBranches(ctxOf(req), req.body.branchIds),
  );
  app.put(
    '/workspace/branch/:id/bg-color/:hex',
    {
      config: units,
      schema: {
        tags: ['business units'],
        operationId: 'setBusinessUnitColor',
        summary: 'Set a business unit’s colour (six hex digits, no #)',
        params: z.object({ id: ZUuid, hex: ZHexColor }),
        response: { 200: ZBranch },
      },
    },
    async (req) => service.setBranchColor(ctxOf(req), req.params.id, req.params.hex),
  );
  app.delete(
    '/workspace/branch/:id/logo',
    {
      config: units,
      schema: {
        tags: ['business units'],
        operationId: 'deleteBusinessUnitLogo',
        summary: 'Remove a business unit’s logo (its stored file too)',
        params: ZIdParam,
        response: { 200: ZBranchLogoResponse },
      },
    },
    async (req) => service.deleteBranchLogo(ctxOf(req), req.params.id),
  );
  // The logo upload alone accepts multipart bodies here; every other route keeps to JSON.
  await app.register(async (upload) => {
    await upload.register(fastifyMultipart, {
      limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 5, parts: 6 },
    });
    upload.withTypeProvider<ZodTypeProvider>().post(
      '/workspace/branch/:id/logo',
      {
        config: units,
        bodyLimit: LOGO_MAX_BYTES + 64 * 1024,
        schema: {
          tags: ['business units'],
          operationId: 'uploadBusinessUnitLogo',
          summary: 'Upload a business unit’s logo: one PNG, JPEG or WebP image up to 2 MB (multipart field "file")',
          description:
            'Checked by content, not name; resized to at most 512 px and stored as PNG without metadata, as the workspace logo. branchLogo then holds its public URL (/api/workspace/logo/…), which changes with every upload; the replaced file is deleted.',
          consumes: ['multipart/form-data'],
          params: ZIdParam,
          response: { 200: ZBranchLogoResponse },
        },
      },
      async (req) => service.uploadBranchLogo(ctxOf(req), req.params.id, await readSingleUpload(req, LOGO_MAX_BYTES)),
    );
  });
  app.put(
    '/workspace/bg-color/:hex',
    {
      config: units,
      schema: {
        tags: ['business units'],
        operationId: 'setWorkspaceColor',
        summary: 'Set the workspace’s brand colour (six hex digits, no #)',
        params: z.object({ hex: ZHexColor }),
        response: { 200: z.object({ backgroundColor: z.string() }) },
      },
    },
    async (req) => service.setWorkspaceColor(ctxOf(req), req.params.hex),
  );

  app.post(
    '/department/list',
    {
      config: { duringContractExpiry: true, host: 'workspace', public: true },
      schema: {
        tags: ['departments'],
        operationId: 'listDepartments',
        summary: 'A page of departments of a business unit, or of all; "All Department" (id null) first',
        querystring: ZDepartmentListQuery,
        body: ZDepartmentListRequest,
        response: { 200: ZDepartmentPage },
      },
    },
    async (req) => service.listDepartments(ctxOf(req), req.query, req.body),
  );
  app.post(
    '/department',
    {
      config: depts,
      schema: {
        tags: ['departments'],
        operationId: 'createDepartment',
        summary: 'Create a department in a business unit, or in every one (allBranch)',
        body: ZCreateDepartmentRequest,
        response: { 200: ZDepartmentList },
      },
    },
    async (req) => service.createDepartment(ctxOf(req), req.body),
  );
  app.post(
    '/department/update/:id',
    {
      config: depts,
      schema: {
        tags: ['departments'],
        operationId: 'renameDepartment',
        summary: 'Rename a department',
        params: ZIdParam,
        body: ZRenameDepartmentRequest,
        response: { 200: ZDepartment },
      },
    },
    async (req) => {
      if (req.body.departmentId !== req.params.id) {
        throw errors.badRequest(
          'DEPARTMENT_ID_MISMATCH',
          'The department id in the body differs from the one in the path.',
          [{ path: 'body.departmentId', message: 'must equal the id in the path' }],
        );
      }
      return service.renameDepartment(ctxOf(req), req.params.id, req.body.departmentName);
    },
  );
  app.post(
    '/department/delete',
    {
      config: depts,
      schema: {
        tags: ['departments'],
        operationId: 'deleteDepartments',
        summary: 'Delete departments, all or nothing (409 while users belong to one)',
        body: ZDeleteDepartmentsRequest,
        response: { 200: ZOkResponse },
      },
    },
    async (req) => service.deleteDepartments(ctxOf(req), req.body.departmentBranches),
  );
  app.post(
    '/department/:id/manager',
    {
      config: depts,
      schema: {
        tags: ['departments'],
        operationId: 'addDepartmentManager',
        summary: 'Make an active member a manager of the department',
        params: ZIdParam,
        body: ZAddDepartmentManagerRequest,
        response: { 200: ZDepartmentManagerList },
      },
    },
    async (req) => service.addManager(ctxOf(req), req.params.id, req.body),
  );
  app.get(
    '/department/:id/managers',
    {
      config: depts,
      schema: {
        tags: ['departments'],
        operationId: 'listDepartmentManagers',
        summary: 'The managers of a department',
        params: ZIdParam,
        response: { 200: ZDepartmentManagerList },
      },
    },
    async (req) => service.listManagers(ctxOf(req), req.params.id),
  );
  app.delete(
    '/department/:id/manager/:userId',
    {
      config: depts,
      schema: {
        tags: ['departments'],
        operationId: 'removeDepartmentManager',
        summary: 'Remove a manager from the department',
        params: z.object({ id: ZUuid, userId: ZUuid }),
        response: { 200: ZDepartmentManagerList },
      },
    },
    async (req) => service.removeManager(ctxOf(req), req.params.id, req.params.userId),
  );
  app.get(
    '/department/:id/manager-candidates',
    {
      config: depts,
      schema: {
        tags: ['departments'],
        operationId: 'listDepartmentManagerCandidates',
        summary: 'Active members matching q (name or email), to choose a manager from (not in the spec)',
        params: ZIdParam,
        querystring: z.object({ q: z.string().max(100).default('') }),
        response: { 200: z.array(ZMemberOption) },
      },
    },
    async (req) => service.managerCandidates(ctxOf(req), req.params.id, req.query.q),
  );
};
