import { data, Form, useNavigation } from 'react-router'
import { cardClass, EditorPage, SaveBar } from '~/components/editor/editor-page'
import { actionErrors, actionValues, type Feedback } from '~/components/editor/feedback'
import { TextField, Toggle } from '~/components/editor/fields'
import { database } from '~/lib/platform/db.server'
import { readForm } from '~/lib/forms/read-form.server'
import { DEFAULT_INTEGRATIONS, IntegrationsWithKeyRule, integrationsFromForm } from '~/lib/site/editor-schemas'
import { editorMessages, invalid, lastSavedText, requireEditor, requireEditorAction, unreadableForm } from '~/lib/site/editor.server'
import { readDocument, SAVE_SCHEMAS, saveDocument } from '~/lib/site/site-store.server'
import type { Route } from './+types/integrations'

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.messages.integrations.title ?? 'Integrations & Tools' }]

export async function loader({ request }: Route.LoaderArgs) {
  await requireEditor(request)
  const stored = await readDocument(await database(), 'integrations')
  const { mapsApiKey, ...rest } = stored?.value ?? DEFAULT_INTEGRATIONS
  return data(
    {
      messages: editorMessages(request),
      // The key itself never leaves the server: the screen only learns whether one is saved.
      values: { ...rest, hasMapsKey: mapsApiKey !== '' },
      status: lastSavedText(request, stored),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

export async function action({ request }: Route.ActionArgs) {
  const member = await requireEditorAction(request)
  const m = editorMessages(request)
  const read = await readForm(request)
  if (!read.ok) return unreadableForm(request, m.integrations.errorTitle, read.status)
  const { form } = read
  const db = await database()
  const stored = await readDocument(db, 'integrations')
  const input = integrationsFromForm(form, stored?.value.mapsApiKey ?? '')
  const checked = IntegrationsWithKeyRule.safeParse(input)
  const parsed = checked.success ? SAVE_SCHEMAS.integrations.safeParse(input) : checked
  // What goes back to the screen never includes the key.
  const { mapsApiKey, ...shown } = input
  const sent = { ...shown, hasMapsKey: mapsApiKey !== '' }
  if (!parsed.success) {
    return invalid(request, parsed.error, { variant: 'destructive', title: m.integrations.errorTitle, text: m.common.errorSummary }, sent)
  }
  try {
    await saveDocument(db, 'integrations', parsed.data, member.id)
  } catch (error) {
    console.error('Saving the integrations failed:', error)
    const feedback: Feedback = { variant: 'destructive', title: m.integrations.errorTitle, text: m.integrations.errorText }
    return data({ ok: false as const, feedback, values: sent }, { status: 500 })
  }
  const feedback: Feedback = { variant: 'success', title: m.integrations.savedTitle, text: m.integrations.savedText }
  return { ok: true as const, feedback }
}

export default function Integrations({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, status } = loaderData
  const m = messages.integrations
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting'
  const errors = actionErrors(actionData)
  const values = actionValues<typeof loaderData.values>(actionData) ?? loaderData.values
  const formKey = actionData?.ok ? status : 'form'

  return (
    <EditorPage title={m.title} intro={m.intro} status={status} feedback={actionData?.feedback}>
      <Form method="post" key={formKey} className="space-y-6" noValidate autoComplete="off">
        <section aria-labelledby="integrations-maps" className={`${cardClass} space-y-4`}>
          <div>
            <h2 id="integrations-maps" className="text-lg font-bold text-slate-900">
              {m.maps}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{m.mapsHelp}</p>
          </div>
          <Toggle name="mapsEnabled" label={m.mapsEnabled} defaultChecked={values.mapsEnabled} onLabel={m.on} offLabel={m.off} />
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
        </section>
        <section aria-labelledby="integrations-whatsapp" className={`${cardClass} space-y-4`}>
          <div>
            <h2 id="integrations-whatsapp" className="text-lg font-bold text-slate-900">
              {m.whatsapp}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{m.whatsappHelp}</p>
          </div>
          <Toggle
            name="notifyOnAppointment"
            label={m.notifyOnAppointment}
            defaultChecked={values.notifyOnAppointment}
            onLabel={m.on}
            offLabel={m.off}
          />
          <Toggle
            name="notifyOnRegistration"
            label={m.notifyOnRegistration}
            defaultChecked={values.notifyOnRegistration}
            onLabel={m.on}
            offLabel={m.off}
          />
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
        </section>
        <SaveBar label={m.save} saving={saving} messages={messages.common} />
      </Form>
    </EditorPage>
  )
}
