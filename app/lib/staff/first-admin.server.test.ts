import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testDatabases } from '../../../tests/support/databases'
import type { DatabaseHandle } from '../platform/db.server'
import { createFirstAdmin, issueSetupToken, isValidSetupToken } from './first-admin.server'

// The setup link as the server processes see it: each one that starts while no account exists
// calls issueSetupToken on the same database (a worker replaced after a crash, a second machine).

const params = { ln: 10, r: 8, p: 1 }
const T0 = new Date('2030-03-01T08:00:00Z')
const minutes = (n: number) => new Date(T0.getTime() + n * 60_000)
const account = { username: 'first', displayName: 'First Admin', password: 'amber-kettle-window-9' }

describe.each(testDatabases())('the first administrator’s setup link on $name', ({ open }) => {
  let handle: DatabaseHandle
  beforeEach(async () => {
    handle = await open()
  })
  afterEach(async () => {
    await handle.close()
  })

  it('stays valid for its hour when another process starts: that one keeps it and prints no new link', async () => {
    const { db } = handle
    const first = await issueSetupToken(db, undefined, T0)
    if (first?.kind !== 'new') throw new Error('the first process makes a link')
    expect(first.expiresAt).toEqual(minutes(60))

    const replaced = await issueSetupToken(db, undefined, minutes(20))
    expect(replaced).toEqual({ kind: 'kept', expiresAt: minutes(60) })
    expect(await isValidSetupToken(db, first.token, minutes(59))).toBe(true)
    // Its hour is not extended by the second start.
    expect(await isValidSetupToken(db, first.token, minutes(61))).toBe(false)

    const created = await createFirstAdmin(db, first.token, account, { now: minutes(30), params })
    expect(created.ok).toBe(true)
    expect(await issueSetupToken(db, undefined, minutes(31))).toBeNull()
  })

  it('makes a new link once the old one has expired; the old one stays refused', async () => {
    const { db } = handle
    const first = await issueSetupToken(db, undefined, T0)
    const later = await issueSetupToken(db, undefined, minutes(61))
    if (first?.kind !== 'new' || later?.kind !== 'new') throw new Error('two new links')
    expect(later.token).not.toBe(first.token)
    expect(await isValidSetupToken(db, first.token, minutes(62))).toBe(false)
    expect(await isValidSetupToken(db, later.token, minutes(62))).toBe(true)
  })

  it('keeps ADMIN_SETUP_TOKEN’s hour on every start, and takes a changed one at once', async () => {
    const { db } = handle
    const given = 'scripted-setup-token-0123456789abcdef'
    expect(await issueSetupToken(db, given, T0)).toEqual({ kind: 'new', token: given, expiresAt: minutes(60) })
    expect(await issueSetupToken(db, given, minutes(10))).toEqual({ kind: 'new', token: given, expiresAt: minutes(60) })
    const changed = 'another-scripted-token-0123456789abcdef'
    expect(await issueSetupToken(db, changed, minutes(20))).toEqual({ kind: 'new', token: changed, expiresAt: minutes(80) })
    expect(await isValidSetupToken(db, changed, minutes(21))).toBe(true)
  })

  it('two links made by processes that started at once both work, and the first account retires both', async () => {
    const { db } = handle
    // Each saw no link before storing its own.
    const [a, b] = await Promise.all([
      issueSetupToken(db, 'process-a-token-0123456789abcdefghij', T0),
      issueSetupToken(db, 'process-b-token-0123456789abcdefghij', T0),
    ])
    expect(await isValidSetupToken(db, 'process-a-token-0123456789abcdefghij', minutes(1))).toBe(true)
    expect(await isValidSetupToken(db, 'process-b-token-0123456789abcdefghij', minutes(1))).toBe(true)
    expect([a?.kind, b?.kind]).toEqual(['new', 'new'])
    expect((await createFirstAdmin(db, 'process-a-token-0123456789abcdefghij', account, { now: minutes(2), params })).ok).toBe(true)
    expect(await isValidSetupToken(db, 'process-b-token-0123456789abcdefghij', minutes(3))).toBe(false)
  })
})
