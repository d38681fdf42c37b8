/**
 * The published courses as the registration form, the desk and the academy pages need them: every
 * course not retired, in order, its name and duration resolved in the three languages.
 */
import type { Locale } from '../i18n/locale'
import type { CourseMode } from './editor-schemas/collections'

export interface CourseEntry {
  id: string
  /** Resolved (stored translation → stored English → catalogue), never empty. */
  names: Record<Locale, string>
  mode: CourseMode
  durations: Record<Locale, string>
  /** Fee in Afghani; null: 'Contact for details'. */
  feeAfn: number | null
  /** Open for registration. */
  open: boolean
  /** Shown on the public pages. */
  visible: boolean
}

/** The courses the registration form offers: open, shown and (as every entry) not retired, in order. */
export function openCourses(site: { courses: readonly CourseEntry[] }): CourseEntry[] {
  return site.courses.filter((course) => course.open && course.visible)
}
