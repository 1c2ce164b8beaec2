CREATE TABLE "assessment_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"url" text,
	"note" text,
	"file_name" text,
	"content_type" text,
	"size_bytes" integer,
	"key_id" text,
	"nonce" "bytea",
	"auth_tag" "bytea",
	"ciphertext" "bytea",
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"feedback" text,
	CONSTRAINT "assessment_submissions_status_check" CHECK (status in ('pending', 'passed', 'resubmit')),
	CONSTRAINT "assessment_submissions_kind_check" CHECK (("assessment_submissions"."url" is null) <> ("assessment_submissions"."ciphertext" is null)),
	CONSTRAINT "assessment_submissions_size_check" CHECK ("assessment_submissions"."size_bytes" is null or "assessment_submissions"."size_bytes" between 1 and 26214400),
	CONSTRAINT "assessment_submissions_reviewed_check" CHECK (("assessment_submissions"."status" = 'pending') = ("assessment_submissions"."reviewed_at" is null))
);
--> statement-breakpoint
CREATE TABLE "credential_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_template_check";--> statement-breakpoint
ALTER TABLE "site_settings" DROP CONSTRAINT "site_settings_key_check";--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "revoked_by" uuid;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "revocation_reason" text;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "status_index" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "certificates_status_index_seq" INCREMENT BY 1 MINVALUE 0 MAXVALUE 2147483647 START WITH 0 CACHE 1);--> statement-breakpoint
ALTER TABLE "assessment_submissions" ADD CONSTRAINT "assessment_submissions_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_submissions" ADD CONSTRAINT "assessment_submissions_reviewed_by_admins_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_submissions_student_idx" ON "assessment_submissions" USING btree ("student_id","submitted_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "assessment_submissions_status_idx" ON "assessment_submissions" USING btree ("status","submitted_at");--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revoked_by_admins_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_status_index_key" ON "certificates" USING btree ("status_index");--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_revocation_check" CHECK (("certificates"."revoked_at" is null) = ("certificates"."revocation_reason" is null));--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_template_check" CHECK (template in ('login-code', 'payment-receipt', 'id-approved', 'id-rejected', 'certificate-issued', 'contact-received', 'admin-new-message', 'admin-new-id', 'course-starting', 'course-open', 'admin-dispute', 'erasure-completed', 'erasure-refused', 'waitlist-place', 'certificate-revoked', 'certificate-reinstated', 'assessment-passed', 'assessment-resubmit', 'admin-new-assessment'));--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_key_check" CHECK (key in ('cpd_provider_number', 'course_access_url_foundation', 'course_access_url_pro', 'support_email', 'support_hours', 'community_url', 'live_chat_url', 'sample_signups', 'certificate_signatory_name', 'certificate_signatory_title', 'final_assessment_required'));