import { useMutation, useQuery } from '@tanstack/react-query';
import { scormApi } from './scorm.api.ts';

export const scormKeys = {
  package: (packageId: string) => ['lms', 'scorm', packageId] as const,
};

/** A package's status and manifest; polled every 1.5 s while it is PROCESSING. */
export function useScormPackage(packageId: string) {
  return useQuery({
    queryKey: scormKeys.package(packageId),
    queryFn: ({ signal }) => scormApi.getPackage(packageId, signal),
    refetchInterval: (query) => (query.state.data?.status === 'PROCESSING' ? 1500 : false),
  });
}

/** A player URL for this page's origin (a new one each time: tokens last 4 hours). */
export function useScormLaunch(packageId: string) {
  return useMutation({ mutationFn: () => scormApi.launch(packageId, window.location.origin) });
}
