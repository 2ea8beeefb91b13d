import {
  type TEscalationSettingSave,
  type TEscalationType,
  ZEscalationSetting,
  ZEscalationSettingList,
} from '@app/contract';
import { z } from 'zod';
import { apiClient } from '../../lib/api/index.ts';

/** Calls of the escalation settings page (the main API's `/escalation-setting/…`). */
export const escalationApi = {
  escalations: (escalationType: TEscalationType, signal?: AbortSignal) =>
    apiClient.request({
      path: '/escalation-setting/all',
      query: { escalationType },
      schema: ZEscalationSettingList,
      signal,
    }),
  saveEscalation: (body: TEscalationSettingSave) =>
    apiClient.request({ method: 'POST', path: '/escalation-setting/save', body, schema: ZEscalationSetting }),
  deleteEscalation: (id: string) =>
    apiClient.request({
      method: 'DELETE',
      path: `/escalation-setting/${id}`,
      schema: z.object({ deleted: z.literal(true) }),
    }),
};
