CREATE TABLE "payment_refunds" (
	"refund_reference" text PRIMARY KEY NOT NULL,
	"payment_id" uuid NOT NULL,
	"amount_pence" integer NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_amount_check" CHECK ("payment_refunds"."amount_pence" > 0),
	CONSTRAINT "payment_refunds_source_check" CHECK (source in ('admin', 'square'))
);
--> statement-breakpoint
CREATE TABLE "square_webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_template_check";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_pence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refund_source" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "dispute_id" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "dispute_state" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "dispute_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "dispute_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "payments_provider_reference_idx" ON "payments" USING btree ("provider_reference");--> statement-breakpoint
CREATE INDEX "payments_dispute_idx" ON "payments" USING btree ("dispute_state");--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_template_check" CHECK (template in ('login-code', 'payment-receipt', 'id-approved', 'id-rejected', 'certificate-issued', 'contact-received', 'admin-new-message', 'admin-new-id', 'course-starting', 'course-open', 'admin-dispute'));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refunded_pence_check" CHECK ("payments"."refunded_pence" between 0 and "payments"."amount_pence");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_source_check" CHECK ("payments"."refund_source" is null or refund_source in ('admin', 'square'));--> statement-breakpoint
-- hand-written: refunds made before this migration were all made by an admin, in full.
UPDATE "payments" SET "refund_source" = 'admin', "refunded_pence" = "amount_pence" WHERE "status" = 'refunded';--> statement-breakpoint
INSERT INTO "payment_refunds" ("refund_reference", "payment_id", "amount_pence", "source", "created_at")
  SELECT "refund_reference", "id", "amount_pence", 'admin', "refunded_at" FROM "payments"
  WHERE "status" = 'refunded' AND "refund_reference" IS NOT NULL
  ON CONFLICT DO NOTHING;
