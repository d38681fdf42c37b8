import { useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { cardClass, EditorPage, SaveBar } from '~/components/editor/editor-page'
import { TextField } from '~/components/editor/fields'
import { LanguageFields } from '~/components/editor/language-fields'
import { VersionHistory } from '~/components/editor/version-history'
import { answeredTab, TabPanel, Tabs } from '~/components/editor/tabs'
import { COLLECTION_TABS, CONTENT_SCREEN_TABS as CONTENT_TABS, type ContentField, type LocalizedText } from '~/lib/site/editor-schemas'
import { Link } from 'react-router'
import { LOCALES } from '~/lib/i18n/locale'
import { formResult } from '~/lib/staff/form-result'
import type { Route } from './+types/content'
import { AdminRouteError } from '~/components/admin/route-error'
import { contentAction, contentLoader } from './content.server'
import { FormEnd } from '~/components/editor/form-end'

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.messages.content.title ?? 'Content Editor' }]

export const loader = (args: Route.LoaderArgs) => contentLoader(args)
export const action = (args: Route.ActionArgs) => contentAction(args)

/** One text of the site in its three languages; the group's name is part of each field's accessible name. */
function LocalizedField({
  field,
  groupLabel,
  value,
  errors,
  messages,
}: {
  field: ContentField
  groupLabel?: string
  value: LocalizedText
  errors: Record<string, string>
  messages: Route.ComponentProps['loaderData']['messages']
}) {
  const label = messages.content.fields[field.label]
  return (
    <fieldset className="rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-bold text-slate-900">{label}</legend>
      <LanguageFields
        name={field.path}
        idPrefix={`content-${field.path.replaceAll('.', '-')}`}
        rows={field.kind === 'text' ? 3 : undefined}
        label={(language) => (
          <>
            <span className="sr-only">
              {groupLabel ? `${groupLabel}: ` : ''}
              {label}{' '}
            </span>
            {language}
          </>
        )}
        languages={messages.common}
        values={value}
        errors={errors}
        englishPlaceholder
      />
    </fieldset>
  )
}

/** A section this role may not use (403) and other errors, inside the admin shell. */
export const ErrorBoundary = AdminRouteError

export default function ContentEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, values, fees, groupLabels, version, status, history } = loaderData
  const m = messages.content
  const [tab, setTab] = useState<string>(
    () =>
      answeredTab(
        actionData,
        CONTENT_TABS.map((t) => t.id),
      ) ?? loaderData.tab,
  )
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save'
  const restoring = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'restore'
  const { errors, values: sent, feedback } = formResult(actionData)

  const tabHasError = (id: string) =>
    CONTENT_TABS.find((t) => t.id === id)!.groups.some(
      (group) =>
        group.fields.some((field) => LOCALES.some((locale) => errors[`${field.path}.${locale}`])) ||
        (group.courseFee ? Boolean(errors[`fee.${group.courseFee}`]) : false),
    )

  // After a failed save, open the first tab with a mistake (once per answer of the action).
  const [answered, setAnswered] = useState(actionData)
  if (actionData !== answered) {
    setAnswered(actionData)
    const first =
      CONTENT_TABS.find((t) => tabHasError(t.id))?.id ??
      answeredTab(
        actionData,
        CONTENT_TABS.map((t) => t.id),
      )
    if (first) setTab(first)
  }

  return (
    <EditorPage title={m.title} intro={m.intro} status={status} feedback={feedback}>
      <Form method="post" key={version ?? 'new'} className="space-y-6" noValidate>
        <input type="hidden" name="version" value={version ?? ''} />
        <div className={cardClass}>
          <Tabs
            label={m.tabsLabel}
            idPrefix="content"
            saveIntent="save"
            tabs={CONTENT_TABS.map((t) => ({ id: t.id, label: m.tabs[t.id], invalid: tabHasError(t.id) }))}
            selected={tab}
            onSelect={setTab}
          />
          {CONTENT_TABS.map((t) => (
            <TabPanel key={t.id} idPrefix="content" id={t.id} selected={tab}>
              <div className="space-y-8">
                {COLLECTION_TABS[t.id] ? (
                  <p className="rounded-lg bg-blue-50 p-3 text-sm text-slate-800">
                    {m.collectionsNote}{' '}
                    <Link
                      to={`/admin/collections?c=${COLLECTION_TABS[t.id]}`}
                      className="font-bold text-blue-800 underline underline-offset-2"
                    >
                      {m.collectionsLink}
                    </Link>
                  </p>
                ) : null}
                {t.groups.map((group) => {
                  const heading = group.labelPath ? groupLabels[group.id] : m.groups[group.id as keyof typeof m.groups]
                  return (
                    <section key={group.id} aria-labelledby={`group-${t.id}-${group.id}`} className="space-y-4">
                      <h2 id={`group-${t.id}-${group.id}`} className="text-lg font-bold text-slate-900">
                        {heading}
                      </h2>
                      {group.fields.map((field) => (
                        <LocalizedField
                          key={field.path}
                          field={field}
                          groupLabel={group.labelPath ? groupLabels[group.id] : t.id === 'clinicHome' ? undefined : m.tabs[t.id]}
                          value={(sent?.texts?.[field.path] as LocalizedText | undefined) ?? values[field.path]!}
                          errors={errors}
                          messages={messages}
                        />
                      ))}
                      {group.courseFee ? (
                        <div className="max-w-xs">
                          <TextField
                            id={`content-fee-${group.courseFee}`}
                            name={`fee.${group.courseFee}`}
                            label={
                              <>
                                <span className="sr-only">{groupLabels[group.id]}: </span>
                                {m.fee}
                              </>
                            }
                            inputMode="numeric"
                            defaultValue={
                              sent?.fees && group.courseFee in sent.fees ? String(sent.fees[group.courseFee] ?? '') : fees[group.courseFee]
                            }
                            help={m.feeHelp}
                            error={errors[`fee.${group.courseFee}`]}
                          />
                        </div>
                      ) : null}
                    </section>
                  )
                })}
              </div>
            </TabPanel>
          ))}
        </div>
        <SaveBar label={m.save} saving={saving} messages={messages.common} intent="save" />
        <FormEnd />
      </Form>

      <VersionHistory history={history} texts={m.history} restoring={restoring} offerPrevious />
    </EditorPage>
  )
}
