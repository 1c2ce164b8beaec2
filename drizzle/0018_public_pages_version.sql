CREATE TABLE "public_pages_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "public_pages_version_one_row" CHECK ("public_pages_version"."id" = 1)
);
--> statement-breakpoint
-- Written by hand (drizzle-kit does not generate data or triggers): the one row, and the trigger that raises it in the transaction of every settings save.
INSERT INTO "public_pages_version" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "raise_public_pages_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "public_pages_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "site_settings_public_pages_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_settings" FOR EACH STATEMENT EXECUTE FUNCTION "raise_public_pages_version"();
