ALTER TABLE "accounts" DROP CONSTRAINT "accounts_language";--> statement-breakpoint
ALTER TABLE "invitations" DROP CONSTRAINT "invitations_language";--> statement-breakpoint
ALTER TABLE "course_texts" DROP CONSTRAINT "course_texts_language";--> statement-breakpoint
ALTER TABLE "course_versions" DROP CONSTRAINT "course_versions_primary_language";--> statement-breakpoint
ALTER TABLE "course_versions" DROP CONSTRAINT "course_versions_languages";--> statement-breakpoint
ALTER TABLE "lesson_media_uploads" DROP CONSTRAINT "lesson_media_uploads_language";--> statement-breakpoint
ALTER TABLE "certificates" DROP CONSTRAINT "certificates_language";--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_language" CHECK ("accounts"."language" in ('en','hi','kn','te','ta','mr','fr'));--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_language" CHECK ("invitations"."language" in ('en','hi','kn','te','ta','mr','fr'));--> statement-breakpoint
ALTER TABLE "course_texts" ADD CONSTRAINT "course_texts_language" CHECK ("language" in ('en','hi','kn','te','ta','mr','fr'));--> statement-breakpoint
ALTER TABLE "course_versions" ADD CONSTRAINT "course_versions_primary_language" CHECK ("primary_language" in ('en','hi','kn','te','ta','mr','fr'));--> statement-breakpoint
ALTER TABLE "course_versions" ADD CONSTRAINT "course_versions_languages" CHECK ("course_versions"."languages" <@ ARRAY['en','hi','kn','te','ta','mr','fr']::text[] AND "course_versions"."primary_language" = ANY("course_versions"."languages"));--> statement-breakpoint
ALTER TABLE "lesson_media_uploads" ADD CONSTRAINT "lesson_media_uploads_language" CHECK ("lesson_media_uploads"."language" is null or "lesson_media_uploads"."language" in ('en','hi','kn','te','ta','mr','fr'));--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_language" CHECK ("certificates"."language" in ('en','hi','kn','te','ta','mr','fr'));