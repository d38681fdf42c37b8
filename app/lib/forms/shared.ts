/**
 * What the public forms share between the browser and the server: field limits, the form token,
 * the Kabul calendar day and the shape of a submission's answer. Kept free of Zod, so that the
 * form components can import it without pulling the validation code into every page's first load;
 * the schemas (`appointment.ts`, `registration.ts`) are loaded when someone starts filling a form.
 */
import type { forms } from '~/locales/en/forms'
import { isoDateIn } from '../i18n/dates'
import { MAX_PHONE_INPUT_LENGTH } from '../contact/phone'

/** An error code is a key of messages.forms.errors; the browser turns it into text. */
export type FieldErrorCode = keyof (typeof forms)['errors']

/**
 * The English form sends `date` (YYYY-MM-DD); the Dari and Pashto forms send the Solar Hijri day,
 * month and year instead (solar-date.ts), which the schema reads into `date`. Errors are on `date`.
 */
export const APPOINTMENT_FIELDS = ['name', 'phone', 'email', 'date', 'dateDay', 'dateMonth', 'dateYear', 'message'] as const
export type AppointmentField = (typeof APPOINTMENT_FIELDS)[number]

export const REGISTRATION_FIELDS = ['name', 'phone', 'email', 'address', 'education', 'course'] as const
export type RegistrationField = (typeof REGISTRATION_FIELDS)[number]

/** Longest accepted value per field, in characters. */
export const FIELD_LIMITS = {
  name: 100,
  /** What is typed, separators included. */
  phone: MAX_PHONE_INPUT_LENGTH,
  email: 254,
  message: 1000,
  address: 300,
  education: 200,
} as const

/** Raw values longer than this are cut before anything else looks at them (they fail anyway). */
const MAX_RAW_VALUE_LENGTH = 4000

/** The hidden input that identifies one filled-in form (see `submissionKey`). */
export const TOKEN_FIELD = 'token'
/**
 * The honeypot: a text input people never see or reach (visually hidden, aria-hidden,
 * tabindex -1) that form-filling robots fill in.
 */
export const HONEYPOT_FIELD = 'website'

const KABUL_TIME_ZONE = 'Asia/Kabul'

/** A random form token: 128 bits as 32 hex digits (works in browsers and Node, secure context or not). */
export function randomToken(): string {
  const bytes = new Uint8Array(16)
  globalThis.crypto.getRandomValues(bytes)
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')
}

export function isToken(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-f]{32}$/.test(value)
}

/**
 * Today's date in Kabul as YYYY-MM-DD, whatever the time zone of the machine. Kabul keeps UTC+4:30
 * all year, so this is arithmetic (lib/i18n/dates.ts): a formatter with a time zone made the
 * browser load its time zone data while the page hydrated, the largest single step of a form page's
 * start on a slow phone (docs/performance.md).
 */
export function kabulToday(now: Date = new Date()): string {
  return isoDateIn(now, KABUL_TIME_ZONE)
}

/** The same calendar day one year later (29 February becomes 28 February). */
export function oneYearLater(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number]
  const next = month === 2 && day === 29 ? 28 : day
  return `${String(year + 1).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(next).padStart(2, '0')}`
}

/** The form's values as strings, one per field: missing fields and files become ''. */
export function formValues<F extends string>(source: FormData | URLSearchParams, fields: readonly F[]): Record<F, string> {
  const values = {} as Record<F, string>
  for (const field of fields) {
    const value = source.get(field)
    values[field] = typeof value === 'string' ? value.slice(0, MAX_RAW_VALUE_LENGTH) : ''
  }
  return values
}

/** Per field, the first error code of a failed parse. */
export interface ParseIssues {
  issues: readonly { path: readonly PropertyKey[]; message: string }[]
}

export function fieldErrors<F extends string>(error: ParseIssues): Partial<Record<F, FieldErrorCode>> {
  const errors: Partial<Record<F, FieldErrorCode>> = {}
  for (const issue of error.issues) {
    const field = issue.path[0] as F | undefined
    if (field !== undefined && !errors[field]) errors[field] = issue.message as FieldErrorCode
  }
  return errors
}

/** The codes that mean 'this required field is empty' (the 'Incomplete Form' notice). */
export const MISSING_CODES: readonly FieldErrorCode[] = [
  'nameRequired',
  'phoneRequired',
  'emailRequired',
  'dateRequired',
  'dateIncomplete',
  'addressRequired',
  'educationRequired',
]

/** What a submission answers, to the page (no JavaScript) and to the form's fetcher alike. */
export type SubmissionResult<F extends string> =
  | {
      status: 'success'
      /** What the success panel repeats: the name, and the preferred date or the course. */
      /** What the success panel echoes back, already formatted for the page's language. */
      summary: { name: string; date?: string; course?: string }
      /** The pre-filled WhatsApp message to the centre (docs/product.md#whatsapp-message). */
      whatsappUrl: string
      /** Whether staff want it opened in a new tab after each submission (Integrations). */
      openWhatsapp: boolean
    }
  | {
      /** invalid 400, expired 400, spam 400, rate-limited 429, error 503 (could not be saved). */
      status: 'invalid' | 'expired' | 'spam' | 'rate-limited' | 'error'
      values: Record<F, string>
      fieldErrors: Partial<Record<F, FieldErrorCode>>
      /** The token to submit again with, so that a retry is still recognised as the same submission. */
      token: string
      /** For rate-limited: whole minutes until the window ends. */
      retryAfterMinutes?: number
    }
  | {
      /** The browser could not reach the server (network failure, or a proxy's 502/503/504). */
      status: 'unavailable'
    }

export type FailedSubmission<F extends string> = Extract<SubmissionResult<F>, { values: unknown }>
