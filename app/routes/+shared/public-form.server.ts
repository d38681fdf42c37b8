/**
 * The public forms' actions (the appointment page and the clinic homepage, the course registration
 * page): the request read and checked, the submission stored by app/lib/forms/submissions.server.ts,
 * and its answer returned. A form sent without JavaScript gets its page rendered with the answer
 * (decision 033).
 */
import { data, type ActionFunctionArgs } from 'react-router'
import { readForm } from '~/lib/platform/read-form.server'
import { submitAppointment, submitRegistration, type Submission, type SubmissionContext } from '~/lib/forms/submissions.server'
import { localeFromParam } from '~/lib/i18n/locale'
import { database } from '~/lib/platform/db.server'
import { env } from '~/lib/platform/env.server'
import { assertSameOrigin } from '~/lib/platform/origin.server'
import { requestInfo } from '~/lib/platform/request-context'
import { courseChoices } from '~/lib/forms/course-choices.server'
import { getSiteData, getSiteSettings } from '~/lib/site/published-site.server'

/**
 * The posted form, kept exactly as sent (the schemas refuse control characters with a field
 * message). A body that is not a form, or cannot be read, is answered like a form without its
 * token (the 'expired' notice, nothing stored) with the reading's own 4xx status.
 */
async function readPublicForm(request: Request): Promise<{ form: FormData; status?: number }> {
  const read = await readForm(request, { keep: 'all' })
  return read.ok ? { form: read.form } : { form: new FormData(), status: read.status }
}

function actionContext({ request, params, context }: ActionFunctionArgs): SubmissionContext {
  assertSameOrigin(request)
  const locale = localeFromParam(params.lang)
  if (!locale) throw data(null, { status: 404 })
  const config = env()
  return {
    database,
    clientAddress: context.get(requestInfo).clientAddress,
    locale,
    settings: () => getSiteSettings(context),
    courses: async () => courseChoices(await getSiteData(context)),
    rateLimit: { limit: config.FORM_RATE_LIMIT, windowSeconds: config.FORM_RATE_WINDOW_SECONDS },
  }
}

function respond<F extends string>({ result, status }: Submission<F>) {
  // The answer repeats what the person typed: never stored by browsers or proxies.
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' }
  if (result.status === 'rate-limited' && result.retryAfterMinutes) headers['Retry-After'] = String(result.retryAfterMinutes * 60)
  return data(result, { status, headers })
}

/** The action of every page that shows the appointment form (the appointment page, the clinic homepage). */
export function appointmentAction(args: ActionFunctionArgs) {
  return publicFormAction(args, submitAppointment)
}

/** The action of the course registration page. */
export function registrationAction(args: ActionFunctionArgs) {
  return publicFormAction(args, submitRegistration)
}

/** A public form's action: the form read and submitted, the answer with its status. */
async function publicFormAction<F extends string>(
  args: ActionFunctionArgs,
  submitForm: (form: FormData, ctx: SubmissionContext) => Promise<Submission<F>>,
) {
  const ctx = actionContext(args)
  const { form, status } = await readPublicForm(args.request)
  const submission = await submitForm(form, ctx)
  return respond(status ? { ...submission, status } : submission)
}
