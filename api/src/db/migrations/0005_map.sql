CREATE TABLE "user_locations" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"lat_e6" integer NOT NULL,
	"lng_e6" integer NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_locations_lat_range" CHECK ("user_locations"."lat_e6" between -90000000 and 90000000),
	CONSTRAINT "user_locations_lng_range" CHECK ("user_locations"."lng_e6" between -180000000 and 180000000)
);
--> statement-breakpoint
ALTER TABLE "user_locations" ADD CONSTRAINT "user_locations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_locations_lat_lng_idx" ON "user_locations" USING btree ("lat_e6","lng_e6","user_id");