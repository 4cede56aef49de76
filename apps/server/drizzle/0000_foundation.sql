CREATE TABLE "activities" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "activities_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_user_id" integer,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "bet_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "digit_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "limit_methods" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"ip" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"success" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "permission_roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"is_system" boolean DEFAULT false NOT NULL,
	"default_for_role_id" smallint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "permissions" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"letter" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pools" (
	"id" smallint PRIMARY KEY NOT NULL,
	"letter" text NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"record_status" smallint DEFAULT 1 NOT NULL,
	CONSTRAINT "pools_letter_unique" UNIQUE("letter")
);
--> statement-breakpoint
CREATE TABLE "prizes" (
	"id" smallint PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "prizes_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "role_activity_permissions" (
	"role_id" integer NOT NULL,
	"activity_id" smallint NOT NULL,
	"permission_id" smallint NOT NULL,
	CONSTRAINT "role_activity_permissions_role_id_activity_id_permission_id_pk" PRIMARY KEY("role_id","activity_id","permission_id")
);
--> statement-breakpoint
CREATE TABLE "role_types" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" smallint PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"login_guid" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"secondary_verified_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_reason" text,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "system_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "user_permission_roles" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_permission_roles_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"secondary_password_hash" text,
	"role_id" smallint NOT NULL,
	"role_type_id" smallint DEFAULT 1 NOT NULL,
	"level" smallint,
	"upline_id" integer,
	"path" text DEFAULT '/' NOT NULL,
	"company_id" integer,
	"is_main_account" boolean DEFAULT true NOT NULL,
	"main_account_id" integer,
	"status" text DEFAULT 'Active' NOT NULL,
	"record_status" smallint DEFAULT 1 NOT NULL,
	"skip_tnc" boolean DEFAULT false NOT NULL,
	"tnc_agreed_at" timestamp with time zone,
	"credit_limit" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'MYR' NOT NULL,
	"disabled_functions" text[] DEFAULT '{}'::text[] NOT NULL,
	"password_changed_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "role_activity_permissions" ADD CONSTRAINT "role_activity_permissions_role_id_permission_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."permission_roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_activity_permissions" ADD CONSTRAINT "role_activity_permissions_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "role_activity_permissions" ADD CONSTRAINT "role_activity_permissions_permission_id_permissions_id_fk" FOREIGN KEY ("permission_id") REFERENCES "public"."permissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permission_roles" ADD CONSTRAINT "user_permission_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_permission_roles" ADD CONSTRAINT "user_permission_roles_role_id_permission_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."permission_roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "login_attempts_username_idx" ON "login_attempts" USING btree ("username","at");--> statement-breakpoint
CREATE INDEX "login_attempts_ip_idx" ON "login_attempts" USING btree ("ip","at");--> statement-breakpoint
CREATE UNIQUE INDEX "permission_roles_name_key" ON "permission_roles" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "users_upline_idx" ON "users" USING btree ("upline_id");--> statement-breakpoint
CREATE INDEX "users_path_idx" ON "users" USING btree ("path");