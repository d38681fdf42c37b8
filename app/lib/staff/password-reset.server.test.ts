import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { auditLog, passwordResets, staff } from '~db/schema'
import { testDatabases } from '../../../tests/support/databases'
import type { DatabaseHandle } from '../platform/db.server'
import { closeAllDeskStreams, deskEventStream } from '../desk-events/event-stream.server'
import {
  completePasswordReset,
  deleteExpiredResets,
  readResetToken,
  requestPasswordReset,
  RESET_LIMITS,
  RESET_TTL_MS,
} from './password-reset.server'
import { createSession, hashToken, readSession } from './sessions.server'
import { createStaff, signIn } from './staff.server'
import { setStaffEmail } from './staff-email.server'
import { confirmEnrollment, startEnrollment } from './two-step/two-step.server'
import { codeAt } from './two-step/totp.server'

const params = { ln: 10, r: 8, p: 1 }
const PASSWORD = 'amber-kettle-window-9'
const NEW_PASSWORD = 'copper-harbour-lantern-4'
const T0 = new Date('2026-05-01T08:00:00Z')
let serial = 0

afterEach(() => closeAllDeskStreams())

describe.each(testDatabases())('password reset by e-mail ($name)', ({ open }) => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await open()
  })
  afterAll(async () => {
    await handle.close()
  })

  /** An account with an e-mail address; each test its own, so the hourly limits never mix. */
  async function account(withEmail = true) {
    const username = `reset${++serial}`
    const created = await createStaff(handle.db, { username, displayName: username, role: 'reception', password: PASSWORD }, { params })
    if (!created.ok) throw new Error(created.problem)
    const actor = { id: created.id, username }
    if (withEmail)
      expect(await setStaffEmail(handle.db, actor, created.id, `${username}@Clinic.Example`)).toEqual({ ok: true, changed: true })
    return { id: created.id, username, email: `${username}@clinic.example`, actor }
  }
  /** A different client address for each ask, so only the limit under test is reached. */
  const address = () => `198.51.100.${++serial % 250}`

  it('stores only the SHA-256 of a 256-bit token, for 30 minutes, and finds the account by username or address', async () => {
    const member = await account()
    const byName = await requestPasswordReset(handle.db, { identifier: member.username.toUpperCase(), address: address() }, T0)
    expect(byName).toMatchObject({ staffId: member.id, email: member.email, username: member.username })
    expect(Buffer.from(byName!.token, 'base64url')).toHaveLength(32)
    const rows = await handle.db.select().from(passwordResets).where(eq(passwordResets.staffId, member.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(byName!.token).digest('hex'))
    expect(JSON.stringify(rows)).not.toContain(byName!.token)
    expect(rows[0]!.expiresAt.getTime() - T0.getTime()).toBe(RESET_TTL_MS)
    const byEmail = await requestPasswordReset(handle.db, { identifier: ` ${member.email.toUpperCase()} `, address: address() }, T0)
    expect(byEmail?.staffId).toBe(member.id)
    expect(byEmail!.token).not.toBe(byName!.token)
  })

  it('gives nothing for an unknown name, an account without an address, or a disabled account', async () => {
    const without = await account(false)
    const disabled = await account()
    await handle.db.update(staff).set({ disabled: true }).where(eq(staff.id, disabled.id))
    for (const identifier of ['nobody-here', 'nobody@clinic.example', without.username, disabled.username, disabled.email, '']) {
      expect(await requestPasswordReset(handle.db, { identifier, address: address() }, T0), identifier).toBeNull()
    }
    expect(await handle.db.select().from(passwordResets).where(eq(passwordResets.staffId, without.id))).toEqual([])
  })

  it('a link works until its 30 minutes are over, not after', async () => {
    const member = await account()
    const mail = (await requestPasswordReset(handle.db, { identifier: member.username, address: address() }, T0))!
    const justBefore = new Date(T0.getTime() + RESET_TTL_MS - 1)
    const atTheEnd = new Date(T0.getTime() + RESET_TTL_MS)
    expect(await readResetToken(handle.db, mail.token, justBefore)).toEqual({ staffId: member.id, username: member.username })
    expect(await readResetToken(handle.db, mail.token, atTheEnd)).toBeNull()
    expect(await completePasswordReset(handle.db, mail.token, NEW_PASSWORD, { now: atTheEnd, params })).toEqual({
      ok: false,
      problem: 'invalidLink',
    })
    // The sweep removes it.
    await deleteExpiredResets(handle.db, new Date(atTheEnd.getTime() + 1))
    expect(await handle.db.select().from(passwordResets).where(eq(passwordResets.staffId, member.id))).toEqual([])
  })

  it('sets the password once: the link, and every other link of the account, then fail; every session and stream ends', async () => {
    const member = await account()
    const first = (await requestPasswordReset(handle.db, { identifier: member.username, address: address() }, T0))!
    const second = (await requestPasswordReset(handle.db, { identifier: member.email, address: address() }, T0))!
    const sessionA = await createSession(handle.db, member.id, T0)
    const sessionB = await createSession(handle.db, member.id, T0)
    const stream = { ended: false }
    void deskEventStream({
      memberId: member.id,
      session: hashToken(sessionA),
      kinds: ['appointment'],
      counts: {},
      signal: new AbortController().signal,
    })
      .body!.pipeTo(new WritableStream())
      .catch(() => {})
      .finally(() => (stream.ended = true))

    // A weak password does not use the link up.
    expect(await completePasswordReset(handle.db, first.token, 'short', { now: T0, params })).toEqual({ ok: false, problem: 'tooShort' })
    expect(await completePasswordReset(handle.db, first.token, NEW_PASSWORD, { now: T0, params })).toEqual({ ok: true, staffId: member.id })
    expect(await completePasswordReset(handle.db, first.token, 'another-lantern-copper-5', { now: T0, params })).toEqual({
      ok: false,
      problem: 'invalidLink',
    })
    expect(await completePasswordReset(handle.db, second.token, 'another-lantern-copper-5', { now: T0, params })).toEqual({
      ok: false,
      problem: 'invalidLink',
    })
    expect(await readSession(handle.db, sessionA, T0)).toBeNull()
    expect(await readSession(handle.db, sessionB, T0)).toBeNull()
    await vi.waitFor(() => expect(stream.ended).toBe(true))
    const signedIn = await signIn(handle.db, { username: member.username, password: NEW_PASSWORD, address: address() }, { now: T0, params })
    expect(signedIn.ok).toBe(true)
    const entries = await handle.db.select().from(auditLog).where(eq(auditLog.staffId, member.id))
    expect(entries.map((entry) => entry.action)).toContain('password-reset-by-email')
  })

  it('two simultaneous uses of one link: one sets the password, the other is refused', async () => {
    const member = await account()
    const mail = (await requestPasswordReset(handle.db, { identifier: member.username, address: address() }, T0))!
    const results = await Promise.all([
      completePasswordReset(handle.db, mail.token, 'first-copper-lantern-1', { now: T0, params }),
      completePasswordReset(handle.db, mail.token, 'second-copper-lantern-2', { now: T0, params }),
    ])
    expect(results.filter((result) => result.ok)).toHaveLength(1)
    expect(results.filter((result) => !result.ok)).toEqual([{ ok: false, problem: 'invalidLink' }])
  })

  it('two-step sign-in is still asked after a reset', async () => {
    const member = await account()
    const secret = (await startEnrollment(handle.db, member.id, null))!
    expect((await confirmEnrollment(handle.db, member.actor, codeAt(secret, T0), null, T0)).ok).toBe(true)
    const mail = (await requestPasswordReset(handle.db, { identifier: member.username, address: address() }, T0))!
    expect((await completePasswordReset(handle.db, mail.token, NEW_PASSWORD, { now: T0, params })).ok).toBe(true)
    const signedIn = await signIn(handle.db, { username: member.username, password: NEW_PASSWORD, address: address() }, { now: T0, params })
    expect(signedIn).toMatchObject({ ok: true, twoStep: true })
  })

  it('25 simultaneous asks for one account issue at most the account’s limit of links', async () => {
    const member = await account()
    const asks = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        requestPasswordReset(handle.db, { identifier: i % 2 ? member.username : member.email, address: address() }, T0),
      ),
    )
    const issued = asks.filter((mail) => mail !== null)
    expect(issued).toHaveLength(RESET_LIMITS.account)
    expect(await handle.db.select().from(passwordResets).where(eq(passwordResets.staffId, member.id))).toHaveLength(RESET_LIMITS.account)
  })

  it('25 simultaneous asks from one address issue at most the address’s limit, whatever accounts they name', async () => {
    const members = await Promise.all(Array.from({ length: 5 }, () => account()))
    const from = `203.0.113.${++serial % 250}`
    const asks = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        requestPasswordReset(handle.db, { identifier: members[i % members.length]!.username, address: from }, T0),
      ),
    )
    expect(asks.filter((mail) => mail !== null)).toHaveLength(RESET_LIMITS.address)
  })

  it('the limits are per hour: an account that reached its limit may ask again in the next hour', async () => {
    const member = await account()
    const asks = await Promise.all(
      Array.from({ length: 25 }, () => requestPasswordReset(handle.db, { identifier: member.email, address: address() }, T0)),
    )
    expect(asks.filter((mail) => mail !== null)).toHaveLength(RESET_LIMITS.account)
    // An hour later the account may ask again.
    const later = await requestPasswordReset(
      handle.db,
      { identifier: member.email, address: address() },
      new Date(T0.getTime() + 60 * 60 * 1000),
    )
    expect(later?.staffId).toBe(member.id)
  })
})
