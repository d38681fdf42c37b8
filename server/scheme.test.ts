import { describe, expect, it } from 'vitest'
import { requestScheme } from './scheme'

describe('requestScheme', () => {
  it('takes http or https as claimed', () => {
    expect(requestScheme('https', false)).toBe('https')
    expect(requestScheme(' HTTP ', true)).toBe('http')
  })

  it.each(['http://x/clinic/contact#', 'x-1', 'javascript', '', undefined])('falls back to the connection for %j', (value) => {
    expect(requestScheme(value, false)).toBe('http')
    expect(requestScheme(value, true)).toBe('https')
  })
})
