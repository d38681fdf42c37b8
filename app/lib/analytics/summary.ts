/** The dashboard card's numbers, as the server hands them to the page (store.server.ts makes them). */
import type { Locale } from '../i18n/locale'
import type { DeviceClass } from './classify'

export interface DayTotals {
  day: string
  visitors: number
  views: number
}

export interface Conversion {
  locale: Locale
  /** Views of the form's page (the appointment or registration page) in that language. */
  views: number
  /** Requests stored from a form in that language. */
  requests: number
}

export interface AnalyticsSummary {
  /** Today in Kabul, 'YYYY-MM-DD'. */
  today: string
  /** The last 30 days, oldest first (today last). */
  days: DayTotals[]
  /** Visitors are the days' unique visitors added up: a visitor who comes on two days counts twice. */
  totals: Record<'today' | 'week' | 'month', { visitors: number; views: number }>
  /** The rest cover the 30 days. */
  pages: Array<{ page: string; views: number }>
  languages: Array<{ locale: Locale; views: number }>
  referrers: Array<{ site: string; views: number }>
  devices: Array<{ device: DeviceClass; views: number }>
  notFound: Array<{ path: string; count: number }>
  conversions: { appointment: Conversion[]; registration: Conversion[] }
}
