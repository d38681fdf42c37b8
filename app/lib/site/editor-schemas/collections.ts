/**
 * The five collections staff can grow: services, doctors, testimonials, faculty and courses.
 * One site document ('collections'); each list is in its public order. An item is shown, hidden
 * or retired (kept for the history, shown nowhere). Items of the spec keep the catalogue's ids
 * and, while their texts are empty, show the catalogue's texts (lib/site/collections.ts).
 */
import { z } from 'zod'
import { toLatinDigits } from '../../i18n/digits'
import { LOCALES } from '../../i18n/locale'
import { COURSES, DOCTOR_IDS, FACULTY_IDS, SERVICE_IDS, TESTIMONIAL_IDS } from '../site-data'
import { code } from './errors'

export const COLLECTION_IDS = ['services', 'doctors', 'testimonials', 'faculty', 'courses'] as const
export type CollectionId = (typeof COLLECTION_IDS)[number]

/** Items per collection (retired ones included: they are kept), and text lengths. */
export const COLLECTION_LIMITS = { items: 24, line: 120, text: 1000, alt: 250 } as const

/** The ids the spec's items have (their texts live in the message catalogue under them). */
export const SEED_IDS: Record<CollectionId, readonly string[]> = {
  services: SERVICE_IDS,
  doctors: DOCTOR_IDS,
  testimonials: TESTIMONIAL_IDS,
  faculty: FACULTY_IDS,
  courses: COURSES.map((course) => course.id),
}

const ITEM_ID = /^[A-Za-z0-9][A-Za-z0-9-]{0,47}$/

const text = (max: number) => z.string(code('required')).trim().max(max, code('tooLong')).default('')
const localized = (max: number) => z.object({ en: text(max), fa: text(max), ps: text(max) }).default({ en: '', fa: '', ps: '' })
const Line = localized(COLLECTION_LIMITS.line)
const Text = localized(COLLECTION_LIMITS.text)

const base = {
  id: z.string(code('required')).regex(ITEM_ID, code('required')),
  visible: z.boolean().default(true),
  retired: z.boolean().default(false),
}

/** A photo from the media library, as a page needs it (the server fills in the sizes from the library). */
const PhotoSchema = z.object({
  name: z.string().regex(/^[a-f0-9]{20}$/, code('photo')),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  widths: z.array(z.number().int().positive()).min(1),
})
export type Photo = z.output<typeof PhotoSchema>

const ServiceSchema = z.object({ ...base, title: Line, description: Text })
const PersonSchema = z.object({
  ...base,
  name: Line,
  role: Line,
  bio: Text,
  photo: PhotoSchema.nullable().default(null),
  photoAlt: localized(COLLECTION_LIMITS.alt),
})
const TestimonialSchema = z.object({
  ...base,
  quote: Text,
  author: Line,
  rating: z.number(code('rating')).int(code('rating')).min(1, code('rating')).max(5, code('rating')).default(5),
})
export const COURSE_MODES = ['inPerson', 'online'] as const
export type CourseMode = (typeof COURSE_MODES)[number]
const CourseSchema = z.object({
  ...base,
  name: Line,
  description: Text,
  duration: Line,
  mode: z.enum(COURSE_MODES, code('required')),
  /** Fee in Afghani; null: 'Contact for details'. */
  feeAfn: z.number(code('fee')).int(code('fee')).min(0, code('fee')).max(100_000_000, code('fee')).nullable(),
  open: z.boolean().default(true),
})

type PersonItem = z.output<typeof PersonSchema>
export type CourseItem = z.output<typeof CourseSchema>

/** The field of an item a new item must have in English (a spec item shows the catalogue's instead). */
export const MAIN_FIELDS = { services: 'title', doctors: 'name', testimonials: 'quote', faculty: 'name', courses: 'name' } as const

/** A list of items: at most the limit, unique ids, new items named in English. */
function list<T extends z.ZodType<{ id: string } & Record<string, unknown>>>(collection: CollectionId, item: T) {
  const main = MAIN_FIELDS[collection]
  const named = item.superRefine((entry, ctx) => {
    const value = entry[main] as Record<string, string> | undefined
    if (!SEED_IDS[collection].includes(entry.id) && !value?.en) ctx.addIssue({ code: 'custom', path: [main, 'en'], message: 'required' })
  })
  return z
    .array(named)
    .max(COLLECTION_LIMITS.items, code('tooMany'))
    .default([])
    .superRefine((items, ctx) => {
      const seen = new Set<string>()
      items.forEach((entry, index) => {
        if (seen.has(entry.id)) ctx.addIssue({ code: 'custom', path: [index, 'id'], message: 'duplicateId' })
        seen.add(entry.id)
      })
    })
}

export const CollectionsSchema = z.object({
  services: list('services', ServiceSchema),
  doctors: list('doctors', PersonSchema),
  testimonials: list('testimonials', TestimonialSchema),
  faculty: list('faculty', PersonSchema),
  courses: list('courses', CourseSchema),
})
export type Collections = z.output<typeof CollectionsSchema>
export type CollectionItem<C extends CollectionId> = Collections[C][number]

const EMPTY = { en: '', fa: '', ps: '' }

/** What a fresh database starts with: the spec's items, their texts from the catalogue. */
export function seedCollections(fees: Partial<Record<string, number | null>> = {}): Collections {
  const shown = { visible: true, retired: false }
  const person = (id: string): PersonItem => ({ id, ...shown, name: EMPTY, role: EMPTY, bio: EMPTY, photo: null, photoAlt: EMPTY })
  return {
    services: SERVICE_IDS.map((id) => ({ id, ...shown, title: EMPTY, description: EMPTY })),
    doctors: DOCTOR_IDS.map(person),
    testimonials: TESTIMONIAL_IDS.map((id) => ({ id, ...shown, quote: EMPTY, author: EMPTY, rating: 5 })),
    faculty: FACULTY_IDS.map(person),
    courses: COURSES.map((course) => ({
      id: course.id,
      ...shown,
      name: EMPTY,
      description: EMPTY,
      duration: EMPTY,
      mode: course.online ? 'online' : 'inPerson',
      feeAfn: course.id in fees ? (fees[course.id] ?? null) : course.feeAfn,
      open: true,
    })),
  }
}

/** The localized fields of each collection's items, as the editor shows them (kind: one line or a text). */
export const COLLECTION_FIELDS = {
  services: [
    ['title', 'line'],
    ['description', 'text'],
  ],
  doctors: [
    ['name', 'line'],
    ['role', 'line'],
    ['bio', 'text'],
  ],
  testimonials: [
    ['quote', 'text'],
    ['author', 'line'],
  ],
  faculty: [
    ['name', 'line'],
    ['role', 'line'],
    ['bio', 'text'],
  ],
  courses: [
    ['name', 'line'],
    ['description', 'text'],
    ['duration', 'line'],
  ],
} as const satisfies Record<CollectionId, ReadonlyArray<readonly [string, 'line' | 'text']>>

export const hasPhoto = (collection: CollectionId): collection is 'doctors' | 'faculty' =>
  collection === 'doctors' || collection === 'faculty'

/** A new item's id from its English name: 'Dr. Sara Ahmadi' → 'dr-sara-ahmadi', unique in the list. */
export function newItemId(name: string, taken: readonly string[]): string {
  const slug =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40)
      .replace(/-+$/, '') || 'item'
  if (!taken.includes(slug)) return slug
  for (let n = 2; n <= COLLECTION_LIMITS.items + 2; n++) if (!taken.includes(`${slug}-${n}`)) return `${slug}-${n}`
  return `${slug}-${taken.length + 1}`
}

/** An item as the editor's form holds it: what was typed, unchecked (the screen shows it again as sent). */
export interface FormItem {
  id: string
  /** Added on this screen and not saved yet: its id is made from its English name at the save. */
  isNew: boolean
  visible: boolean
  retired: boolean
  texts: Record<string, Record<(typeof LOCALES)[number], string>>
  rating: string
  mode: string
  fee: string
  open: boolean
  /** The media library's image name, or ''. */
  photo: string
  photoAlt: Record<(typeof LOCALES)[number], string>
}

const emptyTexts = () => ({ en: '', fa: '', ps: '' })

export function blankItem(collection: CollectionId, id: string): FormItem {
  return {
    id,
    isNew: true,
    visible: true,
    retired: false,
    texts: Object.fromEntries(COLLECTION_FIELDS[collection].map(([field]) => [field, emptyTexts()])),
    rating: '5',
    mode: 'inPerson',
    fee: '',
    open: true,
    photo: '',
    photoAlt: emptyTexts(),
  }
}

/** The editor's form: `count` items, fields `item.<index>.<field>.<locale>` and each item's switches. */
export function formItems(collection: CollectionId, form: FormData): FormItem[] {
  const count = Math.min(Math.max(Math.trunc(Number(form.get('count'))) || 0, 0), COLLECTION_LIMITS.items + 1)
  const items: FormItem[] = []
  for (let index = 0; index < count; index++) {
    const get = (field: string) => {
      const value = form.get(`item.${index}.${field}`)
      return typeof value === 'string' ? value : ''
    }
    const id = get('id')
    if (!id) continue
    const localizedOf = (field: string) =>
      Object.fromEntries(LOCALES.map((locale) => [locale, get(`${field}.${locale}`)])) as FormItem['photoAlt']
    items.push({
      id,
      isNew: get('new') === '1',
      visible: get('visible') === 'on',
      retired: get('retired') === '1',
      texts: Object.fromEntries(COLLECTION_FIELDS[collection].map(([field]) => [field, localizedOf(field)])),
      rating: get('rating'),
      mode: get('mode'),
      fee: get('fee'),
      open: get('open') === 'on',
      photo: get('photo'),
      photoAlt: localizedOf('photoAlt'),
    })
  }
  return items
}

/**
 * An item as the schema reads it; new items get their id from their English name (unique among
 * `taken`). `photos` are the media library's images by name (an unknown name fails the check).
 */
export function documentItem(collection: CollectionId, item: FormItem, photos: ReadonlyMap<string, Photo>): Record<string, unknown> {
  const result: Record<string, unknown> = { id: item.id, visible: item.visible, retired: item.retired, ...item.texts }
  if (collection === 'testimonials') result.rating = /^\d+$/.test(item.rating.trim()) ? Number(item.rating.trim()) : Number.NaN
  if (collection === 'courses') {
    const fee = toLatinDigits(item.fee)
      .trim()
      .replace(/[,\s\u066C]/g, '')
    result.feeAfn = fee === '' ? null : /^\d+$/.test(fee) ? Number(fee) : Number.NaN
    result.mode = item.mode
    result.open = item.open
  }
  if (hasPhoto(collection)) {
    result.photo = item.photo ? (photos.get(item.photo) ?? { name: 'unknown' }) : null
    result.photoAlt = item.photoAlt
  }
  return result
}

/** The ids of new items, made from their English names, unique in the list. */
export function nameNewItems(collection: CollectionId, items: readonly FormItem[]): FormItem[] {
  const taken = items.filter((item) => !item.isNew).map((item) => item.id)
  return items.map((item) => {
    if (!item.isNew) return item
    const id = newItemId(item.texts[MAIN_FIELDS[collection]]?.en ?? '', taken)
    taken.push(id)
    return { ...item, id }
  })
}

/** A stored item in the editor's form. `catalogue` gives a spec item's built-in text of a field in a language. */
export function itemToForm(
  collection: CollectionId,
  item: CollectionItem<CollectionId>,
  builtIn: (field: string, locale: (typeof LOCALES)[number]) => string,
): FormItem {
  const record = item as unknown as Record<string, unknown>
  const texts = Object.fromEntries(
    COLLECTION_FIELDS[collection].map(([field]) => {
      const stored = (record[field] ?? {}) as Partial<Record<(typeof LOCALES)[number], string>>
      return [field, Object.fromEntries(LOCALES.map((locale) => [locale, stored[locale] || builtIn(field, locale)]))]
    }),
  ) as FormItem['texts']
  const photo = record.photo as Photo | null | undefined
  return {
    id: item.id,
    isNew: false,
    visible: item.visible,
    retired: item.retired,
    texts,
    rating: 'rating' in item ? String(item.rating) : '5',
    mode: 'mode' in item ? item.mode : 'inPerson',
    fee: 'feeAfn' in item && item.feeAfn !== null ? String(item.feeAfn) : '',
    open: 'open' in item ? item.open : true,
    photo: photo?.name ?? '',
    photoAlt: (record.photoAlt as FormItem['photoAlt'] | undefined) ?? emptyTexts(),
  }
}

/** A move of the editor's list: `up:<id>`, `down:<id>`, `to:<id>:<index>` (a drop), `toggle:<id>` (show or hide), `retire:<id>`, `restore:<id>`. */
export type ItemMove =
  { kind: 'up' | 'down' | 'toggle' | 'retire' | 'unretire'; id: string } | { kind: 'to'; id: string; index: number } | { kind: 'add' }

export function parseItemMove(intent: string): ItemMove | null {
  if (intent === 'add') return { kind: 'add' }
  const match = /^(up|down|toggle|retire|unretire|to):([A-Za-z0-9-]+)(?::(\d{1,3}))?$/.exec(intent)
  if (!match) return null
  const [, kind, id, index] = match
  if (kind === 'to') return index === undefined ? null : { kind: 'to', id: id!, index: Number(index) }
  return { kind: kind as 'up' | 'down' | 'toggle' | 'retire' | 'unretire', id: id! }
}

/** The list after a move (a copy); unknown ids and impossible moves leave it as it was. */
export function applyItemMove<T extends { id: string; visible: boolean; retired: boolean }>(items: readonly T[], move: ItemMove): T[] {
  const next = [...items]
  if (move.kind === 'add') return next
  const index = next.findIndex((item) => item.id === move.id)
  if (index < 0) return next
  const item = next[index]!
  const target = move.kind === 'up' ? index - 1 : move.kind === 'down' ? index + 1 : move.kind === 'to' ? move.index : index
  if (move.kind === 'toggle') next[index] = { ...item, visible: !item.visible }
  else if (move.kind === 'retire') next[index] = { ...item, retired: true }
  else if (move.kind === 'unretire') next[index] = { ...item, retired: false }
  else if (target >= 0 && target < next.length && target !== index) {
    next.splice(index, 1)
    next.splice(target, 0, item)
  }
  return next
}
