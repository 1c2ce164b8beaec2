CREATE TABLE "id_documents" (
	"student_id" uuid PRIMARY KEY NOT NULL,
	"key_id" text NOT NULL,
	"nonce" "bytea" NOT NULL,
	"auth_tag" "bytea" NOT NULL,
	"ciphertext" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "id_documents_nonce_check" CHECK (octet_length("id_documents"."nonce") = 12),
	CONSTRAINT "id_documents_auth_tag_check" CHECK (octet_length("id_documents"."auth_tag") = 16),
	CONSTRAINT "id_documents_size_check" CHECK (octet_length("id_documents"."ciphertext") between 1 and 10485760)
);
--> statement-breakpoint
ALTER TABLE "id_verifications" DROP CONSTRAINT "id_verifications_document_check";--> statement-breakpoint
ALTER TABLE "id_verifications" ADD COLUMN "document_deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "id_documents" ADD CONSTRAINT "id_documents_student_id_id_verifications_student_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."id_verifications"("student_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "id_documents_key_idx" ON "id_documents" USING btree ("key_id");--> statement-breakpoint
CREATE INDEX "id_verifications_reviewed_idx" ON "id_verifications" USING btree ("reviewed_at");--> statement-breakpoint
ALTER TABLE "id_verifications" ADD CONSTRAINT "id_verifications_uploaded_check" CHECK ("id_verifications"."status" = 'required' or "id_verifications"."uploaded_at" is not null);