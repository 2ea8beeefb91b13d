import { OPERATOR_WORKSPACES_ROUTES } from '../../../testing/authz/operator-workspaces.table.ts';
import { runAuthzTable } from '../../../testing/authz/table.ts';

// The operator's workspaces (issue 23): every route's refusals and its control (testing/authz/).
runAuthzTable(OPERATOR_WORKSPACES_ROUTES);
