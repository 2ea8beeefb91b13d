import {
  type TAutoAssignRequest,
  type THigherRiskDepartments,
  type TRecurrenceSettings,
  ZAutoAssignResetResult,
  ZAutoAssignResult,
  ZAutoAssignState,
  ZHigherRiskDepartments,
  ZRecurrenceResult,
  ZRecurrenceSettings,
} from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api/index.ts';

/** Calls of the course rules page: auto-assign and recurrence (the LMS service). */
export const automationApi = {
  rule: (courseId: string, signal?: AbortSignal) =>
    apiClient.request({
      service: 'lms',
      path: '/course/autoAssign',
      query: { courseId },
      schema: ZAutoAssignState,
      signal,
    }),
  setRule: (body: TAutoAssignRequest) =>
    apiClient.request({ service: 'lms', method: 'POST', path: '/course/autoAssign', body, schema: ZAutoAssignResult }),
  resetRule: (courseId: string) =>
    apiClient.request({
      service: 'lms',
      method: 'POST',
      path: '/course/auto/reset',
      body: { courseId },
      schema: ZAutoAssignResetResult,
    }),
  recurrence: (courseId: string, signal?: AbortSignal) =>
    apiClient.request({ service: 'lms', path: `/course/${courseId}/recurrence`, schema: ZRecurrenceSettings, signal }),
  setRecurrence: (courseId: string, body: TRecurrenceSettings) =>
    apiClient.request({
      service: 'lms',
      method: 'PUT',
      path: `/course/${courseId}/recurrence`,
      body,
      schema: ZRecurrenceResult,
    }),
  higherRisk: (courseId: string, signal?: AbortSignal) =>
    apiClient.request({
      service: 'lms',
      path: `/course/${courseId}/higher-risk`,
      schema: ZHigherRiskDepartments,
      signal,
    }),
  setHigherRisk: (courseId: string, body: THigherRiskDepartments) =>
    apiClient.request({
      service: 'lms',
      method: 'PUT',
      path: `/course/${courseId}/higher-risk`,
      body,
      schema: ZHigherRiskDepartments,
    }),
};

/** Query keys of the rules page (under the session, so sign-out drops them). */
export const automationKeys = {
  all: ['session', 'lms', 'automation'] as const,
  rule: (courseId: string) => ['session', 'lms', 'automation', 'rule', courseId] as const,
  recurrence: (courseId: string) => ['session', 'lms', 'automation', 'recurrence', courseId] as const,
};

export function useAutoAssignRule(courseId: string) {
  return useQuery({
    queryKey: automationKeys.rule(courseId),
    queryFn: ({ signal }) => automationApi.rule(courseId, signal),
  });
}

export function useRecurrence(courseId: string) {
  return useQuery({
    queryKey: automationKeys.recurrence(courseId),
    queryFn: ({ signal }) => automationApi.recurrence(courseId, signal),
  });
}

/** A change on the rules page; refreshes its queries when it succeeds. */
export function useAutomationMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: automationKeys.all }),
  });
}
