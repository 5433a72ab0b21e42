-- One mailbox, one account (docs/decisions/037). vv_canonical_email() is canonicalEmail() of
-- api/src/domain/accounts/email.ts in SQL (tests/api/canonical-email.test.ts holds the two to
-- the same answers): lower case; Gmail without dots and +tag, googlemail.com as gmail.com; the
-- other listed providers without the +tag. A local part that is nothing but its tag or dots keeps them.
CREATE FUNCTION vv_canonical_email(email text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT CASE
    WHEN d IN ('gmail.com', 'googlemail.com') THEN coalesce(nullif(replace(t, '.', ''), ''), t) || '@gmail.com'
    WHEN d IN ('outlook.com', 'hotmail.com', 'live.com', 'msn.com', 'icloud.com', 'me.com', 'mac.com',
               'proton.me', 'protonmail.com', 'protonmail.ch', 'pm.me', 'fastmail.com', 'fastmail.fm') THEN t || '@' || d
    ELSE e
  END
  FROM (
    SELECT e, d, CASE WHEN strpos(l, '+') > 1 THEN left(l, strpos(l, '+') - 1) ELSE l END AS t
    FROM (SELECT e, substring(e FROM '^(.*)@[^@]*$') AS l, substring(e FROM '@([^@]*)$') AS d FROM (SELECT lower(email) AS e) AS a) AS b
  ) AS c
$$;--> statement-breakpoint
-- The backfill: a stored generated column is computed for every existing row as it is added.
ALTER TABLE "users" ADD COLUMN "email_canonical" text GENERATED ALWAYS AS (vv_canonical_email("email")) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_slot" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Accounts registered before this migration may share a canonical form ("a.b@gmail.com" and
-- "ab+x@gmail.com"). None is merged or taken away: the oldest keeps slot 0, each later one gets
-- its own id as its slot, so the unique index below holds and every one still signs in by its own
-- address (decision 037). From now on every new account takes slot 0.
UPDATE "users" SET "email_slot" = "id"
WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", row_number() OVER (PARTITION BY "email_canonical" ORDER BY "created_at", "id") AS n
    FROM "users" WHERE "email_canonical" IS NOT NULL
  ) AS ranked
  WHERE n > 1
);--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_canonical_key" ON "users" USING btree ("email_canonical","email_slot");
