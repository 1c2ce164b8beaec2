CREATE TABLE "broadcasts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"segment" jsonb NOT NULL,
	"recipients" integer NOT NULL,
	"created_by" uuid,
	"created_by_username" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by_username" text,
	"queued" integer,
	"skipped" integer,
	CONSTRAINT "broadcasts_subject_check" CHECK (length("broadcasts"."subject") between 1 and 200),
	CONSTRAINT "broadcasts_body_check" CHECK (length("broadcasts"."body") between 1 and 20000)
);
--> statement-breakpoint
CREATE TABLE "contact_message_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"message_id" uuid NOT NULL,
	"admin_id" uuid,
	"admin_username" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_message_replies_body_check" CHECK (length("contact_message_replies"."body") between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "email_suppressions" (
	"email" text PRIMARY KEY NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_suppressions_source_check" CHECK (source in ('unsubscribe', 'admin')),
	CONSTRAINT "email_suppressions_lower_check" CHECK ("email_suppressions"."email" = lower("email_suppressions"."email"))
);
--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_template_check";--> statement-breakpoint
ALTER TABLE "site_settings" DROP CONSTRAINT "site_settings_key_check";--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "marketing_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "broadcasts" ADD CONSTRAINT "broadcasts_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_message_replies" ADD CONSTRAINT "contact_message_replies_message_id_contact_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_message_replies" ADD CONSTRAINT "contact_message_replies_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "broadcasts_created_idx" ON "broadcasts" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_message_replies_message_idx" ON "contact_message_replies" USING btree ("message_id","created_at");--> statement-breakpoint
CREATE INDEX "email_suppressions_created_idx" ON "email_suppressions" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "email_outbox_dedupe_prefix_idx" ON "email_outbox" USING btree ("dedupe_key" text_pattern_ops) WHERE "email_outbox"."dedupe_key" is not null;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_template_check" CHECK (template in ('login-code', 'payment-receipt', 'id-approved', 'id-rejected', 'certificate-issued', 'contact-received', 'admin-new-message', 'admin-new-id', 'course-starting', 'course-open', 'admin-dispute', 'erasure-completed', 'erasure-refused', 'waitlist-place', 'certificate-revoked', 'certificate-reinstated', 'assessment-passed', 'assessment-resubmit', 'admin-new-assessment', 'enrolment-reminder', 'course-reminder', 'broadcast', 'contact-reply'));--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_key_check" CHECK (key in ('cpd_provider_number', 'course_access_url_foundation', 'course_access_url_pro', 'support_email', 'support_hours', 'community_url', 'live_chat_url', 'sample_signups', 'certificate_signatory_name', 'certificate_signatory_title', 'final_assessment_required', 'reminders_enabled'));