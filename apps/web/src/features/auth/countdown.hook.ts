import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../lib/api/index.ts';

/** A seconds countdown that re-renders once a second while it runs. */
export function useCountdown() {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = window.setInterval(() => {
      const tick = Date.now();
      setNow(tick);
      if (tick >= until) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [until]);

  const start = useCallback((seconds: number) => {
    const tick = Date.now();
    setNow(tick);
    setUntil(tick + seconds * 1000);
  }, []);

  return { secondsLeft: Math.max(0, Math.ceil((until - now) / 1000)), start };
}

/**
 * Seconds left before a rate-limited request may be tried again: counts down from the
 * `Retry-After` of the latest 429 among `errors`, 0 when there is none.
 */
export function useRetryAfter(error: unknown): number {
  const { secondsLeft, start } = useCountdown();
  useEffect(() => {
    if (isApiError(error, 429) && error.retryAfterSeconds) start(error.retryAfterSeconds);
  }, [error, start]);
  return secondsLeft;
}
