import { Readable } from 'node:stream'
import { text } from 'node:stream/consumers'
import { describe, expect, it } from 'vitest'
import { lowPriorityScripts } from './script-priority.server'

const PAGE =
  '<!DOCTYPE html><html><head><style>p{}</style><link rel="modulepreload" href="/assets/a.js" nonce="n"/>' +
  '<link rel="modulepreload" href="/assets/b.js"/><title>کلینیک دندان</title></head><body><p>« متن »</p></body></html>'

async function transform(chunks: Array<string | Buffer>): Promise<string> {
  return text(Readable.from(chunks).pipe(lowPriorityScripts()))
}

describe('lowPriorityScripts', () => {
  it('marks every module preload fetchpriority="low" and leaves the rest as it was', async () => {
    const result = await transform([PAGE])
    expect(result).toBe(PAGE.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"'))
    expect(result.match(/fetchpriority="low"/g)).toHaveLength(2)
  })

  it('finds a preload cut between two chunks at any point, and keeps characters cut mid-byte whole', async () => {
    const bytes = Buffer.from(PAGE)
    const expected = PAGE.replaceAll('<link rel="modulepreload"', '<link rel="modulepreload" fetchpriority="low"')
    for (let cut = 1; cut < bytes.length; cut++) {
      expect(await transform([bytes.subarray(0, cut), bytes.subarray(cut)])).toBe(expected)
    }
  })

  it('passes a page without preloads through unchanged, a lone "<" at the end included', async () => {
    expect(await transform(['<p>a < b', ' <'])).toBe('<p>a < b <')
  })
})
