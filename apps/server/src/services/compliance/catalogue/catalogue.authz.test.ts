import { COMPLIANCE_CATALOGUE_ROUTES } from '../../../testing/authz/compliance-catalogue.table.ts';
import { runAuthzTable } from '../../../testing/authz/table.ts';

// The operator's compliance catalogue (issue 24): each route's refusals and its control.
runAuthzTable(COMPLIANCE_CATALOGUE_ROUTES);
