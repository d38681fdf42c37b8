/**
 * The staff forms as Zod schemas: sign-in, the first administrator, and the Staff screen's intents.
 * An issue's message is a key of the admin catalogue's `problems` (or `mismatch`, the setup
 * screen's). `NewStaffSchema` is also the account rule of `createStaff`, so the screens and the
 * admin:create command refuse the same accounts.
 */
import { z } from 'zod'
import { STAFF_ROLES } from '~db/schema'
import type { Messages } from '~/locales'
import { parseRowId } from '../platform/row-id'
import { FORM_ERROR, type FieldErrors } from './form-result'
import { checkPasswordStrength } from './password-rules.server'

type AdminMessages = Messages['admin']
export type StaffProblem = keyof AdminMessages['problems']
type StaffFormCode = StaffProblem | 'mismatch'

const problem = (code: StaffFormCode) => ({ error: code })

const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{2,39}$/

const UsernameSchema = z.string(problem('usernameInvalid')).trim().toLowerCase().regex(USERNAME_PATTERN, problem('usernameInvalid'))
const DisplayNameSchema = z
  .string(problem('displayNameMissing'))
  .trim()
  .min(1, problem('displayNameMissing'))
  .max(80, problem('displayNameMissing'))
const PasswordSchema = z.string(problem('tooShort'))
const RowIdSchema = z
  .unknown()
  .transform(parseRowId)
  .pipe(z.number(problem('notFound')))

/** The password rules (password-rules.server.ts), which know the username, as an issue of the password field. */
function strongPassword(value: { password: string; username?: string }, ctx: z.RefinementCtx) {
  const found = checkPasswordStrength(value.password, value.username)
  if (found) ctx.addIssue({ code: 'custom', path: ['password'], message: found })
}

/** Sign-in refuses nothing by its form: a wrong or missing value is a failed sign-in (401, throttled). */
export const LoginSchema = z.object({
  username: z
    .string()
    .catch('')
    .transform((value) => value.slice(0, 200)),
  password: z.string().catch(''),
  redirectTo: z.string().catch(''),
})

/** A new account, on the Staff screen and in `createStaff`; the fields in the order their problems are reported. */
export const NewStaffSchema = z
  .object({
    username: UsernameSchema,
    displayName: DisplayNameSchema,
    role: z.enum(STAFF_ROLES, problem('roleInvalid')),
    password: PasswordSchema,
  })
  .superRefine(strongPassword)

/** The first administrator, through the one-time setup link. */
export const SetupSchema = z
  .object({
    token: z.string().catch(''),
    displayName: DisplayNameSchema,
    username: UsernameSchema,
    password: PasswordSchema,
    confirm: z.string().catch(''),
  })
  .superRefine(strongPassword)
  .refine((value) => value.password === value.confirm, { path: ['confirm'], ...problem('mismatch') })

/** Disable or enable an account. */
export const StaffAccountSchema = z.object({ id: RowIdSchema })

/** An administrator gives an account another role. */
export const RoleChangeSchema = z.object({ id: RowIdSchema, role: z.enum(STAFF_ROLES, problem('roleInvalid')) })

/** An administrator's reset; the rule about the account's own username is checked with the account. */
export const PasswordResetSchema = z.object({ id: RowIdSchema, password: PasswordSchema }).superRefine(strongPassword)

/** The text of a staff form's issue or of an account problem, in the staff member's language. */
export function staffFormText(messages: AdminMessages, code: string): string {
  if (code === 'mismatch') return messages.setup.mismatch
  return code in messages.problems ? messages.problems[code as StaffProblem] : messages.problems.formUnreadable
}

const PROBLEM_FIELD: Partial<Record<StaffProblem, string>> = {
  usernameInvalid: 'username',
  usernameTaken: 'username',
  displayNameMissing: 'displayName',
  roleInvalid: 'role',
  lastAdmin: 'id',
  notFound: 'id',
  tokenInvalid: FORM_ERROR,
}

/** A problem the account rules found after the schema (a taken username, a used setup link…), as the field error it is. */
export function staffProblemErrors(messages: AdminMessages, found: StaffProblem): FieldErrors {
  return { [PROBLEM_FIELD[found] ?? 'password']: messages.problems[found] }
}
