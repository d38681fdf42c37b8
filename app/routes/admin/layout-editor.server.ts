import { readForm } from '~/lib/platform/read-form.server'
import { database } from '~/lib/platform/db.server'
import { applyLayoutMove, hasVisibleSection, LayoutSchema, layoutFromForm, parseLayoutMove } from '~/lib/site/editor-schemas'
import { conflict, editedVersion, editorScreen, lastSavedText, requireEditor, unreadableForm } from './+shared/editor.server'
import { DEFAULT_HOMEPAGE_LAYOUT, type HomepageSection } from '~/lib/site/site-data'
import { readDocument, saveDocument, VersionConflictError } from '~/lib/site/site-documents.server'
import type { FormAnswer } from '~/lib/staff/form-result'
import { formFailure, formSuccess, type FormReply } from '~/lib/staff/form-result.server'
import type { Route } from './+types/layout-editor'

export async function layoutLoader({ context }: Route.LoaderArgs) {
  const staff = requireEditor(context)
  const stored = await readDocument(await database(), 'layout')
  return editorScreen(staff, {
    sections: stored?.value ?? DEFAULT_HOMEPAGE_LAYOUT.map((section) => ({ ...section })),
    version: stored?.version ?? null,
    status: lastSavedText(staff, stored, (m) => m.unpublished.layout),
  })
}

/** A move without JavaScript answers the changed list unsaved (`draft`), and the button to focus again. */
type LayoutAnswer = FormAnswer<undefined> & { draft?: HomepageSection[]; focus?: string; position?: number }

export async function layoutAction({ request, context }: Route.ActionArgs): Promise<FormReply<LayoutAnswer>> {
  const staff = requireEditor(context)
  const m = staff.messages.editor.layout
  const read = await readForm(request)
  if (!read.ok) return unreadableForm(staff, m.errorTitle, read.status)
  const { form } = read
  const parsed = LayoutSchema.safeParse(layoutFromForm(form))
  if (!parsed.success) {
    return formFailure(400, { feedback: { variant: 'destructive', title: m.errorTitle, text: staff.messages.editor.errors.layout } })
  }
  const intent = String(form.get('intent') ?? '')
  // Without JavaScript, Move up / Move down / Show / Hide are form posts: the changed list comes
  // back unsaved, exactly as the buttons change it in the browser.
  const move = parseLayoutMove(intent)
  if (move) {
    const sections = applyLayoutMove(parsed.data, move)
    const index = sections.findIndex((section) => section.id === move.id)
    return formSuccess(null, { draft: sections, focus: `${move.kind}:${move.id}`, position: index + 1 })
  }
  // Every section hidden would leave the homepage empty: refused, the editor's choices kept.
  if (!hasVisibleSection(parsed.data)) {
    const text = staff.messages.editor.layoutRules.noneVisible
    return formFailure(400, { feedback: { variant: 'destructive', title: m.errorTitle, text } }, { draft: parsed.data })
  }
  try {
    await saveDocument(await database(), 'layout', parsed.data, staff.account.id, { expectedVersion: editedVersion(form) })
  } catch (error) {
    if (error instanceof VersionConflictError) return conflict(staff, error, undefined, { draft: parsed.data })
    console.error('Saving the layout failed:', error)
    return formFailure(500, { feedback: { variant: 'destructive', title: m.errorTitle, text: m.errorText } }, { draft: parsed.data })
  }
  return formSuccess({ variant: 'success', title: m.savedTitle, text: m.savedText })
}
