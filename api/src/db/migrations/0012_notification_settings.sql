CREATE TABLE "notification_settings" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"muted_kinds" text[] DEFAULT '{}'::text[] NOT NULL,
	"quiet_hours" boolean DEFAULT true NOT NULL,
	"quiet_start" text,
	"quiet_end" text,
	"round_email" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_settings_quiet_both" CHECK (("notification_settings"."quiet_start" is null) = ("notification_settings"."quiet_end" is null)),
	CONSTRAINT "notification_settings_kinds" CHECK ("notification_settings"."muted_kinds" <@ array['round', 'pause', 'remind', 'exchange', 'gift']::text[])
);
--> statement-breakpoint
ALTER TABLE "notification_settings" ADD CONSTRAINT "notification_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;