import {
  type TAdminUpdateUserRequest,
  type TPermissionUpdateRequest,
  type TProfileImageUploadUrl,
  type TUserSearchRequest,
  ZDeleteUsersResponse,
  ZPermissionMatrix,
  ZProfileImage,
  ZProfileImageUploadUrl,
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

    /** A one-time upload URL for a profile image: your own, or (`userId`) of a user you manage. */
    profileImageUploadUrl: (userId?: string) =>
      client.request({
        method: 'POST',
        path: '/user/generate-profile-image-upload-url',
        body: userId ? { userId } : {},
        schema: ZProfileImageUploadUrl,
      }),

    /**
     * Sends the picture to an upload URL. The URL is the server's own path (`/api/…`); the client
     * puts it below its main-service base like every other path.
     */
    uploadProfileImage: (target: TProfileImageUploadUrl, file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return client.request({
        method: target.method,
        path: target.uploadUrl.replace(/^\/api(?=\/)/, ''),
        body: form,
        schema: ZProfileImage,
      });
    },

    /** Removes a profile image (your own, or of a user you manage). */
    removeProfileImage: (userId: string) =>
      client.request({ method: 'DELETE', path: `/user/profile-image/${userId}`, schema: ZProfileImage }),

    /** The workspace's permission matrix. */
    getPermissions: (signal?: AbortSignal) =>
      client.request({ path: '/permission/all', schema: ZPermissionMatrix, signal }),

    /** Sets one cell of the matrix; answers the whole matrix. */
    updatePermission: (body: TPermissionUpdateRequest) =>
      client.request({ method: 'POST', path: '/permission/update', body, schema: ZPermissionMatrix }),
  };
}
