import { CASES_ROUTES } from '../../../testing/authz/cases.table.ts';
import { runAuthzTable } from '../../../testing/authz/table.ts';

// Complaint cases (issue 26): each route's refusals — another workspace, a lower role, a business-unit
// admin outside, more than one holds, and the relationship cases (A's admin, the complainant on the
// committee's routes, the operator) — and its control, a caller related to the case.
runAuthzTable(CASES_ROUTES);
