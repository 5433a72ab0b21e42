-- Accounts deleted before deletion moved their members up left those members under an account
-- that is gone: they had no inviter to show and counted towards no one's Team Power. Each such
-- member moves up now, as a deletion does today, to the nearest inviter above it that still
-- exists, or to none. Chains of deleted accounts are climbed in one pass; members of a deleted
-- account that are themselves deleted stay as they are.
WITH RECURSIVE "climb" ("member", "ancestor", "depth") AS (
  SELECT "m"."id", "i"."inviter_id", 1
  FROM "users" AS "m"
  JOIN "users" AS "i" ON "i"."id" = "m"."inviter_id"
  WHERE "i"."deleted_at" IS NOT NULL AND "m"."deleted_at" IS NULL
  UNION ALL
  SELECT "c"."member", "a"."inviter_id", "c"."depth" + 1
  FROM "climb" AS "c"
  JOIN "users" AS "a" ON "a"."id" = "c"."ancestor"
  WHERE "a"."deleted_at" IS NOT NULL AND "c"."depth" < 1000
),
"landing" AS (
  SELECT DISTINCT ON ("member") "member", "ancestor" FROM "climb" ORDER BY "member", "depth" DESC
)
UPDATE "users" SET "inviter_id" = "landing"."ancestor"
FROM "landing"
WHERE "users"."id" = "landing"."member";
