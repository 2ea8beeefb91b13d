import { FEATURE_FLAGS, isFlagOn } from '@app/contract';
import type { ReactNode } from 'react';
import { useHost } from '../../app/host-context.tsx';
import { useSignedInUser } from '../auth/session.queries.ts';
import { useFeatureFlags } from './feature-flags.queries.ts';
import { MaintenancePage } from './maintenance.page.tsx';

/**
 * Polls the feature flags while signed in on a workspace host and shows the maintenance page
 * instead of `children` while `maintenance` is on for this workspace. The operator's console on
 * the platform host is never put into maintenance.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const { appConfig, profile } = useHost();
  const details = useSignedInUser();
  const onWorkspace = !appConfig.isPlatformHost;
  const flags = useFeatureFlags({ poll: true, enabled: onWorkspace });

  const workspaceUrl =
    details.workspaces.find((w) => w.workspaceId === details.currentWorkspaceId)?.workspaceUrl ??
    profile?.workspaceUrl ??
    null;
  if (onWorkspace && flags.data && isFlagOn(flags.data, FEATURE_FLAGS.maintenance, workspaceUrl)) {
    return <MaintenancePage />;
  }
  return children;
}
