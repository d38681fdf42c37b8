/** The largest value of PostgreSQL's `integer`, the type of every id column. */
const MAX_ROW_ID = 2_147_483_647

/**
 * A row id sent in a form or a URL: a positive whole number in decimal digits that fits the id
 * column, or null. `Number()` alone lets NaN, Infinity, 1e3 and out-of-range values through, and the
 * database then fails the query instead of finding no row.
 */
export function parseRowId(value: unknown): number | null {
  if (typeof value !== 'string' || !/^[1-9][0-9]{0,9}$/.test(value)) return null
  const id = Number(value)
  return id <= MAX_ROW_ID ? id : null
}
