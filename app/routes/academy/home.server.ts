import { DEFAULT_LOCALE, localeFromParam, type Locale } from '~/lib/i18n/locale'
import { database } from '~/lib/platform/db.server'
import { upcomingEvents } from '~/lib/posts/post-events.server'
import type { PostCard } from '~/lib/posts/post-reads.server'
import { getAcademyLayout } from '~/lib/site/published-site.server'
import { HOMEPAGE_EVENTS } from '~/lib/site/site-data'
import { messagesFor } from '~/locales'
import type { Route } from './+types/home'

/**
 * The academy homepage's sections in the order the editor set, and, while its Next events section
 * is shown, the events to come in the page's language.
 */
export async function academyHomeLoader({ params, context }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? DEFAULT_LOCALE
  const sections = await getAcademyLayout(context)
  const showsEvents = sections.some((section) => section.id === 'events' && section.visible)
  return {
    sections,
    events: showsEvents ? await nextEvents(locale) : [],
    texts: messagesFor(locale).posts.public,
  }
}

/** The events to come; none while the database cannot be reached (the rest of the page still shows). */
async function nextEvents(locale: Locale): Promise<PostCard[]> {
  try {
    return await upcomingEvents(await database(), { locale, now: new Date(), limit: HOMEPAGE_EVENTS })
  } catch (error) {
    console.error('Reading the next events for the academy homepage failed:', error)
    return []
  }
}
