import { LIMITS } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import { mainApi } from '../../lib/api/index.ts';
import { sessionKeys } from './session.queries.ts';

/**
 * The feature flags of this session. With `poll`, re-read every 20 s (spec §4) so that
 * maintenance mode starts and lifts by itself.
 */
export function useFeatureFlags({ poll, enabled = true }: { poll: boolean; enabled?: boolean }) {
  return useQuery({
    queryKey: sessionKeys.featureFlags,
    queryFn: ({ signal }) => mainApi.getFeatureFlags(signal),
    enabled,
    refetchInterval: poll ? LIMITS.featureFlagPollMs : false,
    staleTime: LIMITS.featureFlagPollMs / 2,
  });
}
