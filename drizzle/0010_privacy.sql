CREATE TABLE "erasure_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"student_id" uuid NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" uuid,
	"refusal_reason" text,
	CONSTRAINT "erasure_requests_status_check" CHECK (status in ('requested', 'carried_out', 'refused')),
	CONSTRAINT "erasure_requests_decided_check" CHECK (("erasure_requests"."status" = 'requested') = ("erasure_requests"."decided_at" is null)),
	CONSTRAINT "erasure_requests_refusal_check" CHECK (("erasure_requests"."status" = 'refused') = ("erasure_requests"."refusal_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "email_outbox" DROP CONSTRAINT "email_outbox_template_check";--> statement-breakpoint
ALTER TABLE "erasure_requests" ADD CONSTRAINT "erasure_requests_decided_by_admins_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "erasure_requests_requested_idx" ON "erasure_requests" USING btree ("requested_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "erasure_requests_open_key" ON "erasure_requests" USING btree ("student_id") WHERE "erasure_requests"."status" = 'requested';--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_template_check" CHECK (template in ('login-code', 'payment-receipt', 'id-approved', 'id-rejected', 'certificate-issued', 'contact-received', 'admin-new-message', 'admin-new-id', 'course-starting', 'course-open', 'admin-dispute', 'erasure-completed', 'erasure-refused'));