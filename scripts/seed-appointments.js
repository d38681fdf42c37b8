// Fills a database with many appointment requests, for measuring the admin lists.
//   node scripts/seed-appointments.js [count=100000]
// Uses DATABASE_URL when set, otherwise the embedded database in DATA_DIR (default ./data; the
// server must not be running on it). Brings the schema up to date first. The rows are marked as
// seed data (names 'Seed Patient N', submission keys 'seed-…'); never run this on a live database.
// Prints the address of a page in the middle of the list, for scripts/measure-admin-list.js.
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

/** query(text, params) → rows, for either database. */
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
    // One request a minute, going back in time; statuses in rotation; phones +9370xxxxxxx.
    await db.query(
      `insert into appointments (name, phone, email, date, message, locale, status, submission_key, created_at)
       select 'Seed Patient ' || g, '+9370' || lpad(g::text, 7, '0'),
              case when g % 3 = 0 then 'seed' || g || '@example.org' end,
              date '2030-01-01' + (g % 365),
              case when g % 4 = 0 then 'Seed message ' || g end,
              (array['en','fa','ps'])[1 + g % 3],
              (array['pending','confirmed','completed','cancelled','no-show'])[1 + g % 5],
              'seed-' || $3 || '-' || g,
              now() - make_interval(mins => g)
       from generate_series($1::int, $2::int) g`,
      [from, to, run],
    )
    process.stdout.write(`\r${to.toLocaleString('en-US')} / ${count.toLocaleString('en-US')}`)
  }
  await db.query('analyze appointments')
  const [{ total }] = await db.query('select count(*)::int as total from appointments')
  const middle = Math.floor(total / 2)
  const [row] = await db.query(
    `select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as t, id
     from appointments order by created_at desc, id desc offset $1 limit 1`,
    [middle],
  )
  const cursor = Buffer.from(`${row.t}~${row.id}`).toString('base64url')
  console.info(
    `\nSeeded ${count.toLocaleString('en-US')} appointments in ${((Date.now() - started) / 1000).toFixed(1)} s; ${total.toLocaleString('en-US')} in all.`,
  )
  console.info(`Middle of the list (row ${middle.toLocaleString('en-US')}): /admin/patients?after=${cursor}`)
} finally {
  await db.close()
}
