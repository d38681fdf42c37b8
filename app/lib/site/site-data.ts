/**
 * Business data of the clinic and the academy, kept in one place. The texts that go with each
 * item (titles, descriptions) are in the message catalogues under the same ids.
 */

export const SERVICE_IDS = ['general', 'implants', 'orthodontics', 'cosmetic', 'rootCanal', 'pediatric'] as const
export type ServiceId = (typeof SERVICE_IDS)[number]

export const DOCTOR_IDS = ['implantologist', 'orthodontist', 'general'] as const
export const TESTIMONIAL_IDS = ['first', 'second', 'third'] as const

export const STRENGTH_IDS = ['clinical', 'faculty', 'flexible'] as const
export const FACULTY_IDS = ['dentistry', 'radiology', 'emergency'] as const

export type CourseId = 'diplomaDentistry' | 'radiology' | 'cpr' | 'dentalAssisting' | 'medicalTerminology' | 'digitalDentistry'

type DurationId = 'twoYears' | 'threeMonths' | 'oneDay' | 'sixMonths' | 'eightWeeks' | 'fourWeeks'

export interface Course {
  id: CourseId
  duration: DurationId
  /** Fee in Afghani; null means 'Contact for details'. */
  feeAfn: number | null
  online: boolean
}

/**
 * The spec's six courses, in the order of the registration form's select. Pages and forms read the
 * courses through lib/forms/course-choices.server.ts, never from here.
 */
export const COURSES: readonly Course[] = [
  { id: 'diplomaDentistry', duration: 'twoYears', feeAfn: null, online: false },
  { id: 'radiology', duration: 'threeMonths', feeAfn: 25_000, online: false },
  { id: 'cpr', duration: 'oneDay', feeAfn: 5_000, online: false },
  { id: 'dentalAssisting', duration: 'sixMonths', feeAfn: null, online: true },
  { id: 'medicalTerminology', duration: 'eightWeeks', feeAfn: null, online: true },
  { id: 'digitalDentistry', duration: 'fourWeeks', feeAfn: null, online: true },
]

// `@__PURE__`: the browser's bundle drops the call where nothing reads the list (the staff and the server
// do); without it the call stays in every page's script, as the bundler cannot tell it has no effect.
export const COURSE_IDS = /* @__PURE__ */ COURSES.map((course) => course.id) as [CourseId, ...CourseId[]]
/** The course the registration form selects, and a form sent without a course is for, while it is open. */
export const DEFAULT_COURSE: CourseId = 'diplomaDentistry'

/** Opening hours: Saturday to Thursday 8AM–5PM, Friday closed. Days as in Date#getDay (0 = Sunday). */
export const OPENING_HOURS = {
  opens: '08:00',
  closes: '17:00',
  openDays: [6, 0, 1, 2, 3, 4],
  closedDays: [5],
} as const

export const CITY = 'Kabul'

/** How many items the homepage sections show at most (the full pages show every item shown; decision 026). */
export const HOMEPAGE_LIMITS = { services: 6, doctors: 4, testimonials: 3 } as const

/** The clinic homepage's sections, in their default order (staff can reorder and hide them). */
export const HOMEPAGE_SECTION_IDS = ['hero', 'services', 'about', 'team', 'testimonials', 'booking'] as const
export type HomepageSectionId = (typeof HOMEPAGE_SECTION_IDS)[number]

export interface HomepageSection {
  id: HomepageSectionId
  visible: boolean
}

export const DEFAULT_HOMEPAGE_LAYOUT: readonly HomepageSection[] = /* @__PURE__ */ HOMEPAGE_SECTION_IDS.map((id) => ({ id, visible: true }))

/**
 * The academy homepage's sections, in their default order. The next events are hidden until staff
 * turn them on (a fresh site shows the spec's academy homepage).
 */
export const ACADEMY_SECTION_IDS = ['hero', 'strengths', 'courses', 'events'] as const
export type AcademySectionId = (typeof ACADEMY_SECTION_IDS)[number]

export interface AcademySection {
  id: AcademySectionId
  visible: boolean
}

export const DEFAULT_ACADEMY_LAYOUT: readonly AcademySection[] = /* @__PURE__ */ ACADEMY_SECTION_IDS.map((id) => ({
  id,
  visible: id !== 'events',
}))

/** How many events the academy homepage's Next events section shows at most. */
export const HOMEPAGE_EVENTS = 3
