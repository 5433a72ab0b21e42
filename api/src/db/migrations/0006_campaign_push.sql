CREATE TABLE "campaign_applications" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"contact" text NOT NULL,
	"photo" text NOT NULL,
	"status" text NOT NULL,
	"reason" text,
	"submitted_at" timestamp with time zone NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	CONSTRAINT "campaign_applications_status" CHECK ("campaign_applications"."status" in ('in_review', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "push_tokens" (
	"did" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"platform" text NOT NULL,
	"token" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "push_tokens_platform" CHECK ("push_tokens"."platform" in ('android', 'ios'))
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"name" text PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_applications" ADD CONSTRAINT "campaign_applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_tokens" ADD CONSTRAINT "push_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_applications_review_idx" ON "campaign_applications" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE INDEX "push_tokens_user_idx" ON "push_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "push_tokens_token_idx" ON "push_tokens" USING btree ("token");--> statement-breakpoint
CREATE INDEX "uploads_user_idx" ON "uploads" USING btree ("user_id","type");