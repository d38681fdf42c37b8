/**
 * How many password checks may be under way at once. Each check holds a hashing slot for a few
 * hundred milliseconds (password.server.ts runs two at a time), so an unbounded queue lets one
 * address with a burst of sign-ins make everyone else's wait for all of them. A sign-in is let in
 * only while its address has fewer than MOST_PER_ADDRESS under way and the server fewer than
 * MOST_IN_FLIGHT; otherwise it is refused at once (429 for the address, 503 for the server), before
 * any database or hashing work.
 */
export const MOST_PER_ADDRESS = 2
export const MOST_IN_FLIGHT = 8
/** What a refused sign-in is told to wait. */
export const BUSY_RETRY_MS = 2_000

export type GateRefusal = 'address' | 'server'

const perAddress = new Map<string, number>()
let inFlight = 0

/**
 * Runs `work` if the address and the server have room; otherwise answers which bound was hit
 * without running it. The room is taken before the first await, so simultaneous calls see each other.
 */
export async function throughSignInGate<T>(address: string, work: () => Promise<T>): Promise<{ refused: GateRefusal } | { done: T }> {
  const mine = perAddress.get(address) ?? 0
  if (mine >= MOST_PER_ADDRESS) return { refused: 'address' }
  if (inFlight >= MOST_IN_FLIGHT) return { refused: 'server' }
  perAddress.set(address, mine + 1)
  inFlight++
  try {
    return { done: await work() }
  } finally {
    inFlight--
    const left = (perAddress.get(address) ?? 1) - 1
    if (left > 0) perAddress.set(address, left)
    else perAddress.delete(address)
  }
}

/** Sign-ins under way (of one address, or all). */
export function signInsInFlight(address?: string): number {
  return address === undefined ? inFlight : (perAddress.get(address) ?? 0)
}
