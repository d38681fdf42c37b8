import { describe, expect, it } from 'vitest'
import { directionsUrl } from './maps'

describe('directionsUrl', () => {
  it('asks for directions to the coordinates', () => {
    const url = new URL(directionsUrl(34.5553, 69.2075))
    expect(url.origin).toBe('https://www.google.com')
    expect(url.pathname).toBe('/maps/dir/')
    expect(url.searchParams.get('api')).toBe('1')
    expect(url.searchParams.get('destination')).toBe('34.555300,69.207500')
  })

  it('keeps the sign of southern and western coordinates', () => {
    expect(new URL(directionsUrl(-1.5, -70.25)).searchParams.get('destination')).toBe('-1.500000,-70.250000')
  })
})
