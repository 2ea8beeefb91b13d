import {
  type TAdminUpdateUserRequest,
  type TPermissionUpdateRequest,
  type TUserSearchRequest,
  ZDeleteUsersResponse,
  ZPermissionMatrix,
  ZUserFilterOptions,
  ZUserStats,
  ZWorkspaceUser,
  ZWorkspaceUserPage,
} from '@app/contract';
import type { ApiClient } from './api-client.ts';

/** User administration and the permission matrix (main service). */
export function createUsersApi(client: ApiClient) {
  return {
    /** Counts for the stats cards, in the caller's scope. */
    getUserStats: (signal?: AbortSignal) =>
      client.request({ path: '/workspace/users/stats', schema: ZUserStats, signal }),

    /** Business units and departments the caller may filter and assign by. */
    getUserFilterOptions: (signal?: AbortSignal) =>
      client.request({ path: '/workspace/users/filter-options', schema: ZUserFilterOptions, signal }),

    /** One page (`pageNo` zero-based) of users matching the filters and, when given, a search text. */
    searchUsers: (body: TUserSearchRequest, page: { pageNo: number; pageSize: number }, signal?: AbortSignal) =>
      client.request({
        method: 'POST',
        path: body.searchText ? '/workspace/users/search' : '/workspace/users',
        query: page,
        body: body.searchText ? body : { ...body, searchText: undefined },
        schema: ZWorkspaceUserPage,
        signal,
      }),

    /** Changes a user (fields left out stay as they are). */
    updateUser: (body: TAdminUpdateUserRequest) =>
      client.request({ method: 'POST', path: '/admin/update-user', body, schema: ZWorkspaceUser }),

    /** Deletes users, all or nothing. */
    deleteUsers: (ids: string[]) =>
      client.request({ method: 'POST', path: '/user/delete/bulk', body: { ids }, schema: ZDeleteUsersResponse }),

    /** The workspace's permission matrix. */
    getPermissions: (signal?: AbortSignal) =>
      client.request({ path: '/permission/all', schema: ZPermissionMatrix, signal }),

    /** Sets one cell of the matrix; answers the whole matrix. */
    updatePermission: (body: TPermissionUpdateRequest) =>
      client.request({ method: 'POST', path: '/permission/update', body, schema: ZPermissionMatrix }),
  };
}
