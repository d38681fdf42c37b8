/**
 * A course as the registration form and the academy pages offer it, and the names a registration
 * keeps of its course. Types and pure helpers only, so browser code can use them.
 */
import type { Locale } from '../i18n/locale'

/** A text in each of the site's languages. */
export interface CourseNames {
  en: string
  fa: string
  ps: string
}

export interface CourseEntry {
  /** Stable: registrations store it. Any string (staff-made courses have ids of their own). */
  id: string
  names: CourseNames
  mode: 'inPerson' | 'online'
  durations: CourseNames
  /** Fee in Afghani; null means 'Contact for details'. */
  feeAfn: number | null
  open: boolean
  visible: boolean
}

/** A course as one page shows it: the texts in the page's language. */
export interface PublicCourse {
  id: string
  name: string
  duration: string
  mode: CourseEntry['mode']
  feeAfn: number | null
}

/** The text for `locale`, else the English one; null when there is neither. */
export function localizedName(names: Partial<CourseNames> | null | undefined, locale: Locale): string | null {
  if (!names) return null
  return names[locale]?.trim() || names.en?.trim() || null
}

export function publicCourse(course: CourseEntry, locale: Locale): PublicCourse {
  return {
    id: course.id,
    name: localizedName(course.names, locale) ?? course.id,
    duration: localizedName(course.durations, locale) ?? '',
    mode: course.mode,
    feeAfn: course.feeAfn,
  }
}

/** The course a registration form selects: the wanted one when it is offered, else the default, else the first. */
export function chosenCourse(offered: readonly { id: string }[], wanted: readonly (string | null | undefined)[], fallback: string): string {
  const ids = offered.map((course) => course.id)
  return [...wanted, fallback].find((id): id is string => typeof id === 'string' && ids.includes(id)) ?? ids[0] ?? ''
}
