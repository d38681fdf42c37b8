/**
 * What went wrong, without patient data: a database error's message repeats the query and its
 * parameters (the search term), so only its kind and PostgreSQL error code are logged.
 */
export function describeError(error: unknown): string {
  const cause = error instanceof Error && error.cause && typeof error.cause === 'object' ? (error.cause as { code?: unknown }) : null
  const name = error instanceof Error ? error.name : 'unknown error'
  return cause?.code ? `${name} (${String(cause.code)})` : name
}
