ALTER TABLE "registrations" ADD COLUMN "course_names" jsonb;--> statement-breakpoint
-- Registrations made before names were kept: the names the catalogue gives the spec's six courses.
UPDATE "registrations" SET "course_names" = "catalogue"."names"
FROM (VALUES
  ('diplomaDentistry', '{"en":"Diploma in Dentistry","fa":"دیپلوم دندان","ps":"د غاښونو ډیپلوم"}'::jsonb),
  ('radiology', '{"en":"Short-term Radiology Course","fa":"کورس کوتاه‌مدت رادیولوژی","ps":"د راډیولوژۍ لنډمهاله کورس"}'::jsonb),
  ('cpr', '{"en":"Advanced CPR Training","fa":"آموزش پیشرفته احیای قلبی (سی‌پی‌آر)","ps":"د زړه او سږو د بیا فعالولو (سي‌پي‌آر) پرمختللې زده کړه"}'::jsonb),
  ('dentalAssisting', '{"en":"Virtual Dental Assisting","fa":"دستیاری دندان (آنلاین)","ps":"د غاښونو د ډاکټر مرستیالي (آنلاین)"}'::jsonb),
  ('medicalTerminology', '{"en":"Medical Terminology Online","fa":"اصطلاحات طبی (آنلاین)","ps":"طبي اصطلاحات (آنلاین)"}'::jsonb),
  ('digitalDentistry', '{"en":"Digital Dentistry & CAD/CAM","fa":"دندان دیجیتال و CAD/CAM","ps":"ډیجیټل غاښ پوهنه او CAD/CAM"}'::jsonb)
) AS "catalogue" ("id", "names")
WHERE "registrations"."course" = "catalogue"."id" AND "registrations"."course_names" IS NULL;
