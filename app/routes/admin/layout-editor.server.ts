import { readForm } from '~/lib/platform/read-form.server'
import { database } from '~/lib/platform/db.server'
import {
  applyLayoutMove,
  hasVisibleSection,
  layoutFromForm,
  layoutSchemaOf,
  layoutSiteOf,
  parseLayoutMove,
  type LayoutSection,
  type LayoutSite,
} from '~/lib/site/editor-schemas'
import { conflict, editedVersion, editorScreen, lastSavedText, requireEditor, unreadableForm } from './+shared/editor.server'
import { DEFAULT_ACADEMY_LAYOUT, DEFAULT_HOMEPAGE_LAYOUT } from '~/lib/site/site-data'
import { readDocument, saveDocument, VersionConflictError } from '~/lib/site/site-documents.server'
import type { FormAnswer } from '~/lib/staff/form-result'
import { formFailure, formSuccess, type FormReply } from '~/lib/staff/form-result.server'
import type { Route } from './+types/layout-editor'

/** Each homepage's stored document and its default. */
const HOMEPAGES = {
  clinic: { key: 'layout', defaults: DEFAULT_HOMEPAGE_LAYOUT },
  academy: { key: 'academyLayout', defaults: DEFAULT_ACADEMY_LAYOUT },
} as const

/** The layout of the homepage `?site=` names (the clinic's unless it says academy). */
export async function layoutLoader({ request, context }: Route.LoaderArgs) {
  const staff = requireEditor(context)
  const site = layoutSiteOf(new URL(request.url).searchParams.get('site'))
  const { key, defaults } = HOMEPAGES[site]
  const stored = await readDocument(await database(), key)
  return editorScreen(staff, {
    site,
    sections: (stored?.value ?? defaults.map((section) => ({ ...section }))) as LayoutSection[],
    version: stored?.version ?? null,
    status: lastSavedText(staff, stored, (m) => (site === 'academy' ? m.unpublished.academyLayout : m.unpublished.layout)),
  })
}

/** A move without JavaScript answers the changed list unsaved (`draft`), and the button to focus again. */
type LayoutAnswer = FormAnswer<undefined> & { draft?: LayoutSection[]; focus?: string; position?: number }

export async function layoutAction({ request, context }: Route.ActionArgs): Promise<FormReply<LayoutAnswer>> {
  const staff = requireEditor(context)
  const m = staff.messages.editor.layout
  const read = await readForm(request, { whole: true })
  if (!read.ok) return unreadableForm(staff, m.errorTitle, read)
  const { form } = read
  const site: LayoutSite = layoutSiteOf(form.get('site'))
  const parsed = layoutSchemaOf(site).safeParse(layoutFromForm(form))
  if (!parsed.success) {
    return formFailure(400, { feedback: { variant: 'destructive', title: m.errorTitle, text: staff.messages.editor.errors.layout } })
  }
  const sections: LayoutSection[] = parsed.data
  const intent = String(form.get('intent') ?? '')
  // Without JavaScript, Move up / Move down / Show / Hide are form posts: the changed list comes
  // back unsaved, exactly as the buttons change it in the browser.
  const move = parseLayoutMove(intent, site)
  if (move) {
    const moved = applyLayoutMove(sections, move)
    const index = moved.findIndex((section) => section.id === move.id)
    return formSuccess(null, { draft: moved, focus: `${move.kind}:${move.id}`, position: index + 1 })
  }
  // Every section hidden would leave the homepage empty: refused, the editor's choices kept.
  if (!hasVisibleSection(sections)) {
    const text = staff.messages.editor.layoutRules.noneVisible
    return formFailure(400, { feedback: { variant: 'destructive', title: m.errorTitle, text } }, { draft: sections })
  }
  try {
    await saveDocument(await database(), HOMEPAGES[site].key, parsed.data, staff.account.id, { expectedVersion: editedVersion(form) })
  } catch (error) {
    if (error instanceof VersionConflictError) return conflict(staff, error, undefined, { draft: sections })
    console.error('Saving the layout failed:', error)
    return formFailure(500, { feedback: { variant: 'destructive', title: m.errorTitle, text: m.errorText } }, { draft: sections })
  }
  const savedText = site === 'academy' ? m.academySavedText : m.savedText
  return formSuccess({ variant: 'success', title: m.savedTitle, text: savedText })
}
