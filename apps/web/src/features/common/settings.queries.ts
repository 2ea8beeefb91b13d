import type { TWorkspaceSettings } from '@app/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useHost } from '../../app/host-context.tsx';
import { mainApi } from '../../lib/api/index.ts';
import { dashboardKeys, settingsKeys } from './keys.ts';
import { sessionKeys } from './session.queries.ts';

/** The workspace's settings, as its administrator edits them. */
export function useWorkspaceSettings() {
  return useQuery({
    queryKey: settingsKeys.settings,
    queryFn: ({ signal }) => mainApi.getWorkspaceSettings(signal),
  });
}

/** Whether administrators may create accounts from a file in this workspace. */
export function useBulkSignUp() {
  return useQuery({
    queryKey: settingsKeys.bulkSignUp,
    queryFn: ({ signal }) => mainApi.getBulkSignUpSetting(signal),
  });
}

/**
 * After a save: keeps the settings, re-brands the whole app at once (the host's company profile)
 * and reloads the menus (a switched-off area loses its menus).
 */
export function useApplySettings() {
  const queryClient = useQueryClient();
  const { host } = useHost();
  return (settings: TWorkspaceSettings) => {
    queryClient.setQueryData(settingsKeys.settings, settings);
    queryClient.setQueryData(settingsKeys.bulkSignUp, { bulkSignUpEnabled: settings.bulkSignUpEnabled });
    void queryClient.invalidateQueries({ queryKey: ['company-profile', host] });
    void queryClient.invalidateQueries({ queryKey: sessionKeys.navigation });
    // The home page's setup checklist (branding) and concerned-authority card read the settings too.
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.overview });
    void queryClient.invalidateQueries({ queryKey: dashboardKeys.concernedAuthority });
  };
}
