import { Form, Link, useNavigation } from 'react-router'
import type { Route } from './+types/account'
import { accountAction, accountLoader } from './account.server'
import { useAdmin } from '~/components/admin/admin-data'
import { useFeedbackToast } from '~/components/admin/feedback'
import { AdminTextField } from '~/components/admin/field'
import { NewPasswordFields, useEmptiedAfterAnswer } from '~/components/admin/new-password-fields'
import { AdminRouteError } from '~/components/admin/route-error'
import { AccountSessions } from '~/components/admin/account-sessions'
import { StaffEmailForm } from '~/components/admin/staff-email-form'
import { adminCard } from '~/components/admin/ui'
import { adminButton } from '~/components/ui/button'
import { FORM_ERROR, formResult } from '~/lib/staff/form-result'
import { AlertChoiceForm, type AlertChoiceValues } from '~/components/admin/alert-choice-form'

/** The signed-in staff member's own account: changing their password, choosing their e-mail alerts. */
export const loader = (args: Route.LoaderArgs) => accountLoader(args)
export const action = (args: Route.ActionArgs) => accountAction(args)

export default function AccountScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, staff: me, locale } = useAdmin()
  const t = messages.account
  const s = messages.staffSecurity
  const busy = useNavigation().state === 'submitting'
  const answer = formResult(actionData)
  useFeedbackToast(answer.feedback)
  // The password form's answers carry no intent; the e-mail's, the sessions' and the alerts' do.
  const intent = (actionData as { intent?: string } | undefined)?.intent
  const alertsAnswer = intent === 'alerts' ? answer : null
  const result = intent ? formResult(undefined) : answer
  const form = useEmptiedAfterAnswer(actionData)
  const { alerts } = loaderData
  const alertValues = alertsAnswer && !alertsAnswer.ok && alertsAnswer.values ? (alertsAnswer.values as AlertChoiceValues) : alerts.choice

  return (
    <div>
      <h1 className="text-2xl font-bold">{t.title}</h1>
      <p className="mt-1 text-slate-700">
        {me.displayName} ({me.username}) · {messages.roles[me.role]}
      </p>
      <section className={`${adminCard} mt-6 max-w-xl`} aria-labelledby="password-heading">
        <h2 id="password-heading" className="text-lg font-semibold">
          {t.heading}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t.intro}</p>
        {result.ok ? (
          <p role="status" className="mt-3 text-sm text-green-800">
            {t.done}. {t.doneText}
          </p>
        ) : null}
        {result.errors[FORM_ERROR] ? (
          <p role="alert" className="mt-3 text-sm text-red-800">
            {result.errors[FORM_ERROR]}
          </p>
        ) : null}
        <Form method="post" ref={form} className="mt-4 grid gap-4">
          {/* Lets a password manager know whose password this is. */}
          <input type="hidden" name="username" value={me.username} />
          <AdminTextField
            id="account-current"
            name="current"
            type="password"
            label={t.current}
            autoComplete="current-password"
            required
            error={result.errors.current}
          />
          <NewPasswordFields idPrefix="account" labels={{ password: t.next, repeat: t.repeat }} help={t.hint} errors={result.errors} />
          <div>
            <button type="submit" disabled={busy} className={adminButton}>
              {t.submit}
            </button>
          </div>
        </Form>
      </section>
      <section className={`${adminCard} mt-6 max-w-xl`} aria-labelledby="alerts-heading">
        <h2 id="alerts-heading" className="text-lg font-semibold">
          {messages.alertEmails.heading}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{messages.alertEmails.intro}</p>
        {alerts.mailConfigured ? null : (
          <p role="note" className="mt-3 text-sm text-amber-900">
            {messages.alertEmails.noMail}
          </p>
        )}
        {alertsAnswer?.ok ? (
          <p role="status" className="mt-3 text-sm text-green-800">
            {messages.alertEmails.saved}
          </p>
        ) : null}
        <div className="mt-4">
          <AlertChoiceForm
            key={JSON.stringify(alertValues)}
            idPrefix="alerts"
            values={alertValues}
            kinds={alerts.kinds}
            errors={alertsAnswer?.errors ?? {}}
            busy={busy}
            messages={messages}
          />
        </div>
      </section>
      <section className={`${adminCard} mt-6 max-w-xl`} aria-labelledby="email-heading">
        <h2 id="email-heading" className="text-lg font-semibold">
          {s.emailHeading}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{s.emailIntro}</p>
        {loaderData.mailConfigured ? null : <p className="mt-1 text-sm text-slate-700">{s.emailNoMail}</p>}
        <StaffEmailForm
          id="account-email"
          email={intent === 'email' && !answer.ok ? ((answer.values as { email?: string } | undefined)?.email ?? null) : loaderData.email}
          label={s.emailLabel}
          submit={s.emailSubmit}
          busy={busy}
          error={intent === 'email' ? answer.errors.email : undefined}
        />
      </section>
      <AccountSessions
        sessions={loaderData.sessions}
        messages={messages}
        locale={locale}
        busy={busy}
        error={intent === 'session-end' ? answer.errors.session : undefined}
      />
      <p className="mt-6">
        <Link to="/admin/account/two-step" className="font-medium text-slate-800 underline">
          {messages.twoStep.title}
        </Link>
      </p>
    </div>
  )
}

export const ErrorBoundary = AdminRouteError
