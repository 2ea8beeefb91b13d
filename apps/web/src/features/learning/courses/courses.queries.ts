import type { TCourseDetailsQuery, TCourseListRequest } from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { coursesApi, type TCourseScope } from './courses.api.ts';

export const COURSES_PAGE_SIZE = 20;

/** Query keys of the course screens (under `session`: dropped on sign-out). */
export const courseKeys = {
  all: (scope: TCourseScope) => ['session', 'courses', scope] as const,
  list: (scope: TCourseScope, body: TCourseListRequest) => ['session', 'courses', scope, 'list', body] as const,
  details: (scope: TCourseScope, id: string, query: TCourseDetailsQuery) =>
    ['session', 'courses', scope, 'details', id, query] as const,
  course: (scope: TCourseScope, id: string) => ['session', 'courses', scope, 'details', id] as const,
};

/** One page of courses; the old page stays shown while the next loads. */
export function useCourseList(scope: TCourseScope, body: TCourseListRequest) {
  return useQuery({
    queryKey: courseKeys.list(scope, body),
    queryFn: ({ signal }) => coursesApi(scope).list(body, signal),
    placeholderData: keepPreviousData,
  });
}

/** A course as its editor shows it, in one language. */
export function useCourseDetails(scope: TCourseScope, id: string, query: TCourseDetailsQuery) {
  return useQuery({
    queryKey: courseKeys.details(scope, id, query),
    queryFn: ({ signal }) => coursesApi(scope).details(id, query, signal),
    placeholderData: keepPreviousData,
  });
}

/** The six course languages with their names. */
export function useCourseLanguages(scope: TCourseScope) {
  return useQuery({
    queryKey: ['session', 'courses', scope, 'languages'] as const,
    queryFn: ({ signal }) => coursesApi(scope).supportedLanguages(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * The jurisdictions to tag a course with. Their routes come with another work package: until
 * they answer, the query fails (no retry) and the field stays hidden.
 */
export function useJurisdictions(scope: TCourseScope) {
  return useQuery({
    queryKey: ['session', 'courses', scope, 'jurisdictions'] as const,
    queryFn: ({ signal }) => coursesApi(scope).jurisdictions(signal),
    retry: false,
    staleTime: 60_000,
  });
}
