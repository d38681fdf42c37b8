/**
 * Business data of the clinic and the academy, kept in one place. The texts that go with each
 * item (titles, descriptions) are in the message catalogues under the same ids.
 */

export const SERVICE_IDS = ['general', 'implants', 'orthodontics', 'cosmetic', 'rootCanal', 'pediatric'] as const
export type ServiceId = (typeof SERVICE_IDS)[number]

export const DOCTOR_IDS = ['implantologist', 'orthodontist', 'general'] as const
export const TESTIMONIAL_IDS = ['first', 'second', 'third'] as const
export const TESTIMONIAL_RATING = 5

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

/** In the order of the registration form's select; the first is its default. */
export const COURSES: readonly Course[] = [
  { id: 'diplomaDentistry', duration: 'twoYears', feeAfn: null, online: false },
  { id: 'radiology', duration: 'threeMonths', feeAfn: 25_000, online: false },
  { id: 'cpr', duration: 'oneDay', feeAfn: 5_000, online: false },
  { id: 'dentalAssisting', duration: 'sixMonths', feeAfn: null, online: true },
  { id: 'medicalTerminology', duration: 'eightWeeks', feeAfn: null, online: true },
  { id: 'digitalDentistry', duration: 'fourWeeks', feeAfn: null, online: true },
]

export const COURSE_IDS = COURSES.map((course) => course.id) as [CourseId, ...CourseId[]]
export const DEFAULT_COURSE: CourseId = 'diplomaDentistry'
/** The three courses with published fees (the Courses page). */
export const FEATURED_COURSE_IDS: readonly CourseId[] = ['diplomaDentistry', 'radiology', 'cpr']
/** The three online courses with Enroll Now (the academy homepage). */
export const ONLINE_COURSE_IDS: readonly CourseId[] = COURSES.filter((c) => c.online).map((c) => c.id)

export function courseById(id: CourseId): Course {
  const course = COURSES.find((c) => c.id === id)
  if (!course) throw new Error(`Unknown course ${id}`)
  return course
}

/** Opening hours: Saturday to Thursday 8AM–5PM, Friday closed. Days as in Date#getDay (0 = Sunday). */
export const OPENING_HOURS = {
  opens: '08:00',
  closes: '17:00',
  openDays: [6, 0, 1, 2, 3, 4],
  closedDays: [5],
} as const

export const CITY = 'Kabul'

/** The clinic homepage's sections, in their default order (staff can reorder and hide them). */
export const HOMEPAGE_SECTION_IDS = ['hero', 'services', 'about', 'team', 'testimonials', 'booking'] as const
export type HomepageSectionId = (typeof HOMEPAGE_SECTION_IDS)[number]

export interface HomepageSection {
  id: HomepageSectionId
  visible: boolean
}

export const DEFAULT_HOMEPAGE_LAYOUT: readonly HomepageSection[] = HOMEPAGE_SECTION_IDS.map((id) => ({ id, visible: true }))
