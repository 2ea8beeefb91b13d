import { sql } from 'drizzle-orm';
import type { Tx } from '../../../core/db/database.ts';
import { queryRows } from '../../../core/db/database.ts';

/** A workspace's settings for assigning one course (issue 14; table course_assignment_settings). */
export type AssignmentSettings = {
  remindersEnabled: boolean;
  remindBeforeDays: number;
  remindAfterEveryDays: number;
  /** Completion expires this many months after it (null: never). */
  recurrenceMonths: number | null;
  recurrenceDueDays: number;
  expiryNoticeDays: number;
  retrainOnUpdate: boolean;
};

/** What a course without a settings row has. */
export const DEFAULT_ASSIGNMENT_SETTINGS: AssignmentSettings = {
  remindersEnabled: true,
  remindBeforeDays: 3,
  remindAfterEveryDays: 7,
  recurrenceMonths: null,
  recurrenceDueDays: 30,
  expiryNoticeDays: 30,
  retrainOnUpdate: false,
};

/** The course's settings in the transaction's workspace (the defaults when it has none). */
export async function readAssignmentSettings(
  tx: Tx,
  workspaceId: string,
  courseId: string,
): Promise<AssignmentSettings> {
  const [row] = await queryRows<AssignmentSettings>(
    tx,
    sql`select reminders_enabled as "remindersEnabled", remind_before_days as "remindBeforeDays",
               remind_after_every_days as "remindAfterEveryDays", recurrence_months as "recurrenceMonths",
               recurrence_due_days as "recurrenceDueDays", expiry_notice_days as "expiryNoticeDays",
               retrain_on_update as "retrainOnUpdate"
          from course_assignment_settings where workspace_id = ${workspaceId} and course_id = ${courseId}`,
  );
  return row ?? DEFAULT_ASSIGNMENT_SETTINGS;
}
