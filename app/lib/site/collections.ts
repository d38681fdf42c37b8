/**
 * The collections as public pages show them: the items shown (not hidden, not retired) in order,
 * each text resolved for a language: the stored translation → the stored English → for the spec's
 * items, the catalogue's text (with the content editor's changes applied) for the language.
 */
import { LOCALES, type Locale } from '../i18n/locale'
import { COURSES } from './site-data'
import {
  COLLECTION_FIELDS,
  SEED_IDS,
  type CollectionId,
  type Collections,
  type CourseItem,
  type CourseMode,
  type Photo,
} from './editor-schemas/collections'
import type { CourseEntry } from './courses'

type Texts = Partial<Record<Locale, string>>

/** Where a spec item's texts are in the catalogue. */
function cataloguePath(collection: CollectionId, id: string, field: string): string {
  switch (collection) {
    case 'services':
      return `clinic.services.items.${id}.${field}`
    case 'doctors':
      return `clinic.team.doctors.${id}.${field}`
    case 'testimonials':
      return `clinic.testimonials.items.${id}.${field}`
    case 'faculty':
      return `academy.faculty.members.${id}.${field}`
    case 'courses': {
      if (field === 'duration') return `academy.courses.durations.${COURSES.find((course) => course.id === id)?.duration ?? ''}`
      return `academy.courses.${field === 'name' ? 'names' : 'descriptions'}.${id}`
    }
  }
}

function at(tree: unknown, path: string): string {
  let node = tree
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return ''
    node = (node as Record<string, unknown>)[part]
  }
  return typeof node === 'string' ? node : ''
}

/**
 * One text of an item in `locale`. `catalogue` is the page's messages (content applied) in that
 * language; only the spec's items fall back to it.
 */
export function itemText(
  collection: CollectionId,
  item: { id: string } & Partial<Record<string, unknown>>,
  field: string,
  locale: Locale,
  catalogue: unknown,
): string {
  const stored = (item as unknown as Record<string, Texts | undefined>)[field]
  const own = stored?.[locale]?.trim()
  if (own) return own
  const english = stored?.en?.trim()
  if (english) return english
  return SEED_IDS[collection].includes(item.id) ? at(catalogue, cataloguePath(collection, item.id, field)) : ''
}

interface PublicPhoto extends Photo {
  alt: string
}

interface ServiceCard {
  id: string
  title: string
  description: string
}
export interface PersonCard {
  id: string
  name: string
  role: string
  bio: string
  photo: PublicPhoto | null
}
interface TestimonialCard {
  id: string
  quote: string
  author: string
  rating: number
}
export interface CourseCard {
  id: string
  name: string
  description: string
  duration: string
  mode: CourseMode
  feeAfn: number | null
  open: boolean
}

export interface PublicCollections {
  services: ServiceCard[]
  doctors: PersonCard[]
  testimonials: TestimonialCard[]
  faculty: PersonCard[]
  courses: CourseCard[]
}

const shown = <T extends { visible: boolean; retired: boolean }>(items: readonly T[]) => items.filter((i) => i.visible && !i.retired)

/** The items a page in `locale` shows, resolved; `catalogue` is its messages with the content applied. */
export function publicCollections(collections: Collections, locale: Locale, catalogue: unknown): PublicCollections {
  const resolve = <C extends CollectionId>(collection: C, item: { id: string }) =>
    Object.fromEntries(COLLECTION_FIELDS[collection].map(([field]) => [field, itemText(collection, item, field, locale, catalogue)]))
  const person = (collection: 'doctors' | 'faculty') =>
    shown(collections[collection]).map((item) => {
      const texts = resolve(collection, item) as { name: string; role: string; bio: string }
      const alt = item.photoAlt[locale]?.trim() || item.photoAlt.en?.trim() || texts.name
      return { id: item.id, ...texts, photo: item.photo ? { ...item.photo, alt } : null }
    })
  return {
    services: shown(collections.services).map((item) => ({ id: item.id, ...(resolve('services', item) as Omit<ServiceCard, 'id'>) })),
    doctors: person('doctors'),
    testimonials: shown(collections.testimonials).map((item) => ({
      id: item.id,
      ...(resolve('testimonials', item) as { quote: string; author: string }),
      rating: item.rating,
    })),
    faculty: person('faculty'),
    courses: shown(collections.courses).map((item) => ({
      id: item.id,
      ...(resolve('courses', item) as { name: string; description: string; duration: string }),
      mode: item.mode,
      feeAfn: item.feeAfn,
      open: item.open,
    })),
  }
}

/**
 * Every course not retired, in order, with names and durations in the three languages
 * (`catalogues`: each language's messages with the content applied).
 */
export function courseEntries(courses: readonly CourseItem[], catalogues: Record<Locale, unknown>): CourseEntry[] {
  const texts = (item: CourseItem, field: 'name' | 'duration') =>
    Object.fromEntries(
      LOCALES.map((locale) => [locale, itemText('courses', item, field, locale, catalogues[locale]) || item.id]),
    ) as Record<Locale, string>
  return courses
    .filter((item) => !item.retired)
    .map((item) => ({
      id: item.id,
      names: texts(item, 'name'),
      mode: item.mode,
      durations: texts(item, 'duration'),
      feeAfn: item.feeAfn,
      open: item.open,
      visible: item.visible,
    }))
}
