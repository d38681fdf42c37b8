/** The order and visibility of the clinic homepage sections. */
import { z } from 'zod'
import { HOMEPAGE_SECTION_IDS, type HomepageSection, type HomepageSectionId } from '../site-data'
import { code } from './errors'

export const LayoutSchema = z
  .array(z.object({ id: z.enum(HOMEPAGE_SECTION_IDS, code('layout')), visible: z.boolean(code('layout')) }), code('layout'))
  .refine(
    (sections) =>
      sections.length === HOMEPAGE_SECTION_IDS.length && new Set(sections.map((s) => s.id)).size === HOMEPAGE_SECTION_IDS.length,
    code('layout'),
  )

/** True when the homepage would show something: at least one section is shown. */
export function hasVisibleSection(sections: ReadonlyArray<{ visible: boolean }>): boolean {
  return sections.some((section) => section.visible)
}

/**
 * A layout that may be published: a homepage with every section hidden would be an empty page.
 * (A stored layout that does not pass, written before this rule, gives way to the default.)
 */
export const PublishableLayoutSchema = LayoutSchema.refine(hasVisibleSection, code('layout'))

/** The layout form: hidden `order` inputs (ids in order) and a `visible` checkbox value per shown id. */
export function layoutFromForm(form: FormData): Array<{ id: string; visible: boolean }> {
  const visible = new Set(form.getAll('visible').map(String))
  return form.getAll('order').map((id) => ({ id: String(id), visible: visible.has(String(id)) }))
}

export type LayoutMove = { kind: 'up' | 'down' | 'toggle'; id: HomepageSectionId }

/** Moves a section one place up or down, or shows/hides it (the keyboard and no-script controls). */
export function applyLayoutMove(sections: readonly HomepageSection[], move: LayoutMove): HomepageSection[] {
  const list = sections.map((section) => ({ ...section }))
  const index = list.findIndex((section) => section.id === move.id)
  if (index < 0) return list
  if (move.kind === 'toggle') {
    list[index]!.visible = !list[index]!.visible
    return list
  }
  const target = move.kind === 'up' ? index - 1 : index + 1
  if (target < 0 || target >= list.length) return list
  ;[list[index], list[target]] = [list[target]!, list[index]!]
  return list
}

/** Moves the section `id` to the place of `beforeId` (drag and drop). */
export function moveSectionTo(sections: readonly HomepageSection[], id: HomepageSectionId, toIndex: number): HomepageSection[] {
  const list = sections.map((section) => ({ ...section }))
  const from = list.findIndex((section) => section.id === id)
  if (from < 0) return list
  const [item] = list.splice(from, 1)
  list.splice(Math.max(0, Math.min(toIndex, list.length)), 0, item!)
  return list
}

export function parseLayoutMove(intent: string): LayoutMove | null {
  const [kind, id] = intent.split(':')
  if ((kind === 'up' || kind === 'down' || kind === 'toggle') && (HOMEPAGE_SECTION_IDS as readonly string[]).includes(id ?? '')) {
    return { kind, id: id as HomepageSectionId }
  }
  return null
}
