import { ZCaseKeyRecovered, ZCaseKeyStatus, ZCaseKeyUnlocked } from '@app/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ApiError } from '../../../lib/api/api-error.ts';
import { apiClient } from '../../../lib/api/index.ts';

/** Query keys of the case key, under the session so that sign-out drops them. */
export const caseKeyKeys = { status: ['session', 'case-key', 'status'] as const };

export const caseKeyApi = {
  status: (signal?: AbortSignal) =>
    apiClient.request({ service: 'cms', path: '/case-key/status', schema: ZCaseKeyStatus, signal }),
  unlock: (secret: string) =>
    apiClient.request({
      service: 'cms',
      method: 'POST',
      path: '/case-key/unlock',
      body: { secret },
      schema: ZCaseKeyUnlocked,
    }),
  recover: (recoveryCode: string, newSecret: string) =>
    apiClient.request({
      service: 'cms',
      method: 'POST',
      path: '/case-key/recover',
      body: { recoveryCode, newSecret },
      schema: ZCaseKeyRecovered,
    }),
  startOver: (secret: string) =>
    apiClient.request({
      service: 'cms',
      method: 'POST',
      path: '/case-key/start-over',
      body: { secret },
      schema: ZCaseKeyRecovered,
    }),
  lock: () =>
    apiClient.request({
      service: 'cms',
      method: 'POST',
      path: '/case-key/lock',
      schema: z.object({ unlocked: z.literal(false) }),
    }),
};

export function useCaseKeyStatus() {
  return useQuery({ queryKey: caseKeyKeys.status, queryFn: ({ signal }) => caseKeyApi.status(signal), retry: false });
}

/** Whether an error is the server saying the caller's case key is not open (423 `CASE_KEY_LOCKED`). */
export function isKeyLocked(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'CASE_KEY_LOCKED';
}

/** Unlock; on success the status (and every case query) is fetched again. */
export function useUnlock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (secret: string) => caseKeyApi.unlock(secret),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['session', 'case-key'] });
      void qc.invalidateQueries({ queryKey: ['session', 'cases'] });
    },
  });
}
