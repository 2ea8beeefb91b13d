import { CMS_WORKFLOWS_ROUTES } from '../../../testing/authz/cms-workflows.table.ts';
import { runAuthzTable } from '../../../testing/authz/table.ts';

// Complaint workflows (issue 25): each route's refusals (another workspace, a lower role, a
// business-unit admin outside the workflow's unit, more than one holds) and its control — a unit
// admin given workflows.manage by the matrix, on a workflow of its own unit.
runAuthzTable(CMS_WORKFLOWS_ROUTES);
