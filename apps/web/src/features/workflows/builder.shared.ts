import type { TLanguage, TWorkflowBuilder } from '@app/contract';
import { ZWorkflowBuilder } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../lib/api/index.ts';

/*
 * What the three tabs of the workflow builder share (issue 25): the builder query, and the one way
 * a tab changes the draft — a CMS call that answers the whole builder, which replaces the cached
 * one. Tabs: process details (workflows/process-tab.tsx), complaint form (form/), stages of
 * redressal (stages/). Each tab's own calls live in its folder and use `cmsCall`.
 */

/** Query keys, under the session so that sign-out drops them. */
export const workflowKeys = {
  all: ['session', 'workflows'] as const,
  list: (page: number) => ['session', 'workflows', 'list', page] as const,
  builder: (id: string) => ['session', 'workflows', 'builder', id] as const,
  versions: (id: string) => ['session', 'workflows', 'versions', id] as const,
};

/** One CMS call that answers the builder. */
export function cmsCall(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<TWorkflowBuilder> {
  return apiClient.request({ service: 'cms', method, path, body, schema: ZWorkflowBuilder });
}

/** The builder of one workflow. */
export function useBuilder(id: string | undefined) {
  return useQuery({
    queryKey: workflowKeys.builder(id ?? ''),
    queryFn: ({ signal }) =>
      apiClient.request({
        service: 'cms',
        path: `/workflow/get/${encodeURIComponent(id!)}`,
        schema: ZWorkflowBuilder,
        signal,
      }),
    enabled: Boolean(id),
    retry: false,
  });
}

/** A draft change: runs `call`, then puts the builder it answers in the cache (and refreshes the history). */
export function useBuilderMutation<V>(workflowId: string, call: (vars: V) => Promise<TWorkflowBuilder>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (builder) => {
      queryClient.setQueryData(workflowKeys.builder(workflowId), builder);
      void queryClient.invalidateQueries({ queryKey: workflowKeys.versions(workflowId) });
      void queryClient.invalidateQueries({ queryKey: ['session', 'workflows', 'list'] });
    },
  });
}

/** The props every tab gets from the builder page. */
export type TabProps = {
  builder: TWorkflowBuilder;
  /** The language the builder edits texts in (the others are edited in the translation view). */
  language: TLanguage;
  /** True when the workflow is PUBLISHED (or the caller may not edit): nothing can be changed until a new version is started. */
  readOnly: boolean;
};

/** A text in `language`, else English (in workflow-view.ts, which tests import without the API client). */
export { textIn } from './workflow-view.ts';
