ALTER TABLE "audit_log" ADD COLUMN "kind" text DEFAULT 'act' NOT NULL;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD COLUMN "passkey_id" bigint;--> statement-breakpoint
ALTER TABLE "operator_sessions" ADD CONSTRAINT "operator_sessions_passkey_id_operator_passkeys_id_fk" FOREIGN KEY ("passkey_id") REFERENCES "public"."operator_passkeys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_kind_idx" ON "audit_log" USING btree ("kind","id");--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_kind" CHECK ("audit_log"."kind" in ('act', 'read'));--> statement-breakpoint
-- A removed operator's passkeys signed in again once they were re-added: removal deletes them now, and
-- the operators removed before that lose theirs here (docs/decisions/067).
DELETE FROM "operator_passkeys" WHERE "operator_id" IN (SELECT "id" FROM "operators" WHERE "removed_at" IS NOT NULL);
