import { database } from '~/lib/platform/db.server'
import { readForm } from '~/lib/platform/read-form.server'
import {
  CONTENT_TAB_IDS,
  CONTENT_SCREEN_TABS as CONTENT_TABS,
  ContentSchema,
  contentFromForm,
  type ContentTabId,
  type LocalizedText,
} from '~/lib/site/editor-schemas'
import {
  conflictText,
  editorScreen,
  historyForScreen,
  invalid,
  lastSavedText,
  requireEditor,
  unreadableForm,
} from './+shared/editor.server'
import { LOCALES, type Locale } from '~/lib/i18n/locale'
import { catalogueText, courseFees } from '~/lib/site/site-content'
import { listHistory, readDocument, restoreVersion, saveDocument, VersionConflictError } from '~/lib/site/site-documents.server'
import { parseRowId } from '~/lib/platform/row-id'
import { formFailure, formSuccess, switchedTab, tabAnswer } from '~/lib/staff/form-result.server'
import { format } from '~/locales'
import { en } from '~/locales/en'
import { fa } from '~/locales/fa'
import { ps } from '~/locales/ps'
import type { Route } from './+types/content'

/** Each language's built-in texts, shown beside the stored ones. */
const CATALOGUES: Record<Locale, unknown> = { en, fa, ps }

export async function contentLoader({ request, context }: Route.LoaderArgs) {
  const staff = requireEditor(context)
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
  return editorScreen(staff, {
    tab,
    values,
    fees: Object.fromEntries(Object.entries(fees).map(([id, fee]) => [id, fee === null ? '' : String(fee)])),
    groupLabels,
    version: stored?.version ?? null,
    status: lastSavedText(staff, stored),
    history: historyForScreen(staff, history),
  })
}

/** Saves every tab's texts and fees at once, or restores a version of the history. */
export async function contentAction({ request, context }: Route.ActionArgs) {
  const staff = requireEditor(context)
  const member = staff.account
  const m = staff.messages.editor
  const failedTitle = (reason: string) => format(m.content.errorTitle, { reason })
  const failed = (status: number, reason: string, values?: ReturnType<typeof contentFromForm>) =>
    formFailure(status, { values, feedback: { variant: 'destructive', title: failedTitle(reason) } })
  const read = await readForm(request, { whole: true })
  if (!read.ok) return unreadableForm(staff, failedTitle(m.content.errorReason), read)
  const { form } = read
  const tab = switchedTab(form)
  if (tab !== null) return tabAnswer(tab, contentFromForm(form))
  const db = await database()

  if (form.get('intent') === 'restore') {
    const sentVersion = form.get('versionId')
    const versionId = sentVersion === null || sentVersion === '' ? undefined : parseRowId(sentVersion)
    if (versionId === null) return failed(404, m.content.history.nothingToRestore)
    try {
      const restored = await restoreVersion(db, 'content', member.id, versionId)
      if (!restored) return failed(404, m.content.history.nothingToRestore)
    } catch (error) {
      console.error('Restoring content failed:', error)
      return failed(500, m.content.errorReason)
    }
    return formSuccess({ variant: 'success', title: m.content.history.restoredTitle, text: m.content.history.restoredText })
  }

  const input = contentFromForm(form)
  const parsed = ContentSchema.safeParse(input)
  if (!parsed.success) {
    const feedback = { variant: 'destructive' as const, title: failedTitle(m.common.errorSummary) }
    return invalid(staff, parsed.error, feedback, input, (key) =>
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
    if (error instanceof VersionConflictError) return failed(409, conflictText(staff, error.savedBy, error.savedAt), input)
    console.error('Saving content failed:', error)
    return failed(500, m.content.errorReason, input)
  }
  return formSuccess({ variant: 'success', title: m.content.savedTitle, text: m.content.savedText })
}
