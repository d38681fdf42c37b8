import { Form, useNavigation } from 'react-router'
import type { Route } from './+types/staff'
import { staffAction, staffLoader } from './staff.server'
import { useAdmin } from '~/components/admin/admin-data'
import { DataCell, DataRow, DataTable } from '~/components/admin/data-table'
import { AlertChoiceForm, alertSummary, type AlertChoiceValues } from '~/components/admin/alert-choice-form'
import { useFeedbackToast } from '~/components/admin/feedback'
import { AdminTextField, LabelledField } from '~/components/admin/field'
import { adminDate } from '~/components/admin/format'
import { AdminRouteError } from '~/components/admin/route-error'
import { AccountSecurity, TwoStepPolicy } from '~/components/admin/staff-security'
import { adminCard, adminInput } from '~/components/admin/ui'
import { adminButton, adminSecondaryButton } from '~/components/ui/button'
import { formResult } from '~/lib/staff/form-result'
import { MIN_PASSWORD_LENGTH } from '~/lib/staff/password-length'
import { format } from '~/locales'

/** Staff accounts (administrators only): add, disable or enable, reset passwords, and each account's e-mail alerts. On phones the list is cards. */
export const loader = (args: Route.LoaderArgs) => staffLoader(args)
export const action = (args: Route.ActionArgs) => staffAction(args)

export default function StaffScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, locale, staff: me } = useAdmin()
  const t = messages.staff
  const busy = useNavigation().state === 'submitting'
  const result = formResult(actionData)
  useFeedbackToast(result.feedback)
  const created = result.intent === 'create' ? result : null
  const values = created?.values as Record<string, string> | undefined
  const c = t.columns
  const alertsFailed = result.intent === 'alerts' && !result.ok ? result : null

  return (
    <div>
      <h1 className="text-2xl font-bold">{t.title}</h1>
      <p className="mt-1 text-slate-700">{t.intro}</p>
      <TwoStepPolicy required={loaderData.twoStepRequired} messages={messages} busy={busy} />

      {loaderData.mailConfigured ? null : (
        <p role="note" className="mt-4 text-sm text-amber-900">
          {messages.alertEmails.noMail}
        </p>
      )}
      <DataTable columns={[c.name, c.alerts, c.actions]} className="mt-6" cards="lg">
        {loaderData.accounts.map((account) => {
          const mine = result.id === account.id && result.intent !== 'alert-remove'
          const rowError = mine && result.intent !== 'alerts' ? Object.values(result.errors)[0] : undefined
          const alertsError = mine && alertsFailed ? alertsFailed : null
          const saved = loaderData.alerts.byStaff[account.id]
          const alertValues: AlertChoiceValues =
            alertsError?.values && typeof alertsError.values === 'object'
              ? (alertsError.values as AlertChoiceValues)
              : (saved ?? { email: '', appointments: false, registrations: false, locale })
          return (
            <DataRow key={account.id}>
              <DataCell label={c.name} wraps>
                <div className="min-w-0">
                  <p className="font-medium [overflow-wrap:anywhere]">
                    {account.displayName} {account.id === me.id ? <span className="text-slate-600">{t.you}</span> : null}
                  </p>
                  <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
                    <dt className="text-slate-700">{c.username}</dt>
                    <dd className="[overflow-wrap:anywhere]">{account.username}</dd>
                    <dt className="text-slate-700">{c.role}</dt>
                    <dd>{messages.roles[account.role]}</dd>
                    <dt className="text-slate-700">{c.lastLogin}</dt>
                    <dd>{account.lastLoginAt ? adminDate(account.lastLoginAt, locale, { withTime: true }) : t.never}</dd>
                    <dt className="text-slate-700">{c.state}</dt>
                    <dd>{account.disabled ? t.disabled : t.active}</dd>
                  </dl>
                  {account.id === me.id ? null : (
                    <Form method="post" className="mt-3 flex flex-wrap items-end gap-2">
                      <input type="hidden" name="id" value={account.id} />
                      <LabelledField
                        id={`role-${account.id}`}
                        label={format(messages.roleChange.label, { name: account.displayName })}
                        labelClassName="block text-xs font-medium text-slate-700"
                      >
                        {(wiring) => (
                          <select {...wiring} name="role" defaultValue={account.role} className={`${adminInput} mt-1`}>
                            {loaderData.roles.map((role) => (
                              <option key={role} value={role}>
                                {messages.roles[role]}
                              </option>
                            ))}
                          </select>
                        )}
                      </LabelledField>
                      <button type="submit" name="intent" value="role" disabled={busy} className={adminSecondaryButton}>
                        {messages.roleChange.submit}
                      </button>
                    </Form>
                  )}
                </div>
              </DataCell>
              <DataCell label={c.alerts} wraps>
                <div className="min-w-0">
                  <p data-alerts-summary className="[overflow-wrap:anywhere]">
                    {alertSummary(saved, messages, locale)}
                  </p>
                  <details className="mt-2" open={alertsError ? true : undefined}>
                    <summary className="cursor-pointer text-sm font-medium underline">
                      {format(messages.alertEmails.change, { name: account.displayName })}
                    </summary>
                    <div className="mt-3">
                      <AlertChoiceForm
                        key={JSON.stringify(alertValues)}
                        idPrefix={`alerts-${account.id}`}
                        values={alertValues}
                        kinds={account.alertKinds}
                        errors={alertsError?.errors ?? {}}
                        busy={busy}
                        messages={messages}
                        accountId={account.id}
                      />
                    </div>
                  </details>
                </div>
              </DataCell>
              <DataCell label={c.actions} wraps>
                <div className="space-y-2">
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
                  {loaderData.twoStep.includes(account.id) ? (
                    <details open={mine && result.intent === 'two-step-off' && !result.ok ? true : undefined}>
                      <summary className="cursor-pointer text-sm font-medium underline">
                        {format(messages.twoStep.remove, { name: account.displayName })}
                      </summary>
                      <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
                        <input type="hidden" name="id" value={account.id} />
                        <AdminTextField
                          id={`two-step-off-${account.id}`}
                          name="code"
                          label={messages.twoStep.removeCode}
                          labelClassName="block text-xs font-medium text-slate-700"
                          autoComplete="one-time-code"
                          autoCapitalize="none"
                          spellCheck={false}
                          required
                          maxLength={40}
                        />
                        <button type="submit" name="intent" value="two-step-off" disabled={busy} className={adminSecondaryButton}>
                          {messages.twoStep.removeSubmit}
                        </button>
                      </Form>
                    </details>
                  ) : null}
                  <AccountSecurity
                    account={account}
                    messages={messages}
                    busy={busy}
                    emailError={result.id === account.id && result.intent === 'email' ? result.errors.email : undefined}
                    typedEmail={
                      result.id === account.id && result.intent === 'email' && !result.ok
                        ? (result.values as { email?: string } | undefined)?.email
                        : undefined
                    }
                  />
                  <Form method="post" className="flex flex-wrap items-end gap-2">
                    <input type="hidden" name="id" value={account.id} />
                    <AdminTextField
                      id={`reset-${account.id}`}
                      name="password"
                      type="password"
                      label={format(t.newPassword, { name: account.displayName })}
                      labelClassName="block text-xs font-medium text-slate-700"
                      autoComplete="new-password"
                      required
                      minLength={MIN_PASSWORD_LENGTH}
                    />
                    <button type="submit" name="intent" value="reset" disabled={busy} className={adminSecondaryButton}>
                      {t.reset}
                    </button>
                  </Form>
                  {rowError ? (
                    <p role="alert" className="text-sm text-red-800">
                      {rowError}
                    </p>
                  ) : null}
                </div>
              </DataCell>
            </DataRow>
          )
        })}
      </DataTable>

      {loaderData.alerts.others.length > 0 ? (
        <section className={`${adminCard} mt-8`} aria-labelledby="other-alerts-heading">
          <h2 id="other-alerts-heading" className="text-lg font-semibold">
            {messages.alertEmails.others}
          </h2>
          <p className="mt-1 text-sm text-slate-700">{messages.alertEmails.othersIntro}</p>
          <ul className="mt-4 space-y-2">
            {loaderData.alerts.others.map((other) => (
              <li key={other.id} className="flex flex-wrap items-center gap-3">
                <span className="[overflow-wrap:anywhere]">{alertSummary(other, messages, locale)}</span>
                <Form method="post">
                  <input type="hidden" name="id" value={other.id} />
                  <button type="submit" name="intent" value="alert-remove" disabled={busy} className={adminSecondaryButton}>
                    {format(messages.alertEmails.remove, { address: other.email })}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section className={`${adminCard} mt-8`} aria-labelledby="add-heading">
        <h2 id="add-heading" className="text-lg font-semibold">
          {t.add}
        </h2>
        {/* Drawn anew after each account added (accounts are never deleted, so the count is new each time): the fields are empty again. */}
        <Form method="post" key={created?.ok ? `added-${loaderData.accounts.length}` : 'add'} className="mt-4 grid gap-4 sm:grid-cols-2">
          <input type="hidden" name="intent" value="create" />
          <AdminTextField
            id="new-displayName"
            name="displayName"
            label={t.displayName}
            required
            defaultValue={values?.displayName}
            error={created?.errors.displayName}
          />
          <AdminTextField
            id="new-username"
            name="username"
            label={t.username}
            required
            autoCapitalize="none"
            spellCheck={false}
            defaultValue={values?.username}
            help={messages.setup.usernameHint}
            error={created?.errors.username}
          />
          <LabelledField id="new-role" label={t.role} error={created?.errors.role}>
            {(wiring) => (
              <select {...wiring} name="role" defaultValue={values?.role ?? 'reception'} className={`${adminInput} mt-1`}>
                {loaderData.roles.map((role) => (
                  <option key={role} value={role}>
                    {messages.roles[role]}
                  </option>
                ))}
              </select>
            )}
          </LabelledField>
          <AdminTextField
            id="new-password"
            name="password"
            type="password"
            label={t.password}
            autoComplete="new-password"
            required
            minLength={MIN_PASSWORD_LENGTH}
            help={t.passwordHint}
            error={created?.errors.password}
          />
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
