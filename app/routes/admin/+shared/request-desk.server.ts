/** The desk's forms on a request's detail page, shared by both kinds (patient-detail, student-detail). */
import { data, redirect, type RouterContextProvider } from 'react-router'
import { z } from 'zod'
import { LIST_PATH } from '~/lib/access/sections'
import { readForm } from '~/lib/platform/read-form.server'
import { readDateField, sentSolarParts } from '~/lib/i18n/staff-date-fields'
import { database } from '~/lib/platform/db.server'
import { visitErrorText } from '~/lib/requests/desk-detail.server'
import { addNote, MAX_NOTE_LENGTH, readNote } from '~/lib/requests/notes.server'
import { deleteRequestAudited, setRequestStatusAudited } from '~/lib/requests/request-audit.server'
import type { RequestKind } from '~/lib/requests/request-status'
import { appointmentDeskFacts, scheduleVisit } from '~/lib/requests/schedule.server'
import { readVisitTime, VISIT_FIELDS } from '~/lib/requests/visit-time'
import { FORM_ERROR } from '~/lib/staff/form-result'
import { formFailure, formSuccess, parseForm } from '~/lib/staff/form-result.server'
import { requireRole } from '~/lib/staff/staff-context.server'
import { REQUEST_ROLES, requestId } from './requests.server'

function notFound(): never {
  throw data({ error: 'Not found.' }, { status: 404 })
}

const StatusForm = z.object({ intent: z.literal('status'), status: z.string().max(40) })
const DeleteForm = z.object({ intent: z.literal('delete'), confirm: z.literal('yes') })

/**
 * The detail page's actions: a note (both kinds), the confirmed visit (appointments), the status
 * ('confirmed' only with a confirmed time) for the section's roles, and deleting permanently for
 * administrators. They answer as every staff action does (lib/staff/form-result.ts).
 */
export async function deskAction(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  kind: RequestKind,
  idParam: string | undefined,
) {
  const staff = requireRole(context, REQUEST_ROLES[kind])
  const { account: member, locale } = staff
  const id = requestId(idParam)
  const texts = staff.messages.admin.desk
  const read = await readForm(request)
  if (!read.ok) {
    return formFailure(read.status, { errors: { [FORM_ERROR]: staff.messages.admin.problems.formUnreadable } }, { intent: 'status' })
  }
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

  if (intent === 'delete') {
    const admin = requireRole(context, [])
    if (!parseForm(DeleteForm, form).success) return formFailure(400, {}, { intent: 'delete' })
    if (!(await deleteRequestAudited(db, admin.account, kind, id))) notFound()
    return redirect(`${LIST_PATH[kind]}?deleted=1`)
  }

  if (kind === 'appointments' && intent === 'status' && form.get('status') === 'confirmed') {
    const facts = (await appointmentDeskFacts(db, id)) ?? notFound()
    if (!facts.confirmedFor) return formFailure(400, { errors: { status: texts.errors.confirmNeedsTime } }, { intent: 'status' as const })
  }
  const parsed = parseForm(StatusForm, form)
  // The select offers only the kind's statuses; anything else is a forged form.
  if (!parsed.success || !(await setRequestStatusAudited(db, member, kind, id, parsed.data.status))) {
    return formFailure(400, {}, { intent: 'status' })
  }
  return formSuccess(null, { intent: 'status' })
}
