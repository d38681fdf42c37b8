import { describe, expect, it } from 'vitest'
import { clearSessionCookie, readCookie, sessionCookie, sessionToken } from './sessions.server'

describe('the session cookie', () => {
  it('is HttpOnly and SameSite=Lax, lasting at most the absolute session time', () => {
    const cookie = sessionCookie(new Request('http://localhost:3000/admin/login'), 'tok')
    expect(cookie).toBe('staff_session=tok; Path=/; HttpOnly; SameSite=Lax; Max-Age=43200')
  })

  it('is Secure and __Host- prefixed over HTTPS', () => {
    const request = new Request('https://clinic.example/admin/login')
    expect(sessionCookie(request, 'tok')).toBe('__Host-staff_session=tok; Path=/; HttpOnly; SameSite=Lax; Max-Age=43200; Secure')
    expect(clearSessionCookie(request)).toBe('__Host-staff_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure')
    // Over HTTPS only the prefixed cookie counts: one set over plain HTTP is ignored.
    const withBoth = new Request('https://clinic.example/admin', {
      headers: { Cookie: 'staff_session=plain; __Host-staff_session=secure' },
    })
    expect(sessionToken(withBoth)).toBe('secure')
  })

  it('reads cookies by exact name', () => {
    const request = new Request('http://x/', { headers: { Cookie: 'a=1; staff_session_x=2; staff_session=3' } })
    expect(readCookie(request, 'staff_session')).toBe('3')
    expect(readCookie(request, 'missing')).toBeNull()
  })
})
