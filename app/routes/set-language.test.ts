import { describe, expect, it } from 'vitest'
import { action } from './set-language'

const ORIGIN = 'http://clinic.test'

/** The switcher's (or the language notice's) form, posted from the site itself or from `origin`. */
async function post(fields: Record<string, string>, origin = ORIGIN): Promise<Response> {
  const request = new Request(`${ORIGIN}/set-language`, {
    method: 'POST',
    headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })
  try {
    return await action({ request, params: {}, context: {} } as Parameters<typeof action>[0])
  } catch (thrown) {
    if (thrown instanceof Response) return thrown
    const refused = thrown as { init?: { status?: number } }
    return new Response(null, { status: refused.init?.status ?? 500 })
  }
}

describe('the language form', () => {
  it('remembers the chosen language and goes to the same page in it', async () => {
    const answer = await post({ lang: 'ps', redirectTo: '/clinic/about' })
    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe('/ps/clinic/about')
    expect(answer.headers.get('set-cookie')).toMatch(/^lang=ps; Path=\/; Max-Age=31536000; SameSite=Lax$/)
  })

  it('closes the language notice for good and returns to the same page, its language untouched', async () => {
    const answer = await post({ intent: 'close-notice', redirectTo: '/clinic/about?from=link' })
    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe('/clinic/about?from=link')
    expect(answer.headers.get('set-cookie')).toMatch(/^lang_notice=closed; Path=\/; Max-Age=31536000; SameSite=Lax$/)
    expect(answer.headers.get('set-cookie')).not.toMatch(/(^|;\s*)lang=/)
  })

  it.each(['//evil.example/x', 'https://evil.example', '/\\evil.example', '/clinic\r\nSet-Cookie: x=1'])(
    'closing the notice never leaves the site (redirectTo %j)',
    async (target) => {
      const answer = await post({ intent: 'close-notice', redirectTo: target })
      expect(answer.status).toBe(302)
      expect(answer.headers.get('location')).toBe('/')
    },
  )

  it('refuses a post from another site', async () => {
    expect((await post({ intent: 'close-notice', redirectTo: '/clinic' }, 'https://evil.example')).status).toBe(403)
  })
})
