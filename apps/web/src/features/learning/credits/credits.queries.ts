import type { TCreditRequestStatus, TJurisdictionSort } from '@app/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { creditsApi } from './credits.api.ts';

/** Query keys of the credit screens (under the session, so sign-out drops them); every change invalidates `all`. */
export const creditKeys = { all: ['session', 'lms', 'credits'] as const };

export function useCatalogueCourses() {
  return useQuery({
    queryKey: [...creditKeys.all, 'courses'],
    queryFn: ({ signal }) => creditsApi.catalogueCourses(signal),
  });
}

export function useCourseLedger(courseId: string | null, pageNo: number) {
  return useQuery({
    queryKey: [...creditKeys.all, 'ledger', courseId, pageNo],
    queryFn: ({ signal }) => creditsApi.ledger(courseId!, pageNo, signal),
    enabled: courseId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useCourseRequests(courseId: string | null, pageNo: number) {
  return useQuery({
    queryKey: [...creditKeys.all, 'requests', courseId, pageNo],
    queryFn: ({ signal }) => creditsApi.courseRequests(courseId!, pageNo, signal),
    enabled: courseId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useRequestQueue(pageNo: number, status: TCreditRequestStatus | null) {
  return useQuery({
    queryKey: [...creditKeys.all, 'queue', pageNo, status],
    queryFn: ({ signal }) => creditsApi.requestQueue({ pageNo, pageSize: 20, ...(status ? { status } : {}) }, signal),
    placeholderData: keepPreviousData,
  });
}

export function useJurisdictions(pageNo: number, sortBy: TJurisdictionSort) {
  return useQuery({
    queryKey: [...creditKeys.all, 'jurisdictions', pageNo, sortBy],
    queryFn: ({ signal }) => creditsApi.jurisdictions(pageNo, sortBy, signal),
    placeholderData: keepPreviousData,
  });
}

/** The holiday calendars a jurisdiction may count with (operator). */
export function useHolidayCalendars() {
  return useQuery({
    queryKey: [...creditKeys.all, 'holiday-calendars'],
    queryFn: ({ signal }) => creditsApi.holidayCalendars(signal),
    staleTime: 60_000,
  });
}

export function useAvailability(courseId: string, pageNo: number) {
  return useQuery({
    queryKey: [...creditKeys.all, 'availability', courseId, pageNo],
    queryFn: ({ signal }) => creditsApi.availability(courseId, pageNo, signal),
    placeholderData: keepPreviousData,
  });
}

/** A change of credits, requests, jurisdictions or availability; refreshes every credit screen. */
export function useCreditMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: creditKeys.all }),
  });
}
