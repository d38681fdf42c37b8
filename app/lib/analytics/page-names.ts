/**
 * What the dashboard calls a counted page: the public pages by their name in the staff member's
 * language, articles and news posts by their title (`postTitlesByPage`), anything else by its path.
 */
import { POST_PAGES } from './classify'

/** A page's name on the card. */
export function pageName(page: string, names: Readonly<Record<string, string>>, postTitles: ReadonlyMap<string, string>): string {
  return names[page] ?? postTitles.get(page) ?? page
}

/** Which of the counted pages are posts (their titles are looked up). */
export function postPagesOf(pages: readonly string[]): string[] {
  return pages.filter((page) => POST_PAGES.some((pattern) => pattern.test(page)))
}
