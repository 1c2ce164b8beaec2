CREATE TABLE "cohorts" (
	"course_start_date" date PRIMARY KEY NOT NULL,
	"capacity" integer,
	"closed" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cohorts_capacity_check" CHECK ("cohorts"."capacity" is null or "cohorts"."capacity" between 1 and 100000)
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "site_settings_key_check" CHECK (key in ('cpd_provider_number', 'course_access_url_foundation', 'course_access_url_pro', 'support_email', 'support_hours', 'community_url')),
	CONSTRAINT "site_settings_value_check" CHECK (length("site_settings"."value") between 1 and 500)
);
--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_template_check";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "dedupe_key" text;--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_updated_by_admins_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_dedupe_key" ON "email_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "students_course_start_date_idx" ON "students" USING btree ("course_start_date");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_template_check" CHECK (template in ('login-code', 'payment-receipt', 'id-approved', 'id-rejected', 'certificate-issued', 'contact-received', 'admin-new-message', 'admin-new-id', 'course-starting', 'course-open'));