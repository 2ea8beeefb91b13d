import {
  type TCaseChanged,
  type TCaseCounts,
  type TCasePartyAdded,
  type TCasePeople,
  type TCaseView,
  type TCommitteeCases,
  type TDraft,
  ZCaseChanged,
  ZCaseCounts,
  ZCasePartyAdded,
  ZCasePeople,
  ZCaseTrail,
  ZCaseTrailVerdict,
  ZCaseView,
  ZCommitteeCases,
  ZDraft,
} from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiClient } from '../../../lib/api/index.ts';

/** Calls of the committee's side of complaint cases (`/cms/api`, issue 26). Ids only in URLs. */
export const committeeCasesApi = {
  /** The committee's person picker: the workspace's active members whose name or email contains `q`. */
  people: (q: string, signal?: AbortSignal) =>
    apiClient.request({
      service: 'cms',
      path: '/case-people',
      query: { q },
      schema: ZCasePeople,
      signal,
    }) as Promise<TCasePeople>,
  /** A draft a committee member writes down for someone who cannot write (POSH s.9(1)). */
  assistedDraft: (workflowId: string, onBehalfOf: string) =>
    apiClient.request({
      service: 'cms',
      method: 'POST',
      path: '/complaint/draft',
      body: { workflowId, onBehalfOf },
      schema: ZDraft,
    }) as Promise<TDraft>,
  list: (q: { status: 'OPEN' | 'CLOSED' | 'ALL'; pageNo: number; pageSize: number }, signal?: AbortSignal) =>
    apiClient.request({
      service: 'cms',
      path: '/committee-cases',
      query: q,
      schema: ZCommitteeCases,
      signal,
    }) as Promise<TCommitteeCases>,
  counts: (signal?: AbortSignal) =>
    apiClient.request({ service: 'cms', path: '/case-counts', schema: ZCaseCounts, signal }) as Promise<TCaseCounts>,
  view: (id: string, signal?: AbortSignal) =>
    apiClient.request({
      service: 'cms',
      path: `/case/${encodeURIComponent(id)}`,
      schema: ZCaseView,
      signal,
    }) as Promise<TCaseView>,
  startStep: (id: string, stepId: string, revision: number): Promise<TCaseChanged> =>
    apiClient.request({
      service: 'cms',
      method: 'POST',
      path: `/case/${encodeURIComponent(id)}/step/${encodeURIComponent(stepId)}/start`,
      body: { revision },
      schema: ZCaseChanged,
    }),
  completeStep: (id: string, stepId: string, body: { lateReason: string | null; revision: number }) =>
    apiClient.request({
      service: 'cms',
      method: 'POST',
      path: `/case/${encodeURIComponent(id)}/step/${encodeURIComponent(stepId)}/complete`,
      body,
      schema: ZCaseChanged,
    }) as Promise<TCaseChanged>,
  subStatus: (id: string, label: string) =>
    apiClient.request({
      service: 'cms',
      method: 'POST',
      path: `/case/${encodeURIComponent(id)}/sub-status`,
      body: { label },
      schema: ZCaseChanged,
    }) as Promise<TCaseChanged>,
  /** A note in the committee's private space: a message to COMMITTEE. */
  note: (id: string, body: string) =>
    apiClient.request({
      service: 'cms',
      method: 'POST',
      path: `/case/${encodeURIComponent(id)}/message`,
      body: { body, to: 'COMMITTEE' },
      schema: z.unknown(),
    }),
  close: (
    id: string,
    body: {
      outcome: string;
      reportFileId: string | null;
      reportOn: string;
      employerAction: string;
      employerActionOn: string | null;
    },
  ) =>
    apiClient.request({
      service: 'cms',
      method: 'POST',
      path: `/case/${encodeURIComponent(id)}/close`,
      body,
      schema: ZCaseChanged,
    }) as Promise<TCaseChanged>,
  addParty: (id: string, body: { accountId: string; role: 'RESPONDENT' | 'WITNESS' }) =>
    apiClient.request({
      service: 'cms',
      method: 'POST',
      path: `/case/${encodeURIComponent(id)}/party`,
      body,
      schema: ZCasePartyAdded,
    }) as Promise<TCasePartyAdded>,
  trail: (id: string, signal?: AbortSignal) =>
    apiClient.request({ service: 'cms', path: `/case/${encodeURIComponent(id)}/trail`, schema: ZCaseTrail, signal }),
  verify: (id: string) =>
    apiClient.request({
      service: 'cms',
      method: 'POST',
      path: `/case/${encodeURIComponent(id)}/trail/verify`,
      schema: ZCaseTrailVerdict,
    }),
};

/** Query keys, under the session so that sign-out drops them (nothing cached outlives it). */
export const committeeCaseKeys = {
  all: ['session', 'cases'] as const,
  list: (status: string, page: number) => ['session', 'cases', 'committee', status, page] as const,
  counts: ['session', 'cases', 'counts'] as const,
  view: (id: string) => ['session', 'cases', 'view', id] as const,
  trail: (id: string) => ['session', 'cases', 'trail', id] as const,
};

export function useCommitteeCases(status: 'OPEN' | 'CLOSED' | 'ALL', page: number) {
  return useQuery({
    queryKey: committeeCaseKeys.list(status, page),
    queryFn: ({ signal }) => committeeCasesApi.list({ status, pageNo: page, pageSize: 20 }, signal),
    staleTime: 0,
  });
}

export function useCaseCounts(enabled: boolean) {
  return useQuery({
    queryKey: committeeCaseKeys.counts,
    queryFn: ({ signal }) => committeeCasesApi.counts(signal),
    enabled,
    retry: false,
  });
}

export function useCaseView(id: string) {
  return useQuery({
    queryKey: committeeCaseKeys.view(id),
    queryFn: ({ signal }) => committeeCasesApi.view(id, signal),
    retry: false,
    staleTime: 0,
  });
}
