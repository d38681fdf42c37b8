/**
 * The one place the form's server check reads the courses from: the open, shown courses of the
 * published site, in order (lib/site/courses.ts). Everything else treats a course id as a plain
 * string, so a course staff add works everywhere.
 */
import { messagesFor } from '~/locales'
import type { Locale } from '../i18n/locale'
import { openCourses, type CourseEntry } from '../site/courses'
import { localizedName, type CourseNames } from './course-entry'

export type { CourseEntry } from '../site/courses'

/** The courses open for registration, in the order the form lists them. */
export function courseChoices(site: { courses: readonly CourseEntry[] }): CourseEntry[] {
  return openCourses(site)
}

/**
 * The name a registration shows for its course, in `locale`: the names kept with it (English when
 * the language's is empty); for a row stored without them, the catalogue's name; else the id.
 */
export function registrationCourseName(id: string, kept: Partial<CourseNames> | null | undefined, locale: Locale): string {
  const catalogue: Partial<Record<string, string>> = messagesFor(locale).academy.courses.names
  return localizedName(kept, locale) ?? catalogue[id] ?? id
}
