import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { testDatabases } from '../../../tests/support/databases'
import { openDatabase, type Database, type DatabaseHandle } from '../platform/db.server'
import { closeAllDeskStreams, deskEventStream } from '../desk-events/event-stream.server'
import { listenForDeskEvents } from '../desk-events/listen.server'
import { changeOwnPassword } from './account.server'
import { createSession, hashToken } from './sessions.server'
import { setTwoStepRequired } from './policy.server'
import { createStaff, resetStaffPassword, setStaffDisabled, setStaffRole, signOut } from './staff.server'
import { parseSecretKey } from './two-step/secret-box.server'
import { codeAt } from './two-step/totp.server'
import { confirmEnrollment, startEnrollment } from './two-step/two-step.server'

const params = { ln: 10, r: 8, p: 1 }
const PASSWORD = 'amber-kettle-window-9'
let serial = 0

afterEach(() => {
  closeAllDeskStreams()
})

/** A signed-in staff member and an open desk stream for each of their `count` sessions. */
async function signedIn(db: Database, role: 'admin' | 'reception' = 'reception', count = 1) {
  const username = `stream${++serial}`
  const created = await createStaff(db, { username, displayName: username, role, password: PASSWORD }, { params })
  if (!created.ok) throw new Error(created.problem)
  const tokens = await Promise.all(Array.from({ length: count }, () => createSession(db, created.id)))
  const streams = tokens.map((token) => {
    const response = deskEventStream({
      memberId: created.id,
      session: hashToken(token),
      kinds: ['appointment'],
      counts: {},
      signal: new AbortController().signal,
    })
    const state = { ended: false, text: '' }
    const decoder = new TextDecoder()
    void response
      .body!.pipeTo(new WritableStream({ write: (chunk) => void (state.text += decoder.decode(chunk, { stream: true })) }))
      .catch(() => {})
      .finally(() => (state.ended = true))
    return state
  })
  return { id: created.id, username, tokens, streams, actor: { id: created.id, username } }
}

describe.each(testDatabases())('live desk streams end with the session ($name)', ({ open }) => {
  let handle: DatabaseHandle
  let admin: Awaited<ReturnType<typeof signedIn>>
  beforeAll(async () => {
    handle = await open()
    admin = await signedIn(handle.db, 'admin')
  })
  afterAll(async () => {
    await handle.close()
  })

  it('signing out ends that session’s streams only', async () => {
    const member = await signedIn(handle.db, 'reception', 2)
    await signOut(handle.db, member.tokens[0]!)
    await vi.waitFor(() => expect(member.streams[0]!.ended).toBe(true))
    expect(member.streams[1]!.ended).toBe(false)
    // Its open pages are told to load again: the server then sends them to the sign-in page.
    expect(member.streams[0]!.text).toContain('event: reload')
  })

  it('requiring two-step sign-in ends the streams of the accounts without it, and tells their pages to load again', async () => {
    const without = await signedIn(handle.db, 'reception', 2)
    const withFactor = await signedIn(handle.db, 'reception')
    const key = parseSecretKey(Buffer.alloc(32, 5).toString('base64'))
    const now = new Date('2031-03-01T08:00:10Z')
    const secret = (await startEnrollment(handle.db, withFactor.id, key))!
    expect((await confirmEnrollment(handle.db, withFactor.actor, codeAt(secret, now), key, now)).ok).toBe(true)
    expect(await setTwoStepRequired(handle.db, admin.actor, true)).toBe(true)
    await vi.waitFor(() => expect(without.streams.map((s) => s.ended)).toEqual([true, true]))
    expect(without.streams.every((s) => s.text.includes('event: reload'))).toBe(true)
    expect(withFactor.streams[0]!.ended).toBe(false)
    await setTwoStepRequired(handle.db, admin.actor, false)
  })

  it('a disabled account, a new role and a password reset end all the member’s streams', async () => {
    const disabled = await signedIn(handle.db, 'reception', 2)
    const promoted = await signedIn(handle.db, 'reception')
    const reset = await signedIn(handle.db, 'reception')
    const bystander = await signedIn(handle.db, 'reception')
    expect(await setStaffDisabled(handle.db, disabled.id, true, admin.actor)).toEqual({ ok: true })
    expect(await setStaffRole(handle.db, admin.actor, promoted.id, 'academy')).toEqual({ ok: true })
    expect(await resetStaffPassword(handle.db, reset.id, 'other-lantern-harbour-7', { params, actor: admin.actor })).toEqual({
      ok: true,
    })
    await vi.waitFor(() => {
      expect(disabled.streams.map((s) => s.ended)).toEqual([true, true])
      expect(promoted.streams[0]!.ended).toBe(true)
      expect(reset.streams[0]!.ended).toBe(true)
    })
    expect(bystander.streams[0]!.ended).toBe(false)
    // The disabled and reset accounts' pages load again; a new role only reconnects with its kinds.
    expect(disabled.streams.every((s) => s.text.includes('event: reload'))).toBe(true)
    expect(reset.streams[0]!.text).toContain('event: reload')
    expect(promoted.streams[0]!.text).not.toContain('event: reload')
  })

  it('a new password of one’s own ends the other sessions’ streams, not this one’s', async () => {
    const member = await signedIn(handle.db, 'reception', 2)
    const changed = await changeOwnPassword(
      handle.db,
      { member: member.actor, sessionToken: member.tokens[0]!, current: PASSWORD, next: 'fresh-lantern-harbour-8', address: '192.0.2.9' },
      { params },
    )
    expect(changed).toEqual({ ok: true })
    await vi.waitFor(() => expect(member.streams[1]!.ended).toBe(true))
    expect(member.streams[0]!.ended).toBe(false)
  })
})

const serverUrl = process.env.TEST_DATABASE_URL

describe.skipIf(!serverUrl)('live desk streams end in every process (postgres LISTEN/NOTIFY)', () => {
  let name: string
  let url: string
  let handle: DatabaseHandle
  beforeAll(async () => {
    name = `test_ends_${randomBytes(6).toString('hex')}`
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    await client.query(`create database ${name}`)
    await client.end()
    const parsed = new URL(serverUrl!)
    parsed.pathname = `/${name}`
    url = parsed.toString()
    handle = await openDatabase({ url })
  })
  afterAll(async () => {
    await handle.close()
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    await client.query(`drop database if exists ${name} with (force)`)
    await client.end()
  })

  it('a sign-out in one process ends the stream another serves, once the sign-out commits', async () => {
    const listener = listenForDeskEvents({ url, delays: { first: 50, max: 200 } })
    try {
      await listener.ready
      const member = await signedIn(handle.db)
      await signOut(handle.db, member.tokens[0]!)
      await vi.waitFor(() => expect(member.streams[0]!.ended).toBe(true))
    } finally {
      await listener.stop()
    }
  })
})
