import { LMS_AUTHORING_ROUTES } from '../../../testing/authz/lms-authoring.table.ts';
import { LMS_OPERATOR_ROUTES } from '../../../testing/authz/lms-operator.table.ts';
import { runAuthzTable } from '../../../testing/authz/table.ts';

// Learning, the authors' and the operator's side: every route's refusals and its control (the
// tables and what each case means: testing/authz/).
runAuthzTable({ ...LMS_AUTHORING_ROUTES, ...LMS_OPERATOR_ROUTES });
