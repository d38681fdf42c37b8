import { describe, expect, it } from 'vitest'
import { admin } from '~/locales/en/admin'
import { formInvalid, formUnreadable, parseForm, typedValues } from './form-result.server'
import { formResult } from './form-result'
import { LoginSchema, NewStaffSchema, PasswordResetSchema, SetupSchema, staffFormText, staffProblemErrors } from './staff-forms.server'

const STRONG = 'violet-cedar-mountain'

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) data.append(name, v)
  return data
}

/** The field errors of a refusal, as the screen receives them. */
function errorsOf(result: { success: boolean; error?: import('zod').ZodError }) {
  expect(result.success).toBe(false)
  return formInvalid(result.error!, (code) => staffFormText(admin, code), {}).data.errors
}

describe('the staff form schemas', () => {
  it('report every wrong field of a new account at once, in the catalogue texts', () => {
    const errors = errorsOf(parseForm(NewStaffSchema, form({ username: 'X', displayName: ' ', role: 'reception', password: 'short' })))
    expect(errors).toEqual({
      username: admin.problems.usernameInvalid,
      displayName: admin.problems.displayNameMissing,
      password: admin.problems.tooShort,
    })
    const role = parseForm(NewStaffSchema, form({ username: 'desk', displayName: 'Desk', role: 'owner', password: STRONG }))
    expect(errorsOf(role)).toEqual({ role: admin.problems.roleInvalid })
  })

  it('normalise a good account and check the password against its username', () => {
    const parsed = parseForm(
      NewStaffSchema,
      form({ username: ' Front.Desk ', displayName: ' Front Desk ', role: 'reception', password: STRONG }),
    )
    expect(parsed.data).toEqual({ username: 'front.desk', displayName: 'Front Desk', role: 'reception', password: STRONG })
    const own = parseForm(NewStaffSchema, form({ username: 'cedarwood', displayName: 'C', role: 'editor', password: 'cedarwood-violet-9' }))
    expect(errorsOf(own)).toEqual({ password: admin.problems.containsUsername })
  })

  it('tell the setup screen that the two passwords differ, beside the second', () => {
    const sent = { token: 't', displayName: 'Boss', username: 'boss', password: STRONG, confirm: `${STRONG}!` }
    expect(errorsOf(parseForm(SetupSchema, form(sent)))).toEqual({ confirm: admin.setup.mismatch })
  })

  it('refuse a reset of no account, and never refuse a sign-in by its form', () => {
    expect(errorsOf(parseForm(PasswordResetSchema, form({ id: '1e3', password: STRONG })))).toEqual({ id: admin.problems.notFound })
    const parsed = parseForm(LoginSchema, form({ username: ['a'.repeat(300), 'second'] }))
    expect(parsed.data).toEqual({ username: 'a'.repeat(200), password: '', redirectTo: '' })
  })

  it('place a problem found after the schema on its field', () => {
    expect(staffProblemErrors(admin, 'usernameTaken')).toEqual({ username: admin.problems.usernameTaken })
    expect(staffProblemErrors(admin, 'tokenInvalid')).toEqual({ form: admin.problems.tokenInvalid })
    expect(staffProblemErrors(admin, 'common')).toEqual({ password: admin.problems.common })
  })
})

describe('the staff form result', () => {
  it('sends back what was typed, never more than 200 characters, and nothing for a file', () => {
    const sent = form({ username: 'x'.repeat(500) })
    sent.append('displayName', new Blob(['x']))
    expect(typedValues(sent, ['username', 'displayName', 'role'])).toEqual({ username: 'x'.repeat(200), displayName: '', role: '' })
  })

  it('answers an unreadable form with its status, a form error and the feedback', () => {
    const answer = formUnreadable(415, 'Something went wrong', 'The form could not be read.')
    expect(answer.init?.status).toBe(415)
    expect(answer.data).toMatchObject({ ok: false, errors: { form: 'The form could not be read.' }, values: undefined })
    expect(answer.data.feedback).toEqual({ variant: 'destructive', title: 'Something went wrong', text: 'The form could not be read.' })
  })

  it('reads as no errors and no feedback before the first submission', () => {
    expect(formResult(undefined)).toEqual({ errors: {}, feedback: null })
  })
})
