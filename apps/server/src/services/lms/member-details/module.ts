import { defineModule } from '../../../core/module.ts';
import { memberDetailsRoutes } from './member-details.routes.ts';

/**
 * A member's learning for an administrator, at `/api/admin/user/course/policy/details` as the spec
 * names it (a main-service path). The main service may not read learning (module boundaries), so
 * the learning module serves it under the main API's prefix, wherever learning runs (`service: 'lms'`),
 * as the escalation settings module serves its `/api/escalation-setting/…` paths.
 */
export const lmsMemberDetailsModule = defineModule({
  name: 'lms-member-details',
  service: 'lms',
  api: { prefix: '/api', routes: memberDetailsRoutes },
});
