import type { HeadersFunction } from 'react-router'

const KEPT = ['Cache-Control', 'Retry-After']

/**
 * The `headers` of a page with a public form: the answer to a submission repeats what the person
 * typed, so the action's Cache-Control (no-store) and Retry-After reach the response; a page that
 * could not be made (503 while the database is away) keeps the error's, as every other page does.
 */
export const formPageHeaders: HeadersFunction = ({ actionHeaders, errorHeaders, parentHeaders }) => {
  const headers = new Headers(parentHeaders)
  for (const source of [errorHeaders, actionHeaders]) {
    for (const name of KEPT) {
      const value = source?.get(name)
      if (value) headers.set(name, value)
    }
  }
  return headers
}
