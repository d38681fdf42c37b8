import { Form, useNavigation } from 'react-router'
import type { Route } from './+types/forgot'
import { forgotAction, forgotLoader } from './forgot.server'
import { AdminTextField } from '~/components/admin/field'
import { StandalonePage } from '~/components/admin/standalone-page'
import { adminButton } from '~/components/ui/button'
import { FORM_ERROR, formResult } from '~/lib/staff/form-result'

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.messages.staffSecurity.forgotHeading ?? 'Forgot your password?' },
  { name: 'robots', content: 'noindex, nofollow' },
]

export function headers() {
  return { 'Cache-Control': 'no-store' }
}

export const loader = (args: Route.LoaderArgs) => forgotLoader(args)
export const action = (args: Route.ActionArgs) => forgotAction(args)

/** "Forgot password": asks for a reset link by e-mail (only while a mail server is set up). */
export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { messages } = loaderData
  const t = messages.staffSecurity
  const busy = useNavigation().state === 'submitting'
  const result = formResult(actionData)
  return (
    <StandalonePage page={loaderData} title={t.forgotHeading} loginLink={t.backToLogin}>
      <p className="mt-2 text-sm text-slate-700">{t.forgotIntro}</p>
      {result.ok ? (
        <p role="status" className="mt-4 rounded-md border border-green-300 bg-green-50 p-3 text-sm text-green-900">
          {t.forgotSent}
        </p>
      ) : null}
      {result.errors[FORM_ERROR] ? (
        <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {result.errors[FORM_ERROR]}
        </p>
      ) : null}
      <Form method="post" className="mt-6 space-y-4">
        <AdminTextField
          id="forgot-identifier"
          name="identifier"
          label={t.forgotLabel}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          required
        />
        <button type="submit" disabled={busy} className={`${adminButton} w-full`}>
          {t.forgotSubmit}
        </button>
      </Form>
      <p className="mt-4 text-sm text-slate-700">{t.forgotNoEmail}</p>
    </StandalonePage>
  )
}
