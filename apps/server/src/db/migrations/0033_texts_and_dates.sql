-- Issue 21 item 5: the public verification also names the issuing organisation (the workspace's
-- name) and gives the completion's calendar day in the workspace's time zone, the day the PDF
-- prints (a browser elsewhere would otherwise show the day of its own zone).
GRANT CREATE ON SCHEMA public TO compliance_platform;
--> statement-breakpoint
DROP FUNCTION IF EXISTS app_verify_certificate(text);
--> statement-breakpoint
CREATE FUNCTION app_verify_certificate(p_code text)
  RETURNS TABLE (learner_name text, course_title text, completed_at timestamptz, completed_on date, issued_by text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT c.learner_name, c.course_title, c.completed_at, (c.completed_at AT TIME ZONE w.time_zone)::date, w.company_name
    FROM certificates c JOIN workspaces w ON w.id = c.workspace_id
   WHERE c.code = upper(p_code)
$$;
--> statement-breakpoint
ALTER FUNCTION app_verify_certificate(text) OWNER TO compliance_platform;
--> statement-breakpoint
REVOKE ALL ON FUNCTION app_verify_certificate(text) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_verify_certificate(text) TO compliance_app, compliance_platform;
--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM compliance_platform;
