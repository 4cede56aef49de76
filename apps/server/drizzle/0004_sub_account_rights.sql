CREATE TABLE "user_activity_permissions" (
	"user_id" integer NOT NULL,
	"activity_id" smallint NOT NULL,
	"permission_id" smallint NOT NULL,
	CONSTRAINT "user_activity_permissions_user_id_activity_id_permission_id_pk" PRIMARY KEY("user_id","activity_id","permission_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "flagged_by_user_id" integer;--> statement-breakpoint
ALTER TABLE "user_activity_permissions" ADD CONSTRAINT "user_activity_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_activity_permissions" ADD CONSTRAINT "user_activity_permissions_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_activity_permissions" ADD CONSTRAINT "user_activity_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE no action ON UPDATE no action;