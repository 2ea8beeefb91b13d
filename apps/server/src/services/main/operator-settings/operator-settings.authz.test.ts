import { OPERATOR_SETTINGS_ROUTES } from '../../../testing/authz/operator-settings.table.ts';
import { runAuthzTable } from '../../../testing/authz/table.ts';

// The operator's per-workspace navigation, sign-up whitelist and the user manuals (issue 23):
// each route's refusals (workspace admins of any workspace, employees) and its control.
runAuthzTable(OPERATOR_SETTINGS_ROUTES);
