CREATE TABLE "rule_versions" (
	"version" integer PRIMARY KEY NOT NULL,
	"effective_at" timestamp with time zone NOT NULL,
	"values" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "rule_versions_positive" CHECK ("rule_versions"."version" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "rule_versions_effective_key" ON "rule_versions" USING btree ("effective_at") WHERE cancelled_at is null;