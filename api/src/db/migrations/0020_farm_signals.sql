CREATE TABLE "account_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"did" text,
	"ip_prefix_hash" text,
	CONSTRAINT "account_events_kind_check" CHECK ("account_events"."kind" in ('register', 'login'))
);
--> statement-breakpoint
CREATE TABLE "cluster_bans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cluster_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor" text NOT NULL,
	"reason" text NOT NULL,
	"members" jsonb NOT NULL,
	"banned" jsonb NOT NULL,
	"score" jsonb NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by" text
);
--> statement-breakpoint
ALTER TABLE "account_events" ADD CONSTRAINT "account_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_events_at_idx" ON "account_events" USING btree ("at");--> statement-breakpoint
CREATE INDEX "account_events_user_idx" ON "account_events" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cluster_bans_live_key" ON "cluster_bans" USING btree ("cluster_id") WHERE undone_at is null;