import { parsePhoneNumberFromString } from 'libphonenumber-js/max'
import { DEFAULT_PHONE_COUNTRY, MAX_PHONE_INPUT_LENGTH, phoneCandidate } from './phone'

/**
 * The number in international form (+E.164) when it is a valid number of its country's numbering
 * plan, otherwise null. Numbers without a country code are read as Afghan.
 *   '070 123 4567' → '+93701234567', '+1 415 555 2671' → '+14155552671', '12345' → null
 */
export function toE164(input: string): string | null {
  if (input.trim().length > MAX_PHONE_INPUT_LENGTH) return null
  const candidate = phoneCandidate(input)
  if (!candidate) return null
  const phone = parsePhoneNumberFromString(candidate, DEFAULT_PHONE_COUNTRY)
  return phone?.isValid() ? phone.number : null
}

/**
 * A phone number in international display form ('+93 70 123 4567') when it is a valid number of
 * its country's numbering plan (numbers without a country code are Afghan), else null.
 */
export function internationalPhone(input: string): string | null {
  const e164 = toE164(input)
  return e164 ? (parsePhoneNumberFromString(e164)?.formatInternational() ?? null) : null
}
