CREATE TABLE "ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"asset" text NOT NULL,
	"amount" bigint NOT NULL,
	"rule_version" integer NOT NULL,
	"ref" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "ledger_asset_check" CHECK ("ledger"."asset" in ('vv', 'unclaimed', 'btc', 'power', 'team'))
);
--> statement-breakpoint
CREATE INDEX "ledger_user_idx" ON "ledger" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "ledger_user_kind_idx" ON "ledger" USING btree ("user_id","kind","id");--> statement-breakpoint
-- Lines are written once and kept (docs/decisions/050): the database refuses to change or delete one.
CREATE FUNCTION vv_ledger_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger lines are never changed or deleted';
END
$$;--> statement-breakpoint
CREATE TRIGGER ledger_append_only BEFORE UPDATE OR DELETE ON "ledger" FOR EACH STATEMENT EXECUTE FUNCTION vv_ledger_append_only();--> statement-breakpoint
-- History from before the ledger, carried over under rule version 0: every power grant, every
-- round paid (without its own/team split, which was not kept), every claim (the rounds collected
-- at one moment), then an opening line for whatever a balance holds beyond those.
INSERT INTO "ledger" ("user_id", "at", "kind", "asset", "amount", "rule_version", "ref", "details")
SELECT "user_id", "at",
  CASE
    WHEN "reason" = 'start' THEN 'start'
    WHEN "reason" IN ('bind', 'follow', 'invite') THEN 'task'
    WHEN "reason" LIKE 'upgrade:%' THEN 'upgrade'
    WHEN "reason" LIKE 'gift:%' THEN 'gift'
    WHEN "reason" LIKE 'exchange:%' THEN 'exchange'
    ELSE 'opening'
  END,
  'power', "amount", 0, "reason",
  CASE
    WHEN "reason" LIKE 'gift:%' THEN jsonb_build_object('box', split_part("reason", ':', 2)::bigint, 'side', split_part("reason", ':', 3))
    WHEN "reason" LIKE 'exchange:%' THEN jsonb_build_object('exchange', split_part("reason", ':', 2)::bigint)
    ELSE '{}'::jsonb
  END
FROM "power_grants" ORDER BY "id";--> statement-breakpoint
INSERT INTO "ledger" ("user_id", "at", "kind", "asset", "amount", "rule_version", "ref", "details")
SELECT "user_id", "airdrop_at", 'round', 'unclaimed', "amount", 0, 'round:' || "round_number",
  jsonb_build_object('round', "round_number", 'power', "power")
FROM "user_rounds" ORDER BY "round_number", "user_id";--> statement-breakpoint
INSERT INTO "ledger" ("user_id", "at", "kind", "asset", "amount", "rule_version", "ref", "details")
SELECT c."user_id", c."collected_at", 'claim', a."asset", CASE a."asset" WHEN 'vv' THEN c."total" ELSE -c."total" END, 0, 'claim',
  jsonb_build_object('rounds', c."rounds")
FROM (
  SELECT "user_id", "collected_at", sum("amount") AS "total", jsonb_agg("round_number" ORDER BY "round_number") AS "rounds"
  FROM "user_rounds" WHERE "collected_at" IS NOT NULL GROUP BY "user_id", "collected_at"
) AS c CROSS JOIN (VALUES ('unclaimed'), ('vv')) AS a("asset")
ORDER BY c."collected_at", c."user_id", a."asset";--> statement-breakpoint
INSERT INTO "ledger" ("user_id", "at", "kind", "asset", "amount", "rule_version", "ref", "details")
SELECT u."id", now(), 'opening', x."asset", x."diff", 0, 'opening', '{}'::jsonb
FROM "users" u
CROSS JOIN LATERAL (VALUES
  ('vv', u."vv" - coalesce((SELECT sum(l."amount") FROM "ledger" l WHERE l."user_id" = u."id" AND l."asset" = 'vv'), 0)),
  ('power', u."power" - coalesce((SELECT sum(l."amount") FROM "ledger" l WHERE l."user_id" = u."id" AND l."asset" = 'power'), 0)),
  ('btc', u."btc")
) AS x("asset", "diff")
WHERE x."diff" <> 0
ORDER BY u."id";
