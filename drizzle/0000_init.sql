-- pg_trgm backs the admin search index (students_search_trgm_idx).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "admin_token_revocations" (
	"jti" text PRIMARY KEY NOT NULL,
	"admin_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "admins" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin_id" uuid,
	"admin_username" text NOT NULL,
	"action" text NOT NULL,
	"student_id" uuid,
	"student_name" text,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"certificate_id" text NOT NULL,
	"student_id" uuid NOT NULL,
	"course_type" text NOT NULL,
	"completion_date" date NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"activated_by" uuid,
	CONSTRAINT "certificates_course_type_check" CHECK (course_type in ('foundation', 'pro')),
	CONSTRAINT "certificates_id_format_check" CHECK ("certificates"."certificate_id" ~ '^VBR-[A-Z0-9]{10}$')
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text,
	"category" text DEFAULT 'other' NOT NULL,
	"message" text NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_category_check" CHECK (category in ('course', 'enrollment', 'technical', 'certification', 'other')),
	CONSTRAINT "contact_messages_length_check" CHECK (length("contact_messages"."message") between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "id_verifications" (
	"student_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"document_key" text,
	"content_type" text,
	"size_bytes" integer,
	"uploaded_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" uuid,
	"rejection_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "id_verifications_status_check" CHECK (status in ('required', 'pending', 'approved', 'rejected')),
	CONSTRAINT "id_verifications_content_type_check" CHECK ("id_verifications"."content_type" is null or content_type in ('image/jpeg', 'image/png', 'application/pdf')),
	CONSTRAINT "id_verifications_size_check" CHECK ("id_verifications"."size_bytes" is null or "id_verifications"."size_bytes" between 1 and 10485760),
	CONSTRAINT "id_verifications_document_check" CHECK ("id_verifications"."status" = 'required' or "id_verifications"."document_key" is not null),
	CONSTRAINT "id_verifications_rejection_check" CHECK ("id_verifications"."status" <> 'rejected' or "id_verifications"."rejection_reason" is not null)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid,
	"payment_type" text NOT NULL,
	"course_type" text,
	"amount_pence" integer NOT NULL,
	"currency" text DEFAULT 'GBP' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"method" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"provider_reference" text,
	"failure_detail" text,
	"description" text,
	"notes" text,
	"recorded_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payments_type_check" CHECK (payment_type in ('enrollment', 'course', 'combined')),
	CONSTRAINT "payments_course_type_check" CHECK ("payments"."course_type" is null or course_type in ('foundation', 'pro')),
	CONSTRAINT "payments_amount_check" CHECK ("payments"."amount_pence" > 0),
	CONSTRAINT "payments_currency_check" CHECK ("payments"."currency" = 'GBP'),
	CONSTRAINT "payments_status_check" CHECK (status in ('pending', 'completed', 'failed')),
	CONSTRAINT "payments_method_check" CHECK (method in ('card', 'manual')),
	CONSTRAINT "payments_completed_at_check" CHECK (("payments"."status" = 'completed') = ("payments"."completed_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "stage_progress" (
	"student_id" uuid NOT NULL,
	"stage_number" integer NOT NULL,
	"completed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stage_progress_student_id_stage_number_pk" PRIMARY KEY("student_id","stage_number"),
	CONSTRAINT "stage_progress_stage_check" CHECK ("stage_progress"."stage_number" between 1 and 9)
);
--> statement-breakpoint
CREATE TABLE "students" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"course_type" text,
	"course_start_date" date,
	"enrollment_paid" boolean DEFAULT false NOT NULL,
	"course_paid" boolean DEFAULT false NOT NULL,
	"total_paid_pence" integer DEFAULT 0 NOT NULL,
	"completion_status" text DEFAULT 'enrolled' NOT NULL,
	"referral_code" text,
	"referred_by" uuid,
	"signup_location" text,
	"registration_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "students_course_type_check" CHECK ("students"."course_type" is null or course_type in ('foundation', 'pro')),
	CONSTRAINT "students_completion_status_check" CHECK (completion_status in ('contacted', 'enrolled', 'in_progress', 'emailed', 'completed')),
	CONSTRAINT "students_total_paid_check" CHECK ("students"."total_paid_pence" >= 0),
	CONSTRAINT "students_email_check" CHECK (position('@' in "students"."email") > 1),
	CONSTRAINT "students_referral_code_check" CHECK ("students"."referral_code" is null or "students"."referral_code" ~ '^VBR-[A-Z0-9]{6}$'),
	CONSTRAINT "students_not_self_referred" CHECK ("students"."referred_by" is null or "students"."referred_by" <> "students"."id")
);
--> statement-breakpoint
ALTER TABLE "admin_token_revocations" ADD CONSTRAINT "admin_token_revocations_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_activated_by_admins_id_fk" FOREIGN KEY ("activated_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_verifications" ADD CONSTRAINT "id_verifications_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "id_verifications" ADD CONSTRAINT "id_verifications_reviewed_by_admins_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_recorded_by_admins_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stage_progress" ADD CONSTRAINT "stage_progress_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_referred_by_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_token_revocations_expires_idx" ON "admin_token_revocations" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "admins_username_lower_key" ON "admins" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_student_idx" ON "audit_log" USING btree ("student_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_certificate_id_key" ON "certificates" USING btree ("certificate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_student_key" ON "certificates" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "certificates_requested_idx" ON "certificates" USING btree ("requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "id_verifications_status_idx" ON "id_verifications" USING btree ("status","uploaded_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotency_key_key" ON "payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payments_student_idx" ON "payments" USING btree ("student_id");--> statement-breakpoint
CREATE INDEX "payments_status_completed_idx" ON "payments" USING btree ("status","completed_at");--> statement-breakpoint
CREATE UNIQUE INDEX "students_email_lower_key" ON "students" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "students_referral_code_key" ON "students" USING btree ("referral_code");--> statement-breakpoint
CREATE INDEX "students_registration_date_idx" ON "students" USING btree ("registration_date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "students_enrollment_paid_idx" ON "students" USING btree ("enrollment_paid","registration_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "students_course_idx" ON "students" USING btree ("course_type","course_paid");--> statement-breakpoint
CREATE INDEX "students_status_idx" ON "students" USING btree ("completion_status");--> statement-breakpoint
CREATE INDEX "students_search_trgm_idx" ON "students" USING gin ((lower("first_name" || ' ' || "last_name" || ' ' || "email")) gin_trgm_ops);