import { courseChoices, type CourseEntry } from '~/lib/forms/course-choices.server'
import type { Database } from '~/lib/platform/db.server'
import { DEFAULT_INTEGRATIONS, EMPTY_CONTENT, seedCollections } from '~/lib/site/editor-schemas'
import { DEFAULT_ACADEMY_LAYOUT, DEFAULT_HOMEPAGE_LAYOUT } from '~/lib/site/site-data'
import { readSiteData, siteCourses, type SiteData } from '~/lib/site/stored-site.server'
import { DEFAULT_THEME } from '~/lib/site/theme'

/** A published site as a fresh database has it, with `changes` over it. */
export function freshSite(changes: Partial<SiteData> = {}): SiteData {
  const content = changes.content ?? EMPTY_CONTENT
  const collections = changes.collections ?? seedCollections(content.fees)
  return {
    content,
    theme: DEFAULT_THEME,
    layout: [...DEFAULT_HOMEPAGE_LAYOUT],
    academyLayout: [...DEFAULT_ACADEMY_LAYOUT],
    settings: null,
    integrations: DEFAULT_INTEGRATIONS,
    media: {},
    collections,
    courses: siteCourses(collections, content),
    ...changes,
  }
}

/** The courses open for registration on the site published in `db`, as the registration page reads them. */
export async function publishedCourses(db: Database): Promise<CourseEntry[]> {
  return courseChoices(await readSiteData(db))
}
