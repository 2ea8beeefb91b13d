import { auditAction as spec } from '../../../core/audit.ts';

/** Issue 24: the calendar's audit actions (the feed token itself is never recorded). */
export const CALENDAR_AUDIT_ACTIONS = {
  'compliance_calendar_feed.created': spec<{ replacedPrevious: boolean }>()('write', 'calendar_feed'),
  'compliance_calendar_feed.revoked': spec<null>()('write', 'calendar_feed'),
} as const;
