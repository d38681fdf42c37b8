/**
 * The names a registration keeps of its course, and the course its form selects. Types and pure
 * helpers only, so browser code can use them (the courses themselves: lib/site/courses.ts).
 */
import type { Locale } from '../i18n/locale'

/** A text in each of the site's languages. */
export interface CourseNames {
  en: string
  fa: string
  ps: string
}

/** The text for `locale`, else the English one; null when there is neither. */
export function localizedName(names: Partial<CourseNames> | null | undefined, locale: Locale): string | null {
  if (!names) return null
  return names[locale]?.trim() || names.en?.trim() || null
}

/** The course a registration form selects: the wanted one when it is offered, else the default, else the first. */
export function chosenCourse(offered: readonly { id: string }[], wanted: readonly (string | null | undefined)[], fallback: string): string {
  const ids = offered.map((course) => course.id)
  return [...wanted, fallback].find((id): id is string => typeof id === 'string' && ids.includes(id)) ?? ids[0] ?? ''
}
