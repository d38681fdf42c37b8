import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { auditLog, sessions } from '~db/schema'
import { testDatabases } from '../../../tests/support/databases'
import type { Database, DatabaseHandle } from '../platform/db.server'
import { closeAllDeskStreams, deskEventStream } from '../desk-events/event-stream.server'
import { setTwoStepRequired, twoStepRequired } from './policy.server'
import { signOutAccount, signOutOtherSessions, signOutOwnSession } from './session-control.server'
import { createSession, hashToken, listSessions, readSession, SESSION_IDLE_MS } from './sessions.server'
import { createStaff } from './staff.server'
import { confirmEnrollment, startEnrollment } from './two-step/two-step.server'
import { codeAt } from './two-step/totp.server'

const params = { ln: 10, r: 8, p: 1 }
const T0 = new Date('2026-05-01T08:00:00Z')
const PHONE = 'Mozilla/5.0 (Linux; Android 14; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'
const DESK = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0'
let serial = 0

afterEach(() => closeAllDeskStreams())

function openStream(memberId: number, token: string) {
  const state = { ended: false }
  void deskEventStream({ memberId, session: hashToken(token), kinds: ['appointment'], counts: {}, signal: new AbortController().signal })
    .body!.pipeTo(new WritableStream())
    .catch(() => {})
    .finally(() => (state.ended = true))
  return state
}

async function member(db: Database, role: 'admin' | 'reception' = 'reception') {
  const username = `sessions${++serial}`
  const created = await createStaff(db, { username, displayName: username, role, password: 'amber-kettle-window-9' }, { params })
  if (!created.ok) throw new Error(created.problem)
  return { id: created.id, username }
}

async function actions(db: Database, staffId: number): Promise<string[]> {
  return (await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.staffId, staffId))).map((row) => row.action)
}

describe.each(testDatabases())('sessions one can see and sign out ($name)', ({ open }) => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await open()
  })
  afterAll(async () => {
    await handle.close()
  })

  it('lists the signed-in sessions with their browser, first and last use, the current one marked; never a token or its hash', async () => {
    const me = await member(handle.db)
    const here = await createSession(handle.db, me.id, T0, { userAgent: DESK })
    const phone = await createSession(handle.db, me.id, new Date(T0.getTime() + 1000), { userAgent: PHONE })
    await createSession(handle.db, me.id, T0, { pending: true, userAgent: PHONE })
    await createSession(handle.db, me.id, new Date(T0.getTime() - SESSION_IDLE_MS - 1), { userAgent: PHONE })
    const listed = await listSessions(handle.db, me.id, here, new Date(T0.getTime() + 2000))
    expect(listed.map((s) => [s.userAgent, s.current])).toEqual([
      [PHONE, false],
      [DESK, true],
    ])
    expect(listed[1]!.createdAt).toEqual(T0)
    for (const token of [here, phone]) {
      expect(JSON.stringify(listed)).not.toContain(token)
      expect(JSON.stringify(listed)).not.toContain(hashToken(token))
    }
  })

  it('a session left idle past the idle timeout falls off the list and opens nothing; one in use stays with its last use', async () => {
    const me = await member(handle.db)
    const here = await createSession(handle.db, me.id, T0, { userAgent: DESK })
    const phone = await createSession(handle.db, me.id, T0, { userAgent: PHONE })
    const at = (ms: number) => new Date(T0.getTime() + ms)
    // This browser is used again after 20 minutes; the phone never is.
    expect(await readSession(handle.db, here, at(20 * 60_000))).not.toBeNull()
    const listed = await listSessions(handle.db, me.id, here, at(SESSION_IDLE_MS - 1))
    expect(listed.map((s) => [s.userAgent, s.lastSeenAt])).toEqual([
      [DESK, at(20 * 60_000)],
      [PHONE, T0],
    ])
    const later = await listSessions(handle.db, me.id, here, at(SESSION_IDLE_MS))
    expect(later.map((s) => [s.userAgent, s.current])).toEqual([[DESK, true]])
    expect(await readSession(handle.db, phone, at(SESSION_IDLE_MS))).toBeNull()
  })

  it('writes the last use at most once a minute', async () => {
    const me = await member(handle.db)
    const token = await createSession(handle.db, me.id, T0)
    const lastSeen = async () =>
      (
        await handle.db
          .select()
          .from(sessions)
          .where(eq(sessions.tokenHash, hashToken(token)))
      )[0]!.lastSeenAt
    await readSession(handle.db, token, new Date(T0.getTime() + 59_000))
    expect(await lastSeen()).toEqual(T0)
    await readSession(handle.db, token, new Date(T0.getTime() + 60_000))
    expect(await lastSeen()).toEqual(new Date(T0.getTime() + 60_000))
  })

  it('signs out one other session, which then opens nothing and whose stream ends; recorded', async () => {
    const me = await member(handle.db)
    const here = await createSession(handle.db, me.id, T0)
    const lost = await createSession(handle.db, me.id, T0)
    const hereStream = openStream(me.id, here)
    const lostStream = openStream(me.id, lost)
    const listed = await listSessions(handle.db, me.id, here, T0)
    const target = listed.find((s) => !s.current)!
    expect(await signOutOwnSession(handle.db, me, target.id)).toBe(true)
    expect(await readSession(handle.db, lost, T0)).toBeNull()
    expect(await readSession(handle.db, here, T0)).not.toBeNull()
    await vi.waitFor(() => expect(lostStream.ended).toBe(true))
    expect(hereStream.ended).toBe(false)
    // Once only; and no one signs out another member's session by its listing id.
    expect(await signOutOwnSession(handle.db, me, target.id)).toBe(false)
    const other = await member(handle.db)
    expect(await signOutOwnSession(handle.db, other, listed.find((s) => s.current)!.id)).toBe(false)
    expect(await signOutOwnSession(handle.db, me, 'not-an-id')).toBe(false)
    expect(await actions(handle.db, me.id)).toContain('session-end')
  })

  it('"all but this one" keeps the current session and its stream', async () => {
    const me = await member(handle.db)
    const here = await createSession(handle.db, me.id, T0)
    const others = [await createSession(handle.db, me.id, T0), await createSession(handle.db, me.id, T0)]
    const hereStream = openStream(me.id, here)
    const otherStreams = others.map((token) => openStream(me.id, token))
    expect(await signOutOtherSessions(handle.db, me, here)).toBe(2)
    for (const token of others) expect(await readSession(handle.db, token, T0)).toBeNull()
    expect(await readSession(handle.db, here, T0)).not.toBeNull()
    await vi.waitFor(() => expect(otherStreams.map((s) => s.ended)).toEqual([true, true]))
    expect(hereStream.ended).toBe(false)
    expect(await actions(handle.db, me.id)).toContain('sessions-end-others')
  })

  it('an administrator signs out every session of another account; recorded under the administrator', async () => {
    const admin = await member(handle.db, 'admin')
    const clerk = await member(handle.db)
    const tokens = [await createSession(handle.db, clerk.id, T0), await createSession(handle.db, clerk.id, T0)]
    const streams = tokens.map((token) => openStream(clerk.id, token))
    expect(await signOutAccount(handle.db, admin, clerk.id)).toBe(2)
    for (const token of tokens) expect(await readSession(handle.db, token, T0)).toBeNull()
    await vi.waitFor(() => expect(streams.map((s) => s.ended)).toEqual([true, true]))
    expect(await actions(handle.db, admin.id)).toContain('sessions-end-all')
    expect(await signOutAccount(handle.db, admin, 999_999)).toBeNull()
  })

  it('"require two-step sign-in" marks the sessions of accounts without a factor until they set one up', async () => {
    const admin = await member(handle.db, 'admin')
    const clerk = await member(handle.db)
    const token = await createSession(handle.db, clerk.id, T0)
    expect((await readSession(handle.db, token, T0))?.needsTwoStep).toBe(false)
    expect(await setTwoStepRequired(handle.db, admin, true)).toBe(true)
    expect(await setTwoStepRequired(handle.db, admin, true)).toBe(false)
    expect(await twoStepRequired(handle.db)).toBe(true)
    expect((await readSession(handle.db, token, T0))?.needsTwoStep).toBe(true)
    const secret = (await startEnrollment(handle.db, clerk.id, null))!
    // Started but not confirmed: still refused.
    expect((await readSession(handle.db, token, T0))?.needsTwoStep).toBe(true)
    expect((await confirmEnrollment(handle.db, clerk, codeAt(secret, T0), null, T0)).ok).toBe(true)
    expect((await readSession(handle.db, token, T0))?.needsTwoStep).toBe(false)
    expect(await setTwoStepRequired(handle.db, admin, false)).toBe(true)
    expect(await twoStepRequired(handle.db)).toBe(false)
    expect(await actions(handle.db, admin.id)).toEqual(expect.arrayContaining(['two-factor-policy']))
  })
})
