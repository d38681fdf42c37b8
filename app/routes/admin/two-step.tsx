import { Form, Link, useNavigation } from 'react-router'
import type { Route } from './+types/two-step'
import { twoStepAction, twoStepLoader } from './two-step.server'
import { useAdmin } from '~/components/admin/admin-data'
import { useFeedbackToast } from '~/components/admin/feedback'
import { AdminTextField } from '~/components/admin/field'
import { AdminRouteError } from '~/components/admin/route-error'
import { adminCard } from '~/components/admin/ui'
import { adminButton } from '~/components/ui/button'
import { formResult } from '~/lib/staff/form-result'
import { format } from '~/locales'

/** The signed-in member's two-step sign-in: turning it on with an authenticator app. */
export const loader = (args: Route.LoaderArgs) => twoStepLoader(args)
export const action = (args: Route.ActionArgs) => twoStepAction(args)

export default function TwoStepScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { messages } = useAdmin()
  const t = messages.twoStep
  const busy = useNavigation().state === 'submitting'
  const result = formResult(actionData)
  useFeedbackToast(result.feedback)
  const extra = (actionData ?? {}) as { scan?: { secret: string; qrSvg: string }; recoveryCodes?: string[] }
  const { status, required } = loaderData
  const s = messages.staffSecurity

  return (
    <div>
      <h1 className="text-2xl font-bold">{t.title}</h1>
      {required ? (
        <p role="status" className="mt-3 max-w-xl rounded border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          {s.requiredNotice}
        </p>
      ) : null}
      <section className={`${adminCard} mt-6 max-w-xl`} aria-labelledby="two-step-status">
        <h2 id="two-step-status" className="text-lg font-semibold">
          {status.on ? t.onText : t.title}
        </h2>
        {status.on ? (
          <p className="mt-1 text-sm text-slate-700">{format(t.codesLeft, { count: status.recoveryCodesLeft })}</p>
        ) : (
          <p className="mt-1 text-sm text-slate-700">{t.offText}</p>
        )}
        <p className="mt-1 text-sm text-slate-700">{t.lostPhone}</p>
        {extra.recoveryCodes ? (
          <div role="status" className="mt-4">
            <p className="text-sm font-medium">{t.recoveryIntro}</p>
            <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-base" dir="ltr" aria-label={t.onTitle}>
              {extra.recoveryCodes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </ul>
            <p className="mt-4">
              <Link to="/admin/dashboard" className="font-medium text-slate-800 underline">
                {s.continue}
              </Link>
            </p>
          </div>
        ) : extra.scan ? (
          <div className="mt-4">
            <p className="text-sm">{t.scan}</p>
            <div className="mt-3 inline-block bg-white p-2" dangerouslySetInnerHTML={{ __html: extra.scan.qrSvg }} />
            <p className="mt-2 text-sm">
              {t.key}:{' '}
              <code dir="ltr" className="font-mono" data-testid="two-step-key">
                {extra.scan.secret}
              </code>
            </p>
            <Form method="post" className="mt-4 grid gap-4">
              <input type="hidden" name="intent" value="confirm" />
              <AdminTextField
                id="two-step-code"
                name="code"
                label={t.confirm}
                autoComplete="one-time-code"
                inputMode="numeric"
                required
                error={result.errors.code}
              />
              <label className="flex items-start gap-2 text-sm">
                <input type="checkbox" name="endOthers" defaultChecked className="mt-1" />
                <span>{t.endOthers}</span>
              </label>
              <button type="submit" disabled={busy} className={adminButton}>
                {t.confirmSubmit}
              </button>
            </Form>
          </div>
        ) : !status.on ? (
          <Form method="post" className="mt-4">
            <input type="hidden" name="intent" value="start" />
            <button type="submit" disabled={busy} className={adminButton}>
              {t.start}
            </button>
          </Form>
        ) : null}
      </section>
    </div>
  )
}

export const ErrorBoundary = AdminRouteError
