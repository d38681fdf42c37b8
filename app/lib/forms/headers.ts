import type { HeadersFunction } from 'react-router'

/**
 * The `headers` of a page with a public form: the answer to a submission repeats what the person
 * typed, so the action's Cache-Control (no-store) and Retry-After reach the response.
 */
export const formPageHeaders: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers()
  for (const name of ['Cache-Control', 'Retry-After']) {
    const value = actionHeaders.get(name)
    if (value) headers.set(name, value)
  }
  return headers
}
