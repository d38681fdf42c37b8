import type { SubmissionResult } from './shared'

/**
 * The clientAction of the form pages. A submission that cannot reach the server (network failure,
 * or a proxy answering 502/503/504 with a page of its own) becomes an answer the form shows and
 * retries, instead of an error that would replace the whole page.
 */
export async function guardServerAction<T>(serverAction: () => Promise<T>): Promise<T | SubmissionResult<never>> {
  try {
    return await serverAction()
  } catch {
    return { status: 'unavailable' }
  }
}
