import { SELF_SERVICE_ROUTES } from '../../testing/authz/self-service.table.ts';
import { runAuthzTable } from '../../testing/authz/table.ts';

// The routes every member uses on itself, the public ones and the operator's feature flags: each
// route's refusals and its control (the table and what each case means: testing/authz/).
runAuthzTable(SELF_SERVICE_ROUTES);
