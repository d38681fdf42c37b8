/**
 * The public forms on the server: validation with the forms' own schemas (with the strict phone
 * check), anti-spam (honeypot, rate limit per address), idempotent inserts, and the answer that
 * the page renders without JavaScript and the form's fetcher reads with it. The pages' actions that
 * call it are in app/routes/+shared/public-form.server.ts.
 */
import { createHash } from 'node:crypto'
import { sql, type SQL } from 'drizzle-orm'
import { appointments, registrations } from '~db/schema'
import { messagesFor } from '~/locales'
import type { Database } from '../platform/db.server'
import { formatPreferredDate } from '../i18n/format-date'
import { removeForbiddenCharacters } from '../platform/characters'
import { createAppointmentRequestSchema } from './appointment'
import { createCourseRegistrationSchema, type CourseRegistration } from './registration'
import type { CourseEntry } from './course-choices.server'
import { localizedName } from './course-entry'
import {
  APPOINTMENT_FIELDS,
  HONEYPOT_FIELD,
  REGISTRATION_FIELDS,
  TOKEN_FIELD,
  fieldErrors,
  formValues,
  isToken,
  randomToken,
  type AppointmentField,
  type FailedSubmission,
  type ParseIssues,
  type RegistrationField,
  type SubmissionResult,
} from './shared'
import type { Locale } from '../i18n/locale'
import type { FormAnswer } from './page-answer'
import { toE164 } from '../contact/phone.server'
import { hitRateLimit } from '../platform/rate-limit.server'
import type { SiteSettings } from '../site/site-settings'
import { appointmentWhatsappText, registrationWhatsappText, whatsappLink } from '../contact/whatsapp'
import { newRequestStored, storeNewRequest } from '../desk-events/new-request.server'

/** Both forms count against one limit per address. */
const FORM_RATE_LIMIT_BUCKET = 'public-form'

export interface SubmissionContext {
  database: () => Promise<Database>
  /** The client's address, for the rate limit (only its hash is stored). */
  clientAddress: string
  locale: Locale
  /**
   * The contact settings (WhatsApp number, notification switches), read when they are needed: from
   * the published site this process holds for the current version, as the pages read them.
   */
  settings: () => Promise<SiteSettings>
  /** The courses open for registration (course-choices.server.ts), read when a registration is checked. */
  courses: () => Promise<readonly CourseEntry[]>
  rateLimit: { limit: number; windowSeconds: number }
  now?: Date
}

export type Submission<F extends string> = FormAnswer<F>

const appointmentSchema = createAppointmentRequestSchema({ phone: toE164 })

type AppointmentValues = NonNullable<ReturnType<typeof appointmentSchema.safeParse>['data']>

/**
 * The submission's identity: the form's token and the cleaned values. The same form sent twice
 * (a double click, a resubmitted page, a retry after a network failure) has the same key, and the
 * unique column keeps it to one row.
 */
function submissionKey(kind: 'appointment' | 'registration', token: string, values: object): string {
  return createHash('sha256')
    .update(JSON.stringify([kind, token, values]))
    .digest('hex')
}

export async function submitAppointment(formData: FormData, ctx: SubmissionContext): Promise<Submission<AppointmentField>> {
  return submit(formData, ctx, {
    kind: 'appointment',
    fields: APPOINTMENT_FIELDS,
    parse: (values) => appointmentSchema.safeParse(values),
    stored: (key) => sql`exists (select 1 from ${appointments} where ${appointments.submissionKey} = ${key})`,
    insert: async (db, value: AppointmentValues, key) => {
      const [row] = await db
        .insert(appointments)
        .values({ ...value, locale: ctx.locale, submissionKey: key })
        .onConflictDoNothing({ target: appointments.submissionKey })
        .returning({ id: appointments.id })
      return row?.id ?? null
    },
    success: (value, settings) => {
      const labels = messagesFor(ctx.locale).forms.whatsapp
      return {
        status: 'success',
        // Formatted here so the browser needs no calendar code: Solar Hijri for Dari and Pashto.
        summary: { name: value.name, date: formatPreferredDate(value.date, ctx.locale) },
        // Dari and Pashto readers get the Solar Hijri date with the Gregorian one in brackets.
        whatsappUrl: whatsappLink(
          settings.whatsappNumber,
          appointmentWhatsappText(
            labels,
            {
              ...value,
              date: ctx.locale === 'en' ? value.date : formatPreferredDate(value.date, ctx.locale),
            },
            ctx.locale,
          ),
        ),
        openWhatsapp: settings.notifyOnAppointment,
      }
    },
  })
}

export async function submitRegistration(formData: FormData, ctx: SubmissionContext): Promise<Submission<RegistrationField>> {
  // The courses open now: the only ones the form accepts, and whose names the row keeps.
  let offered: readonly CourseEntry[] = []
  const namesOf = (id: string) => offered.find((course) => course.id === id)?.names ?? null
  return submit(formData, ctx, {
    kind: 'registration',
    fields: REGISTRATION_FIELDS,
    parse: async (values) => {
      offered = await ctx.courses()
      return createCourseRegistrationSchema({ phone: toE164, courses: offered.map((course) => course.id) }).safeParse(values)
    },
    stored: (key) => sql`exists (select 1 from ${registrations} where ${registrations.submissionKey} = ${key})`,
    insert: async (db, value: CourseRegistration, key) => {
      const [row] = await db
        .insert(registrations)
        .values({ ...value, courseNames: namesOf(value.course), locale: ctx.locale, submissionKey: key })
        .onConflictDoNothing({ target: registrations.submissionKey })
        .returning({ id: registrations.id })
      return row?.id ?? null
    },
    success: (value, settings) => {
      const messages = messagesFor(ctx.locale)
      const course = localizedName(namesOf(value.course), ctx.locale) ?? value.course
      return {
        status: 'success',
        summary: { name: value.name, course },
        whatsappUrl: whatsappLink(
          settings.whatsappNumber,
          registrationWhatsappText(messages.forms.whatsapp, { ...value, course }, ctx.locale),
        ),
        openWhatsapp: settings.notifyOnRegistration,
      }
    },
  })
}

type ParseResult<V> = { success: true; data: V } | { success: false; error: ParseIssues }

interface FormSpec<F extends string, V> {
  kind: 'appointment' | 'registration'
  fields: readonly F[]
  parse: (values: Record<F, string>) => ParseResult<V> | Promise<ParseResult<V>>
  /** The condition that the submission with this key is already stored. */
  stored: (key: string) => SQL
  /** The new row's id, or null when the same submission was already stored. */
  insert: (db: Database, value: V, key: string) => Promise<number | null>
  success: (value: V, settings: SiteSettings) => Extract<SubmissionResult<F>, { status: 'success' }>
}

async function submit<F extends string, V extends object>(
  formData: FormData,
  ctx: SubmissionContext,
  spec: FormSpec<F, V>,
): Promise<Submission<F>> {
  const values = formValues(formData, spec.fields)
  const sentToken = formData.get(TOKEN_FIELD)
  const token = isToken(sentToken) ? sentToken : null
  const fail = (status: number, kind: FailedSubmission<F>['status'], extra: Partial<FailedSubmission<F>> = {}): Submission<F> => ({
    status,
    // The token goes back with the values, so that sending the form again is the same submission.
    // Characters the form refuses are not sent back: the field shows what can be sent.
    result: { status: kind, values: shownValues(values), fieldErrors: {}, token: token ?? randomToken(), ...extra },
  })

  // Without a token (an old page, or not our form) the submission cannot be made idempotent.
  if (!token) return fail(400, 'expired')

  // The honeypot is filled in: most likely a robot. We answer with a clear notice rather than a
  // pretend success, because a person whose browser auto-filled the hidden field must not believe
  // the request was sent; nothing is stored, and the form comes back without the hidden value.
  const honeypot = formData.get(HONEYPOT_FIELD)
  if (honeypot !== null && honeypot !== '') return fail(400, 'spam')

  let parsed: ParseResult<V>
  try {
    parsed = await spec.parse(values)
  } catch (error) {
    // What the check needs (the open courses) could not be read: nothing stored, the values kept.
    console.error(`Checking a ${spec.kind} failed: ${describeDatabaseError(error, Object.values<string>(values))}`)
    return fail(503, 'error')
  }
  if (!parsed.success) return fail(400, 'invalid', { fieldErrors: fieldErrors<F>(parsed.error) })

  const key = submissionKey(spec.kind, token, parsed.data)
  let settings: SiteSettings
  try {
    const db = await ctx.database()
    settings = await ctx.settings()
    const limit = await hitRateLimit(db, {
      bucket: FORM_RATE_LIMIT_BUCKET,
      key: ctx.clientAddress,
      limit: ctx.rateLimit.limit,
      windowSeconds: ctx.rateLimit.windowSeconds,
      // Already saved (a double click, a resubmitted page, a retry): the same answer, no new row,
      // and no second count against the rate limit. Checked in the rate limit's own statement.
      unless: spec.stored(key),
      now: ctx.now,
    })
    if (!limit.counted) return { status: 200, result: spec.success(parsed.data, settings) }
    if (!limit.allowed) return fail(429, 'rate-limited', { retryAfterMinutes: Math.ceil(limit.retryAfterSeconds / 60) })
    // The staff's e-mail is queued with the row; the live update follows it (app/lib/desk-events).
    const id = await storeNewRequest(db, spec.kind, (q) => spec.insert(q, parsed.data, key))
    if (id !== null) {
      newRequestStored(db, spec.kind, id).catch((error: unknown) =>
        console.error(`Announcing a new ${spec.kind} failed: ${describeDatabaseError(error, [])}`),
      )
    }
  } catch (error) {
    // Never the person's data in the logs: the error's kind and code, its message stripped of
    // anything they typed.
    console.error(
      `Saving a ${spec.kind} failed: ${describeDatabaseError(error, [...Object.values<string>(values), ...Object.values(parsed.data).map(String)])}`,
    )
    return fail(503, 'error')
  }
  return { status: 200, result: spec.success(parsed.data, settings) }
}

function shownValues<F extends string>(values: Record<F, string>): Record<F, string> {
  const shown = {} as Record<F, string>
  for (const field of Object.keys(values) as F[]) shown[field] = removeForbiddenCharacters(values[field])
  return shown
}

/**
 * A database error in a form fit for the logs: the innermost cause's name, code and message, with
 * every submitted value cut out. The query wrapper's own message is never used (it lists the
 * query's parameters, that is, the person's data).
 */
export function describeDatabaseError(error: unknown, personalValues: readonly string[]): string {
  let root = error
  for (let depth = 0; depth < 10 && root instanceof Error && root.cause !== undefined; depth++) root = root.cause
  if (!(root instanceof Error)) return 'non-error value thrown'
  const code = (root as Error & { code?: unknown }).code
  const parts = [root.name]
  if (typeof code === 'string' || typeof code === 'number') parts.push(`code ${code}`)
  if (root.name !== 'DrizzleQueryError' && !root.message.startsWith('Failed query')) {
    let message = root.message.slice(0, 300)
    for (const value of personalValues) {
      if (value && value.length >= 2) message = message.split(value).join('[redacted]')
    }
    parts.push(message)
  }
  return parts.join(': ')
}
