CREATE TABLE "exchange_pairs" (
	"user_low" bigint NOT NULL,
	"user_high" bigint NOT NULL,
	"team_id" bigint NOT NULL,
	CONSTRAINT "exchange_pairs_user_low_user_high_pk" PRIMARY KEY("user_low","user_high")
);
--> statement-breakpoint
CREATE TABLE "force_stones" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"seq" integer NOT NULL,
	"power" integer NOT NULL,
	"buff_ratio" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"team_id" bigint,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "force_team_members" (
	"team_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"stone_id" bigint NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"gained" integer,
	"completed_at" timestamp with time zone,
	"left_at" timestamp with time zone,
	CONSTRAINT "force_team_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "force_teams" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"leader_id" bigint NOT NULL,
	"quota" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gift_boxes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" bigint NOT NULL,
	"code" text NOT NULL,
	"day" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"used_by" bigint,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "gift_pairs" (
	"user_low" bigint NOT NULL,
	"user_high" bigint NOT NULL,
	"box_id" bigint NOT NULL,
	CONSTRAINT "gift_pairs_user_low_user_high_pk" PRIMARY KEY("user_low","user_high")
);
--> statement-breakpoint
CREATE TABLE "tool_progress" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"stone_seq" integer DEFAULT 0 NOT NULL,
	"box_day" date
);
--> statement-breakpoint
ALTER TABLE "force_stones" ADD CONSTRAINT "force_stones_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "force_team_members" ADD CONSTRAINT "force_team_members_team_id_force_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."force_teams"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "force_team_members" ADD CONSTRAINT "force_team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "force_team_members" ADD CONSTRAINT "force_team_members_stone_id_force_stones_id_fk" FOREIGN KEY ("stone_id") REFERENCES "public"."force_stones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "force_teams" ADD CONSTRAINT "force_teams_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_boxes" ADD CONSTRAINT "gift_boxes_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gift_boxes" ADD CONSTRAINT "gift_boxes_used_by_users_id_fk" FOREIGN KEY ("used_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tool_progress" ADD CONSTRAINT "tool_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "force_stones_user_seq_key" ON "force_stones" USING btree ("user_id","seq");--> statement-breakpoint
CREATE INDEX "force_stones_held_idx" ON "force_stones" USING btree ("user_id") WHERE used_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "force_team_members_open_key" ON "force_team_members" USING btree ("user_id") WHERE completed_at is null and left_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "force_teams_code_key" ON "force_teams" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "gift_boxes_code_key" ON "gift_boxes" USING btree ("code");--> statement-breakpoint
CREATE INDEX "gift_boxes_unused_idx" ON "gift_boxes" USING btree ("owner_id") WHERE used_at is null;