-- The users list sorted by employee ID, role or status, then by name (issue 12): each sort is an
-- index scan that stops after the page, like the name order of 0019 (docs/web-forms-and-lists.md,
-- "Lists at scale"); one index for the whole workspace and one for a business unit admin's unit.
CREATE INDEX "memberships_employee_id_sort_idx" ON "memberships" USING btree ("workspace_id","employee_id","sort_first","sort_last","account_id") WHERE "memberships"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "memberships_role_sort_idx" ON "memberships" USING btree ("workspace_id","role","sort_first","sort_last","account_id") WHERE "memberships"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "memberships_active_sort_idx" ON "memberships" USING btree ("workspace_id","active","sort_first","sort_last","account_id") WHERE "memberships"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "memberships_unit_employee_id_sort_idx" ON "memberships" USING btree ("workspace_id","branch_id","employee_id","sort_first","sort_last","account_id") WHERE "memberships"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "memberships_unit_role_sort_idx" ON "memberships" USING btree ("workspace_id","branch_id","role","sort_first","sort_last","account_id") WHERE "memberships"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "memberships_unit_active_sort_idx" ON "memberships" USING btree ("workspace_id","branch_id","active","sort_first","sort_last","account_id") WHERE "memberships"."deleted_at" is null;