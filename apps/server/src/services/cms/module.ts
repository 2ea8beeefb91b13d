import { defineModule } from '../../core/module.ts';
import { CMS_AUDIT_ACTIONS } from './audit-actions.ts';
import { cmsService } from './index.ts';

/** The case-management module (complaint workflows, cases): its API at `/cms/api`. Its parts arrive with the case issues. */
export const cmsModule = defineModule({
  name: 'cms',
  api: { prefix: '/cms/api', routes: cmsService },
  auditActions: CMS_AUDIT_ACTIONS,
});
