import { readForm } from '~/lib/forms/read-form.server'
import { database } from '~/lib/platform/db.server'
import { applyLayoutMove, hasVisibleSection, LayoutSchema, layoutFromForm, parseLayoutMove } from '~/lib/site/editor-schemas'
import {
  conflict,
  editedVersion,
  editorMessages,
  editorScreen,
  lastSavedText,
  requireEditor,
  requireEditorAction,
  unreadableForm,
} from './+shared/editor.server'
import { DEFAULT_HOMEPAGE_LAYOUT, type HomepageSection } from '~/lib/site/site-data'
import { readDocument, saveDocument, VersionConflictError } from '~/lib/site/site-store.server'
import type { FormAnswer } from '~/lib/staff/form-result'
import { formFailure, formSuccess, type FormReply } from '~/lib/staff/form-result.server'
import type { Route } from './+types/layout-editor'

export async function layoutLoader({ request }: Route.LoaderArgs) {
  await requireEditor(request)
  const stored = await readDocument(await database(), 'layout')
  return editorScreen(request, {
    sections: stored?.value ?? DEFAULT_HOMEPAGE_LAYOUT.map((section) => ({ ...section })),
    version: stored?.version ?? null,
    status: lastSavedText(request, stored, (m) => m.unpublished.layout),
  })
}

/** A move without JavaScript answers the changed list unsaved (`draft`), and the button to focus again. */
type LayoutAnswer = FormAnswer<undefined> & { draft?: HomepageSection[]; focus?: string; position?: number }

export async function layoutAction({ request }: Route.ActionArgs): Promise<FormReply<LayoutAnswer>> {
  const member = await requireEditorAction(request)
  const m = editorMessages(request).layout
  const read = await readForm(request)
  if (!read.ok) return unreadableForm(request, m.errorTitle, read.status)
  const { form } = read
  const parsed = LayoutSchema.safeParse(layoutFromForm(form))
  if (!parsed.success) {
    return formFailure(400, { feedback: { variant: 'destructive', title: m.errorTitle, text: editorMessages(request).errors.layout } })
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
    const text = editorMessages(request).layoutRules.noneVisible
    return formFailure(400, { feedback: { variant: 'destructive', title: m.errorTitle, text } }, { draft: parsed.data })
  }
  try {
    await saveDocument(await database(), 'layout', parsed.data, member.id, { expectedVersion: editedVersion(form) })
  } catch (error) {
    if (error instanceof VersionConflictError) return conflict(request, error, undefined, { draft: parsed.data })
    console.error('Saving the layout failed:', error)
    return formFailure(500, { feedback: { variant: 'destructive', title: m.errorTitle, text: m.errorText } }, { draft: parsed.data })
  }
  return formSuccess({ variant: 'success', title: m.savedTitle, text: m.savedText })
}
