import { defineModule } from '../../core/module.ts';
import { COMPLIANCE_AUDIT_ACTIONS } from './audit-actions.ts';
import { COMPLIANCE_EVENTS, COMPLIANCE_QUEUES, COMPLIANCE_SCHEDULES } from './engine/engine.module-parts.ts';
import { complianceRoutes } from './index.ts';

/**
 * The compliance register (issue 24; DESIGN §4): the operator's catalogue of obligations, each
 * workspace's answers, occurrences generated ahead by a job, evidence and review, the calendar and
 * its ICS feed. It runs with learning (`service: 'lms'`) at `/lms/api`, as DESIGN §1 places it.
 */
export const complianceModule = defineModule({
  name: 'compliance',
  service: 'lms',
  api: { prefix: '/lms/api', routes: complianceRoutes },
  queues: COMPLIANCE_QUEUES,
  schedules: COMPLIANCE_SCHEDULES,
  auditActions: COMPLIANCE_AUDIT_ACTIONS,
  events: COMPLIANCE_EVENTS,
});
