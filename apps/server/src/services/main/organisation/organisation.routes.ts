import {
  ZAddDepartmentManagerRequest,
  ZBranch,
  ZBranchListQuery,
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
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../../core/context.ts';
import { errors } from '../../../core/errors.ts';
import * as service from './organisation.service.ts';

const security = [{ bearer: [] }];
const ZIdParam = z.object({ id: ZUuid });

/** Business units (`/api/workspace/…branch…`) and departments (`/api/department/…`) of the caller's workspace. */
export const organisationRoutes: FastifyPluginAsyncZod = async (app) => {
  const units = { host: 'workspace' as const, permission: 'branches.manage' as const };
  const depts = { host: 'workspace' as const, permission: 'departments.manage' as const };

  app.get(
    '/workspace/all-branches1',
    {
      config: { host: 'workspace' },
      schema: {
        tags: ['business units'],
        summary: 'A page of business units, headquarters first (any member; a branch admin sees its own unit)',
        security,
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
        summary: 'Create a business unit',
        security,
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
        summary: 'Update a business unit (headquarter: true moves the headquarters here)',
        security,
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
        summary: 'Delete business units, all or nothing (409 while users or pending invitations belong to one)',
        security,
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
        summary: 'Set a business unit’s colour (six hex digits, no #)',
        security,
        params: z.object({ id: ZUuid, hex: ZHexColor }),
        response: { 200: ZBranch },
      },
    },
    async (req) => service.setBranchColor(ctxOf(req), req.params.id, req.params.hex),
  );
  app.put(
    '/workspace/bg-color/:hex',
    {
      config: units,
      schema: {
        tags: ['business units'],
        summary: 'Set the workspace’s brand colour (six hex digits, no #)',
        security,
        params: z.object({ hex: ZHexColor }),
        response: { 200: z.object({ backgroundColor: z.string() }) },
      },
    },
    async (req) => service.setWorkspaceColor(ctxOf(req), req.params.hex),
  );

  app.post(
    '/department/list',
    {
      config: { host: 'workspace' },
      schema: {
        tags: ['departments'],
        summary: 'A page of departments of a business unit, or of all; "All Department" (id null) first',
        security,
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
        summary: 'Create a department in a business unit, or in every one (allBranch)',
        security,
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
        summary: 'Rename a department',
        security,
        params: ZIdParam,
        body: ZRenameDepartmentRequest,
        response: { 200: ZDepartment },
      },
    },
    async (req) => {
      if (req.body.departmentId !== req.params.id) {
        throw errors.badRequest('The department id in the body differs from the one in the path.', [
          { path: 'body.departmentId', message: 'must equal the id in the path' },
        ]);
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
        summary: 'Delete departments, all or nothing (409 while users belong to one)',
        security,
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
        summary: 'Make an active member a manager of the department',
        security,
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
        summary: 'The managers of a department',
        security,
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
        summary: 'Remove a manager from the department',
        security,
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
        summary: 'Active members matching q (name or email), to choose a manager from (not in the spec)',
        security,
        params: ZIdParam,
        querystring: z.object({ q: z.string().max(100).default('') }),
        response: { 200: z.array(ZMemberOption) },
      },
    },
    async (req) => service.managerCandidates(ctxOf(req), req.params.id, req.query.q),
  );
};
