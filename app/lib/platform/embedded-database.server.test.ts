import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { Worker } from 'node:worker_threads'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { isDatabaseUnavailable } from './db.server'
import { EmbeddedDatabase } from './embedded-database.server'

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
