import { describe, expect, it } from 'vitest'
import { MOST_IN_FLIGHT, MOST_PER_ADDRESS, signInsInFlight, throughSignInGate } from './sign-in-gate.server'

/** A sign-in that stays under way until released. */
function held() {
  let release = () => {}
  const done = new Promise<string>((resolve) => (release = () => resolve('checked')))
  return { work: () => done, release }
}

describe('the sign-in gate', () => {
  it('refuses at once past MOST_PER_ADDRESS sign-ins of one address, and lets others in', async () => {
    const hold = held()
    const mine = Array.from({ length: MOST_PER_ADDRESS + 3 }, () => throughSignInGate('198.51.100.1', hold.work))
    const other = throughSignInGate('198.51.100.2', async () => 'checked')
    expect(await other).toEqual({ done: 'checked' })
    // The refusals are answered while the admitted ones are still under way.
    const refused = await Promise.all(mine.slice(MOST_PER_ADDRESS))
    expect(refused).toEqual(Array.from({ length: 3 }, () => ({ refused: 'address' })))
    expect(signInsInFlight('198.51.100.1')).toBe(MOST_PER_ADDRESS)
    hold.release()
    expect(await Promise.all(mine.slice(0, MOST_PER_ADDRESS))).toEqual(
      Array.from({ length: MOST_PER_ADDRESS }, () => ({ done: 'checked' })),
    )
    expect(signInsInFlight()).toBe(0)
  })

  it('refuses at once past MOST_IN_FLIGHT sign-ins in all, and has room again once they end', async () => {
    const hold = held()
    const admitted = Array.from({ length: MOST_IN_FLIGHT }, (_, i) => throughSignInGate(`203.0.113.${i}`, hold.work))
    expect(await throughSignInGate('192.0.2.1', async () => 'checked')).toEqual({ refused: 'server' })
    hold.release()
    await Promise.all(admitted)
    expect(await throughSignInGate('192.0.2.1', async () => 'checked')).toEqual({ done: 'checked' })
  })

  it('frees the room of a sign-in that failed', async () => {
    await expect(throughSignInGate('192.0.2.9', () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone')
    expect(signInsInFlight('192.0.2.9')).toBe(0)
    expect(signInsInFlight()).toBe(0)
  })
})
