/** The field rules of the public forms, as Zod schemas (zod/mini: small enough for the browser). */
import * as z from 'zod/mini'
import { isPlausiblePhone, phoneCandidate, toAsciiDigits } from '../phone'
import { FIELD_LIMITS, collapseSpaces, isEmailAddress, type FieldErrorCode } from './shared'

type RuleResult<T> = { value: T } | { error: FieldErrorCode }

/**
 * A field schema from a plain rule: the rule gets the raw string and returns the clean value or an
 * error code, which becomes the Zod issue's message.
 */
export function fieldRule<T>(rule: (raw: string) => RuleResult<T>) {
  return z.pipe(
    z.string(),
    z.transform((raw: string, ctx) => {
      const result = rule(raw)
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
  const value = toAsciiDigits(raw).trim()
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
