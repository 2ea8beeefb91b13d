import type { TObligationListBody } from '@app/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { catalogueApi } from './catalogue.api.ts';

/** Query keys of the catalogue screens (under the session); every change invalidates `all`. */
export const catalogueKeys = { all: ['session', 'lms', 'compliance-catalogue'] as const };

/** The categories: the first page (100) holds them all in practice; the form and filters use it too. */
export function useCategories(pageNo = 0) {
  return useQuery({
    queryKey: [...catalogueKeys.all, 'categories', pageNo],
    queryFn: ({ signal }) => catalogueApi.categories(pageNo, signal),
    placeholderData: keepPreviousData,
  });
}

export function useObligations(body: TObligationListBody) {
  return useQuery({
    queryKey: [...catalogueKeys.all, 'obligations', body],
    queryFn: ({ signal }) => catalogueApi.obligations(body, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAllJurisdictions() {
  return useQuery({
    queryKey: [...catalogueKeys.all, 'jurisdictions'],
    queryFn: ({ signal }) => catalogueApi.allJurisdictions(signal),
    staleTime: 60_000,
  });
}

/** A change to the catalogue; refreshes every catalogue screen. */
export function useCatalogueMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: catalogueKeys.all }),
  });
}
