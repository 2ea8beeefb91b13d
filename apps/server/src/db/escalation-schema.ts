import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/*
 * The escalation settings module's table (services/escalation). Learning's daily pass reads it for
 * COURSE; policies, the register and cases will read it for their own type.
 */

const id = () => uuid('id').notNull().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().default(sql`app_now()`);
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().default(sql`app_now()`);
const workspaceId = () => uuid('workspace_id').notNull();

/**
 * The spec's "Escalation setting": who hears about overdue work of a type (COURSE, POLICY, CASE). For
 * a course, at `first_threshold_days` after the due date the learner's department managers are told;
 * at `second_threshold_days` the target account. `branch_id` null: the workspace's default; a business unit's own row wins.
 */
export const escalationSettings = pgTable(
  'escalation_settings',
  {
    id: id().primaryKey(),
    workspaceId: workspaceId(),
    branchId: uuid('branch_id'),
    escalationType: text('escalation_type').notNull(),
    firstThresholdDays: smallint('first_threshold_days').notNull(),
    secondThresholdDays: smallint('second_threshold_days').notNull(),
    targetId: uuid('target_id'),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('escalation_settings_key').on(t.workspaceId, t.escalationType, t.branchId).nullsNotDistinct(),
    check('escalation_settings_type', sql`${t.escalationType} in ('COURSE','POLICY','CASE','COMPLIANCE')`),
    check(
      'escalation_settings_thresholds',
      sql`${t.firstThresholdDays} between 1 and 365 and ${t.secondThresholdDays} between ${t.firstThresholdDays} and 365`,
    ),
  ],
);
