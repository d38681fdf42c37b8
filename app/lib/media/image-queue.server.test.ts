import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { imageQueueLength, MOST_PROCESSING, MOST_WAITING, withImageSlot } from './image-queue.server'
import { processImage, UploadError } from './media.server'

async function photo(side: number): Promise<Uint8Array> {
  return new Uint8Array(
    await sharp({ create: { width: side, height: side, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer(),
  )
}

describe('the image processing queue', () => {
  it('runs one image at a time, keeps a short queue, and refuses the rest at once as busy', async () => {
    const bytes = await photo(1200)
    const settled: string[] = []
    let mostRunning = 0
    const sampler = setInterval(() => (mostRunning = Math.max(mostRunning, imageQueueLength().running)), 1)
    // 25 at once: the bound holds for a crowd, not only one over it.
    const over = 25 - (MOST_PROCESSING + MOST_WAITING)
    const uploads = Array.from({ length: 25 }, () =>
      processImage(bytes).then(
        () => settled.push('processed'),
        (error: unknown) => {
          expect(error).toBeInstanceOf(UploadError)
          expect(error).toMatchObject({ problem: 'busy', status: 503 })
          settled.push('busy')
        },
      ),
    )
    await Promise.all(uploads)
    clearInterval(sampler)
    // Those over the bound were answered before any image was done.
    expect(settled).toEqual([
      ...Array.from({ length: over }, () => 'busy'),
      ...Array.from({ length: MOST_PROCESSING + MOST_WAITING }, () => 'processed'),
    ])
    expect(mostRunning).toBeLessThanOrEqual(MOST_PROCESSING)
    expect(imageQueueLength()).toEqual({ running: 0, waiting: 0 })
  })

  it('passes the slot on when a job fails', async () => {
    await expect(withImageSlot(() => Promise.reject(new Error('damaged')))).rejects.toThrow('damaged')
    expect(await withImageSlot(async () => 'next')).toBe('next')
    expect(imageQueueLength()).toEqual({ running: 0, waiting: 0 })
  })
})
