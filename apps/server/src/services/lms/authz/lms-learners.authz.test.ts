import { LMS_LEARNERS_ROUTES } from '../../../testing/authz/lms-learners.table.ts';
import { runAuthzTable } from '../../../testing/authz/table.ts';

// Learning, the learners' side and those who follow them: every route's refusals and its control
// (the table and what each case means: testing/authz/).
runAuthzTable(LMS_LEARNERS_ROUTES);
