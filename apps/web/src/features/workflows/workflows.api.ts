import {
  type TWorkflowBuilder,
  type TWorkflowCreate,
  type TWorkflowPublish,
  type TWorkflowUpdate,
  ZWorkflowBuilder,
  ZWorkflowHandlerOptions,
  ZWorkflowPage,
  ZWorkflowTemplateList,
  ZWorkflowVersionList,
} from '@app/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../lib/api/index.ts';
import { cmsCall, workflowKeys } from './builder.shared.ts';

/** Rows of the workflow list per page. */
export const WORKFLOW_PAGE_SIZE = 20;

const id = (value: string) => encodeURIComponent(value);

/**
 * The calls of the workflow pages that are not a tab's own (issue 25): the list, the templates, the
 * committees a workflow can name, create, process details, publish, version, and the history.
 */
export const workflowsApi = {
  page: (pageNo: number, signal?: AbortSignal) =>
    apiClient.request({
      service: 'cms',
      path: '/workflow/all',
      query: { pageNo, pageSize: WORKFLOW_PAGE_SIZE },
      schema: ZWorkflowPage,
      signal,
    }),
  templates: (signal?: AbortSignal) =>
    apiClient.request({ service: 'cms', path: '/workflow/templates', schema: ZWorkflowTemplateList, signal }),
  handlers: (signal?: AbortSignal) =>
    apiClient.request({ service: 'cms', path: '/workflow/handlers', schema: ZWorkflowHandlerOptions, signal }),
  create: (body: TWorkflowCreate): Promise<TWorkflowBuilder> =>
    apiClient.request({ service: 'cms', method: 'POST', path: '/workflow/create', body, schema: ZWorkflowBuilder }),
  update: (workflowId: string, body: TWorkflowUpdate) => cmsCall('POST', `/workflow/update/${id(workflowId)}`, body),
  publish: (workflowId: string, body: TWorkflowPublish) => cmsCall('POST', `/workflow/publish/${id(workflowId)}`, body),
  version: (workflowId: string) => cmsCall('POST', `/workflow/version/${id(workflowId)}`),
  versions: (workflowId: string, signal?: AbortSignal) =>
    apiClient.request({
      service: 'cms',
      path: `/workflow/versions/${id(workflowId)}`,
      schema: ZWorkflowVersionList,
      signal,
    }),
};

/** One page (zero-based) of the workflows the caller may manage. */
export function useWorkflowPage(pageNo: number) {
  return useQuery({
    queryKey: workflowKeys.list(pageNo),
    queryFn: ({ signal }) => workflowsApi.page(pageNo, signal),
    placeholderData: keepPreviousData,
  });
}

/** The shipped templates (POSH inquiry, Canada resolution), fetched only while `enabled`. */
export function useWorkflowTemplates(enabled = true) {
  return useQuery({
    queryKey: [...workflowKeys.all, 'templates'],
    queryFn: ({ signal }) => workflowsApi.templates(signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The committees of the register a workflow can name. */
export function useWorkflowHandlers() {
  return useQuery({
    queryKey: [...workflowKeys.all, 'handlers'],
    queryFn: ({ signal }) => workflowsApi.handlers(signal),
  });
}

/** A workflow's published versions, newest first as the server answers. */
export function useWorkflowVersions(workflowId: string | undefined) {
  return useQuery({
    queryKey: workflowKeys.versions(workflowId ?? ''),
    queryFn: ({ signal }) => workflowsApi.versions(workflowId!, signal),
    enabled: Boolean(workflowId),
    retry: false,
  });
}
