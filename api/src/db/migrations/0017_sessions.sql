ALTER TABLE "auth_tokens" ADD COLUMN "browser" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "os" text DEFAULT '' NOT NULL;