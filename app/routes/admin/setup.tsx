import { Form, useNavigation } from 'react-router'
import type { Route } from './+types/setup'
import { setupAction, setupLoader } from './setup.server'
import { AdminTextField } from '~/components/admin/field'
import { NewPasswordFields } from '~/components/admin/new-password-fields'
import { StandalonePage } from '~/components/admin/standalone-page'
import { adminButton } from '~/components/ui/button'
import { FORM_ERROR, formResult } from '~/lib/staff/form-result'

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data?.messages.setup.title ?? 'Setup' },
  { name: 'robots', content: 'noindex, nofollow' },
  // The one-time token is in this page's address: never send it to another site.
  { name: 'referrer', content: 'no-referrer' },
]

export function headers() {
  return { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' }
}

export const loader = (args: Route.LoaderArgs) => setupLoader(args)
export const action = (args: Route.ActionArgs) => setupAction(args)

export default function AdminSetup({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, valid, token } = loaderData
  const m = messages.setup
  const submitting = useNavigation().state === 'submitting'
  const { errors, values } = formResult(actionData)
  const fields = [
    { name: 'displayName', label: m.displayName, autoComplete: 'name', value: values?.displayName },
    { name: 'username', label: m.username, help: m.usernameHint, autoComplete: 'username', value: values?.username },
  ]
  return (
    <StandalonePage page={loaderData} title={m.title}>
      {!valid ? (
        <p role="alert" className="mt-4 text-sm text-red-900">
          {m.invalid}
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700">{m.intro}</p>
          {errors[FORM_ERROR] ? (
            <p role="alert" className="mt-4 text-sm text-red-900">
              {errors[FORM_ERROR]}
            </p>
          ) : null}
          <Form method="post" className="mt-6 space-y-4">
            <input type="hidden" name="token" value={token} />
            {fields.map(({ name, value, ...field }) => (
              <AdminTextField key={name} id={name} name={name} required defaultValue={value} error={errors[name]} {...field} />
            ))}
            <NewPasswordFields
              repeatName="confirm"
              labels={{ password: m.password, repeat: m.confirm }}
              help={m.passwordHint}
              errors={errors}
            />
            <button type="submit" disabled={submitting} className={`${adminButton} w-full`}>
              {m.submit}
            </button>
          </Form>
        </>
      )}
    </StandalonePage>
  )
}
