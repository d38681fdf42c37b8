/**
 * The address scheme of a request: `https` or `http`, nothing else. Express's `req.protocol` is
 * X-Forwarded-Proto as sent when a proxy is trusted; a value that is neither (a made-up word, or a
 * whole address that would smuggle another path into the request's URL) gives way to the
 * connection's own scheme.
 */
export function requestScheme(claimed: string | undefined, encrypted: boolean): 'https' | 'http' {
  const value = (claimed ?? '').trim().toLowerCase()
  if (value === 'https' || value === 'http') return value
  return encrypted ? 'https' : 'http'
}
