import { OPERATOR_ELEVATE_ROUTES } from '../../../testing/authz/operator-elevate.table.ts';
import { runAuthzTable } from '../../../testing/authz/table.ts';

// Issue 23's session check and the operator's undo of elevate-IP ranges: each route's refusals and
// its control (the table and what each case means: testing/authz/).
runAuthzTable(OPERATOR_ELEVATE_ROUTES);
