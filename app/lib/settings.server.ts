import { DEFAULT_THEME, type Theme } from './theme'
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from './site-settings'

/** The clinic's contact details and integrations as staff last saved them. */
export async function getSiteSettings(): Promise<SiteSettings> {
  return DEFAULT_SITE_SETTINGS
}

export async function getTheme(): Promise<Theme> {
  return DEFAULT_THEME
}
