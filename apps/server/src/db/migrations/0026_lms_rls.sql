-- Learning (issue 13): what drizzle-kit does not model for the tables of 0025. The design is
-- docs/learning-design.md §1: ownership (workspace_id NULL = the operator's catalogue), row-level
-- security with a read-only window on the catalogue, versions frozen once published, the copy
-- of a version into a new draft, and credits as an append-only ledger with a checked balance.

-- Owners: every workspace_id names a workspace (NULL allowed on authoring rows = catalogue).
ALTER TABLE courses ADD CONSTRAINT courses_workspace_fk FOREIGN KEY (workspace_id) REFERENCES workspaces(id);
--> statement-breakpoint
ALTER TABLE enrolments ADD CONSTRAINT enrolments_workspace_fk FOREIGN KEY (workspace_id) REFERENCES workspaces(id);
--> statement-breakpoint
ALTER TABLE enrolments ADD CONSTRAINT enrolments_account_fk FOREIGN KEY (account_id) REFERENCES accounts(id);
--> statement-breakpoint
ALTER TABLE workspace_courses ADD CONSTRAINT workspace_courses_workspace_fk FOREIGN KEY (workspace_id) REFERENCES workspaces(id);
--> statement-breakpoint
ALTER TABLE credit_requests ADD CONSTRAINT credit_requests_workspace_fk FOREIGN KEY (workspace_id) REFERENCES workspaces(id);
--> statement-breakpoint
ALTER TABLE credit_ledger ADD CONSTRAINT credit_ledger_workspace_fk FOREIGN KEY (workspace_id) REFERENCES workspaces(id);
--> statement-breakpoint
ALTER TABLE credit_ledger ADD CONSTRAINT credit_ledger_request_fk FOREIGN KEY (request_id) REFERENCES credit_requests(id);
--> statement-breakpoint
ALTER TABLE credit_ledger ADD CONSTRAINT credit_ledger_enrolment_fk FOREIGN KEY (enrolment_id) REFERENCES enrolments(id);
--> statement-breakpoint
ALTER TABLE jurisdictions ADD CONSTRAINT jurisdictions_parent_fk FOREIGN KEY (parent_id) REFERENCES jurisdictions(id);
--> statement-breakpoint

-- Positions are unique per parent, checked at commit so that a reorder is one UPDATE.
ALTER TABLE course_items ADD CONSTRAINT course_items_position_key UNIQUE (course_version_id, position) DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
ALTER TABLE lesson_blocks ADD CONSTRAINT lesson_blocks_position_key UNIQUE (item_id, position) DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
ALTER TABLE quiz_questions ADD CONSTRAINT quiz_questions_position_key UNIQUE (item_id, position) DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
ALTER TABLE quiz_options ADD CONSTRAINT quiz_options_position_key UNIQUE NULLS NOT DISTINCT (question_id, side, position) DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint

-- The catalogue versions the current workspace may read: published (or superseded) versions of
-- catalogue courses made available to it, and any version one of its learners is enrolled in.
-- SECURITY DEFINER (as the platform role) so that the policies below do not recurse.
CREATE OR REPLACE FUNCTION app_visible_catalogue_versions() RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT v.id FROM course_versions v
    JOIN workspace_courses wc ON wc.course_id = v.course_id AND wc.workspace_id = app_current_workspace()
   WHERE v.workspace_id IS NULL AND v.status IN ('PUBLISHED', 'SUPERSEDED')
     AND (wc.enabled OR EXISTS (SELECT 1 FROM enrolments e
                                 WHERE e.workspace_id = wc.workspace_id AND e.course_version_id = v.id))
$$;
--> statement-breakpoint
-- A new owner needs CREATE on the schema at the moment of the change only.
GRANT CREATE ON SCHEMA public TO compliance_platform;
--> statement-breakpoint
ALTER FUNCTION app_visible_catalogue_versions() OWNER TO compliance_platform;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_visible_catalogue_courses() RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT c.id FROM courses c
    JOIN workspace_courses wc ON wc.course_id = c.id AND wc.workspace_id = app_current_workspace()
   WHERE c.workspace_id IS NULL AND c.published_version_id IS NOT NULL
     AND (wc.enabled OR EXISTS (SELECT 1 FROM enrolments e
                                 WHERE e.workspace_id = wc.workspace_id AND e.course_id = c.id))
$$;
--> statement-breakpoint
ALTER FUNCTION app_visible_catalogue_courses() OWNER TO compliance_platform;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_visible_catalogue_versions(), app_visible_catalogue_courses() TO compliance_app, compliance_platform;
--> statement-breakpoint

-- Authoring tables: a workspace reads and writes its own rows, and only reads visible catalogue
-- rows (a NULL workspace_id never passes WITH CHECK, so no workspace writes the catalogue).
CREATE OR REPLACE FUNCTION app_enable_authoring_rls(tbl text, catalogue_read text) RETURNS void
  LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', tbl);
  EXECUTE format('DROP POLICY IF EXISTS own ON %I', tbl);
  EXECUTE format(
    'CREATE POLICY own ON %I USING (workspace_id = app_current_workspace()) WITH CHECK (workspace_id = app_current_workspace())',
    tbl);
  EXECUTE format('DROP POLICY IF EXISTS catalogue_read ON %I', tbl);
  IF catalogue_read IS NOT NULL THEN
    EXECUTE format('CREATE POLICY catalogue_read ON %I FOR SELECT USING (workspace_id IS NULL AND %s)', tbl, catalogue_read);
  END IF;
END
$$;
--> statement-breakpoint
SELECT app_enable_authoring_rls('courses', 'id IN (SELECT app_visible_catalogue_courses())');
--> statement-breakpoint
SELECT app_enable_authoring_rls('course_versions', 'id IN (SELECT app_visible_catalogue_versions())');
--> statement-breakpoint
SELECT app_enable_authoring_rls('course_items', 'course_version_id IN (SELECT app_visible_catalogue_versions())');
--> statement-breakpoint
SELECT app_enable_authoring_rls('lesson_blocks', 'course_version_id IN (SELECT app_visible_catalogue_versions())');
--> statement-breakpoint
SELECT app_enable_authoring_rls('quiz_questions', 'course_version_id IN (SELECT app_visible_catalogue_versions())');
--> statement-breakpoint
SELECT app_enable_authoring_rls('quiz_options', 'course_version_id IN (SELECT app_visible_catalogue_versions())');
--> statement-breakpoint
SELECT app_enable_authoring_rls('quiz_answer_keys', 'course_version_id IN (SELECT app_visible_catalogue_versions())');
--> statement-breakpoint
SELECT app_enable_authoring_rls('course_texts', 'course_version_id IN (SELECT app_visible_catalogue_versions())');
--> statement-breakpoint
SELECT app_enable_authoring_rls('course_jurisdictions', 'course_id IN (SELECT app_visible_catalogue_courses())');
--> statement-breakpoint
SELECT app_enable_authoring_rls('scorm_packages', 'course_version_id IN (SELECT app_visible_catalogue_versions())');
--> statement-breakpoint
SELECT app_enable_authoring_rls('scorm_files', 'course_version_id IN (SELECT app_visible_catalogue_versions())');
--> statement-breakpoint
SELECT app_enable_authoring_rls('lesson_media_uploads', NULL);
--> statement-breakpoint

-- Workspace-only tables.
SELECT app_enable_tenant_rls('enrolments');
--> statement-breakpoint
SELECT app_enable_tenant_rls('workspace_courses');
--> statement-breakpoint
SELECT app_enable_tenant_rls('credit_requests');
--> statement-breakpoint
-- Availability and balances are written by the operator (platform role) and the ledger trigger only.
REVOKE INSERT, UPDATE, DELETE ON workspace_courses FROM compliance_app;
--> statement-breakpoint
-- A workspace asks; only the operator decides.
REVOKE UPDATE, DELETE ON credit_requests FROM compliance_app;
--> statement-breakpoint

-- The ledger: append-only for everyone; a workspace may only read its own entries and add spends
-- and refunds (a GRANT comes from the operator).
ALTER TABLE credit_ledger ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE credit_ledger FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY read_own ON credit_ledger FOR SELECT USING (workspace_id = app_current_workspace());
--> statement-breakpoint
CREATE POLICY spend_own ON credit_ledger FOR INSERT
  WITH CHECK (workspace_id = app_current_workspace() AND reason IN ('SPEND', 'REFUND'));
--> statement-breakpoint
REVOKE UPDATE, DELETE, TRUNCATE ON credit_ledger FROM compliance_app, compliance_platform;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_apply_credit() RETURNS trigger
  LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
BEGIN
  UPDATE workspace_courses SET balance = balance + NEW.delta, updated_at = app_now()
   WHERE workspace_id = NEW.workspace_id AND course_id = NEW.course_id;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'COURSE_NOT_AVAILABLE' USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
ALTER FUNCTION app_apply_credit() OWNER TO compliance_platform;
--> statement-breakpoint
CREATE TRIGGER credit_ledger_apply AFTER INSERT ON credit_ledger FOR EACH ROW EXECUTE FUNCTION app_apply_credit();
--> statement-breakpoint

-- Jurisdictions: platform-owned, read by everyone.
ALTER TABLE jurisdictions ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE jurisdictions FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY read_all ON jurisdictions FOR SELECT USING (true);
--> statement-breakpoint
REVOKE INSERT, UPDATE, DELETE ON jurisdictions FROM compliance_app;
--> statement-breakpoint

-- A published version is frozen: no content row of a version that is not a DRAFT may be written.
CREATE OR REPLACE FUNCTION app_refuse_frozen() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF (SELECT status FROM course_versions WHERE id = NEW.course_version_id) IS DISTINCT FROM 'DRAFT' THEN
    RAISE EXCEPTION 'VERSION_FROZEN' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER course_items_frozen BEFORE INSERT OR UPDATE ON course_items FOR EACH ROW EXECUTE FUNCTION app_refuse_frozen();
--> statement-breakpoint
CREATE TRIGGER lesson_blocks_frozen BEFORE INSERT OR UPDATE ON lesson_blocks FOR EACH ROW EXECUTE FUNCTION app_refuse_frozen();
--> statement-breakpoint
CREATE TRIGGER quiz_questions_frozen BEFORE INSERT OR UPDATE ON quiz_questions FOR EACH ROW EXECUTE FUNCTION app_refuse_frozen();
--> statement-breakpoint
CREATE TRIGGER quiz_options_frozen BEFORE INSERT OR UPDATE ON quiz_options FOR EACH ROW EXECUTE FUNCTION app_refuse_frozen();
--> statement-breakpoint
CREATE TRIGGER quiz_answer_keys_frozen BEFORE INSERT OR UPDATE ON quiz_answer_keys FOR EACH ROW EXECUTE FUNCTION app_refuse_frozen();
--> statement-breakpoint
CREATE TRIGGER course_texts_frozen BEFORE INSERT OR UPDATE ON course_texts FOR EACH ROW EXECUTE FUNCTION app_refuse_frozen();
--> statement-breakpoint

-- Option ids inside a JSON value (answer keys, question texts) replaced through a map {old: new}.
CREATE OR REPLACE FUNCTION app_remap_ids(j jsonb, m jsonb) RETURNS jsonb
  LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  s text := j::text;
  k text;
BEGIN
  FOR k IN SELECT jsonb_object_keys(m) LOOP
    IF position(k IN s) > 0 THEN
      s := replace(s, k, m ->> k);
    END IF;
  END LOOP;
  RETURN s::jsonb;
END
$$;
--> statement-breakpoint

-- Copies version p_src into a new DRAFT of course p_target (the same course: "edit a published
-- course"; another: "clone"). Every row gets a new id; stable_id is kept within a course and reset
-- by a clone. Runs as the caller, so a workspace can copy only what it may read and writes only its
-- own rows. Returns the new version's id.
CREATE OR REPLACE FUNCTION app_copy_course_version(p_src uuid, p_target uuid, p_actor uuid) RETURNS uuid
  LANGUAGE plpgsql AS $$
DECLARE
  v_src course_versions%ROWTYPE;
  v_new uuid := gen_random_uuid();
  v_owner uuid;
  v_keep boolean;
  v_number integer;
  v_map jsonb;
  v_opt jsonb;
BEGIN
  SELECT * INTO v_src FROM course_versions WHERE id = p_src;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'COURSE_VERSION_NOT_FOUND' USING ERRCODE = 'no_data_found';
  END IF;
  SELECT workspace_id INTO v_owner FROM courses WHERE id = p_target;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'COURSE_NOT_FOUND' USING ERRCODE = 'no_data_found';
  END IF;
  v_keep := v_src.course_id = p_target;
  SELECT coalesce(max(number), 0) + 1 INTO v_number FROM course_versions WHERE course_id = p_target;
  INSERT INTO course_versions (id, course_id, workspace_id, number, status, primary_language, languages, created_by)
    VALUES (v_new, p_target, v_owner, v_number, 'DRAFT', v_src.primary_language, v_src.languages, p_actor);

  SELECT coalesce(jsonb_object_agg(x.id::text, gen_random_uuid()::text), '{}'::jsonb) INTO v_map FROM (
    SELECT id FROM course_items WHERE course_version_id = p_src
    UNION ALL SELECT id FROM lesson_blocks WHERE course_version_id = p_src
    UNION ALL SELECT id FROM quiz_questions WHERE course_version_id = p_src) x;
  SELECT coalesce(jsonb_object_agg(o.id::text, gen_random_uuid()::text), '{}'::jsonb) INTO v_opt
    FROM quiz_options o WHERE o.course_version_id = p_src;
  v_map := v_map || v_opt || jsonb_build_object(p_src::text, v_new::text);

  INSERT INTO course_items (id, course_version_id, workspace_id, stable_id, kind, position, pass_mark,
                            attempt_limit, shuffle_questions, scorm_package_id)
    SELECT (v_map ->> i.id::text)::uuid, v_new, v_owner,
           CASE WHEN v_keep THEN i.stable_id ELSE (v_map ->> i.id::text)::uuid END,
           i.kind, i.position, i.pass_mark, i.attempt_limit, i.shuffle_questions, i.scorm_package_id
      FROM course_items i WHERE i.course_version_id = p_src;
  INSERT INTO lesson_blocks (id, item_id, course_version_id, workspace_id, stable_id, type, position, settings)
    SELECT (v_map ->> b.id::text)::uuid, (v_map ->> b.item_id::text)::uuid, v_new, v_owner,
           CASE WHEN v_keep THEN b.stable_id ELSE (v_map ->> b.id::text)::uuid END,
           b.type, b.position, b.settings
      FROM lesson_blocks b WHERE b.course_version_id = p_src;
  INSERT INTO quiz_questions (id, item_id, course_version_id, workspace_id, stable_id, type, position, points)
    SELECT (v_map ->> q.id::text)::uuid, (v_map ->> q.item_id::text)::uuid, v_new, v_owner,
           CASE WHEN v_keep THEN q.stable_id ELSE (v_map ->> q.id::text)::uuid END,
           q.type, q.position, q.points
      FROM quiz_questions q WHERE q.course_version_id = p_src;
  INSERT INTO quiz_options (id, question_id, course_version_id, workspace_id, position, side)
    SELECT (v_map ->> o.id::text)::uuid, (v_map ->> o.question_id::text)::uuid, v_new, v_owner, o.position, o.side
      FROM quiz_options o WHERE o.course_version_id = p_src;
  INSERT INTO quiz_answer_keys (question_id, course_version_id, workspace_id, key)
    SELECT (v_map ->> k.question_id::text)::uuid, v_new, v_owner, app_remap_ids(k.key, v_opt)
      FROM quiz_answer_keys k WHERE k.course_version_id = p_src;
  INSERT INTO course_texts (course_version_id, entity_id, language, workspace_id, entity_kind, body, complete)
    SELECT v_new, (v_map ->> t.entity_id::text)::uuid, t.language, v_owner, t.entity_kind,
           CASE WHEN t.entity_kind = 'QUESTION' THEN app_remap_ids(t.body, v_opt) ELSE t.body END, t.complete
      FROM course_texts t WHERE t.course_version_id = p_src AND v_map ? t.entity_id::text;
  RETURN v_new;
END
$$;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION app_copy_course_version(uuid, uuid, uuid), app_remap_ids(jsonb, jsonb) TO compliance_app, compliance_platform;
--> statement-breakpoint
REVOKE CREATE ON SCHEMA public FROM compliance_platform;
