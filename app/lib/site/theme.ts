import { normalizeHex, readableShade } from './color'

export const FONT_FAMILIES = ['Poppins', 'Inter', 'Roboto', 'Lato', 'Montserrat'] as const
export type FontFamily = (typeof FONT_FAMILIES)[number]

/** The two sites a theme colours, and the theme field of each. */
export const THEME_SITES = ['clinic', 'academy'] as const
export type ThemeSite = (typeof THEME_SITES)[number]
export const THEME_COLOUR_FIELD: Record<ThemeSite, 'clinicPrimary' | 'academyPrimary'> = {
  clinic: 'clinicPrimary',
  academy: 'academyPrimary',
}

export interface Theme {
  clinicPrimary: string
  academyPrimary: string
  font: FontFamily
  baseSize: number
}

export const DEFAULT_THEME: Theme = {
  clinicPrimary: '#2563eb',
  academyPrimary: '#f97316',
  font: 'Poppins',
  baseSize: 16,
}

/** The CSS custom properties that apply a theme, rendered by the server into the page head. */
export function themeCss(theme: Theme): string {
  const clinic = normalizeHex(theme.clinicPrimary)
  const academy = normalizeHex(theme.academyPrimary)
  return (
    `:root{--clinic-primary:${clinic};--clinic-primary-strong:${readableShade(clinic)};` +
    `--academy-primary:${academy};--academy-primary-strong:${readableShade(academy)};` +
    `--site-font:'${theme.font}';--site-base-size:${theme.baseSize}px}`
  )
}

/** The primary colour of each site, as the browser's `theme-color` gives it to its toolbar. */
export type ThemeColors = Record<ThemeSite, string>

export function themeColors(theme: Theme): ThemeColors {
  return { clinic: normalizeHex(theme.clinicPrimary), academy: normalizeHex(theme.academyPrimary) }
}

/** The site a path (without its language prefix) belongs to: the academy's pages and its student login. */
export function themeSiteOf(path: string): ThemeSite {
  return path === '/academy' || path.startsWith('/academy/') || path === '/login' ? 'academy' : 'clinic'
}
