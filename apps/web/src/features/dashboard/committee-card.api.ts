import { ZMyCommitteeCard } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { fetchFile } from '../../lib/api/download.ts';
import { apiClient } from '../../lib/api/index.ts';

/** The home card's calls: the reader's unit's committee (or designated recipients) and its order (s.19(b)). */
export const myCommitteeApi = {
  card: (signal?: AbortSignal) => apiClient.request({ path: '/committee/my', schema: ZMyCommitteeCard, signal }),
  order: () => fetchFile('/committee/my/order', 'order.pdf'),
};

/** The reader's committee card; `enabled` only inside a workspace. A refusal leaves the card out. */
export function useMyCommittee(enabled: boolean) {
  return useQuery({
    queryKey: ['session', 'committee', 'my'] as const,
    queryFn: ({ signal }) => myCommitteeApi.card(signal),
    enabled,
    retry: false,
  });
}
