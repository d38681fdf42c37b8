/** What every site editor screen shares on the server: the guard, its messages, dates, results. */
import { data } from 'react-router'
import type { Feedback } from './feedback'
import { format, messagesFor } from '~/locales'
import { adminLocale } from '../staff/admin-locale.server'
import { requireRole, type StaffMember } from '../staff/auth.server'
import { fieldErrors, type ErrorCode } from './editor-schemas'
import { assertSameOrigin } from '../platform/origin.server'
import type { HistoryEntry, StoredDocument, DocumentKey } from './site-store.server'
import type { z } from 'zod'

/** The site editor is open to editors and administrators. */
export function requireEditor(request: Request): Promise<StaffMember> {
  return requireRole(request, ['editor'])
}

/** For actions: the same-origin check, then the guard. */
export async function requireEditorAction(request: Request): Promise<StaffMember> {
  assertSameOrigin(request)
  return requireEditor(request)
}

/** The editor's strings in the admin panel's language (missing ones in English). */
export function editorMessages(request?: Request) {
  return messagesFor(request ? adminLocale(request) : 'en').editor
}

const dateTime = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kabul' })

/** A date and time in Kabul, formatted on the server (so the browser shows the same). */
export function formatWhen(date: Date): string {
  return dateTime.format(date)
}

export function lastSavedText(request: Request, stored: Pick<StoredDocument<DocumentKey>, 'savedAt' | 'savedBy'> | null): string {
  const m = editorMessages(request).common
  if (!stored) return m.neverSaved
  return stored.savedBy
    ? format(m.lastSaved, { date: formatWhen(stored.savedAt), name: stored.savedBy })
    : format(m.lastSavedUnknown, { date: formatWhen(stored.savedAt) })
}

export function historyForScreen(request: Request, entries: HistoryEntry[]) {
  const m = editorMessages(request)
  return entries.map((entry) => ({
    id: entry.id,
    text: format(m.content.history.savedBy, { date: formatWhen(entry.savedAt), name: entry.savedBy ?? m.common.someone }),
  }))
}

/** The answer of a failed validation: field errors as texts, status 400, and what was sent. */
export function invalid<V>(request: Request, error: z.ZodError, feedback: Feedback, values: V, rename: (key: string) => string = (k) => k) {
  const m = editorMessages(request)
  const errors: Record<string, string> = {}
  for (const [key, code] of Object.entries(fieldErrors(error))) errors[rename(key)] = m.errors[code as ErrorCode]
  return data({ ok: false as const, feedback, errors, values }, { status: 400 })
}

/** The answer to a body that is not a readable form (415, 400 or 413): nothing saved, the screen says so. */
export function unreadableForm(request: Request, title: string, status: number) {
  const feedback: Feedback = { variant: 'destructive', title, text: editorMessages(request).common.formUnreadable }
  return data({ ok: false as const, feedback }, { status })
}

export function conflictText(request: Request, savedBy: string | null, savedAt: Date): string {
  const m = editorMessages(request).common
  return format(m.conflictText, { name: savedBy ?? m.someone, time: formatWhen(savedAt) })
}
