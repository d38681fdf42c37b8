import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabases } from '../../../tests/support/databases'
import { staff } from '~db/schema'
import type { DatabaseHandle } from '../platform/db.server'
import { adminLocale, adminLocaleCookie, adminReturnPath, saveStaffLocale, savedLocale } from './admin-locale.server'
import { createStaff, signIn } from './staff.server'

const withCookies = (cookie?: string) => new Request('http://localhost/admin/dashboard', { headers: cookie ? { Cookie: cookie } : {} })

describe('adminLocale', () => {
  it("takes the staff member's own choice first, then the public site's language, then English", () => {
    expect(adminLocale(withCookies('admin_lang=ps; lang=fa'))).toBe('ps')
    expect(adminLocale(withCookies('lang=fa'))).toBe('fa')
    expect(adminLocale(withCookies())).toBe('en')
  })

  it('ignores values that are no language of the panel', () => {
    expect(adminLocale(withCookies('admin_lang=de; lang=ps'))).toBe('ps')
    expect(adminLocale(withCookies('admin_lang=<x>; lang=xx'))).toBe('en')
  })
})

describe('the admin language cookie', () => {
  it('is kept for a year for the admin panel only, SameSite=Lax, Secure over HTTPS', () => {
    expect(adminLocaleCookie(withCookies(), 'fa')).toBe('admin_lang=fa; Path=/admin; Max-Age=31536000; SameSite=Lax')
    expect(adminLocaleCookie(new Request('https://clinic.example/admin/language'), 'ps')).toBe(
      'admin_lang=ps; Path=/admin; Max-Age=31536000; SameSite=Lax; Secure',
    )
  })
})

describe('adminReturnPath', () => {
  it('goes back to the same admin page, query included', () => {
    expect(adminReturnPath('/admin/patients?status=pending')).toBe('/admin/patients?status=pending')
    expect(adminReturnPath('/admin/login?redirectTo=%2Fadmin%2Fstaff')).toBe('/admin/login?redirectTo=%2Fadmin%2Fstaff')
    expect(adminReturnPath('/admin')).toBe('/admin')
  })

  it('never leaves the admin panel or the site', () => {
    for (const target of [
      'https://evil.example/admin',
      '//evil.example/admin',
      '/admin//evil',
      '/clinic',
      '/admin\\evil',
      '/adminx',
      null,
      '/admin/a\nb',
    ]) {
      expect(adminReturnPath(target)).toBe('/admin/dashboard')
    }
  })
})

describe.each(testDatabases())('the language kept on the account on $name', ({ open }) => {
  let handle: DatabaseHandle
  beforeAll(async () => {
    handle = await open()
  })
  afterAll(async () => {
    await handle.close()
  })

  it('is saved by the switch and given back at sign-in', async () => {
    const { db } = handle
    const params = { ln: 10, r: 8, p: 1 }
    const created = await createStaff(
      db,
      { username: 'dari.reader', displayName: 'Dari Reader', role: 'reception', password: 'quiet-harbour-lantern-42' },
      { params },
    )
    if (!created.ok) throw new Error(created.problem)
    const first = await signIn(db, { username: 'dari.reader', password: 'quiet-harbour-lantern-42', address: '192.0.2.7' }, { params })
    expect(first.ok && first.locale).toBeNull()

    await saveStaffLocale(db, created.id, 'fa')
    const [row] = await db.select({ locale: staff.locale }).from(staff).where(eq(staff.id, created.id))
    expect(row?.locale).toBe('fa')
    const again = await signIn(db, { username: 'dari.reader', password: 'quiet-harbour-lantern-42', address: '192.0.2.7' }, { params })
    expect(again.ok && savedLocale(again.locale)).toBe('fa')
  })

  it('reads only the languages the panel speaks', () => {
    expect(savedLocale('ps')).toBe('ps')
    expect(savedLocale('de')).toBeNull()
    expect(savedLocale(null)).toBeNull()
  })
})
