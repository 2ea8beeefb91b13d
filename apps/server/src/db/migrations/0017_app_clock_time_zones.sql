-- One clock for SQL (issue 10 part 2): app_now() is the time of the application's clock. The
-- transaction helpers (core/db/tenant.ts) set `app.now` when the server's clock is controlled (tests);
-- otherwise it is unset and app_now() is the database's now(). Rules use app_now(), never now().
CREATE OR REPLACE FUNCTION app_now() RETURNS timestamptz
  LANGUAGE sql STABLE PARALLEL SAFE
  AS $$ SELECT coalesce(nullif(pg_catalog.current_setting('app.now', true), '')::timestamptz, pg_catalog.now()) $$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_now() TO compliance_app, compliance_platform;
--> statement-breakpoint
ALTER TABLE "invitations" ALTER COLUMN "mail_updated_at" SET DEFAULT app_now();--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "last_used_at" SET DEFAULT app_now();--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "time_zone" text;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "country" text DEFAULT 'IN' NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD COLUMN "time_zone" text DEFAULT 'Asia/Kolkata' NOT NULL;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_country" CHECK ("workspaces"."country" in ('IN','CA'));
--> statement-breakpoint
-- The rate limiter reads the same clock: a controlled clock's time when set, else the wall clock
-- (clock_timestamp(), as before, so that a long transaction does not age its own events).
CREATE OR REPLACE FUNCTION app_rate_limit(p_key text, p_window_seconds integer, p_max integer, p_record boolean)
  RETURNS integer
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp
  AS $$
DECLARE
  v_count integer;
  v_oldest timestamptz;
  v_window interval := make_interval(secs => p_window_seconds);
  v_now timestamptz := coalesce(nullif(current_setting('app.now', true), '')::timestamptz, clock_timestamp());
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('rate:' || p_key, 0));
  DELETE FROM rate_limit_events WHERE key = p_key AND occurred_at <= v_now - v_window;
  -- Keys that are never seen again (one-off addresses) are swept now and then; no window is longer than a day.
  IF random() < 0.01 THEN
    DELETE FROM rate_limit_events WHERE occurred_at < v_now - interval '1 day';
  END IF;
  SELECT count(*), min(occurred_at) INTO v_count, v_oldest FROM rate_limit_events WHERE key = p_key;
  IF v_count >= p_max THEN
    RETURN greatest(1, ceil(extract(epoch FROM (v_oldest + v_window - v_now)))::integer);
  END IF;
  IF p_record THEN
    INSERT INTO rate_limit_events (key, occurred_at) VALUES (p_key, v_now);
  END IF;
  RETURN 0;
END
$$;
