import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Worker } from 'node:worker_threads'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { isDatabaseUnavailable, MIGRATIONS_FOLDER } from './db.server'
import { EmbeddedDatabase } from './embedded-database.server'
import { FolderInUseError, lockFolder, type FolderLock } from './folder-lock.server'

describe('the embedded database in its worker thread', () => {
  let database: EmbeddedDatabase

  beforeAll(async () => {
    database = await EmbeddedDatabase.open(null)
    await database.exec('create table notes (id int primary key, body text not null, at timestamptz not null default now())')
  })
  afterAll(() => database.close())

  it('answers queries with parameters, in object and array rows', async () => {
    await database.query('insert into notes (id, body) values ($1, $2)', [1, 'first'])
    expect((await database.query<{ body: string }>('select body from notes where id = $1', [1])).rows).toEqual([{ body: 'first' }])
    expect((await database.query('select id, body from notes where id = 1', [], { rowMode: 'array' })).rows).toEqual([[1, 'first']])
  })

  it("keeps a timestamp's text when Drizzle asks for it, and parses it otherwise", async () => {
    const keep = { parsers: { 1184: (value: string) => value } }
    const [kept] = (await database.query<{ at: unknown }>('select at from notes where id = 1', [], keep)).rows
    expect(typeof kept?.at).toBe('string')
    const [parsed] = (await database.query<{ at: unknown }>('select at from notes where id = 1')).rows
    expect(parsed?.at).toBeInstanceOf(Date)
  })

  it('refuses a parser that changes the value, which could not run in the worker', async () => {
    await expect(database.query('select 1', [], { parsers: { 23: (value: string) => Number(value) } })).rejects.toThrow(
      /keep a value's text/,
    )
  })

  it("passes PostgreSQL's error fields through (code, constraint)", async () => {
    const error = await database.query('insert into notes (id, body) values (1, $1)', ['again']).catch((e: unknown) => e)
    expect(error).toMatchObject({ code: '23505', constraint: 'notes_pkey' })
    expect(isDatabaseUnavailable(error)).toBe(false)
  })

  it('commits a transaction that returns and rolls back one that throws', async () => {
    await database.transaction(async (tx) => {
      await tx.query("insert into notes (id, body) values (2, 'kept')")
    })
    await expect(
      database.transaction(async (tx) => {
        await tx.query("insert into notes (id, body) values (3, 'dropped')")
        throw new Error('changed my mind')
      }),
    ).rejects.toThrow('changed my mind')
    const ids = (await database.query<{ id: number }>('select id from notes where id in (2, 3) order by id')).rows.map((row) => row.id)
    expect(ids).toEqual([2])
  })

  it('runs a statement from outside only after an open transaction has ended', async () => {
    const order: string[] = []
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const transaction = database.transaction(async (tx) => {
      await tx.query("insert into notes (id, body) values (4, 'inside')")
      order.push('inside')
      await held
    })
    await vi.waitFor(() => expect(order).toEqual(['inside']))
    const outside = database.query<{ count: number }>('select count(*)::int as count from notes where id = 4').then((result) => {
      order.push('outside')
      return result.rows[0]?.count
    })
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(order).toEqual(['inside'])
    release()
    await transaction
    expect(await outside).toBe(1)
  })
})

describe("an in-memory database's archive", () => {
  it('holds the whole database: another in-memory database opened from it has the same tables and rows, and changes apart', async () => {
    const original = await EmbeddedDatabase.open(null)
    try {
      await original.exec("create table notes (id int primary key, body text not null); insert into notes values (1, 'kept')")
      const copy = await EmbeddedDatabase.open(null, { archive: await original.archive() })
      try {
        expect((await copy.query<{ body: string }>('select body from notes')).rows).toEqual([{ body: 'kept' }])
        await copy.exec("insert into notes values (2, 'only in the copy')")
        expect((await original.query('select id from notes')).rows).toEqual([{ id: 1 }])
      } finally {
        await copy.close()
      }
    } finally {
      await original.close()
    }
  })
})

describe('when the worker stops', () => {
  it('fails the calls in progress as unavailable, then opens the same folder again', async () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'embedded-'))
    const database = await EmbeddedDatabase.open(path.join(folder, 'pglite'))
    try {
      await database.exec("create table kept (value text); insert into kept values ('before')")
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
      const worker = (database as unknown as { worker: Worker }).worker
      const inProgress = database.query('select pg_sleep(0.5)').catch((e: unknown) => e)
      await worker.terminate()
      expect(isDatabaseUnavailable(await inProgress)).toBe(true)
      expect(logged).toHaveBeenCalledWith('The embedded database stopped unexpectedly; opening it again in 1 s.')
      const rows = (await database.query<{ value: string }>('select value from kept')).rows
      expect(rows).toEqual([{ value: 'before' }])
    } finally {
      await database.close()
      rmSync(folder, { recursive: true, force: true })
    }
  })

  it('answers every call after close as unavailable', async () => {
    const database = await EmbeddedDatabase.open(null)
    await database.close()
    const error = await database.query('select 1').catch((e: unknown) => e)
    expect(isDatabaseUnavailable(error)).toBe(true)
  })
})

describe('a new folder', () => {
  const folders: string[] = []
  const dataDir = () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'embedded-new-'))
    folders.push(folder)
    return folder
  }
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
  })

  it('is created in a process of its own, which holds the folder lock until it ends; the server then opens it', async () => {
    const dir = dataDir()
    const lock = await lockFolder(dir)
    let creator: number | undefined
    let whileCreating: unknown
    // The lock as the server holds it, let go as soon as the creating process has its copy: only
    // that process then holds the folder.
    const handedOver: FolderLock = {
      release: () => lock.release(),
      shareWith: async (child, message) => {
        await lock.shareWith(child, message)
        creator = child.pid
        await lock.release()
        whileCreating = await lockFolder(dir).then(
          (taken) => taken.release(),
          (error: unknown) => error,
        )
      },
    }
    const database = await EmbeddedDatabase.open(path.join(dir, 'pglite'), { migrationsFolder: MIGRATIONS_FOLDER, lock: handedOver })
    try {
      expect(creator).toBeGreaterThan(0)
      expect(creator).not.toBe(process.pid)
      expect(whileCreating, 'the folder stays locked while the creating process runs').toBeInstanceOf(FolderInUseError)
      // The creating process answers who holds the lock, unless it is busy in the cluster's creation.
      expect([creator, null]).toContain((whileCreating as FolderInUseError).ownerPid)
      const migrations = await database.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations')
      const journal = readdirSync(MIGRATIONS_FOLDER).filter((name) => name.endsWith('.sql'))
      expect(migrations.rows[0]?.n).toBe(journal.length)
      expect((await database.query('select count(*) from site_documents')).rows).toHaveLength(1)
      expect(readdirSync(dir).sort(), 'nothing is left of the creation beside the folder').toEqual(['pglite'])
    } finally {
      await database.close()
    }
    // Once the creating process has ended, the lock is free again.
    await (await lockFolder(dir)).release()
  })

  it('whose creation fails leaves no folder behind, and says why', async () => {
    const dir = dataDir()
    const migrations = path.join(dir, 'migrations')
    mkdirSync(path.join(migrations, 'meta'), { recursive: true })
    writeFileSync(
      path.join(migrations, 'meta', '_journal.json'),
      JSON.stringify({
        version: '7',
        dialect: 'postgresql',
        entries: [{ idx: 0, version: '7', when: 1, tag: '0000_broken', breakpoints: true }],
      }),
    )
    writeFileSync(path.join(migrations, '0000_broken.sql'), 'create table broken (id int references missing_table (id));')
    const folder = path.join(dir, 'pglite')
    const error = await EmbeddedDatabase.open(folder, { migrationsFolder: migrations }).then(
      () => null,
      (failure: unknown) => failure,
    )
    expect(error).toBeInstanceOf(Error)
    expect((error as Error).message).toMatch(new RegExp(`^The embedded database could not be created in ${folder}: .*missing_table`))
    expect(existsSync(folder)).toBe(false)
    expect(existsSync(`${folder}.creating`)).toBe(false)
  })

  it('is refused where the folder holds files but no database, and those files are left alone', async () => {
    const folder = path.join(dataDir(), 'pglite')
    mkdirSync(folder)
    writeFileSync(path.join(folder, 'notes.txt'), 'kept')
    await expect(EmbeddedDatabase.open(folder, { migrationsFolder: MIGRATIONS_FOLDER })).rejects.toThrow(
      /holds files but no database \(PG_VERSION is missing\)/,
    )
    expect(readdirSync(folder)).toEqual(['notes.txt'])
  })
})
