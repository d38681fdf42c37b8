import { RegistrationForm } from '~/components/registration-form'
import { guardServerAction } from '~/lib/forms/client-action'
import { formPageHeaders } from '~/lib/forms/headers'
import { useSiteMessages } from '~/lib/site/root-data'
import { registrationAction } from '~/lib/forms/submissions.server'
import { pageMeta } from '~/lib/seo/meta'
import type { Route } from './+types/register'
import { siteTexts } from '~/locales'
import type { PublicFormHandle } from '~/lib/forms/page-answer'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0]?.loaderData?.messages, (m) => ({
    page: siteTexts(m, 'academy').registerPage.title,
    site: 'academy',
    description: m.seo.descriptions.register,
  }))

export const headers = formPageHeaders

/** Its form's answer without JavaScript can be made from the page's cached copy. */
export const handle: PublicFormHandle = { publicForm: 'registration' }

export async function action(args: Route.ActionArgs) {
  return registrationAction(args)
}

/** Submissions with JavaScript: a network failure becomes an answer the form retries. */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return guardServerAction(serverAction)
}

export default function RegisterPage() {
  const { registerPage } = useSiteMessages('academy')
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 sm:py-16">
      <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl">{registerPage.title}</h1>
      <p className="mt-3 text-lg text-slate-700">{registerPage.intro}</p>
      <div className="mt-8 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <RegistrationForm />
      </div>
    </section>
  )
}
