import { AppointmentForm } from '~/components/appointment-form'
import { PublicFormPage } from '~/components/public-form/form-page'
import { guardServerAction } from '~/lib/forms/client-action'
import { formPageHeaders } from '~/lib/forms/headers'
import { useSiteMessages } from '~/lib/site/root-data'
import { appointmentAction } from '../+shared/public-form.server'
import { pageMeta } from '~/lib/seo/meta'
import type { Route } from './+types/appointment'
import { siteTexts } from '~/locales'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches[0]?.loaderData?.messages, (m) => ({
    page: siteTexts(m, 'clinic').appointmentPage.title,
    site: 'clinic',
    description: m.seo.descriptions.appointment,
  }))

export const headers = formPageHeaders

export async function action(args: Route.ActionArgs) {
  return appointmentAction(args)
}

/** Submissions with JavaScript come here (from this page and the clinic homepage). */
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  return guardServerAction(serverAction)
}

export default function AppointmentPage() {
  const { appointmentPage } = useSiteMessages('clinic')
  return (
    <PublicFormPage title={appointmentPage.title} intro={appointmentPage.intro}>
      <AppointmentForm />
    </PublicFormPage>
  )
}
