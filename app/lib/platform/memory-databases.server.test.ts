import { sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { openDatabase } from './db.server'
import { dropMemoryArchive, keepMemoryArchive } from './memory-archive.server'
import { selectRows } from './select-rows.server'

// A kept archive that is damaged (a disk that filled up, a file someone edited).
vi.mock('./memory-archive.server', () => ({
  readMemoryArchive: vi.fn(async () => new Uint8Array([1, 2, 3, 4])),
  keepMemoryArchive: vi.fn(async () => {}),
  dropMemoryArchive: vi.fn(async () => {}),
}))

describe('an in-memory database whose kept archive is damaged', () => {
  it('is created and migrated as if there were none, and a new archive is kept in its place', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const handle = await openDatabase({ memory: true })
    try {
      const [count] = await selectRows<{ n: number }>(handle.db, sql`select count(*)::int as n from appointments`)
      expect(count?.n).toBe(0)
      expect(dropMemoryArchive).toHaveBeenCalledOnce()
      expect(keepMemoryArchive).toHaveBeenCalledOnce()
      expect(vi.mocked(keepMemoryArchive).mock.calls[0]![1].byteLength).toBeGreaterThan(1_000_000)
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/could not start from its archive/))
    } finally {
      await handle.close()
      warn.mockRestore()
    }
  })
})
