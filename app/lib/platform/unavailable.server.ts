/**
 * The answer while the database cannot be reached: 503 with Retry-After, never stored, so that
 * browsers, proxies and monitors know it is temporary and try again.
 */
import { data } from 'react-router'
import { isDatabaseUnavailable } from './db.server'

export const RETRY_AFTER_SECONDS = 30

const UNAVAILABLE_HEADERS = { 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' }

export function serviceUnavailable<T>(body: T) {
  return data(body, { status: 503, headers: UNAVAILABLE_HEADERS })
}

/** The work's result; a database that cannot be reached becomes a 503 answer (thrown), anything else is rethrown. */
export async function unlessDatabaseUnavailable<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (error) {
    if (isDatabaseUnavailable(error)) throw serviceUnavailable({ error: 'The database cannot be reached right now.' })
    throw error
  }
}
