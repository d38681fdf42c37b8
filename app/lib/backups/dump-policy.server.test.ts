import { describe, expect, it } from 'vitest'
import { refusal } from './dump-policy.server'
import { MAX_STATEMENT_CHARS, splitStatements, StatementReader, type Statement } from './sql-script.server'

const DUMP = `--
-- PostgreSQL database dump
--

\\restrict AbC123

SET statement_timeout = 0;
SET client_encoding = 'UTF8';
SELECT pg_catalog.set_config('search_path', '', false);
SET default_table_access_method = heap;
CREATE SCHEMA drizzle;
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
COMMENT ON EXTENSION pg_trgm IS 'text similarity measurement and index searching based on trigrams';
CREATE TABLE public.appointments (
    id integer NOT NULL,
    name text NOT NULL,
    created_at timestamp with time zone DEFAULT now() NOT NULL
);
CREATE TABLE public.request_notes (
    id integer NOT NULL,
    appointment_id integer,
    registration_id integer,
    CONSTRAINT request_notes_one_request CHECK ((num_nonnulls(appointment_id, registration_id) = 1))
);
CREATE SEQUENCE public.appointments_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;
ALTER SEQUENCE public.appointments_id_seq OWNED BY public.appointments.id;
ALTER TABLE ONLY public.appointments ALTER COLUMN id SET DEFAULT nextval('public.appointments_id_seq'::regclass);
INSERT INTO public.appointments VALUES
\t(1, 'O''Brien; -- not a comment', '2026-12-01 10:00:00+00'),
\t(2, 'مریض $$ quoted $x$', '2026-12-01 10:00:00+00');
INSERT INTO public.appointments (id, name, created_at) VALUES (3, NULL, '2026-12-01 10:00:00+00');
SELECT pg_catalog.setval('public.appointments_id_seq', 3, true);
ALTER TABLE ONLY public.appointments
    ADD CONSTRAINT appointments_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.request_notes
    ADD CONSTRAINT request_notes_appointment_id_appointments_id_fk FOREIGN KEY (appointment_id) REFERENCES public.appointments(id) ON DELETE CASCADE;
CREATE INDEX appointments_name_trgm_idx ON public.appointments USING gin (name public.gin_trgm_ops);
CREATE INDEX notification_outbox_due_idx ON public.appointments USING btree (created_at) WHERE (name IS NULL);

\\unrestrict AbC123
`

describe('a dump read as statements', () => {
  it('gives each statement with its line, whatever the pieces it arrives in', () => {
    const whole = splitStatements(DUMP)
    expect(whole[0]).toEqual({ text: '\\restrict AbC123', line: 5, psql: true })
    expect(whole[1]).toEqual({ text: 'SET statement_timeout = 0', line: 7 })
    const insert = whole.find((s) => s.text.startsWith('INSERT'))!
    expect(insert.line).toBe(34)
    expect(insert.text).toContain("'O''Brien; -- not a comment'")
    for (const size of [1, 2, 3, 7, 64]) {
      const reader = new StatementReader()
      const pieces: Statement[] = []
      const bytes = Buffer.from(DUMP)
      for (let at = 0; at < bytes.length; at += size) pieces.push(...reader.push(bytes.subarray(at, at + size)))
      pieces.push(...reader.end())
      expect(pieces, `pieces of ${size} bytes`).toEqual(whole)
    }
  })

  it('refuses a statement longer than any dump of ours writes', () => {
    const reader = new StatementReader()
    reader.push('SET statement_timeout = 0;\n')
    expect(() => {
      for (let i = 0; i <= MAX_STATEMENT_CHARS / 1_000_000 + 1; i++)
        reader.push(`INSERT INTO public.appointments VALUES ('${'x'.repeat(1_000_000)}'`)
    }).toThrow(/line 2: .*|a statement longer than 64 MB/)
  })
})

describe('what a restore runs', () => {
  it('accepts every statement pg_dump writes for our schema', () => {
    for (const statement of splitStatements(DUMP)) expect(refusal(statement), statement.text).toBeNull()
  })

  it.each([
    ["COPY (SELECT 'x') TO PROGRAM 'id'", /^COPY, which pg_dump does not write/],
    ['COPY public.appointments (id) FROM stdin', /^COPY/],
    ['DO $$ BEGIN PERFORM 1; END $$', /^DO/],
    ['CREATE FUNCTION public.f() RETURNS int LANGUAGE sql AS $$ select 1 $$', /^CREATE FUNCTION/],
    ['CREATE OR REPLACE FUNCTION public.f() RETURNS int LANGUAGE sql AS $$ select 1 $$', /^CREATE OR/],
    ["ALTER SYSTEM SET archive_command = 'x'", /^ALTER SYSTEM/],
    ['CREATE ROLE evil SUPERUSER', /^CREATE ROLE/],
    ['ALTER ROLE app SUPERUSER', /^ALTER ROLE/],
    ['GRANT ALL ON ALL TABLES IN SCHEMA public TO PUBLIC', /^GRANT/],
    ['CREATE EXTENSION IF NOT EXISTS plpython3u WITH SCHEMA public', /plpython3u, which the application does not use/],
    ['CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA pg_catalog', /pg_trgm/],
    ["INSERT INTO public.appointments VALUES ((SELECT 1), 'a')", /an expression in an INSERT/],
    ["INSERT INTO public.appointments VALUES (1, lo_import('/etc/passwd'))", /^lo_import in an INSERT/],
    ["INSERT INTO public.evil VALUES (1, 'a')", /public\.evil, which is not one of our tables/],
    ["INSERT INTO public.appointments VALUES (1, 'a') RETURNING pg_read_file('x')", /an unusual INSERT/],
    ['SET ROLE postgres', /SET of role/],
    ["SET session_authorization = 'postgres'", /SET of session_authorization/],
    ["SELECT pg_read_file('/etc/passwd')", /a SELECT other than/],
    ["SELECT pg_catalog.set_config('search_path', 'evil', false)", /^a set_config other than search_path/],
    ["SELECT pg_catalog.setval('public.other_seq', 1, true)", /setval of public\.other_seq/],
    ["ALTER TABLE ONLY public.staff ALTER COLUMN id SET DEFAULT pg_read_file('/etc/passwd')", /a call of pg_read_file\(\)/],
    ['ALTER TABLE ONLY public.staff OWNER TO evil', /an ALTER TABLE other than/],
    ['ALTER TABLE public.staff ENABLE TRIGGER ALL', /an ALTER TABLE other than/],
    ['CREATE TABLE public.evil (id int)', /public\.evil, which is not one of our tables/],
    ['CREATE TABLE public.staff (id int DEFAULT public.evil())', /a call of public\.evil\(\)/],
    ['CREATE TRIGGER t AFTER INSERT ON public.staff FOR EACH ROW EXECUTE FUNCTION public.f()', /^CREATE TRIGGER/],
    ['CREATE INDEX i ON public.staff USING btree (public.f(id))', /a call of public\.f\(\)/],
    ['CREATE SCHEMA evil', /CREATE SCHEMA evil/],
    ['CREATE VIEW public.v AS SELECT 1', /^CREATE VIEW/],
    ['CREATE RULE r AS ON INSERT TO public.staff DO INSTEAD NOTHING', /^CREATE RULE/],
    ['CREATE POLICY p ON public.staff USING (true)', /^CREATE POLICY/],
    ["LOAD '/tmp/evil.so'", /^LOAD/],
    ['CHECKPOINT', /^CHECKPOINT/],
    ["COMMENT ON TABLE public.staff IS 'x'; DROP TABLE public.staff", /COMMENT/],
  ])('refuses %s', (text, reason) => {
    expect(refusal({ text, line: 1 })).toMatch(reason)
  })

  it('refuses psql commands other than the dump’s \\restrict', () => {
    expect(refusal({ text: '\\! rm -rf /', line: 1, psql: true })).toMatch(/a psql command/)
    expect(refusal({ text: '\\connect other', line: 1, psql: true })).toMatch(/a psql command/)
  })
})
