import { Form, useNavigation } from 'react-router'
import type { Route } from './+types/sign-in-code'
import { signInCodeAction, signInCodeLoader } from './sign-in-code.server'
import { useFeedbackToast } from '~/components/admin/feedback'
import { AdminTextField } from '~/components/admin/field'
import { StandalonePage } from '~/components/admin/standalone-page'
import { adminButton } from '~/components/ui/button'
import { FORM_ERROR, formResult } from '~/lib/staff/form-result'

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.messages.twoStep.codeTitle ?? 'Enter your code' },
  { name: 'robots', content: 'noindex, nofollow' },
]

export function headers() {
  return { 'Cache-Control': 'no-store' }
}

export const loader = (args: Route.LoaderArgs) => signInCodeLoader(args)
export const action = (args: Route.ActionArgs) => signInCodeAction(args)

/** Signing in, second step: the authenticator app's code or a recovery code. */
export default function SignInCode({ loaderData, actionData }: Route.ComponentProps) {
  const { messages } = loaderData
  const t = messages.twoStep
  const submitting = useNavigation().state === 'submitting'
  const result = formResult(actionData)
  useFeedbackToast(result.feedback)
  const error = result.errors[FORM_ERROR]
  return (
    <StandalonePage page={loaderData} title={t.codeTitle} loginLink={t.startOver}>
      <p className="mt-2 text-sm text-slate-700">{t.codeIntro}</p>
      {error ? (
        <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900">
          {error}
        </p>
      ) : null}
      <Form method="post" className="mt-6 space-y-4">
        <AdminTextField
          id="code"
          name="code"
          label={t.code}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={40}
        />
        <button type="submit" disabled={submitting} className={`${adminButton} w-full`}>
          {t.submit}
        </button>
      </Form>
      <p className="mt-4 text-sm text-slate-700">{t.lostPhone}</p>
    </StandalonePage>
  )
}
