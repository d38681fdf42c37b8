import { describe, expect, it } from 'vitest'
import { precompressedEncoding } from './accept-encoding.js'

describe('precompressedEncoding', () => {
  it('prefers Brotli, then gzip', () => {
    expect(precompressedEncoding('gzip, deflate, br, zstd')).toBe('br')
    expect(precompressedEncoding('gzip, deflate')).toBe('gzip')
    expect(precompressedEncoding('GZIP')).toBe('gzip')
  })
  it('refuses an encoding given q=0 and sends none when nothing fits', () => {
    expect(precompressedEncoding('br;q=0, gzip')).toBe('gzip')
    expect(precompressedEncoding('br; q=0 , gzip;q=0')).toBeNull()
    expect(precompressedEncoding('identity')).toBeNull()
    expect(precompressedEncoding('')).toBeNull()
  })
})
