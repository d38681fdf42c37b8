import { randomBytes } from 'node:crypto'
import type { RequestHandler } from 'express'
import { contentSecurityPolicy } from '~/lib/platform/content-security-policy'

export function createNonce(): string {
  return randomBytes(16).toString('base64')
}

/** Headers for every response, static files included; sets res.locals.nonce for the page. */
export const securityHeaders: RequestHandler = (req, res, next) => {
  const nonce = createNonce()
  res.locals.nonce = nonce
  const https = req.secure
  res.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce, { https }))
  // A page may replace this policy with its own (built with the same nonce): browsers enforce every
  // policy they receive, so only the last one set is sent. The same for the referrer policy (the
  // password-reset page sends none at all).
  const writeHead = res.writeHead
  res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
    for (const name of ['Content-Security-Policy', 'Referrer-Policy']) {
      const policy = this.getHeader(name)
      if (Array.isArray(policy)) this.setHeader(name, policy[policy.length - 1]!)
    }
    return writeHead.apply(this, args)
  } as typeof writeHead
  for (const [name, value] of Object.entries(fixedSecurityHeaders(https))) res.setHeader(name, value)
  next()
}

const FIXED_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
}
const FIXED_HEADERS_HTTPS = { ...FIXED_HEADERS, 'Strict-Transport-Security': 'max-age=31536000; includeSubDomains' }

/** The security headers every response gets besides its Content-Security-Policy. */
export function fixedSecurityHeaders(https: boolean): Readonly<Record<string, string>> {
  return https ? FIXED_HEADERS_HTTPS : FIXED_HEADERS
}
