import { FEATURE_FLAGS, isFlagOn } from '@app/contract';
import type { ReactNode } from 'react';
import { useHost } from '../../app/host-context.tsx';
import { useFeatureFlags } from '../common/feature-flags.queries.ts';
import { MaintenancePage } from './maintenance.page.tsx';

/**
 * Polls the feature flags while signed in on a workspace host and shows the maintenance page
 * instead of `children` while `maintenance` is on for this workspace. The operator's console on
 * the platform host is never put into maintenance.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const { appConfig, profile } = useHost();
  const onWorkspace = !appConfig.isPlatformHost;
  const flags = useFeatureFlags({ poll: true, enabled: onWorkspace });

  // On a workspace host the profile is this workspace's (the app does not start without it).
  if (onWorkspace && flags.data && isFlagOn(flags.data, FEATURE_FLAGS.maintenance, profile?.workspaceUrl ?? null)) {
    return <MaintenancePage />;
  }
  return children;
}
