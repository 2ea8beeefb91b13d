import { defineModule } from '../../core/module.ts';
import { CMS_AUDIT_ACTIONS } from './audit-actions.ts';
import { CASE_EVENTS, CASE_QUEUES, CASE_SCHEDULES } from './cases/module-parts.ts';
import { cmsService } from './index.ts';

/** The case-management module (complaint workflows, cases): its API at `/cms/api`. Workflows (issue 25) and complaint cases (issue 26). */
export const cmsModule = defineModule({
  name: 'cms',
  api: { prefix: '/cms/api', routes: cmsService },
  auditActions: CMS_AUDIT_ACTIONS,
  queues: CASE_QUEUES,
  schedules: CASE_SCHEDULES,
  events: CASE_EVENTS,
});
