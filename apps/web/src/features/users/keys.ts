import type { TUserSearchRequest } from '@app/contract';

/** Query keys of user administration (under the session, so sign-out drops them). */
export const userKeys = {
  all: ['session', 'users'] as const,
  stats: ['session', 'users', 'stats'] as const,
  options: ['session', 'users', 'options'] as const,
  page: (filter: TUserSearchRequest, pageNo: number) => ['session', 'users', 'page', filter, pageNo] as const,
};
