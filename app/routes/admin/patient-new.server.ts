import { redirect } from 'react-router'
import { SECTION_ROLES } from '~/lib/access/sections'
import { readForm } from '~/lib/platform/read-form.server'
import { kabulToday, randomToken } from '~/lib/forms/shared'
import type { Locale } from '~/lib/i18n/locale'
import { database } from '~/lib/platform/db.server'
import {
  DESK_FIELDS,
  DESK_SOURCES,
  readDeskBooking,
  storeDeskBooking,
  type DeskError,
  type DeskField,
} from '~/lib/requests/desk-booking.server'
import { visitErrorText } from '~/lib/requests/desk-detail.server'
import { visitTimeRange } from '~/lib/requests/visit-time'
import { requireRole } from '~/lib/staff/staff-context.server'
import type { FORM_ERROR } from '~/lib/staff/form-result'
import { formFailure, formUnreadable } from '~/lib/staff/form-result.server'
import { format, messagesFor } from '~/locales'
import type { Route } from './+types/patient-new'

/** The booking screen's loader: reception and administrators; a fresh token for each form. */
export async function patientNewLoader({ context }: Route.LoaderArgs) {
  const { locale } = requireRole(context, SECTION_ROLES.patients)
  return { token: randomToken(), today: kabulToday(), sources: DESK_SOURCES, hours: visitTimeRange(), locale }
}

function deskErrorText(error: DeskError, locale: Locale): string {
  if (error.scope === 'desk') return visitErrorText(error.code, locale)
  return format(messagesFor(locale).forms.errors[error.code], { max: error.max ?? 0 })
}

/** Stores a phone or walk-in booking and opens it; a refusal keeps everything typed. */
export async function patientNewAction({ request, context }: Route.ActionArgs) {
  const staff = requireRole(context, SECTION_ROLES.patients)
  const { locale, account: member } = staff
  const messages = staff.messages.admin
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
