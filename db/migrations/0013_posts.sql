CREATE TABLE "post_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_id" integer NOT NULL,
	"value" jsonb NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_by" integer
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"id" serial PRIMARY KEY NOT NULL,
	"stream" text NOT NULL,
	"slug" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"publish_at" timestamp with time zone,
	"texts" jsonb NOT NULL,
	"languages" text[] DEFAULT '{}'::text[] NOT NULL,
	"cover" jsonb,
	"cover_alt" jsonb DEFAULT '{"en":"","fa":"","ps":""}'::jsonb NOT NULL,
	"author_id" integer,
	"author_name" text DEFAULT '' NOT NULL,
	"event_start" timestamp with time zone,
	"event_end" timestamp with time zone,
	"place" jsonb,
	"course_id" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "posts_stream_check" CHECK ("posts"."stream" in ('news', 'articles')),
	CONSTRAINT "posts_status_check" CHECK ("posts"."status" in ('draft', 'scheduled', 'published', 'archived'))
);
--> statement-breakpoint
ALTER TABLE "post_history" ADD CONSTRAINT "post_history_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_history" ADD CONSTRAINT "post_history_saved_by_staff_id_fk" FOREIGN KEY ("saved_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_author_id_staff_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_history_post_idx" ON "post_history" USING btree ("post_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_stream_publish_at_idx" ON "posts" USING btree ("stream","publish_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_event_start_idx" ON "posts" USING btree ("event_start");