/**
 * The desk's loaders and actions around a request's detail page (the confirmed visit and its
 * history, notes, calling and messaging the patient) and the screen for phone and walk-in bookings.
 */
import { data, redirect } from 'react-router'
import { SECTION_ROLES } from '../access/sections'
import { telHref, whatsappLink } from '../contact/whatsapp'
import { readForm } from '../forms/read-form.server'
import { parseRowId } from '../forms/row-id'
import { readDateField, sentSolarParts } from '../forms/staff-date-fields'
import { kabulToday, randomToken } from '../forms/shared'
import { toEasternDigits } from '../i18n/digits'
import { isLocale, type Locale } from '../i18n/locale'
import { database } from '../platform/db.server'
import { assertSameOrigin } from '../platform/origin.server'
import { getSiteSettings } from '../site/published-site.server'
import { adminLocale } from '../staff/admin-locale.server'
import { requireRole } from '../staff/auth.server'
import { FORM_ERROR } from '../staff/form-result'
import { formFailure, formSuccess, formUnreadable } from '../staff/form-result.server'
import { format, messagesFor } from '~/locales'
import { DESK_FIELDS, DESK_SOURCES, readDeskBooking, storeDeskBooking, type DeskError, type DeskField } from './desk-booking.server'
import { addNote, listNotes, MAX_NOTE_LENGTH, readNote } from './notes.server'
import { patientMessageText } from './patient-message'
import { requestDetailAction } from './request-routes.server'
import type { RequestDetail } from './requests.server'
import type { RequestKind } from './request-status'
import { appointmentDeskFacts, scheduleHistory, scheduleVisit } from './schedule.server'
import { kabulParts, readVisitTime, VISIT_FIELDS, visitTimeRange, type VisitTimeError } from './visit-time'

const ROLES = { appointments: SECTION_ROLES.patients, registrations: SECTION_ROLES.students } as const

function notFound(): never {
  throw data({ error: 'Not found.' }, { status: 404 })
}

/** The clinic's hours for the texts that name them, in the reader's digits. */
function hoursFor(locale: Locale) {
  const { first, last } = visitTimeRange()
  return locale === 'en' ? { first, last } : { first: toEasternDigits(first), last: toEasternDigits(last) }
}

function visitErrorText(code: VisitTimeError | 'unchanged' | 'sourceInvalid', locale: Locale): string {
  return format(messagesFor(locale).admin.desk.errors[code], hoursFor(locale))
}

/**
 * What the detail page adds to the request (its loader has checked the session and role): the notes,
 * and for an appointment how it came in, its confirmed visit and history, and the links to call the
 * patient and to message them on WhatsApp in the language of their request.
 */
export async function loadDeskDetail(kind: RequestKind, row: RequestDetail) {
  const db = await database()
  const notes = await listNotes(db, kind, row.id)
  if (kind !== 'appointments') return { notes, appointment: null }
  const facts = (await appointmentDeskFacts(db, row.id)) ?? notFound()
  const history = await scheduleHistory(db, row.id)
  const patientLocale: Locale = isLocale(row.locale) ? row.locale : 'en'
  const settings = await getSiteSettings()
  const patientMessages = messagesFor(patientLocale)
  const confirmedFor = row.status === 'confirmed' ? facts.confirmedFor : null
  const text = patientMessageText(patientMessages.admin.desk.patientMessage, {
    locale: patientLocale,
    name: row.name,
    clinic: patientMessages.common.brand.clinicName,
    confirmedFor,
    preferredDate: row.date ?? '',
    address: settings.address[patientLocale],
    phone: settings.phone,
  })
  const visit = facts.confirmedFor ? kabulParts(facts.confirmedFor) : { date: row.date ?? '', time: '' }
  return {
    notes,
    appointment: {
      source: facts.source,
      createdBy: facts.createdBy,
      confirmedFor: facts.confirmedFor,
      history,
      visit,
      today: kabulToday(),
      hours: visitTimeRange(),
      telHref: telHref(row.phone),
      whatsappUrl: whatsappLink(row.phone, text),
    },
  }
}

/**
 * The detail page's actions: a note (both kinds), the confirmed visit (appointments), and a status
 * of 'confirmed' only with a confirmed time; everything else goes on to the status and deletion
 * actions shared with the lists (request-routes.server.ts).
 */
export async function deskDetailAction(request: Request, kind: RequestKind, idParam: string | undefined) {
  assertSameOrigin(request)
  const forward = request.clone()
  const member = await requireRole(request, ROLES[kind])
  const id = parseRowId(idParam) ?? notFound()
  const locale = adminLocale(request)
  const texts = messagesFor(locale).admin.desk
  const read = await readForm(request)
  if (!read.ok) return requestDetailAction(forward, kind, idParam)
  const { form } = read
  const intent = form.get('intent')
  const db = await database()

  if (intent === 'note') {
    const raw = form.get('note')
    const note = readNote(raw)
    if (!note.ok) {
      const typed = typeof raw === 'string' ? raw.slice(0, MAX_NOTE_LENGTH * 2) : ''
      return formFailure(400, { errors: { note: texts.errors[note.error] }, values: { note: typed } }, { intent: 'note' as const })
    }
    if (!(await addNote(db, kind, id, note.value, member.id))) notFound()
    return formSuccess(null, { intent: 'note' as const })
  }

  if (kind === 'appointments' && intent === 'schedule') {
    const values = {
      ...sentSolarParts(form, VISIT_FIELDS.date),
      [VISIT_FIELDS.date]: readDateField(form, VISIT_FIELDS.date),
      [VISIT_FIELDS.time]: String(form.get(VISIT_FIELDS.time) ?? ''),
    }
    const visit = readVisitTime(values[VISIT_FIELDS.date], values[VISIT_FIELDS.time])
    if (!visit.ok) {
      const errors = Object.fromEntries(Object.entries(visit.errors).map(([field, code]) => [field, visitErrorText(code, locale)]))
      return formFailure(400, { errors, values }, { intent: 'schedule' as const })
    }
    const outcome = await scheduleVisit(db, id, visit.value, member.id)
    if (!outcome.ok && outcome.reason === 'notFound') notFound()
    if (!outcome.ok)
      return formFailure(
        400,
        { errors: { [VISIT_FIELDS.time]: visitErrorText('unchanged', locale) }, values },
        { intent: 'schedule' as const },
      )
    return formSuccess(null, { intent: 'schedule' as const, rescheduled: outcome.previous !== null })
  }

  if (kind === 'appointments' && intent === 'status' && form.get('status') === 'confirmed') {
    const facts = (await appointmentDeskFacts(db, id)) ?? notFound()
    if (!facts.confirmedFor) return formFailure(400, { errors: { status: texts.errors.confirmNeedsTime } }, { intent: 'status' as const })
  }
  return requestDetailAction(forward, kind, idParam)
}

/** The booking screen's loader: reception and administrators; a fresh token for each form. */
export async function loadDeskBooking(request: Request) {
  await requireRole(request, SECTION_ROLES.patients)
  return { token: randomToken(), today: kabulToday(), sources: DESK_SOURCES, hours: visitTimeRange(), locale: adminLocale(request) }
}

function deskErrorText(error: DeskError, locale: Locale): string {
  if (error.scope === 'desk') return visitErrorText(error.code, locale)
  return format(messagesFor(locale).forms.errors[error.code], { max: error.max ?? 0 })
}

/** Stores a phone or walk-in booking and opens it; a refusal keeps everything typed. */
export async function deskBookingAction(request: Request) {
  assertSameOrigin(request)
  const member = await requireRole(request, SECTION_ROLES.patients)
  const locale = adminLocale(request)
  const messages = messagesFor(locale).admin
  const read = await readForm(request)
  if (!read.ok) return formUnreadable(read.status, messages.errors.title, messages.problems.formUnreadable)
  const booking = readDeskBooking(read.form)
  if (!booking.ok) {
    const errors: Partial<Record<DeskField | typeof FORM_ERROR, string>> = {}
    for (const field of DESK_FIELDS) {
      const error = booking.errors[field]
      if (error) errors[field] = deskErrorText(error, locale)
    }
    const feedback = { variant: 'destructive' as const, title: messages.desk.errors.invalidTitle, text: messages.desk.errors.invalidText }
    return formFailure(400, { errors, values: booking.values, feedback })
  }
  const id = await storeDeskBooking(await database(), booking.value, booking.token, member.id)
  return redirect(`/admin/patients/${id}?booked=1`)
}
