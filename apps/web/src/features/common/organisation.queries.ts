import type { TBranch } from '@app/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { organisationApi } from '../../lib/api/index.ts';
import { organisationKeys } from './keys.ts';

/** One page (zero-based) of business units with their user counts, for the admin table. */
export function useBranchPage(pageNo: number) {
  return useQuery({
    queryKey: organisationKeys.branchPage(pageNo),
    queryFn: ({ signal }) => organisationApi.listBranches(pageNo, { withUserCount: true, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every business unit the caller may see (all pages), for selectors. */
export function useAllBranches() {
  return useQuery({
    queryKey: organisationKeys.allBranches,
    queryFn: async ({ signal }) => {
      const units: TBranch[] = [];
      for (let pageNo = 0; ; pageNo++) {
        const page = await organisationApi.listBranches(pageNo, { signal });
        units.push(...page.content);
        if (page.last || page.content.length === 0) return units;
      }
    },
  });
}

/** The departments of one unit, or of all (null), "All Department" first; fetched only while `enabled`. */
export function useDepartments(branchId: string | null, enabled = true) {
  return useQuery({
    queryKey: organisationKeys.departments(branchId),
    queryFn: ({ signal }) => organisationApi.listDepartments(branchId, 0, signal),
    enabled,
  });
}

export function useManagers(departmentId: string | null) {
  return useQuery({
    queryKey: organisationKeys.managers(departmentId ?? ''),
    queryFn: ({ signal }) => organisationApi.listManagers(departmentId!, signal),
    enabled: departmentId !== null,
  });
}

/** A mutation that refreshes every business-unit and department list when it succeeds. */
export function useOrganisationMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationKeys.all }),
  });
}
