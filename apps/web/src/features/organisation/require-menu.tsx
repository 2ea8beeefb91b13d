import type { TNavigationItem } from '@app/contract';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FullPageLoader } from '../../app/full-page-loader.tsx';
import { mainApi } from '../../lib/api/index.ts';
import { sessionKeys } from '../auth/session.queries.ts';
import { ForbiddenPage } from '../errors/forbidden.page.tsx';

/** Shows `children` only to someone whose navigation enables `menu` (the server decides; it checks again on every call). */
export function RequireMenu({ menu, children }: { menu: TNavigationItem['menu']; children: ReactNode }) {
  const navigation = useQuery({
    queryKey: sessionKeys.navigation,
    queryFn: ({ signal }) => mainApi.getNavigation(signal),
    staleTime: 5 * 60_000,
  });
  if (navigation.isPending) return <FullPageLoader inline />;
  if (!navigation.data?.some((i) => i.menu === menu && i.enabled)) return <ForbiddenPage />;
  return children;
}
