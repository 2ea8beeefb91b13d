import { COMPLIANCE_REGISTER_ROUTES } from '../../../testing/authz/compliance-register.table.ts';
import { runAuthzTable } from '../../../testing/authz/table.ts';

// The compliance register and its calendar: every route's refusals and its control
// (the table and what each case means: testing/authz/).
runAuthzTable(COMPLIANCE_REGISTER_ROUTES);
