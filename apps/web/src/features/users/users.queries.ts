import type { TAdminUpdateUserRequest, TUserSearchRequest } from '@app/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usersApi } from '../../lib/api/index.ts';
import { sessionKeys } from '../common/session.queries.ts';
import { userKeys } from './keys.ts';

/** Page size of the users table (spec §9). */
export const USERS_PAGE_SIZE = 20;

export function useUserStats() {
  return useQuery({ queryKey: userKeys.stats, queryFn: ({ signal }) => usersApi.getUserStats(signal) });
}

export function useUserFilterOptions() {
  return useQuery({
    queryKey: userKeys.options,
    queryFn: ({ signal }) => usersApi.getUserFilterOptions(signal),
    staleTime: 60_000,
  });
}

/** One page of the table; the previous page stays on screen while the next loads. */
export function useUsersPage(filter: TUserSearchRequest, pageNo: number) {
  return useQuery({
    queryKey: userKeys.page(filter, pageNo),
    queryFn: ({ signal }) => usersApi.searchUsers(filter, { pageNo, pageSize: USERS_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
}

/** Changes a user; the table and stats reload afterwards. */
export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TAdminUpdateUserRequest) => usersApi.updateUser(body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** Deletes users (all or nothing); the table and stats reload afterwards. */
export function useDeleteUsers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => usersApi.deleteUsers(ids),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/**
 * Uploads (asking for a one-time upload URL first) or removes a profile image: `userId` left out
 * means your own. The users table and your own details reload afterwards.
 */
export function useProfileImage() {
  const queryClient = useQueryClient();
  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: userKeys.all }),
      queryClient.invalidateQueries({ queryKey: sessionKeys.userDetails }),
    ]);
  const upload = useMutation({
    mutationFn: async ({ userId, file }: { userId?: string | undefined; file: File }) =>
      usersApi.uploadProfileImage(await usersApi.profileImageUploadUrl(userId), file),
    onSuccess: reload,
  });
  const remove = useMutation({
    mutationFn: (userId: string) => usersApi.removeProfileImage(userId),
    onSuccess: reload,
  });
  return { upload, remove };
}
