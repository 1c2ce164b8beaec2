CREATE TABLE "throttle_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "throttle_attempts_key_at_idx" ON "throttle_attempts" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "throttle_attempts_at_idx" ON "throttle_attempts" USING btree ("at");