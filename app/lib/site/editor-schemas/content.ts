/** The texts of the public site in three languages and the course fees, as staff edit them. */
import { z } from 'zod'
import { toLatinDigits } from '../../i18n/digits'
import { LOCALES, type Locale } from '../../i18n/locale'
import { COURSES, DOCTOR_IDS, FACULTY_IDS, SERVICE_IDS, STRENGTH_IDS, TESTIMONIAL_IDS, type CourseId } from '../site-data'
import { code } from './errors'

export type LocalizedText = Record<Locale, string>

const TEXT_LIMITS = { line: 200, text: 2000 } as const
type ContentFieldKind = keyof typeof TEXT_LIMITS

/** The label of a field on the editor screen (editor.content.fields). */
type ContentFieldLabel =
  | 'heroTitle'
  | 'heroDescription'
  | 'heading'
  | 'intro'
  | 'title'
  | 'description'
  | 'text'
  | 'point'
  | 'name'
  | 'role'
  | 'bio'
  | 'quote'
  | 'author'
  | 'duration'

export interface ContentField {
  /** Where the text lives in the message catalogue, e.g. 'clinic.hero.title'. */
  path: string
  kind: ContentFieldKind
  label: ContentFieldLabel
}

interface ContentGroup {
  id: string
  /** The group's heading: the English default text at this catalogue path (e.g. a service's title). */
  labelPath?: string
  fields: ContentField[]
  /** A course group also edits the course's fee. */
  courseFee?: CourseId
}

export const CONTENT_TAB_IDS = ['clinicHome', 'services', 'about', 'doctors', 'testimonials', 'academyHome', 'courses', 'faculty'] as const
export type ContentTabId = (typeof CONTENT_TAB_IDS)[number]

export interface ContentTab {
  id: ContentTabId
  groups: ContentGroup[]
}

const line = (path: string, label: ContentFieldLabel): ContentField => ({ path, kind: 'line', label })
const text = (path: string, label: ContentFieldLabel): ContentField => ({ path, kind: 'text', label })

/** Every text staff can change, grouped as the editor shows them. */
const CONTENT_TABS: readonly ContentTab[] = [
  {
    id: 'clinicHome',
    groups: [{ id: 'hero', fields: [line('clinic.hero.title', 'heroTitle'), text('clinic.hero.description', 'heroDescription')] }],
  },
  {
    id: 'services',
    groups: [
      { id: 'section', fields: [line('clinic.services.heading', 'heading'), text('clinic.services.intro', 'intro')] },
      ...SERVICE_IDS.map((id) => ({
        id: `service-${id}`,
        labelPath: `clinic.services.items.${id}.title`,
        fields: [line(`clinic.services.items.${id}.title`, 'title'), text(`clinic.services.items.${id}.description`, 'description')],
      })),
    ],
  },
  {
    id: 'about',
    groups: [
      {
        id: 'section',
        fields: [
          line('clinic.about.heading', 'heading'),
          text('clinic.about.text', 'text'),
          line('clinic.about.points.equipment', 'point'),
          line('clinic.about.points.hygiene', 'point'),
          line('clinic.about.points.family', 'point'),
        ],
      },
    ],
  },
  {
    id: 'doctors',
    groups: [
      { id: 'section', fields: [line('clinic.team.heading', 'heading'), text('clinic.team.intro', 'intro')] },
      ...DOCTOR_IDS.map((id) => ({
        id: `doctor-${id}`,
        labelPath: `clinic.team.doctors.${id}.name`,
        fields: [
          line(`clinic.team.doctors.${id}.name`, 'name'),
          line(`clinic.team.doctors.${id}.role`, 'role'),
          text(`clinic.team.doctors.${id}.bio`, 'bio'),
        ],
      })),
    ],
  },
  {
    id: 'testimonials',
    groups: [
      { id: 'section', fields: [line('clinic.testimonials.heading', 'heading')] },
      ...TESTIMONIAL_IDS.map((id) => ({
        id: `testimonial-${id}`,
        labelPath: `clinic.testimonials.items.${id}.author`,
        fields: [text(`clinic.testimonials.items.${id}.quote`, 'quote'), line(`clinic.testimonials.items.${id}.author`, 'author')],
      })),
    ],
  },
  {
    id: 'academyHome',
    groups: [
      { id: 'hero', fields: [line('academy.hero.title', 'heroTitle'), text('academy.hero.description', 'heroDescription')] },
      { id: 'strengths', fields: [line('academy.strengths.heading', 'heading')] },
      ...STRENGTH_IDS.map((id) => ({
        id: `strength-${id}`,
        labelPath: `academy.strengths.items.${id}.title`,
        fields: [line(`academy.strengths.items.${id}.title`, 'title'), text(`academy.strengths.items.${id}.text`, 'text')],
      })),
    ],
  },
  {
    id: 'courses',
    groups: [
      { id: 'section', fields: [line('academy.courses.title', 'heading'), text('academy.courses.intro', 'intro')] },
      ...COURSES.map((course) => ({
        id: `course-${course.id}`,
        labelPath: `academy.courses.names.${course.id}`,
        courseFee: course.id,
        fields: [
          line(`academy.courses.names.${course.id}`, 'name'),
          text(`academy.courses.descriptions.${course.id}`, 'description'),
          line(`academy.courses.durations.${course.duration}`, 'duration'),
        ],
      })),
    ],
  },
  {
    id: 'faculty',
    groups: [
      { id: 'section', fields: [line('academy.faculty.title', 'heading'), text('academy.faculty.intro', 'intro')] },
      ...FACULTY_IDS.map((id) => ({
        id: `faculty-${id}`,
        labelPath: `academy.faculty.members.${id}.name`,
        fields: [
          line(`academy.faculty.members.${id}.name`, 'name'),
          line(`academy.faculty.members.${id}.role`, 'role'),
          text(`academy.faculty.members.${id}.bio`, 'bio'),
        ],
      })),
    ],
  },
]

/** The tabs whose items are collections (services, doctors, …): their items are edited on the Collections screen. */
export const COLLECTION_TABS: Partial<Record<ContentTabId, string>> = {
  services: 'services',
  doctors: 'doctors',
  testimonials: 'testimonials',
  courses: 'courses',
  faculty: 'faculty',
}

/**
 * What the content screen shows: every tab, the collections' tabs with their section texts only.
 * The items' catalogue paths stay in CONTENT_FIELDS, so texts saved by earlier versions of this
 * screen stay valid and still show for the spec's items until the Collections screen changes them.
 */
export const CONTENT_SCREEN_TABS: readonly ContentTab[] = CONTENT_TABS.map((tab) =>
  tab.id in COLLECTION_TABS ? { ...tab, groups: tab.groups.filter((group) => group.id === 'section') } : tab,
)

export const CONTENT_FIELDS: readonly ContentField[] = CONTENT_TABS.flatMap((tab) => tab.groups.flatMap((group) => group.fields))
const FIELD_BY_PATH = new Map(CONTENT_FIELDS.map((field) => [field.path, field]))

/** A stored fee in Afghani; null means 'Contact for details'. */
const FeeSchema = z.number(code('fee')).int(code('fee')).min(0, code('fee')).max(100_000_000, code('fee')).nullable()

const COURSE_ID_LIST = COURSES.map((course) => course.id) as [CourseId, ...CourseId[]]

function localizedTextSchema(max: number) {
  const one = z.string().trim().max(max, code('tooLong'))
  return z.object({ en: one, fa: one, ps: one })
}

/**
 * The content document: the texts staff changed (by catalogue path) and the course fees.
 * A path that is absent, or an empty translation, falls back (see lib/site-content).
 */
const TextsSchema = z.record(z.string(), z.unknown()).transform((value, ctx) => {
  const texts: Record<string, LocalizedText> = {}
  for (const [path, raw] of Object.entries(value)) {
    const field = FIELD_BY_PATH.get(path)
    if (!field) {
      ctx.addIssue({ code: 'custom', path: [path], message: 'unknownField' })
      continue
    }
    const parsed = localizedTextSchema(TEXT_LIMITS[field.kind]).safeParse(raw)
    if (!parsed.success) {
      for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: [path, ...issue.path], message: issue.message })
      continue
    }
    texts[path] = parsed.data
  }
  return texts
})

export const ContentSchema = z.object({
  texts: TextsSchema.default({}),
  fees: z.partialRecord(z.enum(COURSE_ID_LIST), FeeSchema).default({}),
})
export type Content = z.output<typeof ContentSchema>
export const EMPTY_CONTENT: Content = { texts: {}, fees: {} }

/** The content editor's form fields: `<path>.<locale>` for texts, `fee.<courseId>` for fees. */
export function contentFromForm(form: FormData): z.input<typeof ContentSchema> {
  const texts: Record<string, LocalizedText> = {}
  for (const field of CONTENT_FIELDS) {
    const values = LOCALES.map((locale) => form.get(`${field.path}.${locale}`))
    if (values.every((value) => value === null)) continue
    texts[field.path] = { en: String(values[0] ?? ''), fa: String(values[1] ?? ''), ps: String(values[2] ?? '') }
  }
  const fees: Partial<Record<CourseId, number | null>> = {}
  for (const course of COURSES) {
    const raw = form.get(`fee.${course.id}`)
    if (raw === null) continue
    // Eastern digits and the Arabic thousands separator count: «۲۵٬۰۰۰» is 25000.
    const trimmed = toLatinDigits(String(raw))
      .trim()
      .replace(/[,\s\u066C]/g, '')
    fees[course.id] = trimmed === '' ? null : /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN
  }
  return { texts, fees }
}
