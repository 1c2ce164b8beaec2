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
ALTER TABLE "payments" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "discount_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_promo_code_promo_codes_code_fk" FOREIGN KEY ("promo_code") REFERENCES "public"."promo_codes"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "students" ADD CONSTRAINT "students_promo_code_promo_codes_code_fk" FOREIGN KEY ("promo_code") REFERENCES "public"."promo_codes"("code") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_discount_check" CHECK ("payments"."discount_pence" >= 0);--> statement-breakpoint
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
