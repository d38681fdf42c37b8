import { data } from 'react-router'
import { type Feedback } from '~/components/editor/feedback'
import { database } from '~/lib/platform/db.server'
import { readForm } from '~/lib/forms/read-form.server'
import {
  CONTENT_TAB_IDS,
  CONTENT_TABS,
  ContentSchema,
  contentFromForm,
  type ContentTabId,
  type LocalizedText,
} from '~/lib/site/editor-schemas'
import {
  conflictText,
  editorMessages,
  historyForScreen,
  invalid,
  lastSavedText,
  requireEditor,
  requireEditorAction,
  unreadableForm,
} from '~/lib/site/editor.server'
import { LOCALES, type Locale } from '~/lib/i18n/locale'
import { catalogueText, courseFees } from '~/lib/site/site-content'
import { listHistory, readDocument, restoreVersion, saveDocument, VersionConflictError } from '~/lib/site/site-store.server'
import { parseRowId } from '~/lib/forms/row-id'
import { format } from '~/locales'
import { en } from '~/locales/en'
import { fa } from '~/locales/fa'
import { ps } from '~/locales/ps'
import type { Route } from './+types/content'

/** Each language's built-in texts, shown beside the stored ones. */
const CATALOGUES: Record<Locale, unknown> = { en, fa, ps }

export async function contentLoader({ request }: Route.LoaderArgs) {
  await requireEditor(request)
  const db = await database()
  const [stored, history] = await Promise.all([readDocument(db, 'content'), listHistory(db, 'content', 10)])
  const requested = new URL(request.url).searchParams.get('tab')
  const tab: ContentTabId = (CONTENT_TAB_IDS as readonly string[]).includes(requested ?? '') ? (requested as ContentTabId) : 'clinicHome'

  // What each field shows: the published text, or the built-in text of that language when the
  // field was never saved (a language without a built-in translation starts empty).
  const values: Record<string, LocalizedText> = {}
  for (const t of CONTENT_TABS) {
    for (const group of t.groups) {
      for (const field of group.fields) {
        values[field.path] =
          stored?.value.texts[field.path] ??
          (Object.fromEntries(LOCALES.map((locale) => [locale, catalogueText(CATALOGUES[locale], field.path)])) as LocalizedText)
      }
    }
  }
  const groupLabels: Record<string, string> = {}
  for (const t of CONTENT_TABS) {
    for (const group of t.groups) if (group.labelPath) groupLabels[group.id] = catalogueText(en, group.labelPath)
  }
  const fees = courseFees(stored?.value ?? { texts: {}, fees: {} })
  return data(
    {
      messages: editorMessages(request),
      tab,
      values,
      fees: Object.fromEntries(Object.entries(fees).map(([id, fee]) => [id, fee === null ? '' : String(fee)])),
      groupLabels,
      version: stored?.version ?? null,
      status: lastSavedText(request, stored),
      history: historyForScreen(request, history),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

export async function contentAction({ request }: Route.ActionArgs) {
  const member = await requireEditorAction(request)
  const m = editorMessages(request)
  const failed = (reason: string): Feedback => ({ variant: 'destructive', title: format(m.content.errorTitle, { reason }) })
  const read = await readForm(request)
  if (!read.ok) return unreadableForm(request, failed(m.content.errorReason).title, read.status)
  const { form } = read
  const db = await database()

  if (form.get('intent') === 'restore') {
    const sentVersion = form.get('versionId')
    const versionId = sentVersion === null || sentVersion === '' ? undefined : parseRowId(sentVersion)
    if (versionId === null) return data({ ok: false as const, feedback: failed(m.content.history.nothingToRestore) }, { status: 404 })
    try {
      const restored = await restoreVersion(db, 'content', member.id, versionId)
      if (!restored) return data({ ok: false as const, feedback: failed(m.content.history.nothingToRestore) }, { status: 404 })
    } catch (error) {
      console.error('Restoring content failed:', error)
      return data({ ok: false as const, feedback: failed(m.content.errorReason) }, { status: 500 })
    }
    const feedback: Feedback = { variant: 'success', title: m.content.history.restoredTitle, text: m.content.history.restoredText }
    return { ok: true as const, feedback }
  }

  const input = contentFromForm(form)
  const parsed = ContentSchema.safeParse(input)
  if (!parsed.success) {
    return invalid(request, parsed.error, failed(m.common.errorSummary), input, (key) =>
      key.startsWith('texts.') ? key.slice('texts.'.length) : key.replace(/^fees\./, 'fee.'),
    )
  }
  const versionField = form.get('version')
  try {
    const stored = await readDocument(db, 'content')
    // The form sends every tab; texts saved by an older version of this screen are kept.
    const merged = {
      texts: { ...stored?.value.texts, ...parsed.data.texts },
      fees: { ...stored?.value.fees, ...parsed.data.fees },
    }
    await saveDocument(db, 'content', merged, member.id, {
      expectedVersion: versionField === null || versionField === '' ? null : Number(versionField),
    })
  } catch (error) {
    if (error instanceof VersionConflictError) {
      return data(
        { ok: false as const, feedback: failed(conflictText(request, error.savedBy, error.savedAt)), values: input },
        { status: 409 },
      )
    }
    console.error('Saving content failed:', error)
    return data({ ok: false as const, feedback: failed(m.content.errorReason), values: input }, { status: 500 })
  }
  const feedback: Feedback = { variant: 'success', title: m.content.savedTitle, text: m.content.savedText }
  return { ok: true as const, feedback }
}
