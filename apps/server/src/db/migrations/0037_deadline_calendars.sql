CREATE TABLE "holiday_calendars" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"parent_code" text,
	"weekend_days" smallint[] NOT NULL,
	"complete_years" smallint[] DEFAULT '{}'::smallint[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holiday_calendars_code" CHECK ("holiday_calendars"."code" ~ '^[A-Z0-9][A-Z0-9-]{0,31}$'),
	CONSTRAINT "holiday_calendars_country" CHECK ("holiday_calendars"."country" ~ '^[A-Z]{2}$'),
	CONSTRAINT "holiday_calendars_name" CHECK (length("holiday_calendars"."name") between 1 and 120),
	CONSTRAINT "holiday_calendars_weekend_days" CHECK ("holiday_calendars"."weekend_days" <@ '{1,2,3,4,5,6,7}'::smallint[] and cardinality("holiday_calendars"."weekend_days") < 7)
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"calendar_code" text NOT NULL,
	"date" date NOT NULL,
	"name" text NOT NULL,
	"basis" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holidays_calendar_code_date_pk" PRIMARY KEY("calendar_code","date"),
	CONSTRAINT "holidays_basis" CHECK ("holidays"."basis" in ('LAW','PUBLISHED')),
	CONSTRAINT "holidays_name" CHECK (length("holidays"."name") between 1 and 200)
);
--> statement-breakpoint
ALTER TABLE "branches" ADD COLUMN "holiday_calendar" text;--> statement-breakpoint
ALTER TABLE "holiday_calendars" ADD CONSTRAINT "holiday_calendars_parent_code_holiday_calendars_code_fk" FOREIGN KEY ("parent_code") REFERENCES "public"."holiday_calendars"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holidays" ADD CONSTRAINT "holidays_calendar_code_holiday_calendars_code_fk" FOREIGN KEY ("calendar_code") REFERENCES "public"."holiday_calendars"("code") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branches" ADD CONSTRAINT "branches_holiday_calendar_holiday_calendars_code_fk" FOREIGN KEY ("holiday_calendar") REFERENCES "public"."holiday_calendars"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Holiday calendars are the operator's data, not a workspace's (no workspace_id): every workspace
-- reads them, only the platform path writes them. Row-level security with a read-all policy, as on
-- feature_flags and jurisdictions, so that the "every table has forced RLS" rule keeps holding.
ALTER TABLE holiday_calendars ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE holiday_calendars FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY read_all ON holiday_calendars FOR SELECT USING (true);
--> statement-breakpoint
ALTER TABLE holidays ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE holidays FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY read_all ON holidays FOR SELECT USING (true);
--> statement-breakpoint
-- Granted table by table (not through the schema's default privileges, which are being revoked for
-- the platform role): the application reads, the platform path reads and writes.
REVOKE ALL ON holiday_calendars, holidays FROM compliance_app;
--> statement-breakpoint
GRANT SELECT ON holiday_calendars, holidays TO compliance_app;
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON holiday_calendars, holidays TO compliance_platform;
