/** What every site editor screen shares on the server: the role check, its messages, dates, and its answers. */
import { data } from 'react-router'
import type { z } from 'zod'
import type { RouterContextProvider } from 'react-router'
import { format } from '~/locales'
import type { Locale } from '~/lib/i18n/locale'
import { formatStaffDate } from '~/lib/i18n/staff-dates'
import type { StaffRole } from '~/lib/staff/auth.server'
import { requireRole, type StaffContext } from '~/lib/staff/staff-context.server'
import type { Feedback } from '~/lib/staff/form-result'
import { formFailure, formInvalid, formSuccess, formUnreadable, switchedTab, tabAnswer } from '~/lib/staff/form-result.server'
import { isErrorCode } from '~/lib/site/editor-schemas'
import { database, type Database } from '~/lib/platform/db.server'
import { readForm, type FormReadFailure } from '~/lib/platform/read-form.server'
import {
  saveDocument,
  VersionConflictError,
  type DOCUMENT_SCHEMAS,
  type HistoryEntry,
  type StoredDocument,
  type DocumentKey,
} from '~/lib/site/site-documents.server'

/** The site editor is open to editors and administrators (a screen may narrow it: `roles`). */
export function requireEditor(context: Readonly<RouterContextProvider>, roles: readonly StaffRole[] = ['editor']): StaffContext {
  return requireRole(context, roles)
}

type EditorMessages = StaffContext['messages']['editor']

/** A screen's loader answer: the editor's strings and what the screen shows, never kept by a cache. */
export function editorScreen<T extends object>(staff: StaffContext, screen: T) {
  return data({ messages: staff.messages.editor, ...screen }, { headers: { 'Cache-Control': 'no-store' } })
}

/** A date and time in Kabul in the staff member's language (lib/i18n/staff-dates.ts), with the Gregorian date beside a Solar Hijri one. */
function formatWhen(date: Date, locale: Locale = 'en'): string {
  return formatStaffDate(date, locale, { withTime: true, withGregorian: true })
}

/** Who published last and when; before the first save, `neverSaved` (what the public site shows then). */
export function lastSavedText(
  staff: StaffContext,
  stored: Pick<StoredDocument<DocumentKey>, 'savedAt' | 'savedBy'> | null,
  neverSaved?: (messages: EditorMessages) => string,
): string {
  const m = staff.messages.editor.common
  if (!stored) return neverSaved ? neverSaved(staff.messages.editor) : m.neverSaved
  return stored.savedBy
    ? format(m.lastSaved, { date: formatWhen(stored.savedAt, staff.locale), name: stored.savedBy })
    : format(m.lastSavedUnknown, { date: formatWhen(stored.savedAt, staff.locale) })
}

export function historyForScreen(staff: StaffContext, entries: HistoryEntry[]) {
  const m = staff.messages.editor
  return entries.map((entry) => ({
    id: entry.id,
    text: format(m.content.history.savedBy, {
      date: formatWhen(entry.savedAt, staff.locale),
      name: entry.savedBy ?? m.common.someone,
    }),
  }))
}

/** A failed validation: the field errors as texts (status 400), the feedback, and what was sent. */
export function invalid<V>(staff: StaffContext, error: z.ZodError, feedback: Feedback, values: V, rename?: (key: string) => string) {
  const m = staff.messages.editor.errors
  return formInvalid(error, (code) => m[isErrorCode(code) ? code : 'required'], { values, feedback, rename })
}

/** The feedback of a refused save: the screen's error title, and the request to correct the fields. */
export function correctTheFields(staff: StaffContext, title: string): Feedback {
  return { variant: 'destructive', title, text: staff.messages.editor.common.errorSummary }
}

/**
 * A body that is not a readable form (415, 400 or 413), or a form sent before its page had finished
 * loading (400): nothing saved, the screen says which.
 */
export function unreadableForm(staff: StaffContext, title: string, read: FormReadFailure) {
  const m = staff.messages.editor.common
  return formUnreadable(read.status, title, read.problem === 'cutShort' ? m.formCutShort : m.formUnreadable)
}

export function conflictText(staff: StaffContext, savedBy: string | null, savedAt: Date): string {
  const m = staff.messages.editor.common
  return format(m.conflictText, { name: savedBy ?? m.someone, time: formatWhen(savedAt, staff.locale) })
}

/** A screen's texts for the answers of a save. */
interface SaveTexts {
  errorTitle: string
  errorText: string
  savedTitle: string
  savedText: string
}

interface EditorForm<K extends DocumentKey, I, V> {
  document: K
  texts: (messages: EditorMessages) => SaveTexts
  /** The form as the schema reads it. */
  input: (form: FormData, db: Database) => I | Promise<I>
  schema: z.ZodType<z.input<(typeof DOCUMENT_SCHEMAS)[K]>>
  /** What goes back to the screen after a refusal (by default what was sent). */
  shown?: (input: I) => V
  /** The form's field name for a path of the schema. */
  rename?: (path: string) => string
  /** Who may save besides administrators (by default the editors). */
  roles?: readonly StaffRole[]
  /** The name of the screen's tabs' buttons, when it has tabs (components/editor/tabs.tsx). */
  tabs?: string
}

/**
 * The version the editor started from (the form's hidden `version`: empty when nothing was saved
 * yet); undefined when the form does not say, and then the save is not checked.
 */
export function editedVersion(form: FormData): number | null | undefined {
  const sent = form.get('version')
  if (sent === null) return undefined
  const version = Number(sent)
  return sent === '' || !Number.isSafeInteger(version) ? null : version
}

/**
 * The action of a screen that edits one document as a whole (theme, settings, integrations):
 * the role check, then the form read, checked and published; refused with
 * the field errors (400), a newer version published meanwhile (409) or the failure (500), the
 * values kept.
 */
export async function saveEditorForm<K extends DocumentKey, I, V = I>(
  { request, context }: { request: Request; context: Readonly<RouterContextProvider> },
  form: EditorForm<K, I, V>,
) {
  const staff = requireEditor(context, form.roles)
  const texts = form.texts(staff.messages.editor)
  const read = await readForm(request, { whole: true })
  if (!read.ok) return unreadableForm(staff, texts.errorTitle, read)
  const db = await database()
  const input = await form.input(read.form, db)
  const values = form.shown ? form.shown(input) : (input as unknown as V)
  const tab = form.tabs ? switchedTab(read.form, form.tabs) : null
  if (tab !== null) return tabAnswer(tab, values)
  const parsed = form.schema.safeParse(input)
  if (!parsed.success) return invalid(staff, parsed.error, correctTheFields(staff, texts.errorTitle), values, form.rename)
  try {
    await saveDocument(db, form.document, parsed.data, staff.account.id, { expectedVersion: editedVersion(read.form) })
  } catch (error) {
    if (error instanceof VersionConflictError) return conflict(staff, error, values)
    console.error(`Saving the ${form.document} failed:`, error)
    return formFailure(500, { values, feedback: { variant: 'destructive', title: texts.errorTitle, text: texts.errorText } })
  }
  return formSuccess({ variant: 'success', title: texts.savedTitle, text: texts.savedText })
}

/** A save over a version published meanwhile by someone else: refused (409), the editor's values kept. */
export function conflict<V, X extends object = object>(staff: StaffContext, error: VersionConflictError, values: V, extra?: X) {
  const feedback: Feedback = {
    variant: 'destructive',
    title: staff.messages.editor.saveConflict.title,
    text: conflictText(staff, error.savedBy, error.savedAt),
  }
  return formFailure(409, { values, feedback }, extra)
}
