CREATE TABLE "alert_defaults" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL,
	"addresses" integer NOT NULL,
	CONSTRAINT "alert_defaults_one_row" CHECK ("alert_defaults"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "alert_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer,
	"email" text NOT NULL,
	"appointments" boolean DEFAULT false NOT NULL,
	"registrations" boolean DEFAULT false NOT NULL,
	"locale" text DEFAULT 'en' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_recipients" ADD CONSTRAINT "alert_recipients_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_recipients_staff_idx" ON "alert_recipients" USING btree ("staff_id");