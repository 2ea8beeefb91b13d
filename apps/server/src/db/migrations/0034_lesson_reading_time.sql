ALTER TABLE "course_items" ADD COLUMN "min_reading_seconds" smallint;--> statement-breakpoint
ALTER TABLE "enrolment_item_progress" ADD COLUMN "reading_seconds" integer;--> statement-breakpoint
ALTER TABLE "enrolment_item_progress" ADD COLUMN "min_reading_seconds" smallint;--> statement-breakpoint
ALTER TABLE "course_items" ADD CONSTRAINT "course_items_reading" CHECK ("course_items"."min_reading_seconds" is null or ("course_items"."kind" = 'LESSON' and "course_items"."min_reading_seconds" between 0 and 3600));--> statement-breakpoint
-- A lesson's minimum reading time follows it into a new draft, a clone and a new version.
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
                            attempt_limit, shuffle_questions, scorm_package_id, min_reading_seconds)
    SELECT (v_map ->> i.id::text)::uuid, v_new, v_owner,
           CASE WHEN v_keep THEN i.stable_id ELSE (v_map ->> i.id::text)::uuid END,
           i.kind, i.position, i.pass_mark, i.attempt_limit, i.shuffle_questions, i.scorm_package_id, i.min_reading_seconds
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
