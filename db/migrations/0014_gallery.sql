CREATE TABLE "gallery_albums" (
	"id" serial PRIMARY KEY NOT NULL,
	"titles" jsonb NOT NULL,
	"descriptions" jsonb DEFAULT '{"en":"","fa":"","ps":""}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer
);
--> statement-breakpoint
CREATE TABLE "gallery_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"album_id" integer NOT NULL,
	"asset_id" integer NOT NULL,
	"captions" jsonb DEFAULT '{"en":"","fa":"","ps":""}'::jsonb NOT NULL,
	"alt" jsonb DEFAULT '{"en":"","fa":"","ps":""}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"after_id" integer,
	"shows_patient" boolean DEFAULT false NOT NULL,
	"consent_on_file" boolean DEFAULT false NOT NULL,
	"consent_by" text,
	"consent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gallery_photos_consent_check" CHECK (not "gallery_photos"."consent_on_file" or ("gallery_photos"."consent_by" is not null and "gallery_photos"."consent_at" is not null)),
	CONSTRAINT "gallery_photos_pair_check" CHECK ("gallery_photos"."after_id" is null or "gallery_photos"."after_id" <> "gallery_photos"."id")
);
--> statement-breakpoint
ALTER TABLE "gallery_albums" ADD CONSTRAINT "gallery_albums_updated_by_staff_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_photos" ADD CONSTRAINT "gallery_photos_album_id_gallery_albums_id_fk" FOREIGN KEY ("album_id") REFERENCES "public"."gallery_albums"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_photos" ADD CONSTRAINT "gallery_photos_asset_id_media_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."media_assets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gallery_photos" ADD CONSTRAINT "gallery_photos_after_id_gallery_photos_id_fk" FOREIGN KEY ("after_id") REFERENCES "public"."gallery_photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gallery_photos_album_idx" ON "gallery_photos" USING btree ("album_id","position");