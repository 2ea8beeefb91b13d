-- The platform role (compliance_platform, BYPASSRLS: the audited path across workspaces) no longer
-- gets privileges on tables created from now on: 0000 granted it every future table by default, so
-- a case table would have been readable across workspaces by any code that opens the platform path.
-- DESIGN §9: the platform role has no privilege on case tables. A new table the platform path must
-- reach is granted to it by name, in its own migration, and added to the list that
-- core/db/platform-grants.test.ts holds. The application role keeps its default privileges.
ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE SELECT, INSERT, UPDATE, DELETE ON TABLES FROM compliance_platform;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public REVOKE USAGE, SELECT ON SEQUENCES FROM compliance_platform;
--> statement-breakpoint
-- The tables it works on today (operator console, sign-in on the platform host, the seed, jobs and
-- their purges, and its SECURITY DEFINER functions), named one by one with what it held until now.
GRANT SELECT, INSERT, UPDATE, DELETE ON
  account_identities, accounts, audit_log, branches, certificates, course_assignment_settings,
  course_auto_assign_rules, course_higher_risk_departments, course_items, course_jurisdictions,
  course_reminders, course_texts, course_versions, courses, credit_requests, department_managers,
  departments, email_templates, enrolment_cycles, enrolment_item_progress, enrolments,
  escalation_settings, feature_flag_workspaces, feature_flags, invitations, jurisdictions,
  lesson_blocks, lesson_media_uploads, memberships, oidc_logins, one_time_codes, outbox,
  profile_image_uploads, quiz_answer_keys, quiz_attempts, quiz_options, quiz_questions,
  rate_limit_events, role_permissions, scorm_files, scorm_packages, session_handoffs, sessions,
  video_progress, workshop_invitations, workshops, workspace_courses, workspaces
  TO compliance_platform;
--> statement-breakpoint
-- The credit ledger is insert-only (0026).
GRANT SELECT, INSERT ON credit_ledger TO compliance_platform;
