-- Which flags are limited to some workspaces, without saying which: a workspace's users must read a
-- flag limited only to other workspaces as off, and must not learn who those workspaces are.
CREATE OR REPLACE FUNCTION app_limited_flag_keys()
  RETURNS SETOF text
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ SELECT DISTINCT flag_key FROM feature_flag_workspaces $$;
--> statement-breakpoint
-- A new owner needs CREATE on the schema at the moment of the change only.
GRANT CREATE ON SCHEMA public TO compliance_platform;
--> statement-breakpoint
ALTER FUNCTION app_limited_flag_keys() OWNER TO compliance_platform;
--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM compliance_platform;
