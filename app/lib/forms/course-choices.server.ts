/**
 * The one place the registration form, the academy pages, the structured data and the form's
 * server check read the courses from: the open, visible courses of the published site, in order.
 * Everything else treats a course id as a plain string, so a course staff add works everywhere.
 *
 * Today the courses are the spec's six (site-data.ts) with their names, durations and fees as the
 * content editor published them. Once the published site carries its own course collection
 * (`site.courses`), this is where it is read.
 */
import { messagesFor } from '~/locales'
import { LOCALES, type Locale } from '../i18n/locale'
import { COURSES, DEFAULT_COURSE } from '../site/site-data'
import { catalogueText, courseFees, resolveStoredText } from '../site/site-content'
import type { SiteData } from '../site/site-store.server'
import { localizedName, type CourseEntry, type CourseNames } from './course-entry'

export type { CourseEntry } from './course-entry'

/** The course a form sent without one is for, when it is open (else the first open course). */
export { DEFAULT_COURSE }

/** A published site, which may carry its own list of courses. */
type SiteWithCourses = SiteData & { courses?: readonly CourseEntry[] }

/** The courses open for registration, in the order the form lists them. */
export function courseChoices(site: SiteWithCourses): CourseEntry[] {
  const listed = site.courses ?? catalogueCourses(site)
  return listed.filter((course) => course.open && course.visible)
}

/** The spec's six courses, with the texts and fees staff published over the catalogue's. */
function catalogueCourses(site: SiteData): CourseEntry[] {
  const fees = courseFees(site.content)
  return COURSES.map((course) => ({
    id: course.id,
    names: publishedText(site, `academy.courses.names.${course.id}`),
    mode: course.online ? 'online' : 'inPerson',
    durations: publishedText(site, `academy.courses.durations.${course.duration}`),
    feeAfn: fees[course.id],
    open: true,
    visible: true,
  }))
}

/** A catalogue text in each language as the pages show it (stored translation → stored English → catalogue). */
function publishedText(site: SiteData, path: string): CourseNames {
  const texts = {} as CourseNames
  for (const locale of LOCALES) {
    texts[locale] = resolveStoredText(site.content.texts[path], locale) ?? catalogueText(messagesFor(locale), path)
  }
  return texts
}

/**
 * The name a registration shows for its course, in `locale`: the names kept with it (English when
 * the language's is empty); for a row stored without them, the catalogue's name; else the id.
 */
export function registrationCourseName(id: string, kept: Partial<CourseNames> | null | undefined, locale: Locale): string {
  const catalogue: Partial<Record<string, string>> = messagesFor(locale).academy.courses.names
  return localizedName(kept, locale) ?? catalogue[id] ?? id
}
