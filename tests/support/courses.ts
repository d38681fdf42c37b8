import { courseChoices, type CourseEntry } from '~/lib/forms/course-choices.server'
import type { Database } from '~/lib/platform/db.server'
import { DEFAULT_INTEGRATIONS, EMPTY_CONTENT } from '~/lib/site/editor-schemas'
import { DEFAULT_HOMEPAGE_LAYOUT } from '~/lib/site/site-data'
import { readSiteData, type SiteData } from '~/lib/site/site-store.server'
import { DEFAULT_THEME } from '~/lib/site/theme'

/** A published site as a fresh database has it, with `changes` over it. */
export function freshSite(changes: Partial<SiteData> & { courses?: readonly CourseEntry[] } = {}): SiteData {
  return {
    content: EMPTY_CONTENT,
    theme: DEFAULT_THEME,
    layout: [...DEFAULT_HOMEPAGE_LAYOUT],
    settings: null,
    integrations: DEFAULT_INTEGRATIONS,
    media: {},
    ...changes,
  }
}

/** The courses open for registration on the site published in `db`, as the registration page reads them. */
export async function publishedCourses(db: Database): Promise<CourseEntry[]> {
  return courseChoices(await readSiteData(db))
}
