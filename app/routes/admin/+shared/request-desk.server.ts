/** The desk's forms on a request's detail page, shared by both kinds (patient-detail, student-detail). */
import { data } from 'react-router'
import { SECTION_ROLES } from '~/lib/access/sections'
import { readForm } from '~/lib/forms/read-form.server'
import { parseRowId } from '~/lib/forms/row-id'
import { readDateField, sentSolarParts } from '~/lib/forms/staff-date-fields'
import { assertSameOrigin } from '~/lib/platform/origin.server'
import { database } from '~/lib/platform/db.server'
import { visitErrorText } from '~/lib/requests/desk-detail.server'
import { addNote, MAX_NOTE_LENGTH, readNote } from '~/lib/requests/notes.server'
import type { RequestKind } from '~/lib/requests/request-status'
import { appointmentDeskFacts, scheduleVisit } from '~/lib/requests/schedule.server'
import { readVisitTime, VISIT_FIELDS } from '~/lib/requests/visit-time'
import { adminLocale } from '~/lib/staff/admin-locale.server'
import { requireRole } from '~/lib/staff/auth.server'
import { formFailure, formSuccess } from '~/lib/staff/form-result.server'
import { messagesFor } from '~/locales'
import { requestDetailAction } from './requests.server'

const ROLES = { appointments: SECTION_ROLES.patients, registrations: SECTION_ROLES.students } as const

function notFound(): never {
  throw data({ error: 'Not found.' }, { status: 404 })
}

/**
 * The detail page's actions: a note (both kinds), the confirmed visit (appointments), and a status
 * of 'confirmed' only with a confirmed time; everything else goes on to the status and deletion
 * actions shared with the lists (requests.server.ts).
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
