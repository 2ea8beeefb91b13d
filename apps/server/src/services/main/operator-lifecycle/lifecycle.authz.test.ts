import { OPERATOR_LIFECYCLE_ROUTES } from '../../../testing/authz/operator-lifecycle.table.ts';
import { runAuthzTable } from '../../../testing/authz/table.ts';

// The operator's host change, retirement and restore (issue 23): each route's refusals and its control.
runAuthzTable(OPERATOR_LIFECYCLE_ROUTES);
