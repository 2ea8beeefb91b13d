import { ZConflictOutcome } from '@app/contract';
import { apiClient } from '../../../lib/api/index.ts';

/** Conflicts of interest in a case (issue 26): declaring one's own, clearing one. */
export const caseAccessApi = {
  declare: (caseId: string, reason: string) =>
    apiClient.request({
      service: 'cms',
      method: 'POST',
      path: `/case/${caseId}/conflict/declare`,
      body: { reason },
      schema: ZConflictOutcome,
    }),
  clear: (caseId: string, conflictId: string, reason: string) =>
    apiClient.request({
      service: 'cms',
      method: 'POST',
      path: `/case/${caseId}/conflict/${conflictId}/clear`,
      body: { reason },
      schema: ZConflictOutcome,
    }),
};
