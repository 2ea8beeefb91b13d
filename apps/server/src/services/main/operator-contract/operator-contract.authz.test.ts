import { OPERATOR_CONTRACT_ROUTES } from '../../../testing/authz/operator-contract.table.ts';
import { runAuthzTable } from '../../../testing/authz/table.ts';

// The operator's user limit and contract end date: each route's refusals and its control (testing/authz/).
runAuthzTable(OPERATOR_CONTRACT_ROUTES);
