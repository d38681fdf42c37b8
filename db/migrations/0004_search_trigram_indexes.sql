-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it; PGlite loads it from db/pglite-extensions.js.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "appointments_name_trgm_idx" ON "appointments" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "appointments_phone_trgm_idx" ON "appointments" USING gin ("phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "registrations_name_trgm_idx" ON "registrations" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "registrations_phone_trgm_idx" ON "registrations" USING gin ("phone" gin_trgm_ops);