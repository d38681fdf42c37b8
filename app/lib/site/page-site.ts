import type { Site } from '~/locales'

/** The pages that stand apart from both sites' frames: the home page and the student sign-in. */
const STANDALONE_PATHS = new Set(['/', '/login'])

/**
 * The site whose texts a page is sent with (locales/index.ts `pageMessages`), by its path without
 * the language: the academy's pages, or the clinic's, whose frame also holds the not-found pages.
 * The home page and the student sign-in get the shared texts only.
 */
export function siteOfPath(path: string): Site | null {
  if (STANDALONE_PATHS.has(path)) return null
  return path === '/academy' || path.startsWith('/academy/') ? 'academy' : 'clinic'
}
