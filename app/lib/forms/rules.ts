/**
 * The field rules of the public forms, as Zod schemas (zod/mini: small enough for the browser).
 * Loaded with the schemas when someone starts filling a form, not with the page.
 */
import * as z from 'zod/mini'
import { toLatinDigits } from '../i18n/digits'
import { isPlausiblePhone, phoneCandidate } from '../contact/phone'
import { hasForbiddenCharacters } from '../platform/characters'
import { FIELD_LIMITS, type FieldErrorCode } from './shared'

/** True for a real calendar day written YYYY-MM-DD. */
export function isCalendarDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** Trims and folds runs of white space (new lines included) into one space. */
function collapseSpaces(value: string): string {
  return value.replace(/\s+/g, ' ').trim()
}

/** Trims, keeps line breaks (at most one empty line in a row), and normalises Windows line ends. */
export function tidyMultiline(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[^\S\n]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

// An address with a dot in its domain: what the browser's own e-mail check accepts, minus addresses
// without a top-level domain (typing 'ali@gmail' is a typo, not an address).
const EMAIL =
  /^[\p{L}\p{N}.!#$%&'*+/=?^_`{|}~-]+@[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?)+$/u

export function isEmailAddress(value: string): boolean {
  return value.length <= FIELD_LIMITS.email && EMAIL.test(value) && !value.includes('..')
}

type RuleResult<T> = { value: T } | { error: FieldErrorCode }

/**
 * A field schema from a plain rule: the rule gets the raw string and returns the clean value or an
 * error code, which becomes the Zod issue's message. A value with control characters (see
 * characters.ts) is refused before any rule looks at it.
 */
export function fieldRule<T>(rule: (raw: string) => RuleResult<T>) {
  return z.pipe(
    z.string(),
    z.transform((raw: string, ctx) => {
      const result: RuleResult<T> = hasForbiddenCharacters(raw) ? { error: 'controlCharacters' } : rule(raw)
      if ('error' in result) {
        ctx.issues.push({ code: 'custom', message: result.error, input: raw })
        return z.NEVER
      }
      return result.value
    }),
  )
}

/** A required single-line text: collapsed spaces, at most `max` characters. */
export function requiredText(max: number, missing: FieldErrorCode, tooLong: FieldErrorCode = 'tooLong') {
  return fieldRule<string>((raw) => {
    const value = collapseSpaces(raw)
    if (!value) return { error: missing }
    if (value.length > max) return { error: tooLong }
    return { value }
  })
}

function cleanEmail(raw: string): { value: string } | { error: FieldErrorCode } | null {
  const value = toLatinDigits(raw).trim()
  if (!value) return null
  if (value.length > FIELD_LIMITS.email) return { error: 'tooLong' }
  return isEmailAddress(value) ? { value } : { error: 'emailInvalid' }
}

/** A required e-mail address. Eastern digits become ASCII. */
export function requiredEmail() {
  return fieldRule<string>((raw) => cleanEmail(raw) ?? { error: 'emailRequired' })
}

/** An optional e-mail address: empty is null. Eastern digits become ASCII. */
export function optionalEmail() {
  return fieldRule<string | null>((raw) => cleanEmail(raw) ?? { value: null })
}

/** A phone number, checked and normalised by `toPhone` (loose in the browser, strict on the server). */
export type PhoneNormalizer = (input: string) => string | null

/** The browser's check: looks like a phone number (the server checks the numbering plans). */
export const loosePhone: PhoneNormalizer = (input) => (isPlausiblePhone(input) ? phoneCandidate(input) : null)

export function phoneField(toPhone: PhoneNormalizer) {
  return fieldRule<string>((raw) => {
    if (!raw.trim()) return { error: 'phoneRequired' }
    const value = toPhone(raw)
    return value ? { value } : { error: 'phoneInvalid' }
  })
}
