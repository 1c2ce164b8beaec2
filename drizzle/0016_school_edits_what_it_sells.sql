CREATE TABLE "invoice_counters" (
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"last_sequence" integer NOT NULL,
	CONSTRAINT "invoice_counters_kind_year_pk" PRIMARY KEY("kind","year")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"payment_id" uuid NOT NULL,
	"refund_reference" text,
	"student_id" uuid,
	"total_pence" integer NOT NULL,
	"document" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoices_kind_check" CHECK (kind in ('invoice', 'credit_note')),
	CONSTRAINT "invoices_total_check" CHECK ("invoices"."total_pence" > 0)
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"percent_off" integer,
	"amount_off_pence" integer,
	"applies_to" text NOT NULL,
	"expires_at" timestamp with time zone,
	"max_redemptions" integer,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_check" CHECK ("promo_codes"."code" ~ '^[A-Z0-9][A-Z0-9_-]{2,31}$'),
	CONSTRAINT "promo_codes_discount_check" CHECK (("promo_codes"."percent_off" is null) <> ("promo_codes"."amount_off_pence" is null) and ("promo_codes"."percent_off" is null or "promo_codes"."percent_off" between 1 and 100) and ("promo_codes"."amount_off_pence" is null or "promo_codes"."amount_off_pence" > 0)),
	CONSTRAINT "promo_codes_applies_to_check" CHECK (applies_to in ('fee', 'course', 'both')),
	CONSTRAINT "promo_codes_redemptions_check" CHECK ("promo_codes"."redemptions" >= 0 and ("promo_codes"."max_redemptions" is null or ("promo_codes"."max_redemptions" > 0 and "promo_codes"."redemptions" <= "promo_codes"."max_redemptions")))
);
--> statement-breakpoint
CREATE TABLE "school_documents" (
	"name" text PRIMARY KEY NOT NULL,
	"document" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "school_documents_name_check" CHECK (name in ('catalogue', 'content'))
);
--> statement-breakpoint
ALTER TABLE "site_settings" DROP CONSTRAINT "site_settings_key_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "discount_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_student_id_students_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."students"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "school_documents" ADD CONSTRAINT "school_documents_updated_by_admins_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_kind_year_sequence_key" ON "invoices" USING btree ("kind","year","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_payment_invoice_key" ON "invoices" USING btree ("payment_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_refund_key" ON "invoices" USING btree ("refund_reference") WHERE "invoices"."refund_reference" is not null;--> statement-breakpoint
CREATE INDEX "invoices_student_idx" ON "invoices" USING btree ("student_id","issued_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_promo_code_promo_codes_code_fk" FOREIGN KEY ("promo_code") REFERENCES "public"."promo_codes"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_promo_code_promo_codes_code_fk" FOREIGN KEY ("promo_code") REFERENCES "public"."promo_codes"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_discount_check" CHECK ("payments"."discount_pence" >= 0);--> statement-breakpoint
ALTER TABLE "site_settings" ADD CONSTRAINT "site_settings_key_check" CHECK (key in ('cpd_provider_number', 'course_access_url_foundation', 'course_access_url_pro', 'support_email', 'support_hours', 'community_url', 'live_chat_url', 'sample_signups', 'certificate_signatory_name', 'certificate_signatory_title', 'final_assessment_required', 'reminders_enabled', 'seller_name', 'seller_address', 'company_number', 'vat_number', 'vat_rate_percent'));--> statement-breakpoint
-- The course dates each process keeps in memory (src/server/domain/cohorts/course-dates-cache.ts) are
-- dropped on this notification, sent at commit by every write that can change a date's places.
CREATE FUNCTION "notify_course_dates"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('course_dates', '');
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "cohorts_notify_course_dates" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cohorts" FOR EACH STATEMENT EXECUTE FUNCTION "notify_course_dates"();--> statement-breakpoint
CREATE TRIGGER "cohort_waitlist_notify_course_dates" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cohort_waitlist" FOR EACH STATEMENT EXECUTE FUNCTION "notify_course_dates"();--> statement-breakpoint
CREATE TRIGGER "payments_notify_course_dates" AFTER INSERT OR DELETE OR UPDATE OF "status", "course_type", "student_id" OR TRUNCATE ON "payments" FOR EACH STATEMENT EXECUTE FUNCTION "notify_course_dates"();--> statement-breakpoint
CREATE TRIGGER "students_notify_course_dates" AFTER INSERT OR DELETE OR TRUNCATE ON "students" FOR EACH STATEMENT EXECUTE FUNCTION "notify_course_dates"();--> statement-breakpoint
CREATE TRIGGER "students_place_notify_course_dates" AFTER UPDATE OF "course_start_date", "course_paid", "course_hold_until", "email" ON "students" FOR EACH ROW WHEN (OLD."course_start_date" IS DISTINCT FROM NEW."course_start_date" OR OLD."course_paid" IS DISTINCT FROM NEW."course_paid" OR OLD."course_hold_until" IS DISTINCT FROM NEW."course_hold_until" OR OLD."email" IS DISTINCT FROM NEW."email") EXECUTE FUNCTION "notify_course_dates"();
