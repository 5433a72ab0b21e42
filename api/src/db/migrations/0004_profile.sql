CREATE TABLE "status_icons" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"icon" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "status_icons_name_key" ON "status_icons" USING btree ("name");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_user_status_icon_status_icons_id_fk" FOREIGN KEY ("user_status_icon") REFERENCES "public"."status_icons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
INSERT INTO "status_icons" ("id", "name", "icon", "sort") VALUES
	(1, 'online', '🟢', 10),
	(2, 'busy', '⛔', 20),
	(3, 'working', '💼', 30),
	(4, 'studying', '📚', 40),
	(5, 'traveling', '✈️', 50),
	(6, 'gaming', '🎮', 60),
	(7, 'sleeping', '😴', 70),
	(8, 'eating', '🍜', 80),
	(9, 'exercising', '🏃', 90),
	(10, 'celebrating', '🎉', 100),
	(11, 'mining', '⛏️', 110),
	(12, 'away', '🌙', 120);
