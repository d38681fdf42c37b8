import type { SQL } from 'drizzle-orm'
import type { Database } from './db.server'

/**
 * The rows of a statement written in SQL. Both drivers (node-postgres and PGlite) answer `execute`
 * with `{ rows }`, which Drizzle's driver-neutral type does not show: the one cast is here.
 */
export async function selectRows<Row>(db: Pick<Database, 'execute'>, query: SQL): Promise<Row[]> {
  const result = await db.execute(query)
  return (result as unknown as { rows: Row[] }).rows
}
