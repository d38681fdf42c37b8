import { describe, expect, it } from 'vitest'
import { formPageHeaders } from './headers'

type Args = Parameters<typeof formPageHeaders>[0]
const args = (parts: Partial<Record<'actionHeaders' | 'errorHeaders' | 'parentHeaders' | 'loaderHeaders', Headers>>): Args =>
  ({ actionHeaders: new Headers(), loaderHeaders: new Headers(), parentHeaders: new Headers(), errorHeaders: undefined, ...parts }) as Args

describe('the headers of a page with a public form', () => {
  it('carry the answer’s no-store and Retry-After', () => {
    const headers = new Headers(formPageHeaders(args({ actionHeaders: new Headers({ 'Cache-Control': 'no-store', 'Retry-After': '60' }) })))
    expect(headers.get('cache-control')).toBe('no-store')
    expect(headers.get('retry-after')).toBe('60')
  })

  it('keep the Retry-After of a page that could not be made (503), from the error or the root', () => {
    const fromError = new Headers(
      formPageHeaders(args({ errorHeaders: new Headers({ 'Retry-After': '30', 'Cache-Control': 'no-store' }) })),
    )
    expect(fromError.get('retry-after')).toBe('30')
    expect(fromError.get('cache-control')).toBe('no-store')
    const fromRoot = new Headers(formPageHeaders(args({ parentHeaders: new Headers({ 'Retry-After': '30' }) })))
    expect(fromRoot.get('retry-after')).toBe('30')
  })

  it('add nothing to a plain page', () => {
    expect([...new Headers(formPageHeaders(args({})))]).toEqual([])
  })
})
