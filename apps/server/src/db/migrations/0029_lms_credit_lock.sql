-- Learning (issue 13, WP5): the lock a credit spend takes. The application role may only read
-- workspace_courses (0026), and PostgreSQL requires UPDATE privilege for `SELECT … FOR UPDATE`, so
-- a workspace's spend locks its availability row through this function (owned by the platform
-- role), which locks only a row of the transaction's own workspace. Concurrent spenders queue on
-- the lock (docs/learning-design.md §1.8). Returns the balance, or NULL when the course is not
-- (or no longer) available to the workspace.
GRANT CREATE ON SCHEMA public TO compliance_platform;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_lock_course_credits(p_workspace uuid, p_course uuid) RETURNS integer
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  v_balance integer;
BEGIN
  IF p_workspace IS DISTINCT FROM app_current_workspace() THEN
    RAISE EXCEPTION 'NOT_THIS_WORKSPACE' USING ERRCODE = 'insufficient_privilege';
  END IF;
  SELECT balance INTO v_balance FROM workspace_courses
   WHERE workspace_id = p_workspace AND course_id = p_course AND enabled
     FOR UPDATE;
  RETURN v_balance;
END
$$;
--> statement-breakpoint
ALTER FUNCTION app_lock_course_credits(uuid, uuid) OWNER TO compliance_platform;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_lock_course_credits(uuid, uuid) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_lock_course_credits(uuid, uuid) TO compliance_app;
--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM compliance_platform;
