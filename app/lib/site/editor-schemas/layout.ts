/** The order and visibility of the clinic's and the academy's homepage sections. */
import { z } from 'zod'
import { ACADEMY_SECTION_IDS, HOMEPAGE_SECTION_IDS } from '../site-data'
import { code } from './errors'

/** The homepages staff arrange, with their sections' ids in the default order. */
export const LAYOUT_SECTION_IDS = { clinic: HOMEPAGE_SECTION_IDS, academy: ACADEMY_SECTION_IDS } as const
export type LayoutSite = keyof typeof LAYOUT_SECTION_IDS
export type LayoutSectionId<S extends LayoutSite = LayoutSite> = (typeof LAYOUT_SECTION_IDS)[S][number]

/** A homepage section, shown or hidden. */
export interface LayoutSection<Id extends string = string> {
  id: Id
  visible: boolean
}

/** Every section of a homepage exactly once, each shown or hidden. */
function layoutSchema<const Ids extends readonly [string, ...string[]]>(ids: Ids) {
  return z
    .array(z.object({ id: z.enum(ids, code('layout')), visible: z.boolean(code('layout')) }), code('layout'))
    .refine((sections) => sections.length === ids.length && new Set(sections.map((s) => s.id)).size === ids.length, code('layout'))
}

export const LayoutSchema = layoutSchema(HOMEPAGE_SECTION_IDS)
export const AcademyLayoutSchema = layoutSchema(ACADEMY_SECTION_IDS)

/** True when the homepage would show something: at least one section is shown. */
export function hasVisibleSection(sections: ReadonlyArray<{ visible: boolean }>): boolean {
  return sections.some((section) => section.visible)
}

/**
 * A layout that may be published: a homepage with every section hidden would be an empty page.
 * (A stored layout that does not pass, written before this rule, gives way to the default.)
 */
export const PublishableLayoutSchema = LayoutSchema.refine(hasVisibleSection, code('layout'))
export const PublishableAcademyLayoutSchema = AcademyLayoutSchema.refine(hasVisibleSection, code('layout'))

/** The schema of a homepage's layout as the editor's form sends it. */
export function layoutSchemaOf(site: LayoutSite) {
  return site === 'academy' ? AcademyLayoutSchema : LayoutSchema
}

/** The homepage a layout form or address names (`site`): the clinic's unless it says academy. */
export function layoutSiteOf(value: unknown): LayoutSite {
  return value === 'academy' ? 'academy' : 'clinic'
}

/** The layout form: hidden `order` inputs (ids in order) and a `visible` checkbox value per shown id. */
export function layoutFromForm(form: FormData): Array<{ id: string; visible: boolean }> {
  const visible = new Set(form.getAll('visible').map(String))
  return form.getAll('order').map((id) => ({ id: String(id), visible: visible.has(String(id)) }))
}

export type LayoutMove<Id extends string = string> = { kind: 'up' | 'down' | 'toggle'; id: Id }

/** Moves a section one place up or down, or shows/hides it (the keyboard and no-script controls). */
export function applyLayoutMove<S extends LayoutSection>(sections: readonly S[], move: LayoutMove): S[] {
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
export function moveSectionTo<S extends LayoutSection>(sections: readonly S[], id: string, toIndex: number): S[] {
  const list = sections.map((section) => ({ ...section }))
  const from = list.findIndex((section) => section.id === id)
  if (from < 0) return list
  const [item] = list.splice(from, 1)
  list.splice(Math.max(0, Math.min(toIndex, list.length)), 0, item!)
  return list
}

/** A move button's intent (`up:services`), for a section of `site`'s homepage; null for anything else. */
export function parseLayoutMove(intent: string, site: LayoutSite = 'clinic'): LayoutMove<LayoutSectionId> | null {
  const [kind, id] = intent.split(':')
  if ((kind === 'up' || kind === 'down' || kind === 'toggle') && (LAYOUT_SECTION_IDS[site] as readonly string[]).includes(id ?? '')) {
    return { kind, id: id as LayoutSectionId }
  }
  return null
}
