CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "reminded_members" (
	"member_id" bigint NOT NULL,
	"day" date NOT NULL,
	"sender_id" bigint NOT NULL,
	CONSTRAINT "reminded_members_member_id_day_pk" PRIMARY KEY("member_id","day")
);
--> statement-breakpoint
CREATE TABLE "team_reminders" (
	"sender_id" bigint NOT NULL,
	"day" date NOT NULL,
	"n" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "team_reminders_sender_id_day_n_pk" PRIMARY KEY("sender_id","day","n")
);
--> statement-breakpoint
ALTER TABLE "reminded_members" ADD CONSTRAINT "reminded_members_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_reminders" ADD CONSTRAINT "team_reminders_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE sent_at is null and failed_at is null;--> statement-breakpoint
CREATE INDEX "users_team_idx" ON "users" USING btree ("inviter_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE deleted_at is null;