/** What the benchmarks in bench/ use of the server's internals (the same code the routes run). */

import type {} from './services/cms/audit-actions.ts';
import type {} from './services/compliance/audit-actions.ts';
import type {} from './services/compliance/engine/queues.ts';
// The modules' queue and audit types join core's by declaration merging beside their definitions:
// a program that type-checks a module's code (bench/ does, through this file) includes them.
import type {} from './services/lms/audit-actions.ts';
import type {} from './services/lms/queues.ts';
import type {} from './services/main/audit-actions.ts';

export { workspaceSession } from './core/auth.repo.ts';
export { SESSION_TOUCH_MINUTES } from './core/auth.ts';
export { realClock } from './core/clock.ts';
export { hashPassword } from './core/crypto.ts';
export { openDatabase, queryRows } from './core/db/database.ts';
export { APP_ROLE, transactionSettingsSql, withPlatform, withTenant } from './core/db/tenant.ts';
export { jobContext } from './core/job-context.ts';
export { DEFAULT_PERMISSIONS } from './core/permissions.ts';
export { demoHosts, seedDemoData } from './seed/demo.ts';
export { loadShippedCalendarsAtStart } from './seed/holiday-calendars.ts';
export { TEMPLATES as WORKFLOW_TEMPLATES } from './services/cms/templates/index.ts';
export { largeDefinition } from './services/cms/versions/builder-fixture.ts';
export { canonicalJson, compile, diff, hashOf, structureOf } from './services/cms/versions/definition.ts';
export { validate as validateWorkflow } from './services/cms/versions/validate.ts';
export { insertDefinition } from './services/cms/workflows/draft.ts';
export { insertWorkflow } from './services/cms/workflows/workflows.repo.ts';
export { syncWorkspace } from './services/compliance/engine/sync.ts';
export { details as courseDetails } from './services/lms/courses/courses.service.ts';
export { heartbeat as recordVideoHeartbeat } from './services/lms/learning/learning.repo.ts';
export { userDetailsStatement } from './services/main/auth/auth.repo.ts';
export { insertSession } from './services/main/auth/sessions.repo.ts';
export { listUsers } from './services/main/users/users.repo.ts';
