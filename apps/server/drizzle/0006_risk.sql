CREATE TABLE "eat_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"eat_type" text NOT NULL,
	"limit_method" smallint DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "fight_limits" (
	"user_id" integer NOT NULL,
	"pool_id" smallint NOT NULL,
	"bet_code" text NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "fight_limits_user_id_pool_id_bet_code_pk" PRIMARY KEY("user_id","pool_id","bet_code")
);
--> statement-breakpoint
CREATE TABLE "number_queue" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"pool_id" smallint NOT NULL,
	"draw_date" date NOT NULL,
	"number" text NOT NULL,
	"bet_code" text NOT NULL,
	"reason" text NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" integer
);
--> statement-breakpoint
CREATE TABLE "red_numbers" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"number" text NOT NULL,
	"type" smallint NOT NULL,
	"group_key" text NOT NULL,
	"pool_id" smallint,
	"limit_amount" bigint NOT NULL,
	"record_status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
ALTER TABLE "eat_settings" ADD CONSTRAINT "eat_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fight_limits" ADD CONSTRAINT "fight_limits_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fight_limits" ADD CONSTRAINT "fight_limits_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_queue" ADD CONSTRAINT "number_queue_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "number_queue" ADD CONSTRAINT "number_queue_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_numbers" ADD CONSTRAINT "red_numbers_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "red_numbers" ADD CONSTRAINT "red_numbers_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "number_queue_owner_idx" ON "number_queue" USING btree ("owner_user_id","status","draw_date");--> statement-breakpoint
CREATE INDEX "red_numbers_owner_idx" ON "red_numbers" USING btree ("owner_user_id","group_key");