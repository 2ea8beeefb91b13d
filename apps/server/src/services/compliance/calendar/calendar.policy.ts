import { definePolicy, isSelf } from '../../../core/policy.ts';

/**
 * A person's own compliance calendar and its ICS feed (issue 24): every member has one, showing
 * the occurrences the register policy lets them see (all those they reach for a register manager,
 * else those they own or review). Nobody reads or manages another person's.
 */
export const calendarPolicy = definePolicy<{ accountId: string }, 'view' | 'manageFeed'>('compliance calendar', {
  view: (a, r) => isSelf(a, r.accountId),
  manageFeed: (a, r) => isSelf(a, r.accountId),
});
