import { COMMITTEE_ROUTES } from '../../testing/authz/committee.table.ts';
import { runAuthzTable } from '../../testing/authz/table.ts';

// The Internal Committee register (issue 24): each route's refusals (another workspace, a lower
// role, a business-unit admin outside the target unit, more than one holds) and its control.
runAuthzTable(COMMITTEE_ROUTES);
