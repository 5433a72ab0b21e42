CREATE TABLE "otp_locks" (
	"email" text NOT NULL,
	"did" text NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	CONSTRAINT "otp_locks_email_did_pk" PRIMARY KEY("email","did")
);
--> statement-breakpoint
CREATE TABLE "otp_wrong_tries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"did" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "did" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "otp_wrong_tries_idx" ON "otp_wrong_tries" USING btree ("email","did","at");