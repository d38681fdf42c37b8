import { alertKindsFor } from '~/lib/access/sections'
import { database } from '~/lib/platform/db.server'
import { AlertChoiceSchema, saveAlertChoice } from '~/lib/staff/alert-preferences.server'
import type { AuditActor } from '~/lib/staff/audit.server'
import type { StaffRole } from '~/lib/staff/auth.server'
import { formInvalid, formSuccess, parseForm, typedValues } from '~/lib/staff/form-result.server'
import type { Messages } from '~/locales'

/**
 * The `alerts` intent of the account page and the staff list: saves `account`'s e-mail alert
 * choice, keeping only the kinds its role may receive. The answer carries the intent and the
 * account, so the screen shows it beside the right form, and the address typed when refused.
 */
export async function saveAlertsFromForm(
  form: FormData,
  actor: AuditActor,
  account: { id: number; role: StaffRole },
  m: Messages['admin'],
) {
  const which = { intent: 'alerts', id: account.id }
  const parsed = parseForm(AlertChoiceSchema, form)
  if (!parsed.success) {
    const values = {
      ...typedValues(form, ['email', 'locale']),
      appointments: form.get('appointments') === 'on',
      registrations: form.get('registrations') === 'on',
    }
    const text = (code: string) =>
      code === 'alertsEmailInvalid' || code === 'alertsEmailNeeded' ? m.alertEmails[code] : m.problems.formUnreadable
    return formInvalid(parsed.error, text, { values, feedback: { variant: 'destructive', title: m.alertEmails.failedTitle } }, which)
  }
  await saveAlertChoice(await database(), actor, account.id, parsed.data, alertKindsFor(account.role))
  return formSuccess({ variant: 'success', title: m.alertEmails.saved }, which)
}
