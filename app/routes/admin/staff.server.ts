import type { Route } from './+types/staff'
import { SECTION_ROLES } from '~/lib/access/sections'
import { STAFF_ROLES } from '~/lib/staff/auth.server'
import { requireRole } from '~/lib/staff/staff-context.server'
import { database } from '~/lib/platform/db.server'
import { readForm } from '~/lib/platform/read-form.server'
import { parseRowId } from '~/lib/platform/row-id'
import { formFailure, formInvalid, formSuccess, formUnreadable, parseForm, typedValues } from '~/lib/staff/form-result.server'
import {
  NewStaffSchema,
  PasswordResetSchema,
  RoleChangeSchema,
  StaffAccountSchema,
  staffFormText,
  staffProblemErrors,
  type StaffProblem,
} from '~/lib/staff/staff-forms.server'
import { createStaff, listStaff, resetStaffPassword, setStaffDisabled, setStaffRole } from '~/lib/staff/staff.server'
import type { z } from 'zod'
import { format } from '~/locales'
import { accountsWithTwoStep } from '~/lib/staff/two-step/two-step.server'
import { removeTwoStepWithOwnCode } from '~/lib/staff/two-step/removal.server'
import { staffSecretKey } from '~/lib/staff/two-step/key.server'
import { requestInfo } from '~/lib/platform/request-context'
import { waitText } from './login.server'
import { alertKindsFor } from '~/lib/access/sections'
import { mailConfigured } from '~/lib/mail/configured.server'
import { listAlertChoices, removeOtherAlertAddress } from '~/lib/staff/alert-preferences.server'
import { saveAlertsFromForm } from './+shared/alert-choice.server'
import { setTwoStepRequired, twoStepRequired } from '~/lib/staff/policy.server'
import { signOutAccount } from '~/lib/staff/session-control.server'
import { setStaffEmail, StaffEmailSchema } from '~/lib/staff/staff-email.server'

export async function staffLoader({ context }: Route.LoaderArgs) {
  requireRole(context, SECTION_ROLES.staff)
  const db = await database()
  const accounts = (await listStaff(db)).map((account) => ({ ...account, alertKinds: alertKindsFor(account.role) }))
  return {
    accounts,
    roles: STAFF_ROLES,
    twoStep: await accountsWithTwoStep(db),
    twoStepRequired: await twoStepRequired(db),
    alerts: await listAlertChoices(db),
    mailConfigured: mailConfigured(),
  }
}

/** Add an account, disable or enable one, change its role, reset a password: each intent its schema, every answer the staff form result. */
export async function staffAction({ request, context }: Route.ActionArgs) {
  const staff = requireRole(context, SECTION_ROLES.staff)
  const member = staff.account
  const m = staff.messages.admin
  const read = await readForm(request, { keep: ['password'] })
  if (!read.ok) return formUnreadable(read.status, m.errors.title, m.problems.formUnreadable, { intent: '', id: undefined })
  const { form } = read
  // The screen shows an answer beside the form it came from: the intent, and the account's row.
  const which = { intent: String(form.get('intent') ?? ''), id: parseRowId(form.get('id')) ?? undefined }
  const refuse = (found: StaffProblem, values?: Record<string, string>) =>
    formFailure(400, { errors: staffProblemErrors(m, found), values }, which)
  const invalid = (error: z.ZodError, values?: Record<string, string>) =>
    formInvalid(error, (code) => staffFormText(m, code), { values }, which)
  const done = (title: string) => formSuccess({ variant: 'success', title }, which)
  const db = await database()

  switch (which.intent) {
    case 'create': {
      const values = typedValues(form, ['username', 'displayName', 'role'])
      const parsed = parseForm(NewStaffSchema, form)
      if (!parsed.success) return invalid(parsed.error, values)
      const created = await createStaff(db, parsed.data, { actor: member })
      return created.ok ? done(m.staff.created) : refuse(created.problem, values)
    }
    case 'disable':
    case 'enable': {
      const parsed = parseForm(StaffAccountSchema, form)
      if (!parsed.success) return invalid(parsed.error)
      const disable = which.intent === 'disable'
      if (disable && parsed.data.id === member.id) return refuse('lastAdmin')
      const result = await setStaffDisabled(db, parsed.data.id, disable, member)
      if (!result.ok) return refuse(result.problem)
      return done(disable ? m.staff.disabledDone : m.staff.enabledDone)
    }
    case 'reset': {
      const parsed = parseForm(PasswordResetSchema, form)
      if (!parsed.success) return invalid(parsed.error)
      const result = await resetStaffPassword(db, parsed.data.id, parsed.data.password, { actor: member })
      return result.ok ? done(m.staff.resetDone) : refuse(result.problem)
    }
    case 'role': {
      const parsed = parseForm(RoleChangeSchema, form)
      if (!parsed.success) return invalid(parsed.error)
      const result = await setStaffRole(db, member, parsed.data.id, parsed.data.role)
      if (!result.ok) {
        const text = result.problem === 'notFound' ? m.problems.notFound : m.roleChange[result.problem]
        return formFailure(400, { errors: { id: text } }, which)
      }
      return done(m.roleChange.done)
    }
    case 'two-step-off': {
      // A lost phone: the account signs in with its password again and sets two-step sign-in up anew.
      // The administrator confirms with a code of their own two-step sign-in.
      const parsed = parseForm(StaffAccountSchema, form)
      if (!parsed.success) return invalid(parsed.error)
      const now = new Date()
      const removal = await removeTwoStepWithOwnCode(db, member, parsed.data.id, String(form.get('code') ?? ''), {
        key: staffSecretKey(),
        address: context.get(requestInfo).clientAddress,
        now,
      })
      if (removal.ok) return done(m.twoStep.removed)
      if (removal.problem === 'notFound') return refuse('notFound')
      if (removal.problem === 'throttled') {
        return formFailure(429, { errors: { code: format(m.login.throttled, { wait: waitText(removal.retryAt, now, m.login) }) } }, which)
      }
      const text = removal.problem === 'ownFactorMissing' ? m.twoStep.removeNeedsOwn : m.twoStep.removeWrongCode
      return formFailure(400, { errors: { code: text } }, which)
    }
    case 'alerts': {
      // Another member's e-mail alerts: the kinds their role may receive.
      const account = (await listStaff(db)).find((row) => row.id === which.id)
      if (!account) return refuse('notFound')
      return saveAlertsFromForm(form, member, account, m)
    }
    case 'alert-remove': {
      const parsed = parseForm(StaffAccountSchema, form)
      if (!parsed.success) return invalid(parsed.error)
      return (await removeOtherAlertAddress(db, member, parsed.data.id)) ? done(m.alertEmails.removed) : refuse('notFound')
    }
    case 'sign-out-all': {
      // A lost or shared device: every session of the account ends, its live desk streams too.
      const parsed = parseForm(StaffAccountSchema, form)
      if (!parsed.success) return invalid(parsed.error)
      const ended = await signOutAccount(db, member, parsed.data.id)
      if (ended === null) return refuse('notFound')
      return formSuccess(
        { variant: 'success', title: m.staffSecurity.signOutAll, text: format(m.staffSecurity.signedOutAll, { count: ended }) },
        which,
      )
    }
    case 'email': {
      const parsed = parseForm(StaffAccountSchema, form)
      if (!parsed.success) return invalid(parsed.error)
      const values: Record<string, string> = { email: String(form.get('email') ?? '').slice(0, 254) }
      const email = parseForm(StaffEmailSchema, form)
      if (!email.success) return formFailure(400, { errors: { email: m.staffSecurity.emailInvalid }, values }, which)
      const result = await setStaffEmail(db, member, parsed.data.id, email.data.email)
      if (!result.ok) {
        const text = result.problem === 'emailTaken' ? m.staffSecurity.emailTaken : m.problems.notFound
        return formFailure(409, { errors: { email: text }, values }, which)
      }
      return done(m.staffSecurity.emailSaved)
    }
    case 'two-factor-policy': {
      const required = form.get('required') === 'on'
      await setTwoStepRequired(db, member, required)
      return done(m.staffSecurity.policySaved)
    }
    default:
      return refuse('notFound')
  }
}
