CREATE TABLE "master_template_item_categories" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "master_template_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"category_id" smallint NOT NULL,
	"kind" text NOT NULL,
	"code" text,
	"tier" text,
	"label" text DEFAULT '' NOT NULL,
	"value" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "master_template_items_kind" CHECK ("master_template_items"."kind" in ('decimal', 'date', 'pool', 'operator', 'box', 'ibox', 'ph', 'drawNumber'))
);
--> statement-breakpoint
CREATE TABLE "master_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"record_status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "package_assignments" (
	"user_id" integer NOT NULL,
	"package_type" smallint NOT NULL,
	"package_id" integer NOT NULL,
	"assigned_at" timestamp with time zone NOT NULL,
	"assigned_by" integer,
	CONSTRAINT "package_assignments_user_id_package_type_pk" PRIMARY KEY("user_id","package_type")
);
--> statement-breakpoint
CREATE TABLE "package_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"package_id" integer NOT NULL,
	"code" text NOT NULL,
	"pool_id" smallint,
	"enabled" boolean DEFAULT true NOT NULL,
	"commission_pct" numeric(5, 2) DEFAULT '0' NOT NULL,
	"payout_first" bigint,
	"payout_second" bigint,
	"payout_third" bigint,
	"payout_starter" bigint,
	"payout_consolation" bigint,
	"payout_fourth" bigint,
	"payout_fifth" bigint,
	"payout_sixth" bigint,
	CONSTRAINT "package_rates_commission" CHECK ("package_rates"."commission_pct" >= 0 and "package_rates"."commission_pct" <= 100)
);
--> statement-breakpoint
CREATE TABLE "packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"package_type" smallint NOT NULL,
	"is_red_package" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"pao_enabled" boolean DEFAULT false NOT NULL,
	"pao_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"fake_pao" boolean DEFAULT false NOT NULL,
	"fake_pao_rate" numeric(5, 2) DEFAULT '0' NOT NULL,
	"ibox_rounding" text DEFAULT 'exact' NOT NULL,
	"group_name" text DEFAULT '' NOT NULL,
	"record_status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	"updated_at" timestamp with time zone,
	"updated_by" integer,
	CONSTRAINT "packages_default_is_system" CHECK (not "packages"."is_default" or "packages"."owner_user_id" is null),
	CONSTRAINT "packages_ibox_rounding" CHECK ("packages"."ibox_rounding" in ('exact', 'official'))
);
--> statement-breakpoint
ALTER TABLE "master_template_items" ADD CONSTRAINT "master_template_items_template_id_master_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."master_templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_template_items" ADD CONSTRAINT "master_template_items_category_id_master_template_item_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."master_template_item_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "master_templates" ADD CONSTRAINT "master_templates_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_assignments" ADD CONSTRAINT "package_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_assignments" ADD CONSTRAINT "package_assignments_package_type_package_types_id_fk" FOREIGN KEY ("package_type") REFERENCES "public"."package_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_assignments" ADD CONSTRAINT "package_assignments_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_rates" ADD CONSTRAINT "package_rates_package_id_packages_id_fk" FOREIGN KEY ("package_id") REFERENCES "public"."packages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_rates" ADD CONSTRAINT "package_rates_pool_id_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "packages" ADD CONSTRAINT "packages_package_type_package_types_id_fk" FOREIGN KEY ("package_type") REFERENCES "public"."package_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "master_template_items_template_idx" ON "master_template_items" USING btree ("template_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "master_templates_owner_name_key" ON "master_templates" USING btree (coalesce("owner_user_id", 0),lower("name")) WHERE "master_templates"."record_status" <> 2;--> statement-breakpoint
CREATE INDEX "package_assignments_package_idx" ON "package_assignments" USING btree ("package_id");--> statement-breakpoint
CREATE UNIQUE INDEX "package_rates_key" ON "package_rates" USING btree ("package_id","code",coalesce("pool_id", 0));--> statement-breakpoint
CREATE INDEX "packages_owner_idx" ON "packages" USING btree ("owner_user_id","package_type");--> statement-breakpoint
CREATE UNIQUE INDEX "packages_owner_name_key" ON "packages" USING btree (coalesce("owner_user_id", 0),"package_type",lower("name")) WHERE "packages"."record_status" <> 2;--> statement-breakpoint
CREATE UNIQUE INDEX "packages_default_key" ON "packages" USING btree ("package_type") WHERE "packages"."is_default" and "packages"."record_status" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "packages_red_key" ON "packages" USING btree (coalesce("owner_user_id", 0),"package_type") WHERE "packages"."is_red_package" and "packages"."record_status" <> 2;