/**
 * The Content-Security-Policy for one response: scripts and styles only from us or with the nonce.
 * `frameSrc` lets a page show frames from other origins (the contact page's map, when switched on).
 */
export function contentSecurityPolicy(nonce: string, { https, frameSrc = [] }: { https: boolean; frameSrc?: string[] }): string {
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "object-src 'none'",
    "manifest-src 'self'",
  ]
  if (frameSrc.length) directives.push(`frame-src ${frameSrc.join(' ')}`)
  if (https) directives.push('upgrade-insecure-requests')
  return directives.join('; ')
}
