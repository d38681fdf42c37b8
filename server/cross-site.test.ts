import { RouterContextProvider } from 'react-router'
import { describe, expect, it } from 'vitest'
import { refuseCrossSitePosts } from './cross-site'

const handler = refuseCrossSitePosts(async (request) => new Response(`reached ${request.method}`))
const post = (headers: Record<string, string>) =>
  handler(
    new Request('https://clinic.example/admin/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
      body: 'a=1',
    }),
    new RouterContextProvider(),
  )

describe('posts from another site', () => {
  it('are refused with 403 before any route sees them, by Origin or by Sec-Fetch-Site', async () => {
    const foreign: Array<Record<string, string>> = [
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
    ]
    for (const headers of foreign) {
      const answer = await post(headers)
      expect(answer.status, JSON.stringify(headers)).toBe(403)
      expect(await answer.text()).toBe('Cross-site request refused.\n')
    }
  })

  it('lets the site’s own posts and every GET through', async () => {
    expect(await (await post({ Origin: 'https://clinic.example' })).text()).toBe('reached POST')
    expect(await (await post({ 'Sec-Fetch-Site': 'same-origin' })).text()).toBe('reached POST')
    expect(await (await post({})).text()).toBe('reached POST')
    const get = await handler(
      new Request('https://clinic.example/clinic', { headers: { Origin: 'https://evil.example' } }),
      new RouterContextProvider(),
    )
    expect(await get.text()).toBe('reached GET')
  })
})
