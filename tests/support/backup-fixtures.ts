/**
 * Test support for the backup tests: databases of both kinds filled with a little of everything a
 * clinic keeps, and a table-by-table picture of a database to compare after a restore.
 */
import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { openDatabase, type Database, type DatabaseHandle } from '~/lib/platform/db.server'
import { selectRows } from '~/lib/platform/select-rows.server'
import { createStaff } from '~/lib/staff/staff.server'
import { recordChange } from '~/lib/site/site-documents.server'
import { databaseStorage } from '~/lib/media/storage.server'
import type { TargetAddress } from '~/lib/backups/restore-target.server'
import type { BackupKey } from '~/lib/backups/backup-key.server'

/** The backup key of the tests' archives. */
export const TEST_KEY: BackupKey = { secret: randomBytes(32).toString('base64'), origin: 'the tests' }
/** A patient, and an authenticator secret stored as it is without STAFF_SECRET_KEY, that no archive may show. */
export const SECRET_PATIENT = { name: 'Zarghona Sherzad', phone: '+93799123456', authenticator: 'plain:GUDSGKZRGQ3TMMBXHA4DOOJRGI2DAMZW' }

export const STAFF_PASSWORD = 'Xq7#Kabul-backup-drill-2026'
const FAST_HASH = { ln: 10, r: 8, p: 1 }

/** A new PostgreSQL database on TEST_DATABASE_URL's server; `drop()` removes it. */
export async function serverDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `backup_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const cleanup = new pg.Client({ connectionString: serverUrl })
      await cleanup.connect()
      await cleanup.query(`drop database if exists ${name} with (force)`)
      await cleanup.end()
    },
  }
}

export function openAddress(address: TargetAddress): Promise<DatabaseHandle> {
  return openDatabase(address)
}

/** Fills the database with staff, requests (quotes, semicolons, newlines, Dari), content versions and an image. */
export async function seed(db: Database, storageDir: string): Promise<{ image: Buffer }> {
  const created = await createStaff(
    db,
    { username: 'reception', displayName: 'Reception desk', role: 'reception', password: STAFF_PASSWORD },
    { params: FAST_HASH },
  )
  if (!created.ok) throw new Error(created.problem)
  await db.execute(sql`
    insert into appointments (name, phone, date, message, locale, submission_key)
    select 'مریض ' || n || E' O''Brien;\n-- not a comment', '+9370000' || lpad(n::text, 4, '0'), date '2026-12-01' + (n % 30),
           case when n % 3 = 0 then null else 'Tooth ache; $$ dollar $x$ quoted' end, 'fa', 'seed-' || n
    from generate_series(1, 2500) as n`)
  await db.execute(sql`
    insert into appointments (name, phone, date, message, locale, submission_key)
    values (${SECRET_PATIENT.name}, ${SECRET_PATIENT.phone}, '2026-12-02', 'Wisdom tooth', 'en', 'seed-secret')`)
  await db.execute(
    sql`insert into staff_two_factor (staff_id, secret, confirmed_at) values (${created.id}, ${SECRET_PATIENT.authenticator}, now())`,
  )
  await recordChange(db, 'settings', { phone: '+93700000001', note: 'first' }, created.id)
  await recordChange(db, 'settings', { phone: '+93700000002', note: 'second' }, created.id)
  const image = randomBytes(40_000)
  // Uploads live in the database (media_files); a file an earlier version left in STORAGE_DIR travels too.
  await databaseStorage(async () => db).put('abc123-640.webp', image)
  await mkdir(path.join(storageDir, 'media'), { recursive: true })
  await writeFile(path.join(storageDir, 'media', 'abc123-640.webp'), image)
  await db.execute(sql`
    insert into media_assets (name, width, height, widths, bytes, alt)
    values ('abc123', 640, 480, '[640]', ${image.length}, '{"en":"Clinic","fa":"کلینیک","ps":"کلینیک"}')`)
  return { image }
}

/** An uploaded file's bytes as the site serves them. */
export async function storedImage(db: Database, name: string): Promise<Buffer> {
  const file = await databaseStorage(async () => db).get(name)
  if (!file) throw new Error(`${name} is not stored`)
  return Buffer.from(await new Response(file.body).arrayBuffer())
}

/** Every table's rows as the database itself writes them in JSON, ordered. */
export async function picture(db: Database): Promise<Record<string, string[]>> {
  await db.execute(sql`set timezone to 'UTC'`)
  const tables = await selectRows<{ name: string }>(
    db,
    sql`select schemaname || '.' || tablename as name from pg_tables where schemaname in ('public', 'drizzle') order by 1`,
  )
  const out: Record<string, string[]> = {}
  for (const { name } of tables) {
    const [schema, table] = name.split('.')
    const rows = await selectRows<{ row: string }>(
      db,
      sql.raw(`select row_to_json(t)::text as row from "${schema}"."${table}" t order by 1`),
    )
    out[name] = rows.map((r) => r.row).sort()
  }
  return out
}
