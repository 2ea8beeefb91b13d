/**
 * The server's one clock (`deps.clock`, `ctx.clock`). Every rule that depends on time reads it:
 * `clock.now()` in application code, `app_now()` in SQL (the transaction helpers of core/db/tenant.ts
 * pass a controlled clock's time to SQL). Tests use a `TestClock` to set and advance time instead
 * of sleeping or back-dating rows. See docs/time.md.
 */
export type Clock = {
  now(): Date;
  /**
   * True while the time differs from the real time (a test clock that was set or advanced): the
   * transaction helpers then set `app.now` so that SQL's `app_now()` answers the same time. Otherwise
   * SQL stays on the database's own `now()` (so that `app_now()` and columns defaulting to `now()`
   * agree to the microsecond).
   */
  readonly controlled: boolean;
};

/** The real time. */
export const realClock: Clock = { now: () => new Date(), controlled: false };

/** A clock tests move: follows the real time until set, then moves only when set or advanced. */
export type TestClock = Clock & {
  /** Stops the clock at `at`. */
  set(at: Date | string | number): void;
  /** Moves the clock forward (or back, with a negative `ms`); a clock following real time stops at now + ms. */
  advance(ms: number): void;
  /** Follows the real time again. */
  reset(): void;
  /** Whether the clock was set (or advanced) and not reset since. */
  readonly frozen: boolean;
};

/** A test clock, stopped at `at` when given, else following the real time. */
export function testClock(at?: Date | string | number): TestClock {
  let fixed: number | null = at === undefined ? null : toMillis(at);
  return {
    get controlled() {
      return fixed !== null;
    },
    now: () => new Date(fixed ?? Date.now()),
    set(value) {
      fixed = toMillis(value);
    },
    advance(ms) {
      fixed = (fixed ?? Date.now()) + ms;
    },
    reset() {
      fixed = null;
    },
    get frozen() {
      return fixed !== null;
    },
  };
}

function toMillis(value: Date | string | number): number {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : value;
  if (!Number.isFinite(ms)) throw new Error(`not a time: ${String(value)}`);
  return ms;
}

/** Whether a clock can be moved (the dev clock route needs one). */
export function isTestClock(clock: Clock): clock is TestClock {
  return typeof (clock as TestClock).set === 'function';
}

/** Milliseconds in units, for `clock.advance`. */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
