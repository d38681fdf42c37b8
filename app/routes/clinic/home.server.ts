import { DEFAULT_LOCALE, localeFromParam } from '~/lib/i18n/locale'
import { getHomeLayout, getPageContent } from '~/lib/site/published-site.server'
import type { Route } from './+types/home'

/** The homepage's texts in the page's language, and its sections in the order the editor set. */
export async function homeLoader({ params, context }: Route.LoaderArgs) {
  const locale = localeFromParam(params.lang) ?? DEFAULT_LOCALE
  const [content, sections] = await Promise.all([getPageContent(locale, context), getHomeLayout(context)])
  return { content, sections }
}
