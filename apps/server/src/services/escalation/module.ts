import { defineModule } from '../../core/module.ts';
import { ESCALATION_AUDIT_ACTIONS } from './audit-actions.ts';
import { escalationModuleRoutes } from './index.ts';

/**
 * The escalation settings module: who hears of overdue work (courses now; policies, the register
 * and cases later), at the main API's `/api/escalation-setting/…` as the spec names them. It runs
 * wherever the main service runs (`service: 'main'`).
 */
export const escalationModule = defineModule({
  name: 'escalation',
  service: 'main',
  api: { prefix: '/api', routes: escalationModuleRoutes },
  auditActions: ESCALATION_AUDIT_ACTIONS,
});
