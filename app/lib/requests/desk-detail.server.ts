/**
 * What the desk adds to a request's detail page (the confirmed visit and its history, notes, calling
 * and messaging the patient), and the texts of its refusals. The screens' loaders and actions are in
 * app/routes/admin/.
 */
import { data } from 'react-router'
import { telHref, whatsappLink } from '../contact/whatsapp'
import { kabulToday } from '../forms/shared'
import { toEasternDigits } from '../i18n/digits'
import { isLocale, type Locale } from '../i18n/locale'
import { database } from '../platform/db.server'
import { getSiteSettings } from '../site/published-site.server'
import { format, messagesFor } from '~/locales'
import { listNotes } from './notes.server'
import { patientMessageText } from './patient-message'
import type { RequestDetail } from './requests.server'
import type { RequestKind } from './request-status'
import { appointmentDeskFacts, scheduleHistory } from './schedule.server'
import { kabulParts, visitTimeRange, type VisitTimeError } from './visit-time'

function notFound(): never {
  throw data({ error: 'Not found.' }, { status: 404 })
}

/** The clinic's hours for the texts that name them, in the reader's digits. */
function hoursFor(locale: Locale) {
  const { first, last } = visitTimeRange()
  return locale === 'en' ? { first, last } : { first: toEasternDigits(first), last: toEasternDigits(last) }
}

/** A visit time's refusal in the staff member's language, with the clinic's hours. */
export function visitErrorText(code: VisitTimeError | 'unchanged' | 'sourceInvalid', locale: Locale): string {
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
