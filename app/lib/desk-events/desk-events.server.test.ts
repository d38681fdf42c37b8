import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { appointments, registrations } from '~db/schema'
import { testDatabases } from '../../../tests/support/databases'
import { openDatabase, type DatabaseHandle } from '../platform/db.server'
import { newRequestStored, storeNewRequest } from './new-request.server'
import { subscribeToDesk, type DeskMessage } from './desk-bus.server'
import { listenForDeskEvents, type DeskListener } from './listen.server'
import type { DeskKind } from './desk-events'

let serial = 0

/** Stores a request the way the public form does; its id. */
async function storeRow(handle: DatabaseHandle, kind: DeskKind, { fail = false } = {}) {
  const key = `desk-${Date.now()}-${++serial}`
  const id = await storeNewRequest(handle.db, kind, async (db) => {
    if (fail) throw new Error('not stored')
    const [row] =
      kind === 'appointment'
        ? await db
            .insert(appointments)
            .values({ name: 'Desk Event', phone: '+93701234567', date: '2030-01-01', submissionKey: key })
            .returning({ id: appointments.id })
        : await db
            .insert(registrations)
            .values({
              name: 'Desk Event',
              phone: '+93701234567',
              email: 'a@example.com',
              address: 'Kabul',
              education: 'School',
              course: 'radiology',
              submissionKey: key,
            })
            .returning({ id: registrations.id })
    return row!.id
  })
  return id!
}

/** Stores a request the way the public form does, then announces it. */
async function storeRequest(handle: DatabaseHandle, kind: DeskKind, options: { fail?: boolean } = {}) {
  return newRequestStored(handle.db, kind, await storeRow(handle, kind, options))
}

function collect() {
  const messages: DeskMessage[] = []
  const unsubscribe = subscribeToDesk((message) => messages.push(message))
  return { messages, unsubscribe }
}

describe.each(testDatabases())('announcing new requests in one process ($name)', (target) => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await target.open()
  })
  afterAll(async () => {
    await handle.close()
  })

  it('delivers a stored request with its pending count, and nothing for one that was not stored', async () => {
    const { messages, unsubscribe } = collect()
    const first = await storeRequest(handle, 'appointment')
    await expect(storeRequest(handle, 'appointment', { fail: true })).rejects.toThrow('not stored')
    const second = await storeRequest(handle, 'appointment')
    const third = await storeRequest(handle, 'registration')
    unsubscribe()
    expect(messages).toEqual([
      { type: 'created', event: { kind: 'appointment', id: first.id, pending: 1 } },
      { type: 'created', event: { kind: 'appointment', id: second.id, pending: 2 } },
      { type: 'created', event: { kind: 'registration', id: third.id, pending: 1 } },
    ])
  })

  it('sends the announcements stored while one is on its way together, each with the count', async () => {
    const ids = await Promise.all([1, 2, 3, 4].map(() => storeRow(handle, 'registration')))
    const { messages, unsubscribe } = collect()
    const statements = vi.spyOn(handle.db, 'execute')
    const events = await Promise.all(ids.map((id) => newRequestStored(handle.db, 'registration', id)))
    const sent = statements.mock.calls.length
    statements.mockRestore()
    unsubscribe()
    // The first goes at once; the other three wait for it and go in one statement.
    expect(sent).toBe(2)
    expect(events.map((event) => event.id)).toEqual(ids)
    const pending = events[0]!.pending
    expect(events.every((event) => event.pending === pending)).toBe(true)
    expect(messages).toEqual(ids.map((id) => ({ type: 'created', event: { kind: 'registration', id, pending } })))
  })
})

const serverUrl = process.env.TEST_DATABASE_URL

describe.skipIf(!serverUrl)('announcing new requests across processes (postgres LISTEN/NOTIFY)', () => {
  let url: string
  let name: string
  let handle: DatabaseHandle
  let listener: DeskListener | null = null
  const messages: DeskMessage[] = []

  beforeAll(async () => {
    name = `test_desk_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    const parsed = new URL(serverUrl!)
    parsed.pathname = `/${name}`
    url = parsed.toString()
    handle = await openDatabase({ url })
  })
  afterEach(async () => {
    await listener?.stop()
    listener = null
    messages.length = 0
  })
  afterAll(async () => {
    await handle.close()
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  })

  function listen() {
    listener = listenForDeskEvents({ url, deliver: (message) => messages.push(message), delays: { first: 50, max: 200 } })
    return listener
  }

  it('hears a stored request once, and no notification before its transaction commits', async () => {
    await listen().ready
    // Held open: nothing is announced before the commit.
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    await client.query('begin')
    await client.query(`select pg_notify('staff_desk', '{"kind":"appointment","id":99999,"pending":1}')`)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(messages).toEqual([])
    await client.query('rollback')
    await client.end()

    // Heard through the LISTEN connection, once.
    const event = await storeRequest(handle, 'appointment')
    await vi.waitFor(() => expect(messages).toEqual([{ type: 'created', event }]))
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(messages).toHaveLength(1)
  })

  it('opens the LISTEN connection again after the server ends it, and asks the pages to reload', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    await listen().ready
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    const { rows } = await admin.query(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity where datname = $1 and query ilike 'LISTEN%'`,
      [name],
    )
    await admin.end()
    expect(rows).toEqual([{ ended: true }])
    await vi.waitFor(() => expect(messages).toContainEqual({ type: 'resync' }), { timeout: 10_000 })
    const event = await storeRequest(handle, 'registration')
    await vi.waitFor(() => expect(messages).toContainEqual({ type: 'created', event }), { timeout: 10_000 })
    expect(warn.mock.calls.flat().join('\n')).toMatch(/live updates/i)
  })

  it('keeps trying while the database cannot be reached', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const away = listenForDeskEvents({ url: 'postgres://postgres@127.0.0.1:1/none', deliver: () => {}, delays: { first: 20, max: 40 } })
    await vi.waitFor(() => expect(warn.mock.calls.length).toBeGreaterThanOrEqual(3), { timeout: 10_000 })
    expect(away.connected()).toBe(false)
    await away.stop()
  })
})
