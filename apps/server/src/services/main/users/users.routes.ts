import { PassThrough } from 'node:stream';
import {
  ZAdminUpdateUserRequest,
  ZBulkDeleteRequest,
  ZDeleteUsersResponse,
  ZPageQuery,
  ZPermissionMatrix,
  ZPermissionUpdateRequest,
  ZUpdateUserFields,
  ZUserExportQuery,
  ZUserFilter,
  ZUserFilterOptions,
  ZUserQuickSearchRequest,
  ZUserSearchRequest,
  ZUserStats,
  ZUserStatsQuery,
  ZUuid,
  ZWorkspaceUser,
  ZWorkspaceUserPage,
} from '@app/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ctxOf } from '../../../core/context.ts';
import * as permissions from './permissions.service.ts';
import * as service from './users.service.ts';

const users = { host: 'workspace', permission: 'users.manage', menu: 'USERS' } as const;
const matrix = { host: 'workspace', permission: 'permissions.manage', menu: 'PERMISSIONS' } as const;
const idParams = z.object({ id: ZUuid });

/** User administration and the permission matrix (workspace hosts; `users.manage`, `permissions.manage`). */
export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/workspace/users/stats',
    {
      config: users,
      schema: {
        tags: ['users'],
        operationId: 'getUserStats',
        summary: 'Counts of users (total, active, inactive, by role) and pending invitations in the caller’s scope',
        querystring: ZUserStatsQuery,
        response: { 200: ZUserStats },
      },
    },
    async (req) => service.userStats(ctxOf(req), req.query.branchId),
  );
  app.get(
    '/workspace/users/filter-options',
    {
      config: users,
      schema: {
        tags: ['users'],
        operationId: 'getUserFilterOptions',
        summary: 'Business units and departments the caller may filter and assign users by (not in the spec)',
        querystring: ZUserStatsQuery,
        response: { 200: ZUserFilterOptions },
      },
    },
    async (req) => service.filterOptions(ctxOf(req), req.query.branchId),
  );
  app.post(
    '/workspace/users',
    {
      config: { ...users, duringContractExpiry: true },
      schema: {
        tags: ['users'],
        operationId: 'listUsers',
        summary: 'A page of users, filtered; sorted by name',
        querystring: ZPageQuery,
        body: ZUserFilter,
        response: { 200: ZWorkspaceUserPage },
      },
    },
    async (req) => service.listUsers(ctxOf(req), req.body, req.query),
  );
  app.post(
    '/workspace/users/search',
    {
      config: { ...users, duringContractExpiry: true },
      schema: {
        tags: ['users'],
        operationId: 'searchUsers',
        summary: 'A page of users matching a text (name, email, username, employee id, phone) and the filters',
        querystring: ZPageQuery,
        body: ZUserSearchRequest,
        response: { 200: ZWorkspaceUserPage },
      },
    },
    async (req) => service.listUsers(ctxOf(req), req.body, req.query),
  );
  app.post(
    '/workspace/users/export',
    {
      config: { ...users, duringContractExpiry: true },
      schema: {
        tags: ['users'],
        operationId: 'exportUsers',
        summary: 'The users matching the filters, as a CSV or XLSX file (streamed, in the list order)',
        description:
          'The same body as /workspace/users/search; a business unit admin exports its unit only. Audited (users.exported).',
        querystring: ZUserExportQuery,
        body: ZUserSearchRequest,
        otherResponses: {
          200: { description: 'The users (users.csv or users.xlsx)', mediaType: 'text/csv' },
        },
      },
    },
    async (req, reply) => {
      const { format } = req.query;
      const write = await service.exportUsers(ctxOf(req), req.body, format);
      const out = new PassThrough();
      write(out).catch((err: unknown) => out.destroy(err as Error));
      return reply
        .header(
          'content-type',
          format === 'csv'
            ? 'text/csv; charset=utf-8'
            : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        )
        .header('content-disposition', `attachment; filename="users.${format}"`)
        .send(out);
    },
  );
  app.post(
    '/user/search',
    {
      config: { ...users, duringContractExpiry: true },
      schema: {
        tags: ['users'],
        operationId: 'quickSearchUsers',
        summary: 'Up to 50 users matching a text in one category (or all)',
        body: ZUserQuickSearchRequest,
        response: { 200: z.array(ZWorkspaceUser) },
      },
    },
    async (req) => service.quickSearch(ctxOf(req), req.body),
  );
  app.post(
    '/user/update/:id',
    {
      config: users,
      schema: {
        tags: ['users'],
        operationId: 'updateUser',
        summary: 'Change a user (fields left out stay as they are); `active` deactivates or reactivates',
        params: idParams,
        body: ZUpdateUserFields,
        response: { 200: ZWorkspaceUser },
      },
    },
    async (req) => service.updateUser(ctxOf(req), req.params.id, req.body),
  );
  app.post(
    '/admin/update-user',
    {
      config: users,
      schema: {
        tags: ['users'],
        operationId: 'updateUserById',
        summary: 'Change a user, its id in the body (same as /user/update/{id})',
        body: ZAdminUpdateUserRequest,
        response: { 200: ZWorkspaceUser },
      },
    },
    async (req) => {
      const { userId, ...fields } = req.body;
      return service.updateUser(ctxOf(req), userId, fields);
    },
  );
  app.delete(
    '/user/:id',
    {
      config: users,
      schema: {
        tags: ['users'],
        operationId: 'deleteUser',
        summary: 'Delete a user: membership kept as deleted, sessions ended, account anonymised if no other workspace',
        params: idParams,
        response: { 200: ZDeleteUsersResponse },
      },
    },
    async (req) => service.deleteUsers(ctxOf(req), [req.params.id]),
  );
  app.post(
    '/user/delete/bulk',
    {
      config: users,
      schema: {
        tags: ['users'],
        operationId: 'deleteUsers',
        summary: 'Delete several users, all or nothing (one error per refused id)',
        body: ZBulkDeleteRequest,
        response: { 200: ZDeleteUsersResponse },
      },
    },
    async (req) => service.deleteUsers(ctxOf(req), req.body.ids),
  );
  app.get(
    '/permission/all',
    {
      config: matrix,
      schema: {
        tags: ['permissions'],
        operationId: 'getPermissionMatrix',
        summary: 'The workspace’s permission matrix (roles × permissions), locked cells marked',
        response: { 200: ZPermissionMatrix },
      },
    },
    async (req) => permissions.permissionMatrix(ctxOf(req)),
  );
  app.post(
    '/permission/update',
    {
      config: matrix,
      schema: {
        tags: ['permissions'],
        operationId: 'updatePermission',
        summary: 'Grant or take one permission from a role (effective on the next request)',
        body: ZPermissionUpdateRequest,
        response: { 200: ZPermissionMatrix },
      },
    },
    async (req) => permissions.updatePermission(ctxOf(req), req.body),
  );
};
