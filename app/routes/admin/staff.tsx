import { useEffect } from 'react'
import { data, Form, useNavigation } from 'react-router'
import type { Route } from './+types/staff'
import { useAdmin } from '~/components/admin/admin-data'
import { adminDate } from '~/components/admin/format'
import { AdminRouteError } from '~/components/admin/route-error'
import { SECTION_ROLES } from '~/components/admin/sections'
import { adminCard, adminInput, adminLabel } from '~/components/admin/ui'
import { adminButton, adminSecondaryButton } from '~/components/ui/button'
import { useToast } from '~/components/ui/toast'
import { requireRole, STAFF_ROLES } from '~/lib/auth.server'
import { database } from '~/lib/db.server'
import { readForm } from '~/lib/forms/read-form.server'
import { assertSameOrigin } from '~/lib/origin.server'
import { createStaff, isStaffRole, listStaff, resetStaffPassword, setStaffDisabled } from '~/lib/staff.server'
import { parseRowId } from '~/lib/forms/row-id'
import { format } from '~/locales'
import type { Messages } from '~/locales'

/** Staff accounts (administrators only): add, disable or enable, and reset passwords. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, SECTION_ROLES.staff)
  return { accounts: await listStaff(await database()), roles: STAFF_ROLES }
}

type Problem = keyof Messages['admin']['problems']
type ActionResult =
  | { ok: true; intent: 'create' | 'disable' | 'enable' | 'reset'; id?: number }
  | { ok: false; intent: string; id?: number; problem: Problem; field?: string; values?: Record<string, string> }

export async function action({ request }: Route.ActionArgs) {
  assertSameOrigin(request)
  const member = await requireRole(request, SECTION_ROLES.staff)
  const read = await readForm(request, { keep: ['password'] })
  if (!read.ok) return data<ActionResult>({ ok: false, intent: '', problem: 'formUnreadable' }, { status: read.status })
  const { form } = read
  const db = await database()
  const intent = String(form.get('intent') ?? '')
  const id = parseRowId(form.get('id'))
  const fail = (result: Omit<Extract<ActionResult, { ok: false }>, 'ok'>) => data<ActionResult>({ ok: false, ...result }, { status: 400 })

  if (intent === 'create') {
    const values = {
      username: String(form.get('username') ?? '').slice(0, 200),
      displayName: String(form.get('displayName') ?? '').slice(0, 200),
      role: String(form.get('role') ?? ''),
    }
    if (!isStaffRole(values.role)) return fail({ intent, problem: 'roleInvalid', field: 'role', values })
    const created = await createStaff(db, { ...values, role: values.role, password: String(form.get('password') ?? '') })
    if (!created.ok) {
      const field = created.problem.startsWith('username')
        ? 'username'
        : created.problem === 'displayNameMissing'
          ? 'displayName'
          : 'password'
      return fail({ intent, problem: created.problem, field, values })
    }
    return { ok: true, intent } satisfies ActionResult
  }
  if (id === null) return fail({ intent, problem: 'notFound' })
  if (intent === 'disable' || intent === 'enable') {
    if (intent === 'disable' && id === member.id) return fail({ intent, id, problem: 'lastAdmin' })
    const result = await setStaffDisabled(db, id, intent === 'disable')
    if (!result.ok) return fail({ intent, id, problem: result.problem })
    return { ok: true, intent, id } satisfies ActionResult
  }
  if (intent === 'reset') {
    const result = await resetStaffPassword(db, id, String(form.get('password') ?? ''))
    if (!result.ok) return fail({ intent, id, problem: result.problem, field: 'password' })
    return { ok: true, intent, id } satisfies ActionResult
  }
  return fail({ intent, problem: 'notFound' })
}

export default function StaffScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, locale, staff: me } = useAdmin()
  const t = messages.staff
  const toast = useToast()
  const busy = useNavigation().state === 'submitting'
  const result = actionData as ActionResult | undefined

  useEffect(() => {
    if (!result?.ok) return
    const title = { create: t.created, disable: t.disabledDone, enable: t.enabledDone, reset: t.resetDone }[result.intent]
    toast({ title })
  }, [result, t, toast])

  const createError = result && !result.ok && result.intent === 'create' ? result : null
  const fieldError = (name: string) =>
    createError?.field === name ? (
      <p id={`new-${name}-error`} className="mt-1 text-sm text-red-800">
        {messages.problems[createError.problem]}
      </p>
    ) : null

  return (
    <div>
      <h1 className="text-2xl font-bold">{t.title}</h1>
      <p className="mt-1 text-slate-700">{t.intro}</p>

      <div className="mt-6 overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <thead className="bg-slate-100">
            <tr>
              {Object.values(t.columns).map((label) => (
                <th key={label} scope="col" className="px-4 py-3 text-start font-semibold text-slate-800">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {loaderData.accounts.map((account) => {
              const rowError = result && !result.ok && result.id === account.id ? messages.problems[result.problem] : null
              return (
                <tr key={account.id} className="align-top">
                  <td className="px-4 py-3 font-medium">
                    {account.displayName} {account.id === me.id ? <span className="text-slate-600">{t.you}</span> : null}
                  </td>
                  <td className="px-4 py-3">{account.username}</td>
                  <td className="px-4 py-3">{messages.roles[account.role]}</td>
                  <td className="px-4 py-3">
                    {account.lastLoginAt ? adminDate(account.lastLoginAt, locale, { withTime: true }) : t.never}
                  </td>
                  <td className="px-4 py-3">{account.disabled ? t.disabled : t.active}</td>
                  <td className="space-y-2 px-4 py-3">
                    {account.id !== me.id ? (
                      <Form method="post">
                        <input type="hidden" name="id" value={account.id} />
                        <button
                          type="submit"
                          name="intent"
                          value={account.disabled ? 'enable' : 'disable'}
                          disabled={busy}
                          className={adminSecondaryButton}
                        >
                          {account.disabled ? t.enable : t.disable}
                        </button>
                      </Form>
                    ) : null}
                    <Form method="post" className="flex flex-wrap items-end gap-2">
                      <input type="hidden" name="id" value={account.id} />
                      <div>
                        <label htmlFor={`reset-${account.id}`} className="block text-xs font-medium text-slate-700">
                          {format(t.newPassword, { name: account.displayName })}
                        </label>
                        <input
                          id={`reset-${account.id}`}
                          name="password"
                          type="password"
                          autoComplete="new-password"
                          required
                          minLength={12}
                          className={`${adminInput} mt-1`}
                        />
                      </div>
                      <button type="submit" name="intent" value="reset" disabled={busy} className={adminSecondaryButton}>
                        {t.reset}
                      </button>
                    </Form>
                    {rowError ? (
                      <p role="alert" className="text-sm text-red-800">
                        {rowError}
                      </p>
                    ) : null}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>

      <section className={`${adminCard} mt-8`} aria-labelledby="add-heading">
        <h2 id="add-heading" className="text-lg font-semibold">
          {t.add}
        </h2>
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="create" />
          <div>
            <label htmlFor="new-displayName" className={adminLabel}>
              {t.displayName}
            </label>
            <input
              id="new-displayName"
              name="displayName"
              required
              defaultValue={createError?.values?.displayName}
              className={`${adminInput} mt-1`}
            />
            {fieldError('displayName')}
          </div>
          <div>
            <label htmlFor="new-username" className={adminLabel}>
              {t.username}
            </label>
            <input
              id="new-username"
              name="username"
              required
              autoCapitalize="none"
              spellCheck={false}
              defaultValue={createError?.values?.username}
              aria-describedby="new-username-hint"
              className={`${adminInput} mt-1`}
            />
            <p id="new-username-hint" className="mt-1 text-xs text-slate-600">
              {messages.setup.usernameHint}
            </p>
            {fieldError('username')}
          </div>
          <div>
            <label htmlFor="new-role" className={adminLabel}>
              {t.role}
            </label>
            <select id="new-role" name="role" defaultValue={createError?.values?.role ?? 'reception'} className={`${adminInput} mt-1`}>
              {loaderData.roles.map((role) => (
                <option key={role} value={role}>
                  {messages.roles[role]}
                </option>
              ))}
            </select>
            {fieldError('role')}
          </div>
          <div>
            <label htmlFor="new-password" className={adminLabel}>
              {t.password}
            </label>
            <input
              id="new-password"
              name="password"
              type="password"
              autoComplete="new-password"
              required
              minLength={12}
              aria-describedby="new-password-hint"
              className={`${adminInput} mt-1`}
            />
            <p id="new-password-hint" className="mt-1 text-xs text-slate-600">
              {t.passwordHint}
            </p>
            {fieldError('password')}
          </div>
          <div className="sm:col-span-2">
            <button type="submit" disabled={busy} className={adminButton}>
              {t.create}
            </button>
          </div>
        </Form>
      </section>
    </div>
  )
}

export const ErrorBoundary = AdminRouteError
