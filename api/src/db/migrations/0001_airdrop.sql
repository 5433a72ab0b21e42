CREATE TABLE "minters" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"mint_from_round" integer NOT NULL,
	"suspended_at" timestamp with time zone,
	"started_at" timestamp with time zone NOT NULL,
	"last_collect_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "power_grants" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"reason" text NOT NULL,
	"amount" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rounds" (
	"round_number" integer PRIMARY KEY NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"total_amount" bigint DEFAULT 0 NOT NULL,
	"participants" integer DEFAULT 0 NOT NULL,
	"claims" integer DEFAULT 0 NOT NULL,
	"distributed" boolean DEFAULT false NOT NULL,
	"distributed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "user_rounds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"round_number" integer NOT NULL,
	"power" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"airdrop_at" timestamp with time zone NOT NULL,
	"collected_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "power" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "followed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "minters" ADD CONSTRAINT "minters_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "minters_active_idx" ON "minters" USING btree ("mint_from_round") WHERE suspended_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "power_grants_user_reason_key" ON "power_grants" USING btree ("user_id","reason");--> statement-breakpoint
CREATE UNIQUE INDEX "user_rounds_user_round_key" ON "user_rounds" USING btree ("user_id","round_number");--> statement-breakpoint
CREATE INDEX "user_rounds_unclaimed_idx" ON "user_rounds" USING btree ("user_id") WHERE collected_at is null;