import { ZCaseWorkDone } from '@app/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api/index.ts';

/** Every case query lives under this key (the session's), so a change refetches the case views. */
export const caseQueriesKey = ['session', 'cases'] as const;

export type MeetingScheduleBody = {
  stepId: string;
  fields: Record<string, unknown>;
  guestAccountIds: string[];
  revision: number;
};
export type MeetingRecordBody = {
  status: 'SCHEDULED' | 'HELD' | 'CANCELLED';
  fields?: Record<string, unknown>;
  presentAccountIds?: string[];
  guestAccountIds?: string[];
  noMonetarySettlement?: boolean;
  revision: number;
};
export type ActionBody = {
  option?: string;
  accountId?: string;
  committeeId?: string | null;
  reason?: string;
  fileIds?: string[];
  noMonetarySettlement?: boolean;
  revision: number;
};

export const meetingsApi = {
  schedule: (caseId: string, body: MeetingScheduleBody) =>
    apiClient.request({
      service: 'cms',
      method: 'POST',
      path: `/case/${caseId}/meeting`,
      body,
      schema: ZCaseWorkDone,
    }),
  record: (caseId: string, meetingId: string, body: MeetingRecordBody) =>
    apiClient.request({
      service: 'cms',
      method: 'POST',
      path: `/case/${caseId}/meeting/${meetingId}`,
      body,
      schema: ZCaseWorkDone,
    }),
  act: (caseId: string, stepId: string, actionKey: string, body: ActionBody) =>
    apiClient.request({
      service: 'cms',
      method: 'POST',
      path: `/case/${caseId}/action/${stepId}/${actionKey}`,
      body,
      schema: ZCaseWorkDone,
    }),
};

/** A case change: refetches the case queries and tells the page. */
export function useCaseChange<A>(fn: (args: A) => Promise<unknown>, onChanged: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: caseQueriesKey });
      onChanged();
    },
  });
}
