import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabases } from '../../../tests/support/databases'
import { loginFailures, sessions, staff } from '~db/schema'
import type { DatabaseHandle } from '../platform/db.server'
import { createSession, deleteSession, hashToken, readSession, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from './sessions.server'
import { createFirstAdmin, issueSetupToken, isValidSetupToken } from './first-admin.server'
import { countStaff, createStaff, resetStaffPassword, setStaffDisabled, signIn } from './staff.server'
import { ADDRESS_RULE, delayAfter, FIRST_DELAY_MS } from './throttle.server'

const params = { ln: 10, r: 8, p: 1 }
const T0 = new Date('2030-03-01T08:00:00Z')
const at = (ms: number) => new Date(T0.getTime() + ms)

describe.each(testDatabases())('staff accounts on $name', ({ open }) => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await open()
  })
  afterAll(async () => {
    await handle.close()
  })

  it('creates the first administrator only through a valid, unexpired setup token', async () => {
    const { db } = handle
    expect(await countStaff(db)).toBe(0)
    const link = await issueSetupToken(db, undefined, T0)
    const token = link?.kind === 'new' ? link.token : null
    expect(token).toMatch(/^[\w-]{43}$/)
    // Stored hashed only.
    const stored = await db.execute(`select token_hash from setup_tokens`)
    expect(JSON.stringify(stored)).not.toContain(token!)
    expect(await isValidSetupToken(db, token!, at(59 * 60 * 1000))).toBe(true)
    expect(await isValidSetupToken(db, token!, at(61 * 60 * 1000))).toBe(false)
    expect(await isValidSetupToken(db, 'not-the-token', T0)).toBe(false)

    const weak = await createFirstAdmin(
      db,
      token!,
      { username: 'boss', displayName: 'Boss', password: 'password1234' },
      { now: T0, params },
    )
    expect(weak).toEqual({ ok: false, problem: 'common' })
    const created = await createFirstAdmin(
      db,
      token!,
      { username: 'Boss', displayName: 'The Boss', password: 'amber-kettle-window-9' },
      { now: T0, params },
    )
    expect(created.ok).toBe(true)
    // The link works once.
    const again = await createFirstAdmin(
      db,
      token!,
      { username: 'boss2', displayName: 'B', password: 'amber-kettle-window-9' },
      { now: T0, params },
    )
    expect(again).toEqual({ ok: false, problem: 'tokenInvalid' })
    expect(await issueSetupToken(db, undefined, T0)).toBeNull()
    const [row] = await db.select().from(staff).where(eq(staff.username, 'boss'))
    expect(row?.role).toBe('admin')
    expect(row?.passwordHash).toMatch(/^scrypt\$/)
  })

  it('refuses a duplicate username and weak passwords for new accounts', async () => {
    const { db } = handle
    expect(
      await createStaff(db, { username: 'boss', displayName: 'X', role: 'reception', password: 'amber-kettle-window-9' }, { params }),
    ).toEqual({
      ok: false,
      problem: 'usernameTaken',
    })
    expect(await createStaff(db, { username: 'desk', displayName: 'Desk', role: 'reception', password: 'short' }, { params })).toEqual({
      ok: false,
      problem: 'tooShort',
    })
    expect(
      await createStaff(db, { username: 'desk', displayName: 'Desk', role: 'reception', password: 'desk-desk-desk-1' }, { params }),
    ).toEqual({
      ok: false,
      problem: 'containsUsername',
    })
  })

  it('signs in, and answers unknown users and wrong passwords alike', async () => {
    const { db } = handle
    await createStaff(db, { username: 'desk', displayName: 'Front Desk', role: 'reception', password: 'green-olive-harbour' }, { params })
    const wrong = await signIn(db, { username: 'desk', password: 'green-olive-harbor', address: '10.0.0.1' }, { now: T0, params })
    const unknown = await signIn(db, { username: 'nobody', password: 'green-olive-harbour', address: '10.0.0.1' }, { now: T0, params })
    expect(wrong).toEqual({ ok: false, reason: 'invalid', retryAt: null })
    expect(unknown).toEqual({ ok: false, reason: 'invalid', retryAt: null })
    const ok = await signIn(db, { username: ' DESK ', password: 'green-olive-harbour', address: '10.0.0.1' }, { now: T0, params })
    expect(ok.ok).toBe(true)
    // A success clears the address's and the pair's failures; the unknown account's counters and
    // the account-wide count stay.
    expect((await db.select().from(loginFailures)).map((row) => row.scope).sort()).toEqual(['account', 'account', 'account-address'])
  })

  it('delays after five failures, and the right password works once the delay has passed', async () => {
    const { db } = handle
    await createStaff(db, { username: 'academy', displayName: 'Office', role: 'academy', password: 'violet-cedar-mountain' }, { params })
    const address = '192.0.2.7'
    for (let i = 0; i < 4; i++) {
      const result = await signIn(db, { username: 'academy', password: `wrong-guess-${i}`, address }, { now: at(i * 1000), params })
      expect(result).toEqual({ ok: false, reason: 'invalid', retryAt: null })
    }
    const fifth = await signIn(db, { username: 'academy', password: 'wrong-guess-5', address }, { now: at(5000), params })
    expect(fifth).toEqual({ ok: false, reason: 'invalid', retryAt: at(5000 + FIRST_DELAY_MS) })
    // During the delay even the right password is not checked.
    const early = await signIn(db, { username: 'academy', password: 'violet-cedar-mountain', address }, { now: at(10_000), params })
    expect(early).toEqual({ ok: false, reason: 'throttled', retryAt: at(5000 + FIRST_DELAY_MS) })
    // From another address the account is not held back (no lock-out).
    const elsewhere = await signIn(
      db,
      { username: 'academy', password: 'violet-cedar-mountain', address: '198.51.100.1' },
      { now: at(10_000), params },
    )
    expect(elsewhere.ok).toBe(true)
    // A further failure after the delay doubles it.
    const sixth = await signIn(db, { username: 'academy', password: 'wrong-guess-6', address }, { now: at(40_000), params })
    expect(sixth).toEqual({ ok: false, reason: 'invalid', retryAt: at(40_000 + 2 * FIRST_DELAY_MS) })
    const late = await signIn(
      db,
      { username: 'academy', password: 'violet-cedar-mountain', address },
      { now: at(40_000 + 2 * FIRST_DELAY_MS), params },
    )
    expect(late.ok).toBe(true)
    // And the counter starts again.
    const next = await signIn(db, { username: 'academy', password: 'wrong-again', address }, { now: at(200_000), params })
    expect(next).toEqual({ ok: false, reason: 'invalid', retryAt: null })
  })

  it('grows the delay up to a ceiling', () => {
    expect([4, 5, 6, 7, 20].map((failures) => delayAfter(failures))).toEqual([0, 30_000, 60_000, 120_000, 15 * 60_000])
  })

  it('throttles an address that tries many usernames', async () => {
    const { db } = handle
    const address = '203.0.113.9'
    let last
    for (let i = 0; i < ADDRESS_RULE.free; i++) {
      last = await signIn(db, { username: `guess${i}`, password: 'some-password-x', address }, { now: at(i), params })
    }
    expect(last).toMatchObject({ ok: false, reason: 'invalid' })
    expect((last as { retryAt: Date }).retryAt).toEqual(at(ADDRESS_RULE.free - 1 + FIRST_DELAY_MS))
    const next = await signIn(db, { username: 'desk', password: 'green-olive-harbour', address }, { now: at(10), params })
    expect(next).toMatchObject({ ok: false, reason: 'throttled' })
  })

  it('refuses disabled accounts and signs them out; keeps the last administrator', async () => {
    const { db } = handle
    const [desk] = await db.select().from(staff).where(eq(staff.username, 'desk'))
    const token = await createSession(db, desk!.id, T0)
    expect(await setStaffDisabled(db, desk!.id, true)).toEqual({ ok: true })
    expect(await readSession(db, token, T0)).toBeNull()
    const refused = await signIn(db, { username: 'desk', password: 'green-olive-harbour', address: '10.9.9.9' }, { now: T0, params })
    expect(refused).toMatchObject({ ok: false, reason: 'invalid' })
    await setStaffDisabled(db, desk!.id, false)
    const [boss] = await db.select().from(staff).where(eq(staff.username, 'boss'))
    expect(await setStaffDisabled(db, boss!.id, true)).toEqual({ ok: false, problem: 'lastAdmin' })
  })

  it('resets a password and ends the old sessions', async () => {
    const { db } = handle
    const [desk] = await db.select().from(staff).where(eq(staff.username, 'desk'))
    const token = await createSession(db, desk!.id, T0)
    expect(await resetStaffPassword(db, desk!.id, 'password2024!', { params })).toEqual({ ok: false, problem: 'common' })
    expect(await resetStaffPassword(db, desk!.id, 'sapphire-lemon-bridge', { now: T0, params })).toEqual({ ok: true })
    expect(await readSession(db, token, T0)).toBeNull()
    const ok = await signIn(db, { username: 'desk', password: 'sapphire-lemon-bridge', address: '10.1.1.1' }, { now: at(1), params })
    expect(ok.ok).toBe(true)
  })
})

describe.each(testDatabases())('sessions on $name', ({ open }) => {
  let handle: DatabaseHandle
  let staffId: number
  beforeAll(async () => {
    handle = await open()
    const created = await createStaff(
      handle.db,
      { username: 'editor', displayName: 'Editor', role: 'editor', password: 'marble-garden-sunrise' },
      { params },
    )
    if (!created.ok) throw new Error('setup failed')
    staffId = created.id
  })
  afterAll(async () => {
    await handle.close()
  })

  it('stores only the SHA-256 of a 256-bit random token', async () => {
    const token = await createSession(handle.db, staffId, T0)
    expect(Buffer.from(token, 'base64url')).toHaveLength(32)
    const rows = await handle.db.select().from(sessions)
    expect(rows.map((r) => r.tokenHash)).toContain(hashToken(token))
    expect(JSON.stringify(rows)).not.toContain(token)
    expect(await readSession(handle.db, token, T0)).toEqual({
      id: staffId,
      username: 'editor',
      displayName: 'Editor',
      role: 'editor',
      needsTwoStep: false,
    })
  })

  it('gives every sign-in a new token', async () => {
    const a = await createSession(handle.db, staffId, T0)
    const b = await createSession(handle.db, staffId, T0)
    expect(a).not.toBe(b)
  })

  it('ends after 30 idle minutes', async () => {
    const token = await createSession(handle.db, staffId, T0)
    expect(await readSession(handle.db, token, at(SESSION_IDLE_MS - 1000))).not.toBeNull()
    // Use moved the idle window on.
    expect(await readSession(handle.db, token, at(2 * SESSION_IDLE_MS - 2000))).not.toBeNull()
    expect(await readSession(handle.db, token, at(3 * SESSION_IDLE_MS))).toBeNull()
    // And it is gone for good.
    expect(await readSession(handle.db, token, at(3 * SESSION_IDLE_MS - 2000 - SESSION_IDLE_MS))).toBeNull()
  })

  it('ends 12 hours after sign-in however active', async () => {
    const token = await createSession(handle.db, staffId, T0)
    for (let t = 0; t < SESSION_ABSOLUTE_MS; t += 20 * 60 * 1000) {
      expect(await readSession(handle.db, token, at(t))).not.toBeNull()
    }
    expect(await readSession(handle.db, token, at(SESSION_ABSOLUTE_MS))).toBeNull()
  })

  it('is deleted on logout', async () => {
    const token = await createSession(handle.db, staffId, T0)
    await deleteSession(handle.db, token)
    expect(await readSession(handle.db, token, T0)).toBeNull()
    expect(await readSession(handle.db, 'made-up', T0)).toBeNull()
  })
})
