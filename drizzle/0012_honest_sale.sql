CREATE TABLE "cohort_waitlist" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"course_start_date" date NOT NULL,
	"email" text NOT NULL,
	"first_name" text NOT NULL,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	CONSTRAINT "cohort_waitlist_offer_check" CHECK (("cohort_waitlist"."offered_at" is null) = ("cohort_waitlist"."offer_expires_at" is null))
);
--> statement-breakpoint
CREATE TABLE "student_login_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"student_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_template_check";--> statement-breakpoint
ALTER TABLE "site_settings" DROP CONSTRAINT "site_settings_key_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "terms_version" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "terms_accepted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "show_in_recent_signups" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "course_hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cohort_waitlist" ADD CONSTRAINT "cohort_waitlist_course_start_date_cohorts_course_start_date_fk" FOREIGN KEY ("course_start_date") REFERENCES "public"."cohorts"("course_start_date") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_login_links" ADD CONSTRAINT "student_login_links_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cohort_waitlist_date_email_key" ON "cohort_waitlist" USING btree ("course_start_date",lower("email"));--> statement-breakpoint
CREATE INDEX "cohort_waitlist_date_joined_idx" ON "cohort_waitlist" USING btree ("course_start_date","joined_at");--> statement-breakpoint
CREATE INDEX "student_login_links_student_idx" ON "student_login_links" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "student_login_links_expires_idx" ON "student_login_links" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_template_check" CHECK (template in ('login-code', 'payment-receipt', 'id-approved', 'id-rejected', 'certificate-issued', 'contact-received', 'admin-new-message', 'admin-new-id', 'course-starting', 'course-open', 'admin-dispute', 'erasure-completed', 'erasure-refused', 'waitlist-place'));--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_key_check" CHECK (key in ('cpd_provider_number', 'course_access_url_foundation', 'course_access_url_pro', 'support_email', 'support_hours', 'community_url', 'live_chat_url', 'sample_signups'));