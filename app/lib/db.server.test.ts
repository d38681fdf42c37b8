import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { testDatabases } from '../../tests/support/databases'

describe.each(testDatabases())('migrations on $name', ({ open }) => {
  it('creates the request tables with their defaults', async () => {
    const handle = await open()
    try {
      const result = await handle.db.execute(
        sql`insert into appointments (name, phone, date, submission_key) values ('A', '+93700000000', '2030-01-01', 'k') returning status, created_at`,
      )
      const row = (result as unknown as { rows: { status: string; created_at: unknown }[] }).rows[0]!
      expect(row.status).toBe('pending')
      expect(row.created_at).toBeTruthy()
    } finally {
      await handle.close()
    }
  })
})
