CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"dedupe_key" text,
	"run_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"done_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_dedupe_key" ON "jobs" USING btree ("dedupe_key") WHERE dedupe_key is not null;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE done_at is null and failed_at is null;--> statement-breakpoint
-- Mail not yet sent moves to the jobs, failed mail with it, so operators find it where they now look.
INSERT INTO "jobs" ("kind", "payload", "run_at", "attempts", "last_error", "failed_at", "created_at")
SELECT 'mail', jsonb_build_object('to', "to_address", 'subject', "subject", 'text', "text_body", 'html', "html_body"),
	"next_attempt_at", "attempts", "last_error", "failed_at", "created_at"
FROM "mail_outbox" WHERE "sent_at" IS NULL ORDER BY "id";--> statement-breakpoint
DROP TABLE "mail_outbox";