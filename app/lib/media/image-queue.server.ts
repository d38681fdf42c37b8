/**
 * Image processing one at a time. Decoding a large upload takes seconds and hundreds of megabytes
 * (a 4096 × 4096 picture is 64 MiB of raw pixels before its variants), so uploads wait their turn:
 * MOST_PROCESSING run, MOST_WAITING wait, and any more are refused at once ("busy, try again")
 * rather than queued without end.
 */
export const MOST_PROCESSING = 1
export const MOST_WAITING = 3

export class ImageQueueFull extends Error {
  constructor() {
    super('Image processing is busy')
  }
}

let running = 0
const waiting: Array<() => void> = []

/**
 * Runs `work` when a processing slot is free, or throws ImageQueueFull at once when the queue is
 * full. A finished job hands its slot straight to the first in the queue.
 */
export async function withImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running < MOST_PROCESSING) running++
  else if (waiting.length < MOST_WAITING) await new Promise<void>((resolve) => waiting.push(resolve))
  else throw new ImageQueueFull()
  try {
    return await work()
  } finally {
    const next = waiting.shift()
    if (next) next()
    else running--
  }
}

/** Images being processed and waiting. */
export function imageQueueLength(): { running: number; waiting: number } {
  return { running, waiting: waiting.length }
}
