import { useQuery } from '@tanstack/react-query';
import { sessionKeys } from '../features/common/session.queries.ts';
import { mainApi } from '../lib/api/index.ts';
import { useHost } from './host-context.tsx';

/** The signed-in person's menus on a workspace host (not loaded on the platform host, spec §6). */
export function useNavigation() {
  const { appConfig } = useHost();
  return useQuery({
    queryKey: sessionKeys.navigation,
    queryFn: ({ signal }) => mainApi.getNavigation(signal),
    enabled: !appConfig.isPlatformHost,
    staleTime: 5 * 60_000,
  });
}
