/**
 * What the site editor stores, as Zod schemas shared by the admin screens (browser) and their
 * actions (server). Error messages are codes: the screens show `editor.errors[code]`.
 */
import { z } from 'zod'
import { contrastRatio, isHexColor, MIN_CONTRAST, normalizeHex, readableShade } from './color'
import { LOCALES, type Locale } from './i18n'
import { isPlausiblePhone, MAX_PHONE_INPUT_LENGTH } from './phone'
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from './site-settings'
import {
  COURSES,
  DOCTOR_IDS,
  FACULTY_IDS,
  HOMEPAGE_SECTION_IDS,
  SERVICE_IDS,
  STRENGTH_IDS,
  TESTIMONIAL_IDS,
  type CourseId,
  type HomepageSection,
  type HomepageSectionId,
} from './site-data'
import { DEFAULT_THEME, FONT_FAMILIES } from './theme'

export type ErrorCode =
  | 'required'
  | 'tooLong'
  | 'colour'
  | 'font'
  | 'baseSize'
  | 'phone'
  | 'email'
  | 'https'
  | 'latitude'
  | 'longitude'
  | 'layout'
  | 'fee'
  | 'unknownField'
  | 'mapsKey'
  | 'mapsKeyMissing'
  | 'altTooLong'

const code = (error: ErrorCode) => ({ error })

// ---------------------------------------------------------------------------------------------
// Content: texts of the public site in three languages
// ---------------------------------------------------------------------------------------------

export type LocalizedText = Record<Locale, string>

export const TEXT_LIMITS = { line: 200, text: 2000 } as const
export type ContentFieldKind = keyof typeof TEXT_LIMITS

/** The label of a field on the editor screen (editor.content.fields). */
export type ContentFieldLabel =
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

export interface ContentGroup {
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
export const CONTENT_TABS: readonly ContentTab[] = [
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
    const trimmed = String(raw).trim().replace(/[,\s]/g, '')
    fees[course.id] = trimmed === '' ? null : /^\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN
  }
  return { texts, fees }
}

// ---------------------------------------------------------------------------------------------
// Theme
// ---------------------------------------------------------------------------------------------

export const BASE_SIZE_RANGE = { min: 14, max: 20 } as const

const ColourSchema = z
  .string(code('colour'))
  .trim()
  .refine((value) => isHexColor(value), code('colour'))
  .transform((value) => normalizeHex(value))

export const ThemeSchema = z.object({
  clinicPrimary: ColourSchema,
  academyPrimary: ColourSchema,
  font: z.enum(FONT_FAMILIES, code('font')),
  baseSize: z.coerce
    .number(code('baseSize'))
    .int(code('baseSize'))
    .min(BASE_SIZE_RANGE.min, code('baseSize'))
    .max(BASE_SIZE_RANGE.max, code('baseSize')),
})

/**
 * A colour from the theme form. The text field wins, except when only the colour picker was changed
 * (without JavaScript the two are not kept in step): then the picker's value is taken.
 */
function colourFromForm(form: FormData, key: string): string {
  const text = String(form.get(key) ?? '').trim()
  const picker = form.get(`${key}Picker`)
  const original = form.get(`${key}Original`)
  if (typeof picker === 'string' && typeof original === 'string') {
    const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
    if (same(text, original) && !same(picker, original)) return picker
  }
  return text
}

export function themeFromForm(form: FormData): Record<string, unknown> {
  return {
    clinicPrimary: colourFromForm(form, 'clinicPrimary'),
    academyPrimary: colourFromForm(form, 'academyPrimary'),
    font: String(form.get('font') ?? ''),
    baseSize: String(form.get('baseSize') ?? String(DEFAULT_THEME.baseSize)),
  }
}

export interface ContrastCheck {
  colour: string
  /** White text on the colour itself. */
  ratio: number
  /** The shade buttons and links use: the colour itself when it passes WCAG AA, else a darker one. */
  shade: string
  shadeRatio: number
  adjusted: boolean
}

/**
 * The contrast rule: white text must reach WCAG AA (4.5:1). A colour that does not is kept as the
 * accent, and buttons, links and highlights use the nearest darker shade that does.
 */
export function checkContrast(colour: string): ContrastCheck {
  const hex = normalizeHex(colour)
  const shade = readableShade(hex)
  return {
    colour: hex,
    ratio: contrastRatio(hex, '#ffffff'),
    shade,
    shadeRatio: contrastRatio(shade, '#ffffff'),
    adjusted: contrastRatio(hex, '#ffffff') < MIN_CONTRAST,
  }
}

// ---------------------------------------------------------------------------------------------
// Layout of the clinic homepage
// ---------------------------------------------------------------------------------------------

export const LayoutSchema = z
  .array(z.object({ id: z.enum(HOMEPAGE_SECTION_IDS, code('layout')), visible: z.boolean(code('layout')) }), code('layout'))
  .refine(
    (sections) =>
      sections.length === HOMEPAGE_SECTION_IDS.length && new Set(sections.map((s) => s.id)).size === HOMEPAGE_SECTION_IDS.length,
    code('layout'),
  )

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

// ---------------------------------------------------------------------------------------------
// Global settings and integrations
// ---------------------------------------------------------------------------------------------

/**
 * A phone number as typed. The browser checks that it is plausible; the server checks it against
 * the numbering plans and stores it in international form (site-store.server).
 */
export const PhoneSchema = z
  .string(code('phone'))
  .trim()
  .min(1, code('required'))
  .max(MAX_PHONE_INPUT_LENGTH, code('phone'))
  .refine((value) => isPlausiblePhone(value), code('phone'))

const EmailSchema = z
  .string()
  .trim()
  .min(1, code('required'))
  .max(254, code('tooLong'))
  .pipe(z.email(code('email')))

const SocialUrlSchema = z
  .string()
  .trim()
  .max(500, code('tooLong'))
  .refine((value) => {
    if (value === '') return true
    try {
      const url = new URL(value)
      return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password
    } catch {
      return false
    }
  }, code('https'))

const AddressLine = z.string().trim().max(300, code('tooLong'))

export const SettingsSchema = z.object({
  phone: PhoneSchema,
  clinicEmail: EmailSchema,
  academyEmail: EmailSchema,
  address: z.object({ en: AddressLine.min(1, code('required')), fa: AddressLine, ps: AddressLine }),
  map: z.object({
    latitude: z.coerce.number(code('latitude')).min(-90, code('latitude')).max(90, code('latitude')),
    longitude: z.coerce.number(code('longitude')).min(-180, code('longitude')).max(180, code('longitude')),
  }),
  social: z.object({ facebook: SocialUrlSchema, instagram: SocialUrlSchema, youtube: SocialUrlSchema, linkedin: SocialUrlSchema }),
})
export type StoredSettings = z.output<typeof SettingsSchema>

export function settingsFromForm(form: FormData) {
  const get = (name: string) => String(form.get(name) ?? '')
  const number = (name: string) => (get(name).trim() === '' ? undefined : get(name).trim())
  return {
    phone: get('phone'),
    clinicEmail: get('clinicEmail'),
    academyEmail: get('academyEmail'),
    address: { en: get('address.en'), fa: get('address.fa'), ps: get('address.ps') },
    map: { latitude: number('latitude'), longitude: number('longitude') },
    social: { facebook: get('facebook'), instagram: get('instagram'), youtube: get('youtube'), linkedin: get('linkedin') },
  }
}

export const MAPS_KEY_PATTERN = /^[A-Za-z0-9_-]{20,100}$/

export const IntegrationsSchema = z.object({
  mapsEnabled: z.boolean(),
  /** Kept on the server only; the public site sees it only inside the map frame's address. */
  mapsApiKey: z
    .string()
    .trim()
    .refine((value) => value === '' || MAPS_KEY_PATTERN.test(value), code('mapsKey')),
  notifyOnAppointment: z.boolean(),
  notifyOnRegistration: z.boolean(),
  /** Empty: the primary phone number of the global settings. */
  whatsappNumber: z.union([z.literal(''), PhoneSchema]),
})
export type StoredIntegrations = z.output<typeof IntegrationsSchema>

export const DEFAULT_INTEGRATIONS: StoredIntegrations = {
  mapsEnabled: false,
  mapsApiKey: '',
  notifyOnAppointment: DEFAULT_SITE_SETTINGS.notifyOnAppointment,
  notifyOnRegistration: DEFAULT_SITE_SETTINGS.notifyOnRegistration,
  whatsappNumber: '',
}

/**
 * The integrations form. The maps key is never sent back to the browser: an empty key field keeps
 * the stored key, and `removeMapsKey` clears it.
 */
export function integrationsFromForm(form: FormData, storedKey: string) {
  const newKey = String(form.get('mapsApiKey') ?? '').trim()
  const remove = form.get('removeMapsKey') === 'on'
  return {
    mapsEnabled: form.get('mapsEnabled') === 'on',
    mapsApiKey: remove ? '' : newKey || storedKey,
    notifyOnAppointment: form.get('notifyOnAppointment') === 'on',
    notifyOnRegistration: form.get('notifyOnRegistration') === 'on',
    whatsappNumber: String(form.get('whatsappNumber') ?? '').trim(),
  }
}

export const IntegrationsWithKeyRule = IntegrationsSchema.refine((value) => !value.mapsEnabled || value.mapsApiKey !== '', {
  path: ['mapsApiKey'],
  error: 'mapsKeyMissing',
})

/**
 * The public settings: defaults, then stored settings, then stored integrations (without the maps
 * key). WhatsApp goes to the primary phone unless integrations name another number.
 */
export function mergeSiteSettings(settings: StoredSettings | null, integrations: StoredIntegrations | null): SiteSettings {
  const merged: SiteSettings = { ...DEFAULT_SITE_SETTINGS, ...(settings ?? {}) }
  return {
    ...merged,
    whatsappNumber: integrations?.whatsappNumber || (settings ? merged.phone : DEFAULT_SITE_SETTINGS.whatsappNumber),
    notifyOnAppointment: integrations?.notifyOnAppointment ?? DEFAULT_SITE_SETTINGS.notifyOnAppointment,
    notifyOnRegistration: integrations?.notifyOnRegistration ?? DEFAULT_SITE_SETTINGS.notifyOnRegistration,
  }
}

// ---------------------------------------------------------------------------------------------
// Media
// ---------------------------------------------------------------------------------------------

export const MEDIA_SLOTS = ['clinicLogo', 'academyLogo', 'clinicHero', 'academyHero'] as const
export type MediaSlot = (typeof MEDIA_SLOTS)[number]

export const AltTextSchema = z.object({
  en: z.string().trim().max(250, code('altTooLong')),
  fa: z.string().trim().max(250, code('altTooLong')),
  ps: z.string().trim().max(250, code('altTooLong')),
})

export function altFromForm(form: FormData): Record<Locale, string> {
  return { en: String(form.get('alt.en') ?? ''), fa: String(form.get('alt.fa') ?? ''), ps: String(form.get('alt.ps') ?? '') }
}

// ---------------------------------------------------------------------------------------------
// Errors for the screens
// ---------------------------------------------------------------------------------------------

/** Field errors as `{ 'address.en': 'required' }`, the first error of each field. */
export function fieldErrors(error: z.ZodError): Record<string, ErrorCode> {
  const errors: Record<string, ErrorCode> = {}
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.')
    if (!(key in errors)) errors[key] = (isErrorCode(issue.message) ? issue.message : 'required') as ErrorCode
  }
  return errors
}

const ERROR_CODES: readonly ErrorCode[] = [
  'required',
  'tooLong',
  'colour',
  'font',
  'baseSize',
  'phone',
  'email',
  'https',
  'latitude',
  'longitude',
  'layout',
  'fee',
  'unknownField',
  'mapsKey',
  'mapsKeyMissing',
  'altTooLong',
]

function isErrorCode(value: string): value is ErrorCode {
  return (ERROR_CODES as readonly string[]).includes(value)
}
