/**
 * Phone numbers as people type them, shared by the browser and the server. This module stays
 * small on purpose: the strict check against the numbering plans (libphonenumber's full metadata,
 * about 50 KB gzipped) runs on the server only, in `phone.server.ts`.
 */
import { toLatinDigits } from '../i18n/digits'

/** The country assumed for numbers written without a country code. */
export const DEFAULT_PHONE_COUNTRY = 'AF'

/** The longest phone input we look at (what is typed, separators included); anything longer is not a phone number. */
export const MAX_PHONE_INPUT_LENGTH = 32

// Direction marks and invisible formatting characters that copy-pasting from right-to-left text
// brings along, plus the spaces, dashes, dots and brackets people group digits with.
const INVISIBLE = /[\u200B-\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g
const SEPARATORS = /[\s\u00A0\-\u2010-\u2015.()/]/g

/**
 * The digits of a phone input with an optional leading '+', or null when it holds anything but
 * digits and separators. '00' before a country code becomes '+'.
 *   '070 123 4567' → '0701234567', '0093 70…' → '+9370…', '۰۷۰۱۲۳۴۵۶۷' → '0701234567'
 */
export function phoneCandidate(input: string): string | null {
  const compact = toLatinDigits(input)
    .replace(INVISIBLE, '')
    .replace(SEPARATORS, '')
    .replace(/^\uFF0B/, '+')
  if (!/^\+?\d+$/.test(compact)) return null
  return compact.startsWith('00') ? `+${compact.slice(2)}` : compact
}

/**
 * A quick plausibility check for the browser: an international number (+ and 8–15 digits, not
 * starting with 0) or an Afghan number written nationally (9 digits, or 10 with the leading 0).
 * The server decides with the full numbering plans.
 */
export function isPlausiblePhone(input: string): boolean {
  if (input.trim().length > MAX_PHONE_INPUT_LENGTH) return false
  const candidate = phoneCandidate(input)
  if (!candidate) return false
  if (candidate.startsWith('+')) return /^\+[1-9]\d{7,14}$/.test(candidate)
  return /^(0\d{9}|[1-9]\d{8})$/.test(candidate)
}
