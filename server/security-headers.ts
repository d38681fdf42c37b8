import { randomBytes } from 'node:crypto'
import type { RequestHandler } from 'express'

export function createNonce(): string {
  return randomBytes(16).toString('base64')
}

/** The Content-Security-Policy for one response: scripts and styles only from us or with the nonce. */
export function contentSecurityPolicy(nonce: string, { https }: { https: boolean }): string {
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
  if (https) directives.push('upgrade-insecure-requests')
  return directives.join('; ')
}

/** Headers for every response, static files included; sets res.locals.nonce for the page. */
export const securityHeaders: RequestHandler = (req, res, next) => {
  const nonce = createNonce()
  res.locals.nonce = nonce
  const https = req.secure
  res.setHeader('Content-Security-Policy', contentSecurityPolicy(nonce, { https }))
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin')
  res.setHeader('X-Frame-Options', 'DENY')
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin')
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=(), usb=()')
  if (https) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  next()
}
