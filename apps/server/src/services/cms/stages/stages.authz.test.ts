import { CMS_STAGES_ROUTES } from '../../../testing/authz/cms-stages.table.ts';
import { runAuthzTable } from '../../../testing/authz/table.ts';

// The stages of redressal (issue 25): each route's refusals (another workspace, a lower role, a
// business-unit admin outside the workflow's unit) and its control, the target unit's admin.
runAuthzTable(CMS_STAGES_ROUTES);
