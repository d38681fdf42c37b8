CREATE TABLE "site_visit_counts" (
	"day" date NOT NULL,
	"metric" text NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"locale" text DEFAULT '' NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "site_visit_counts_day_metric_key_locale_pk" PRIMARY KEY("day","metric","key","locale")
);
