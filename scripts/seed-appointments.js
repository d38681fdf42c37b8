// Fills a database with many appointment requests, for measuring the admin lists and the agenda.
//   node scripts/seed-appointments.js [count=100000]
// Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR (default ./data; the
// server must not be running on it). Brings the schema up to date first. The rows are marked as
// seed data (submission keys 'seed-…', e-mails at example.org); never run this on a live database.
//
// The rows look like a busy clinic's three years: Afghan first and family names combined at
// random (about 200 × 300), Afghan mobile numbers (+937…), requests received at any time over the
// last three years, a preferred date up to a month later, the status workflow's statuses, and a
// confirmed visit time (Kabul, 08:00–16:45) on about one request in fourteen (some 60 a day).
// Prints the address of a page in the middle of the list and a name, a phone and a day to
// measure with (scripts/measure-admin-list.js).
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { PGLITE_EXTENSIONS } from '../db/pglite-extensions.js'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'

const count = Number(process.argv[2] ?? 100_000)
if (!Number.isInteger(count) || count < 1 || count > 5_000_000) {
  console.error('Usage: node scripts/seed-appointments.js [count between 1 and 5000000]')
  process.exit(1)
}
const migrationsFolder = path.resolve('db/migrations')
const run = Date.now().toString(36)
const BATCH = 20_000

// prettier-ignore
const MALE = [
  'Ahmad', 'Mohammad', 'Mahmood', 'Hamid', 'Farid', 'Rahim', 'Karim', 'Nasir', 'Bashir', 'Qadir',
  'Zahir', 'Tahir', 'Jawad', 'Javid', 'Wahid', 'Rashid', 'Majid', 'Sayed', 'Habib', 'Latif',
  'Aziz', 'Hafiz', 'Yousuf', 'Idris', 'Ismail', 'Ibrahim', 'Mustafa', 'Murtaza', 'Mujtaba', 'Hassan',
  'Hussain', 'Ali', 'Omar', 'Osman', 'Khalid', 'Walid', 'Shafiq', 'Rafiq', 'Tariq', 'Sadiq',
  'Naveed', 'Fawad', 'Farhad', 'Shahram', 'Bahram', 'Jamshid', 'Khurshid', 'Nawid', 'Mirwais', 'Ajmal',
  'Akmal', 'Jamal', 'Kamal', 'Naseer', 'Basir', 'Zubair', 'Haroon', 'Idrees', 'Younus', 'Zakir',
  'Sharif', 'Asif', 'Arif', 'Atiq', 'Abdullah', 'Abdulrahman', 'Abdulhaq', 'Ghulam', 'Noor', 'Nabi',
  'Wali', 'Samiullah', 'Rahmatullah', 'Hikmatullah', 'Najibullah', 'Hamidullah', 'Zabiullah', 'Ehsan', 'Emal', 'Sohail',
  'Ramin', 'Shakib', 'Masoud', 'Baryalai', 'Zalmai', 'Gulbuddin', 'Hekmat', 'Lutfullah', 'Amanullah', 'Sultan',
  'Daud', 'Yama', 'Parwiz', 'Qais', 'Suhrab', 'Siyar', 'Elyas', 'Musa', 'Esmatullah', 'Obaidullah',
]
// prettier-ignore
const FEMALE = [
  'Fatima', 'Maryam', 'Zahra', 'Zainab', 'Khadija', 'Aisha', 'Amina', 'Hawa', 'Laila', 'Leila',
  'Mariam', 'Nargis', 'Nilofar', 'Parwana', 'Palwasha', 'Malalai', 'Mursal', 'Marwa', 'Mahbooba', 'Mahnaz',
  'Shabnam', 'Shukria', 'Shakila', 'Shirin', 'Sima', 'Soraya', 'Sultana', 'Tahmina', 'Torpekai', 'Wahida',
  'Yalda', 'Zarghuna', 'Zarmina', 'Zuhra', 'Farzana', 'Fariba', 'Fawzia', 'Fereshta', 'Frozan', 'Gulalai',
  'Gulnaz', 'Gulsum', 'Halima', 'Hasina', 'Homa', 'Hosai', 'Jamila', 'Kamila', 'Karima', 'Latifa',
  'Lina', 'Lima', 'Madina', 'Mahtab', 'Mina', 'Mozhgan', 'Muzhda', 'Nadia', 'Nafisa', 'Najiba',
  'Nasrin', 'Nazanin', 'Nazia', 'Negina', 'Nooria', 'Parisa', 'Parwin', 'Qudsia', 'Rabia', 'Rahima',
  'Rahila', 'Roya', 'Rukhsar', 'Sabira', 'Sadia', 'Safia', 'Sahar', 'Sajida', 'Salma', 'Samira',
  'Sanam', 'Saima', 'Sara', 'Shafiqa', 'Shahla', 'Shaima', 'Shazia', 'Shogofa', 'Simin', 'Spozhmai',
  'Storai', 'Suhaila', 'Taiba', 'Tamana', 'Wazhma', 'Yasamin', 'Zakia', 'Zarifa', 'Zohal', 'Zulaikha',
]
// prettier-ignore
const FAMILY_ROOTS = [
  'Ahmad', 'Mohammad', 'Karim', 'Rahim', 'Hakim', 'Nazar', 'Sultan', 'Haidar', 'Noor', 'Amin',
  'Sadat', 'Hashim', 'Qasim', 'Azim', 'Safi', 'Popal', 'Barak', 'Stanik', 'Ghaus', 'Jalal',
  'Rahman', 'Rasul', 'Sharif', 'Hamid', 'Wardak', 'Kakar', 'Niaz', 'Khalil', 'Sahak', 'Mangal',
  'Durran', 'Sabir', 'Nasir', 'Yousuf', 'Farah', 'Baheer', 'Jabar', 'Habib', 'Akbar', 'Ghafoor',
  'Samad', 'Wahab', 'Latif', 'Rashid', 'Majid', 'Zaman', 'Faqir', 'Hotak', 'Sherzad', 'Andar',
  'Tokhi', 'Shinwar', 'Mohmand', 'Momand', 'Ludin', 'Arsala', 'Omar', 'Osman', 'Saleh', 'Quraish',
]
const FAMILY_ENDINGS = ['i', 'zai', 'yar', 'zada', 'khel']
const FAMILY = FAMILY_ROOTS.flatMap((root) => FAMILY_ENDINGS.map((ending) => root + ending))
const FIRST = [...MALE, ...FEMALE]

/**
 * query(text, params) → rows, for either database.
 * @returns {Promise<{ query: (text: string, params?: unknown[]) => Promise<any[]>, close: () => Promise<void> }>}
 */
async function open() {
  if (process.env.DATABASE_URL) {
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 })
    await migratePg(drizzlePg({ client: pool }), { migrationsFolder })
    return { query: async (text, params) => (await pool.query(text, params)).rows, close: () => pool.end() }
  }
  const dataDir = process.env.DATA_DIR ?? './data'
  mkdirSync(dataDir, { recursive: true })
  const client = new PGlite(path.join(dataDir, 'pglite'), { extensions: PGLITE_EXTENSIONS })
  await migratePglite(drizzlePglite({ client }), { migrationsFolder })
  return { query: async (text, params) => (await client.query(text, params)).rows, close: () => client.close() }
}

const db = await open()
try {
  const started = Date.now()
  for (let from = 1; from <= count; from += BATCH) {
    const to = Math.min(count, from + BATCH - 1)
    await db.query(
      `insert into appointments (name, phone, email, date, message, locale, status, submission_key, created_at, confirmed_for, source)
       select name, phone, email, preferred, message, locale, status, submission_key, created_at,
              case when status in ('confirmed', 'completed', 'no-show') and random() < 0.1
                   then (preferred + time '08:00' + make_interval(mins => 15 * floor(random() * 36)::int)) at time zone 'Asia/Kabul' end,
              source
       from (
         select $4::text[] as first, $5::text[] as family, g
         from generate_series($1::int, $2::int) g
       ) s,
       lateral (
         select s.first[1 + floor(random() * cardinality(s.first))::int] || ' ' || s.family[1 + floor(random() * cardinality(s.family))::int] as name,
                '+937' || floor(random() * 10)::int || lpad(floor(random() * 10000000)::int::text, 7, '0') as phone,
                case when random() < 0.3 then 'seed' || s.g || '@example.org' end as email,
                case when random() < 0.25 then 'Tooth pain since last week' end as message,
                (array['fa','fa','ps','ps','en'])[1 + floor(random() * 5)::int] as locale,
                (array['pending','confirmed','confirmed','completed','completed','completed','cancelled','no-show'])[1 + floor(random() * 8)::int] as status,
                'seed-' || $3 || '-' || s.g as submission_key,
                now() - random() * interval '3 years' as created_at,
                (array['online','online','online','phone','walk-in'])[1 + floor(random() * 5)::int] as source
       ) r,
       lateral (select ((r.created_at at time zone 'Asia/Kabul')::date + floor(random() * 31)::int) as preferred) p`,
      [from, to, run, FIRST, FAMILY],
    )
    process.stdout.write(`\r${to.toLocaleString('en-US')} / ${count.toLocaleString('en-US')}`)
  }
  await db.query('vacuum analyze appointments')
  const [{ total }] = await db.query('select count(*)::int as total from appointments')
  const middle = Math.floor(total / 2)
  const [row] = await db.query(
    `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as t, id
     from appointments order by created_at desc nulls last, id desc nulls last offset $1 limit 1`,
    [middle],
  )
  const cursor = Buffer.from(`${row.t}~${row.id}`).toString('base64url')
  const [sample] = await db.query(`select name, phone from appointments where submission_key like 'seed-%' order by id desc limit 1`)
  const [busy] = await db.query(
    `select to_char((confirmed_for at time zone 'Asia/Kabul')::date, 'YYYY-MM-DD') as day from appointments
     where confirmed_for < now() order by confirmed_for desc limit 1`,
  )
  console.info(
    `\nSeeded ${count.toLocaleString('en-US')} appointments in ${((Date.now() - started) / 1000).toFixed(1)} s; ${total.toLocaleString('en-US')} in all.`,
  )
  console.info(`Middle of the list (row ${middle.toLocaleString('en-US')}): /admin/patients?after=${cursor}`)
  console.info(
    `MIDDLE_CURSOR=${cursor} SEARCH_NAME='${sample?.name ?? ''}' SEARCH_PHONE='0${(sample?.phone ?? '').slice(3)}' AGENDA_DAY=${busy?.day ?? ''}`,
  )
} finally {
  await db.close()
}
