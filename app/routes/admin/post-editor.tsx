import { useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { AdminRouteError } from '~/components/admin/route-error'
import { cardClass, EditorPage, SaveBar } from '~/components/editor/editor-page'
import { PostCoverField, PostEventFields, PostLanguageFields, PostPublishing } from '~/components/editor/post-fields'
import { answeredTab, TabPanel, Tabs } from '~/components/editor/tabs'
import { useUnsavedWarning } from '~/components/editor/unsaved-warning'
import { VersionHistory } from '~/components/editor/version-history'
import { LOCALES } from '~/lib/i18n/locale'
import { formResult } from '~/lib/staff/form-result'
import { format } from '~/locales'
import type { Route } from './+types/post-editor'
import { postEditorAction, postEditorLoader } from './post-editor.server'
import { FormEnd } from '~/components/editor/form-end'

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.messages.title ?? 'Posts' }]

export const loader = (args: Route.LoaderArgs) => postEditorLoader(args)
export const action = (args: Route.ActionArgs) => postEditorAction(args)

/** A section this role may not use (403), an unknown post (404) and other errors, inside the admin shell. */
export const ErrorBoundary = AdminRouteError

export default function PostEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { messages: m, languageNames, locale, today, canWrite, post, media, courses, history } = loaderData
  const { errors, values: sent, feedback, dateParts } = formResult(actionData)
  const values = sent ?? post.values
  const isNews = post.stream === 'news'
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const saving = busy && navigation.formData?.get('intent') === 'save'
  const restoring = busy && navigation.formData?.get('intent') === 'restore'
  const warning = useUnsavedWarning(m.unsaved, actionData)
  const tabHasError = (locale: string) => Object.keys(errors).some((key) => key.endsWith(`.${locale}`))
  // A refused save opens on the first language with a mistake (without JavaScript too).
  const [tab, setTab] = useState<string>(() => LOCALES.find(tabHasError) ?? answeredTab(actionData, LOCALES) ?? loaderData.tab)

  // The same after each later answer of the action.
  const [answered, setAnswered] = useState(actionData)
  if (actionData !== answered) {
    setAnswered(actionData)
    const first = LOCALES.find(tabHasError) ?? answeredTab(actionData, LOCALES)
    if (first) setTab(first)
  }

  const title = post.id === null ? m.newTitle[post.stream] : format(m.editTitle, { id: post.id })
  const status = post.id === null ? m.streams[post.stream] : `${m.streams[post.stream]} · ${m.statuses[post.status]}`
  const action = post.id === null ? `/admin/posts/new?stream=${post.stream}` : `/admin/posts/${post.id}`
  const dates = { locale, today, values, dateParts, errors }

  return (
    <EditorPage title={title} intro={m.intro} status={status} feedback={feedback ?? loaderData.feedback}>
      <p>
        <Link to="/admin/posts" className="text-sm font-bold text-blue-800 underline underline-offset-2">
          {m.back}
        </Link>
      </p>
      {canWrite ? null : (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{format(m.readOnly, { roles: m.writers[post.stream] })}</p>
      )}
      {post.previews ? (
        <nav aria-label={m.preview} className="flex flex-wrap gap-4 text-sm">
          {LOCALES.filter((l) => post.languages.includes(l)).map((l) => (
            <a
              key={l}
              href={post.previews![l]}
              target="_blank"
              rel="noopener"
              className="font-bold text-blue-800 underline underline-offset-2"
            >
              {format(m.previewLanguage, { language: languageNames[l] })}
            </a>
          ))}
          {post.publicPath ? (
            <a href={post.publicPath} target="_blank" rel="noopener" className="font-bold text-blue-800 underline underline-offset-2">
              {m.view}
            </a>
          ) : null}
        </nav>
      ) : null}
      <Form method="post" action={action} key={post.version ?? 'new'} className="space-y-6" noValidate {...warning}>
        <input type="hidden" name="version" value={post.version ?? ''} />
        <fieldset disabled={!canWrite} className="space-y-6">
          <div className={cardClass}>
            <Tabs
              label={m.languageTabs}
              idPrefix="post"
              keep={post.id === null ? { stream: post.stream } : {}}
              submits={canWrite}
              saveIntent="save"
              tabs={LOCALES.map((l) => ({ id: l, label: languageNames[l], invalid: tabHasError(l) }))}
              selected={tab}
              onSelect={setTab}
            />
            {LOCALES.map((l) => (
              <TabPanel key={l} idPrefix="post" id={l} selected={tab}>
                <PostLanguageFields locale={l} language={languageNames[l]} values={values} errors={errors} m={m} isNews={isNews} />
              </TabPanel>
            ))}
          </div>
          <div className={cardClass}>
            <PostCoverField value={values.cover} error={errors.cover} media={media} m={m} />
          </div>
          <PostPublishing m={m} {...dates} />
          {isNews ? <PostEventFields m={m} courses={courses} {...dates} /> : null}
          {canWrite ? (
            <SaveBar label={m.save} saving={saving} messages={{ saving: m.saving, publishedNote: m.saveNote }} intent="save" />
          ) : null}
        </fieldset>
        <FormEnd />
      </Form>
      {post.id !== null && canWrite ? (
        <VersionHistory
          history={history}
          texts={{ heading: m.history, intro: m.historyIntro, empty: m.historyEmpty, current: m.historyCurrent, restore: m.restore }}
          restoring={restoring}
        />
      ) : null}
    </EditorPage>
  )
}
