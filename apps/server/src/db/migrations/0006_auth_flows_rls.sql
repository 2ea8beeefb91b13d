-- Row-level security for the sign-in tables (issue 3).
SELECT app_enable_tenant_rls('session_handoffs');
--> statement-breakpoint
SELECT app_enable_tenant_rls('oidc_logins');
--> statement-breakpoint
-- Codes asked for on the platform host have no workspace; those are reached through the platform path only.
SELECT app_enable_tenant_rls('one_time_codes');
--> statement-breakpoint
-- A provider identity is visible like its account: to the account itself and to workspaces it belongs to.
ALTER TABLE account_identities ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE account_identities FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY member_or_self ON account_identities
  USING (account_id = app_current_account() OR EXISTS (
    SELECT 1 FROM memberships m WHERE m.account_id = account_identities.account_id AND m.workspace_id = app_current_workspace()))
  WITH CHECK (account_id = app_current_account() OR EXISTS (
    SELECT 1 FROM memberships m WHERE m.account_id = account_identities.account_id AND m.workspace_id = app_current_workspace()));
--> statement-breakpoint
-- Rate-limit events: no direct access for the application; only through the functions below.
ALTER TABLE rate_limit_events ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE rate_limit_events FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY no_direct_access ON rate_limit_events USING (false) WITH CHECK (false);
--> statement-breakpoint
-- Sliding-window limiter. Answers how many seconds to wait before `p_key` may happen again
-- (0: allowed now). With p_record, an allowed event is counted. Serialised per key, so two
-- concurrent requests cannot both take the last slot. Old events of the key are dropped as it goes.
-- Windows are at most one day long.
CREATE OR REPLACE FUNCTION app_rate_limit(p_key text, p_window_seconds integer, p_max integer, p_record boolean)
  RETURNS integer
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
DECLARE
  v_count integer;
  v_oldest timestamptz;
  v_window interval := make_interval(secs => p_window_seconds);
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('rate:' || p_key, 0));
  DELETE FROM rate_limit_events WHERE key = p_key AND occurred_at <= clock_timestamp() - v_window;
  -- Keys that are never seen again (one-off addresses) are swept now and then; no window is longer than a day.
  IF random() < 0.01 THEN
    DELETE FROM rate_limit_events WHERE occurred_at < clock_timestamp() - interval '1 day';
  END IF;
  SELECT count(*), min(occurred_at) INTO v_count, v_oldest FROM rate_limit_events WHERE key = p_key;
  IF v_count >= p_max THEN
    RETURN greatest(1, ceil(extract(epoch FROM (v_oldest + v_window - clock_timestamp())))::integer);
  END IF;
  IF p_record THEN
    INSERT INTO rate_limit_events (key, occurred_at) VALUES (p_key, clock_timestamp());
  END IF;
  RETURN 0;
END
$$;
--> statement-breakpoint
-- Forgets a key's events (a successful sign-in clears that account's failures).
CREATE OR REPLACE FUNCTION app_rate_limit_clear(p_key text)
  RETURNS void
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$ DELETE FROM rate_limit_events WHERE key = p_key $$;
--> statement-breakpoint
GRANT CREATE ON SCHEMA public TO compliance_platform;
--> statement-breakpoint
ALTER FUNCTION app_rate_limit(text, integer, integer, boolean) OWNER TO compliance_platform;
--> statement-breakpoint
ALTER FUNCTION app_rate_limit_clear(text) OWNER TO compliance_platform;
--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM compliance_platform;
