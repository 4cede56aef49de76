CREATE TABLE "inbox_texts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer,
	"user_id" integer NOT NULL,
	"placed_by" integer NOT NULL,
	"source_type" smallint NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"text" text NOT NULL,
	"accepted" boolean NOT NULL,
	"ticket_id" bigint,
	"reason" text,
	"lines" jsonb,
	CONSTRAINT "inbox_texts_text_len" CHECK (char_length("inbox_texts"."text") <= 100000)
);
--> statement-breakpoint
CREATE INDEX "inbox_texts_user_idx" ON "inbox_texts" USING btree ("user_id","received_at");--> statement-breakpoint
CREATE INDEX "inbox_texts_company_idx" ON "inbox_texts" USING btree ("company_id","received_at");