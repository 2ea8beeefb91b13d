import { useEffect } from 'react';
import { type Location, useBlocker } from 'react-router';

/**
 * While `dirty`, leaving the page asks first: a navigation inside the app is held until the person
 * confirms (`proceed`) or stays (`stay`); reloading or closing the tab gets the browser's own prompt.
 * `allow` lets through a navigation the page makes itself and that keeps the work (the lesson
 * editor following a lesson to its draft copy).
 */
export function useUnsavedChangesGuard(dirty: boolean, options: { allow?: (next: Location) => boolean } = {}) {
  const { allow } = options;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !allow?.(nextLocation) &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  // Saved or undone while a navigation waited: let it go on.
  useEffect(() => {
    if (blocker.state === 'blocked' && !dirty) blocker.proceed();
  }, [blocker, dirty]);

  return {
    asking: blocker.state === 'blocked',
    proceed: () => blocker.proceed?.(),
    stay: () => blocker.reset?.(),
  };
}
