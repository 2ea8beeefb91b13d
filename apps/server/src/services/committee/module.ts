import { defineModule } from '../../core/module.ts';
import { COMMITTEE_AUDIT_ACTIONS } from './audit-actions.ts';
import { committeeRoutes } from './committee.routes.ts';
import { COMMITTEE_QUEUES, COMMITTEE_SCHEDULES } from './notices/notices.module-parts.ts';

/**
 * The Internal Committee register (POSH s.4) and Canada's designated recipients (SOR/2020-130 s.14),
 * issue 24, at the main API's `/api/committee/…`. It runs with the main service.
 */
export const committeeModule = defineModule({
  name: 'committee',
  service: 'main',
  api: { prefix: '/api', routes: committeeRoutes },
  queues: COMMITTEE_QUEUES,
  schedules: COMMITTEE_SCHEDULES,
  auditActions: COMMITTEE_AUDIT_ACTIONS,
});
