import { CMS_VERSIONS_ROUTES } from '../../../testing/authz/cms-versions.table.ts';
import { runAuthzTable } from '../../../testing/authz/table.ts';

// Publishing, versions and templates of complaint workflows (issue 25): each route's refusals
// (another workspace, a lower role, a business-unit admin outside the target unit) and its control.
runAuthzTable(CMS_VERSIONS_ROUTES);
