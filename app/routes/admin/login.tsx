import { useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import type { Route } from './+types/login'
import { loginAction, loginLoader } from './login.server'
import { useFeedbackToast } from '~/components/admin/feedback'
import { AdminTextField } from '~/components/admin/field'
import { StandalonePage } from '~/components/admin/standalone-page'
import { adminButton } from '~/components/ui/button'
import { FORM_ERROR, formResult } from '~/lib/staff/form-result'

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.messages.login.title ?? 'Admin Login' },
  { name: 'robots', content: 'noindex, nofollow' },
]

export function headers() {
  return { 'Cache-Control': 'no-store' }
}

export const loader = (args: Route.LoaderArgs) => loginLoader(args)
export const action = (args: Route.ActionArgs) => loginAction(args)

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, noAccounts, redirectTo, resetByEmail } = loaderData
  const navigation = useNavigation()
  const submitting = navigation.state === 'submitting'
  const [forgotOpen, setForgotOpen] = useState(false)
  const result = formResult(actionData)
  useFeedbackToast(result.feedback)
  const error = result.errors[FORM_ERROR]

  return (
    <StandalonePage page={loaderData} title={messages.login.title}>
      <p className="mt-2 text-sm text-slate-700">{messages.login.intro}</p>
      {noAccounts ? (
        <p role="status" className="mt-4 rounded-md border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
          {messages.login.noAccounts}
        </p>
      ) : null}
      {error || result.wait ? (
        <div role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {error ? (
            <p>
              <strong>{messages.login.failedTitle}</strong>: {error}
            </p>
          ) : null}
          {result.wait ? <p className={error ? 'mt-1' : ''}>{result.wait}</p> : null}
        </div>
      ) : null}
      <Form method="post" className="mt-6 space-y-4">
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <AdminTextField
          id="username"
          name="username"
          label={messages.login.username}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          defaultValue={result.values?.username ?? ''}
        />
        <AdminTextField
          id="password"
          name="password"
          type="password"
          label={messages.login.password}
          autoComplete="current-password"
          required
        />
        <button type="submit" disabled={submitting} className={`${adminButton} w-full`}>
          {submitting ? messages.login.submitting : messages.login.submit}
        </button>
      </Form>
      {resetByEmail ? (
        <p className="mt-4">
          <Link to="/admin/forgot" className="text-sm font-medium text-slate-800 underline hover:text-slate-950">
            {messages.login.forgot}
          </Link>
        </p>
      ) : (
        <div className="mt-4">
          <button
            type="button"
            aria-expanded={forgotOpen}
            aria-controls="forgot-help"
            onClick={() => setForgotOpen((open) => !open)}
            className="text-sm font-medium text-slate-800 underline hover:text-slate-950"
          >
            {messages.login.forgot}
          </button>
          {/* Without JavaScript the explanation is simply shown. */}
          <noscript>
            <p className="mt-2 text-sm text-slate-700">{messages.login.forgotText}</p>
          </noscript>
          {forgotOpen ? (
            <p id="forgot-help" role="status" className="mt-2 text-sm text-slate-700">
              <strong>{messages.login.forgotTitle}</strong>: {messages.login.forgotText}
            </p>
          ) : null}
        </div>
      )}
      <p className="mt-6 text-sm">
        <Link to="/" className="text-slate-700 underline">
          {messages.login.backToSite}
        </Link>
      </p>
    </StandalonePage>
  )
}
