import { useEffect } from 'react'
import { Form, useNavigation } from 'react-router'
import type { Route } from './+types/staff'
import { staffAction, staffLoader, type ActionResult } from './staff.server'
import { useAdmin } from '~/components/admin/admin-data'
import { adminDate } from '~/components/admin/format'
import { AdminRouteError } from '~/components/admin/route-error'
import { adminCard, adminInput, adminLabel } from '~/components/admin/ui'
import { adminButton, adminSecondaryButton } from '~/components/ui/button'
import { useToast } from '~/components/ui/toast'
import { format } from '~/locales'

/** Staff accounts (administrators only): add, disable or enable, and reset passwords. */
export const loader = (args: Route.LoaderArgs) => staffLoader(args)
export const action = (args: Route.ActionArgs) => staffAction(args)

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
