import {
  type TCommittee,
  type TCommitteeDissolve,
  type TCommitteeInput,
  ZCommittee,
  ZCommitteeRegister,
} from '@app/contract';
import { fetchFile } from '../../lib/api/download.ts';
import { apiClient } from '../../lib/api/index.ts';

/** Calls of the committee register (the main API's `/committee/…`, issue 24). */
export const committeeApi = {
  register: (signal?: AbortSignal) =>
    apiClient.request({ path: '/committee/register', schema: ZCommitteeRegister, signal }),
  details: (id: string, asOf: string | null, signal?: AbortSignal) =>
    apiClient.request({
      path: `/committee/details/${encodeURIComponent(id)}`,
      query: { asOf: asOf ?? undefined },
      schema: ZCommittee,
      signal,
    }),
  create: (body: TCommitteeInput): Promise<TCommittee> =>
    apiClient.request({ method: 'POST', path: '/committee/create', body, schema: ZCommittee }),
  update: (id: string, body: TCommitteeInput): Promise<TCommittee> =>
    apiClient.request({
      method: 'POST',
      path: `/committee/update/${encodeURIComponent(id)}`,
      body,
      schema: ZCommittee,
    }),
  uploadOrder: (id: string, file: File, orderDate: string) => {
    const form = new FormData();
    form.append('orderDate', orderDate);
    form.append('file', file, file.name);
    return apiClient.request({
      method: 'POST',
      path: `/committee/${encodeURIComponent(id)}/order`,
      body: form,
      schema: ZCommittee,
    });
  },
  downloadOrder: (id: string) => fetchFile(`/committee/${encodeURIComponent(id)}/order`, 'order.pdf'),
  dissolve: (id: string, body: TCommitteeDissolve) =>
    apiClient.request({
      method: 'POST',
      path: `/committee/${encodeURIComponent(id)}/dissolve`,
      body,
      schema: ZCommittee,
    }),
};
