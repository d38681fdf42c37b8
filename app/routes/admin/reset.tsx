import { Form, Link, useNavigation } from 'react-router'
import type { Route } from './+types/reset'
import { resetAction, resetLoader } from './reset.server'
import { NewPasswordFields, useEmptiedAfterAnswer } from '~/components/admin/new-password-fields'
import { StandalonePage } from '~/components/admin/standalone-page'
import { adminButton } from '~/components/ui/button'
import { FORM_ERROR, formResult } from '~/lib/staff/form-result'
import { format } from '~/locales'

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.messages.staffSecurity.resetTitle ?? 'Set a new password' },
  { name: 'robots', content: 'noindex, nofollow' },
  // Besides the header: no page this one links to learns its address.
  { name: 'referrer', content: 'no-referrer' },
]

export function headers() {
  return { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }
}

export const loader = (args: Route.LoaderArgs) => resetLoader(args)
export const action = (args: Route.ActionArgs) => resetAction(args)

/** The page of a password-reset link: a new password, then back to the login. */
export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, username } = loaderData
  const t = messages.staffSecurity
  const busy = useNavigation().state === 'submitting'
  const result = formResult(actionData)
  const form = useEmptiedAfterAnswer(actionData)
  const invalid = !username || result.errors[FORM_ERROR]

  return (
    <StandalonePage page={loaderData} title={t.resetTitle} loginLink={t.backToLogin}>
      {result.ok ? (
        <p role="status" className="mt-4 rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900">
          {t.resetDone}
        </p>
      ) : invalid ? (
        <>
          <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
            {t.resetInvalid}
          </p>
          <p className="mt-4 text-sm">
            <Link to="/admin/forgot" className="font-medium text-slate-800 underline">
              {t.askAgain}
            </Link>
          </p>
        </>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700">{format(t.resetIntro, { name: username })}</p>
          <Form method="post" ref={form} className="mt-6 space-y-4">
            {/* Lets a password manager know whose password this is. */}
            <input type="hidden" name="username" value={username} />
            <NewPasswordFields
              idPrefix="reset"
              labels={{ password: t.resetPassword, repeat: t.resetRepeat }}
              help={messages.account.hint}
              errors={result.errors}
            />
            <button type="submit" disabled={busy} className={`${adminButton} w-full`}>
              {t.resetSubmit}
            </button>
          </Form>
        </>
      )}
    </StandalonePage>
  )
}
