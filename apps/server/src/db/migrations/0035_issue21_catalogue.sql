-- Issue 21: catalogue courses, SCORM results, certificate names (items 8, 18, 22, 25).
ALTER TABLE "memberships" ADD COLUMN "legal_name" text;--> statement-breakpoint
ALTER TABLE "enrolment_item_progress" ADD COLUMN "self_reported" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- Item 25: the name each workspace recorded for its members, from the names they have today (as
-- the platform role, which row-level security does not limit).
SET ROLE compliance_platform;
--> statement-breakpoint
UPDATE memberships m SET legal_name = btrim(a.first_name || ' ' || a.last_name)
  FROM accounts a WHERE a.id = m.account_id AND btrim(a.first_name || ' ' || a.last_name) <> '';
--> statement-breakpoint
RESET ROLE;
--> statement-breakpoint
-- A new membership records the account's name as it is then, when none is given (the functions
-- below are created as the platform role, which reads every account).
GRANT CREATE ON SCHEMA public TO compliance_platform;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_membership_legal_name() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  IF coalesce(btrim(NEW.legal_name), '') = '' THEN
    SELECT nullif(btrim(a.first_name || ' ' || a.last_name), '') INTO NEW.legal_name
      FROM accounts a WHERE a.id = NEW.account_id;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
ALTER FUNCTION app_membership_legal_name() OWNER TO compliance_platform;
--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM compliance_platform;
--> statement-breakpoint
CREATE TRIGGER memberships_legal_name BEFORE INSERT ON memberships
  FOR EACH ROW EXECUTE FUNCTION app_membership_legal_name();
--> statement-breakpoint
-- Issue 21 (items 18, 8): the answer keys of catalogue courses are the operator's alone. A workspace
-- reads no catalogue key (its own courses' keys stay under the `own` policy); a learner's attempt on
-- a catalogue quiz is graded with the keys of that one quiz of the version they are enrolled on,
-- through the function below, and nothing else.
DROP POLICY IF EXISTS catalogue_read ON quiz_answer_keys;
--> statement-breakpoint
-- The keys of one quiz for grading the current account's own active enrolment in the current
-- workspace (the version enrolled on, own or catalogue). SECURITY DEFINER (as the platform role) so
-- that catalogue keys are readable here and nowhere else on the workspace path.
CREATE OR REPLACE FUNCTION app_grading_keys(p_enrolment uuid, p_item uuid)
  RETURNS TABLE (question_id uuid, key jsonb)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT k.question_id, k.key
    FROM enrolments e
    JOIN quiz_questions q ON q.course_version_id = e.course_version_id AND q.item_id = p_item
    JOIN quiz_answer_keys k ON k.question_id = q.id
   WHERE e.id = p_enrolment
     AND e.workspace_id = app_current_workspace()
     AND e.account_id = app_current_account()
     AND e.status = 'ACTIVE'
$$;
--> statement-breakpoint
GRANT CREATE ON SCHEMA public TO compliance_platform;
--> statement-breakpoint
ALTER FUNCTION app_grading_keys(uuid, uuid) OWNER TO compliance_platform;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_grading_keys(uuid, uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_grading_keys(uuid, uuid) TO compliance_app, compliance_platform;
--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM compliance_platform;
