import { data, Form, useNavigation } from 'react-router'
import { cardClass, EditorPage, SaveBar } from '~/components/editor/editor-page'
import { actionErrors, actionValues, type Feedback } from '~/components/editor/feedback'
import { TextArea, TextField } from '~/components/editor/fields'
import { database } from '~/lib/platform/db.server'
import { readForm } from '~/lib/forms/read-form.server'
import { mergeSiteSettings, settingsFromForm } from '~/lib/site/editor-schemas'
import { editorMessages, invalid, lastSavedText, requireEditor, requireEditorAction, unreadableForm } from '~/lib/site/editor.server'
import { LOCALE_INFO, LOCALES } from '~/lib/i18n/locale'
import { readDocument, SAVE_SCHEMAS, saveDocument } from '~/lib/site/site-store.server'
import { format } from '~/locales'
import type { Route } from './+types/settings'

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.messages.settings.title ?? 'Global Settings' }]

const SOCIAL = ['facebook', 'instagram', 'youtube', 'linkedin'] as const

export async function loader({ request }: Route.LoaderArgs) {
  await requireEditor(request)
  const stored = await readDocument(await database(), 'settings')
  const settings = mergeSiteSettings(stored?.value ?? null, null)
  return data(
    {
      messages: editorMessages(request),
      values: {
        phone: settings.phone,
        clinicEmail: settings.clinicEmail,
        academyEmail: settings.academyEmail,
        address: settings.address,
        latitude: String(settings.map.latitude),
        longitude: String(settings.map.longitude),
        ...settings.social,
      },
      status: lastSavedText(request, stored),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

/** The form's field names for the schema's paths. */
function fieldName(path: string): string {
  return path.replace(/^map\./, '').replace(/^social\./, '')
}

export async function action({ request }: Route.ActionArgs) {
  const member = await requireEditorAction(request)
  const m = editorMessages(request)
  const read = await readForm(request)
  if (!read.ok) return unreadableForm(request, m.settings.errorTitle, read.status)
  const input = settingsFromForm(read.form)
  const parsed = SAVE_SCHEMAS.settings.safeParse(input)
  if (!parsed.success) {
    return invalid(
      request,
      parsed.error,
      { variant: 'destructive', title: m.settings.errorTitle, text: m.common.errorSummary },
      input,
      fieldName,
    )
  }
  try {
    await saveDocument(await database(), 'settings', parsed.data, member.id)
  } catch (error) {
    console.error('Saving the settings failed:', error)
    const feedback: Feedback = { variant: 'destructive', title: m.settings.errorTitle, text: m.settings.errorText }
    return data({ ok: false as const, feedback, values: input }, { status: 500 })
  }
  const feedback: Feedback = { variant: 'success', title: m.settings.savedTitle, text: m.settings.savedText }
  return { ok: true as const, feedback }
}

const LANGUAGE_LABEL = { en: 'english', fa: 'dari', ps: 'pashto' } as const

export default function GlobalSettings({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, status } = loaderData
  const m = messages.settings
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting'
  const errors = actionErrors(actionData)
  const sent = actionValues<ReturnType<typeof settingsFromForm>>(actionData)
  const values = sent
    ? {
        ...sent,
        latitude: sent.map.latitude ?? '',
        longitude: sent.map.longitude ?? '',
        ...sent.social,
      }
    : loaderData.values
  // A successful save shows the stored (normalised) values: the form is drawn anew.
  const formKey = actionData?.ok ? status : 'form'

  return (
    <EditorPage title={m.title} intro={m.intro} status={status} feedback={actionData?.feedback}>
      <Form method="post" key={formKey} className="space-y-6" noValidate>
        <section aria-labelledby="settings-contact" className={`${cardClass} space-y-5`}>
          <h2 id="settings-contact" className="text-lg font-bold text-slate-900">
            {m.contact}
          </h2>
          <div className="grid gap-5 md:grid-cols-3">
            <TextField
              name="phone"
              label={m.phone}
              type="tel"
              inputMode="tel"
              dir="ltr"
              defaultValue={values.phone}
              help={m.phoneHelp}
              error={errors.phone}
              required
            />
            <TextField
              name="clinicEmail"
              label={m.clinicEmail}
              type="email"
              dir="ltr"
              defaultValue={values.clinicEmail}
              error={errors.clinicEmail}
              required
            />
            <TextField
              name="academyEmail"
              label={m.academyEmail}
              type="email"
              dir="ltr"
              defaultValue={values.academyEmail}
              error={errors.academyEmail}
              required
            />
          </div>
          <fieldset className="space-y-3">
            <legend className="text-sm font-bold text-slate-800">{m.address}</legend>
            <p className="text-xs text-slate-600">{m.addressHelp}</p>
            <div className="grid gap-4 md:grid-cols-3">
              {LOCALES.map((locale) => (
                <TextArea
                  key={locale}
                  name={`address.${locale}`}
                  rows={2}
                  label={format(m.addressIn, { language: messages.common[LANGUAGE_LABEL[locale]] })}
                  defaultValue={values.address[locale]}
                  dir={LOCALE_INFO[locale].dir}
                  lang={LOCALE_INFO[locale].tag}
                  placeholder={locale === 'en' ? undefined : values.address.en}
                  error={errors[`address.${locale}`]}
                  required={locale === 'en'}
                />
              ))}
            </div>
          </fieldset>
          <fieldset className="space-y-3">
            <legend className="text-sm font-bold text-slate-800">{m.map}</legend>
            <p className="text-xs text-slate-600">{m.mapHelp}</p>
            <div className="grid max-w-lg gap-4 sm:grid-cols-2">
              <TextField
                name="latitude"
                label={m.latitude}
                inputMode="decimal"
                dir="ltr"
                defaultValue={String(values.latitude)}
                error={errors.latitude}
              />
              <TextField
                name="longitude"
                label={m.longitude}
                inputMode="decimal"
                dir="ltr"
                defaultValue={String(values.longitude)}
                error={errors.longitude}
              />
            </div>
          </fieldset>
        </section>
        <section aria-labelledby="settings-social" className={`${cardClass} space-y-5`}>
          <div>
            <h2 id="settings-social" className="text-lg font-bold text-slate-900">
              {m.social}
            </h2>
            <p className="mt-1 text-sm text-slate-600">{m.socialHelp}</p>
          </div>
          <div className="grid gap-5 md:grid-cols-2">
            {SOCIAL.map((network) => (
              <TextField
                key={network}
                name={network}
                label={m[network]}
                type="url"
                dir="ltr"
                placeholder="https://"
                defaultValue={values[network]}
                error={errors[network]}
              />
            ))}
          </div>
        </section>
        <SaveBar label={m.save} saving={saving} messages={messages.common} />
      </Form>
    </EditorPage>
  )
}
