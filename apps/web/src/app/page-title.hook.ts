import { useEffect } from 'react';
import { useBrandName } from './host-context.tsx';

/** Sets the tab title to "<page> · <company>" (or the product name on the platform host). */
export function usePageTitle(title: string | null) {
  const brand = useBrandName();
  useEffect(() => {
    document.title = title ? `${title} · ${brand}` : brand;
  }, [title, brand]);
}
