/** Errors are codes, not texts: the editor screens show `editor.errors[code]` in the staff member's language. */
import type { z } from 'zod'

const ERROR_CODES = [
  'required',
  'tooLong',
  'colour',
  'font',
  'baseSize',
  'phone',
  'email',
  'https',
  'latitude',
  'longitude',
  'layout',
  'fee',
  'unknownField',
  'mapsKey',
  'mapsKeyMissing',
  'altTooLong',
  'tooMany',
  'rating',
  'photo',
  'duplicateId',
] as const
export type ErrorCode = (typeof ERROR_CODES)[number]

/** A Zod issue option carrying the code as its message. */
export const code = (error: ErrorCode) => ({ error })

/** Field errors as `{ 'address.en': 'required' }`, the first error of each field. */
export function fieldErrors(error: z.ZodError): Record<string, ErrorCode> {
  const errors: Record<string, ErrorCode> = {}
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.')
    if (!(key in errors)) errors[key] = isErrorCode(issue.message) ? issue.message : 'required'
  }
  return errors
}

export function isErrorCode(value: string): value is ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(value)
}
