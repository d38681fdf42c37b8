import { Form, useNavigation } from 'react-router'
import { EditorFieldset, EditorPage, EditorSection, SaveBar } from '~/components/editor/editor-page'
import { TextField } from '~/components/editor/fields'
import { LanguageFields } from '~/components/editor/language-fields'
import { formResult } from '~/lib/staff/form-result'
import { format } from '~/locales'
import type { Route } from './+types/settings'
import { settingsAction, settingsLoader } from './settings.server'
import { AdminRouteError } from '~/components/admin/route-error'
import { FormEnd } from '~/components/editor/form-end'

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.messages.settings.title ?? 'Global Settings' }]

const SOCIAL = ['facebook', 'instagram', 'youtube', 'linkedin'] as const

export const loader = (args: Route.LoaderArgs) => settingsLoader(args)
export const action = (args: Route.ActionArgs) => settingsAction(args)

type Values = Route.ComponentProps['loaderData']['values']

/** A section this role may not use (403) and other errors, inside the admin shell. */
export const ErrorBoundary = AdminRouteError

export default function GlobalSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, status } = loaderData
  const m = messages.settings
  const saving = useNavigation().state === 'submitting'
  const { ok, errors, values: sent, feedback } = formResult(actionData)
  const values: Values = sent
    ? { ...sent, latitude: sent.map.latitude ?? '', longitude: sent.map.longitude ?? '', ...sent.social }
    : loaderData.values
  const field = (name: Exclude<keyof Values, 'address' | 'postalCode'>, control: Partial<React.ComponentProps<typeof TextField>> = {}) => (
    <TextField key={name} name={name} label={m[name]} dir="ltr" defaultValue={values[name]} error={errors[name]} {...control} />
  )
  // A successful save shows the stored (normalised) values: the form is drawn anew.
  const formKey = ok ? status : 'form'

  return (
    <EditorPage title={m.title} intro={m.intro} status={status} feedback={feedback}>
      <Form method="post" key={formKey} className="space-y-6" noValidate>
        <input type="hidden" name="version" value={loaderData.version ?? ''} />
        <EditorSection id="settings-contact" title={m.contact} className="space-y-5">
          <div className="grid gap-5 md:grid-cols-3">
            {field('phone', { type: 'tel', inputMode: 'tel', help: m.phoneHelp, required: true })}
            {field('clinicEmail', { type: 'email', required: true })}
            {field('academyEmail', { type: 'email', required: true })}
          </div>
          <EditorFieldset legend={m.address} help={m.addressHelp}>
            <LanguageFields
              name="address"
              rows={2}
              label={(language) => format(m.addressIn, { language })}
              languages={messages.common}
              values={values.address}
              errors={errors}
              englishPlaceholder
              englishRequired
            />
            <div className="mt-4 max-w-xs">
              <TextField
                name="postalCode"
                label={messages.postalCode.label}
                help={messages.postalCode.help}
                dir="ltr"
                autoComplete="postal-code"
                defaultValue={values.postalCode}
                error={errors.postalCode}
              />
            </div>
          </EditorFieldset>
          <EditorFieldset legend={m.map} help={m.mapHelp}>
            <div className="grid max-w-lg gap-4 sm:grid-cols-2">
              {field('latitude', { inputMode: 'decimal' })}
              {field('longitude', { inputMode: 'decimal' })}
            </div>
          </EditorFieldset>
        </EditorSection>
        <EditorSection id="settings-social" title={m.social} help={m.socialHelp} className="space-y-5">
          <div className="grid gap-5 md:grid-cols-2">
            {SOCIAL.map((network) => field(network, { type: 'url', placeholder: 'https://' }))}
          </div>
        </EditorSection>
        <SaveBar label={m.save} saving={saving} messages={messages.common} />
        <FormEnd />
      </Form>
    </EditorPage>
  )
}
