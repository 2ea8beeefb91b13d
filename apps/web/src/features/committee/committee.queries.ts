import { useQuery } from '@tanstack/react-query';
import { committeeApi } from './committee.api.ts';

/** Query keys of the committee register, under the session so that sign-out drops them. */
export const committeeKeys = {
  all: ['session', 'committee'] as const,
  register: ['session', 'committee', 'register'] as const,
  details: (id: string, asOf: string | null) => ['session', 'committee', 'details', id, asOf ?? 'today'] as const,
};

/** The register: committees, units with their flags, the workspace's country. */
export function useCommitteeRegister() {
  return useQuery({
    queryKey: committeeKeys.register,
    queryFn: ({ signal }) => committeeApi.register(signal),
    staleTime: 0,
  });
}

/** One committee as composed on `asOf` (today when null). */
export function useCommittee(id: string | undefined, asOf: string | null) {
  return useQuery({
    queryKey: committeeKeys.details(id ?? '', asOf),
    queryFn: ({ signal }) => committeeApi.details(id!, asOf, signal),
    enabled: Boolean(id),
    retry: false,
  });
}
