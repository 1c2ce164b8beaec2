CREATE TABLE "site_documents" (
	"key" text PRIMARY KEY NOT NULL,
	"document" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "site_documents_key_check" CHECK (key in ('catalogue', 'content'))
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "list_fee_pence" integer;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "list_course_pence" integer;--> statement-breakpoint
-- Written by hand: the payments made before the catalogue moved to the database were priced by the code's catalogue (fee £9.99, Foundation £75, Pro £215).
UPDATE "payments" SET
  "list_fee_pence" = CASE WHEN "payment_type" IN ('enrollment', 'combined') THEN 999 ELSE 0 END,
  "list_course_pence" = CASE WHEN "payment_type" IN ('course', 'combined') THEN CASE "course_type" WHEN 'foundation' THEN 7500 WHEN 'pro' THEN 21500 ELSE 0 END ELSE 0 END;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "list_fee_pence" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "list_course_pence" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "site_documents" ADD CONSTRAINT "site_documents_updated_by_admins_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_list_prices_check" CHECK ("payments"."list_fee_pence" >= 0 and "payments"."list_course_pence" >= 0);--> statement-breakpoint
-- Written by hand: a save of the catalogue or the content raises the public pages' version in its own transaction, as a settings save does (0018).
CREATE TRIGGER "site_documents_public_pages_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_documents" FOR EACH STATEMENT EXECUTE FUNCTION "raise_public_pages_version"();