-- The users list sorted by business unit or department (issue 12): the unit's and the department's
-- names, lower-cased, kept on the membership like the person's name (migration 0019), so that a
-- sorted page is an index scan that stops after the page. NULL when the member has no unit or no
-- department (last going up, first going down, like a missing employee ID). Kept by the
-- membership's trigger on every insert and update (so never written by hand), and by triggers on a
-- unit's or department's rename, which touch that unit's or department's members.
ALTER TABLE "memberships" ADD COLUMN "sort_unit" text;--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "sort_department" text;--> statement-breakpoint
-- 0019's function, now also reading the unit's and the department's names. An update that changes
-- neither the account, the employee id nor the marker a source's trigger sets (search_text or
-- sort_unit / sort_department set to NULL or '' by the triggers below and 0019's) keeps the row's
-- keys as they were (OLD, so a hand-written key is still undone) instead of reading the source
-- rows again: a unit's rename rewrites all its members, and this halves the work per row.
CREATE OR REPLACE FUNCTION app_membership_list_keys() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.account_id = OLD.account_id
     AND NEW.employee_id IS NOT DISTINCT FROM OLD.employee_id AND NEW.search_text = OLD.search_text THEN
    NEW.sort_first := OLD.sort_first; NEW.sort_last := OLD.sort_last;
  ELSE
    SELECT lower(a.first_name), lower(a.last_name),
           app_user_search_text(a.first_name, a.last_name, a.email, a.username, NEW.employee_id, a.contact_number)
      INTO NEW.sort_first, NEW.sort_last, NEW.search_text
      FROM accounts a WHERE a.id = NEW.account_id;
    IF NOT FOUND THEN -- no such account: the foreign key refuses the row
      NEW.sort_first := ''; NEW.sort_last := ''; NEW.search_text := '';
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.branch_id IS NOT DISTINCT FROM OLD.branch_id
     AND NEW.sort_unit IS NOT DISTINCT FROM OLD.sort_unit AND OLD.sort_unit IS NOT NULL THEN
    NULL; -- unchanged
  ELSE
    NEW.sort_unit := (SELECT lower(b.name) FROM branches b
                       WHERE b.workspace_id = NEW.workspace_id AND b.id = NEW.branch_id);
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.department_id IS NOT DISTINCT FROM OLD.department_id
     AND NEW.sort_department IS NOT DISTINCT FROM OLD.sort_department AND OLD.sort_department IS NOT NULL THEN
    NULL; -- unchanged
  ELSE
    NEW.sort_department := (SELECT lower(d.name) FROM departments d
                             WHERE d.workspace_id = NEW.workspace_id AND d.id = NEW.department_id);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
-- A renamed unit or department: its members are touched so that the trigger above recomputes their
-- keys (an AFTER trigger: the new name is what they read). Runs as the platform role, like 0019's.
CREATE OR REPLACE FUNCTION app_branch_list_keys() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  UPDATE memberships SET sort_unit = NULL WHERE workspace_id = NEW.workspace_id AND branch_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_department_list_keys() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
BEGIN
  UPDATE memberships SET sort_department = NULL WHERE workspace_id = NEW.workspace_id AND department_id = NEW.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
GRANT CREATE ON SCHEMA public TO compliance_platform;
--> statement-breakpoint
ALTER FUNCTION app_membership_list_keys() OWNER TO compliance_platform;
--> statement-breakpoint
ALTER FUNCTION app_branch_list_keys() OWNER TO compliance_platform;
--> statement-breakpoint
ALTER FUNCTION app_department_list_keys() OWNER TO compliance_platform;
--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM compliance_platform;
--> statement-breakpoint
CREATE TRIGGER branches_list_keys AFTER UPDATE OF name ON branches
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION app_branch_list_keys();
--> statement-breakpoint
CREATE TRIGGER departments_list_keys AFTER UPDATE OF name ON departments
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION app_department_list_keys();
--> statement-breakpoint
-- Existing memberships (RLS is forced even for the owner, so as the platform role).
SET ROLE compliance_platform;
--> statement-breakpoint
UPDATE memberships SET sort_unit = NULL WHERE branch_id IS NOT NULL OR department_id IS NOT NULL;
--> statement-breakpoint
RESET ROLE;
--> statement-breakpoint
CREATE INDEX "memberships_unit_name_sort_idx" ON "memberships" USING btree ("workspace_id","sort_unit","sort_first","sort_last","account_id") WHERE "memberships"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "memberships_department_sort_idx" ON "memberships" USING btree ("workspace_id","sort_department","sort_first","sort_last","account_id") WHERE "memberships"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "memberships_unit_unit_name_sort_idx" ON "memberships" USING btree ("workspace_id","branch_id","sort_unit","sort_first","sort_last","account_id") WHERE "memberships"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "memberships_unit_department_sort_idx" ON "memberships" USING btree ("workspace_id","branch_id","sort_department","sort_first","sort_last","account_id") WHERE "memberships"."deleted_at" is null;
