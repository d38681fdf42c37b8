import { Form, useNavigation } from 'react-router'
import { EditorPage, EditorSection, SaveBar } from '~/components/editor/editor-page'
import { TextField, Toggle } from '~/components/editor/fields'
import { formResult } from '~/lib/staff/form-result'
import type { Route } from './+types/integrations'
import { integrationsAction, integrationsLoader } from './integrations.server'
import { AdminRouteError } from '~/components/admin/route-error'
import { FormEnd } from '~/components/editor/form-end'

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.messages.integrations.title ?? 'Integrations & Tools' }]

/** Where patients' and students' messages go: administrators only (docs/product.md#roles). */
export const loader = (args: Route.LoaderArgs) => integrationsLoader(args)
export const action = (args: Route.ActionArgs) => integrationsAction(args)

const NOTIFY = ['notifyOnAppointment', 'notifyOnRegistration'] as const

/** A section this role may not use (403) and other errors, inside the admin shell. */
export const ErrorBoundary = AdminRouteError

export default function Integrations({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, status } = loaderData
  const m = messages.integrations
  const saving = useNavigation().state === 'submitting'
  const { ok, errors, values: sent, feedback } = formResult(actionData)
  const values = sent ?? loaderData.values
  const switches = { onLabel: m.on, offLabel: m.off }
  const formKey = ok ? status : 'form'

  return (
    <EditorPage title={m.title} intro={m.intro} status={status} feedback={feedback}>
      <Form method="post" key={formKey} className="space-y-6" noValidate autoComplete="off">
        <input type="hidden" name="version" value={loaderData.version ?? ''} />
        <EditorSection id="integrations-maps" title={m.maps} help={m.mapsHelp}>
          <Toggle name="mapsEnabled" label={m.mapsEnabled} defaultChecked={values.mapsEnabled} {...switches} />
          <div className="max-w-xl space-y-2">
            <TextField
              name="mapsApiKey"
              label={m.mapsKey}
              type="password"
              autoComplete="new-password"
              dir="ltr"
              help={`${m.mapsKeyHelp} ${values.hasMapsKey ? m.mapsKeySaved : m.mapsKeyNone}`}
              error={errors.mapsApiKey}
            />
            {values.hasMapsKey ? (
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" name="removeMapsKey" className="h-4 w-4" />
                {m.removeMapsKey}
              </label>
            ) : null}
          </div>
        </EditorSection>
        <EditorSection id="integrations-whatsapp" title={m.whatsapp} help={m.whatsappHelp}>
          {NOTIFY.map((name) => (
            <Toggle key={name} name={name} label={m[name]} defaultChecked={values[name]} {...switches} />
          ))}
          <div className="max-w-sm">
            <TextField
              name="whatsappNumber"
              label={m.whatsappNumber}
              type="tel"
              inputMode="tel"
              dir="ltr"
              defaultValue={values.whatsappNumber}
              help={m.whatsappNumberHelp}
              error={errors.whatsappNumber}
            />
          </div>
        </EditorSection>
        <SaveBar label={m.save} saving={saving} messages={messages.common} />
        <FormEnd />
      </Form>
    </EditorPage>
  )
}
