import { RegistrationForm } from '~/components/registration-form'
import { PublicFormPage } from '~/components/public-form/form-page'
import { guardServerAction } from '~/lib/forms/client-action'
import { formPageHeaders } from '~/lib/forms/headers'
import { useSiteMessages } from '~/lib/site/root-data'
import { registrationAction } from '../+shared/public-form.server'
import { pageMeta } from '~/lib/seo/meta'
import type { Route } from './+types/register'
import { siteTexts } from '~/locales'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0]?.loaderData?.messages, (m) => ({
    page: siteTexts(m, 'academy').registerPage.title,
    site: 'academy',
    description: m.seo.descriptions.register,
  }))

export const headers = formPageHeaders

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
    <PublicFormPage title={registerPage.title} intro={registerPage.intro}>
      <RegistrationForm />
    </PublicFormPage>
  )
}
