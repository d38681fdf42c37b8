import { formatNumber, toEasternDigits } from '~/lib/i18n/digits'
import type { Locale } from '~/lib/i18n/locale'
import { isPluralForms, plural, type PluralForms } from '~/lib/i18n/plural'
import { en } from './en'
import { fa } from './fa'
import { ps } from './ps'

/** Strings widen to string and `{ one, other }` to PluralForms, so a translation writes its own texts. */
type Widen<T> = T extends string ? string : T extends { one: string; other: string } ? PluralForms : { [K in keyof T]: Widen<T[K]> }
/** The shape of a complete catalogue. */
export type Messages = Widen<typeof en>
type PartialMessages = { [K in keyof Messages]?: DeepPartial<Messages[K]> }
type DeepPartial<T> = T extends string | PluralForms ? T : { [K in keyof T]?: DeepPartial<T[K]> }

/**
 * A translation (Dari, Pashto): every public namespace complete, so a missing string fails the
 * typecheck; the staff-only namespaces (admin, editor) may be partial and fall back to English.
 */
export type Translation = Pick<Messages, PublicNamespace> & {
  [K in Exclude<keyof Messages, PublicNamespace>]?: DeepPartial<Messages[K]>
}

export type { PluralForms }

const catalogues: Record<Locale, PartialMessages> = { en, fa, ps }

/**
 * The translation over English, string by string. Plural forms are taken whole (never one form from
 * each language) and marked with the language they are written in, whose plural rules choose the form.
 */
function merge<T>(base: T, override: unknown, locale: Locale): T {
  if (isPluralForms(base)) {
    return (isPluralForms(override) && override.one !== '' && override.other !== '' ? { ...override, locale } : base) as T
  }
  if (typeof base === 'string' || override === undefined || override === null) {
    return (typeof override === typeof base && override !== '' ? override : base) as T
  }
  const result: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(base as Record<string, unknown>)) {
    result[key] = merge(value, (override as Record<string, unknown>)[key], locale)
  }
  return result as T
}

const cache = new Map<Locale, Messages>()

/** The catalogue for a locale, each missing string falling back to English. */
export function messagesFor(locale: Locale): Messages {
  let messages = cache.get(locale)
  if (!messages) {
    messages = locale === 'en' ? en : merge<Messages>(en, catalogues[locale], locale)
    cache.set(locale, messages)
  }
  return messages
}

/** The namespaces public pages need; the admin namespaces are sent only to admin pages. */
export const PUBLIC_NAMESPACES = ['common', 'clinic', 'chat', 'academy', 'forms', 'seo'] as const
type PublicNamespace = (typeof PUBLIC_NAMESPACES)[number]
export type PublicMessages = Pick<Messages, PublicNamespace>

export function publicMessagesFor(locale: Locale): PublicMessages {
  const messages = messagesFor(locale)
  return Object.fromEntries(PUBLIC_NAMESPACES.map((ns) => [ns, messages[ns]])) as PublicMessages
}

/** The namespaces of one site's pages only: the clinic's pages are sent no academy texts, and back. */
const SITE_NAMESPACES = { clinic: ['clinic', 'chat'], academy: ['academy'] } as const
export type Site = keyof typeof SITE_NAMESPACES
export type SiteNamespace = (typeof SITE_NAMESPACES)[Site][number]

/**
 * The texts a page is sent: the shared namespaces, and those of its site (lib/site/page-site.ts).
 * The home page and the staff panel get the shared ones only.
 */
export type PageMessages = Omit<PublicMessages, SiteNamespace> & Partial<Pick<PublicMessages, SiteNamespace>>

export function pageMessages(messages: PublicMessages, site: Site | null): PageMessages {
  const page: Partial<PublicMessages> = { ...messages }
  for (const other of Object.keys(SITE_NAMESPACES) as Site[]) {
    if (other !== site) for (const namespace of SITE_NAMESPACES[other]) delete page[namespace]
  }
  return page as PageMessages
}

/** A site's texts, which only that site's pages are sent (a component of the other site's has none). */
export function siteTexts<N extends SiteNamespace>(messages: PageMessages, namespace: N): PublicMessages[N] {
  const texts = messages[namespace]
  if (!texts) throw new Error(`The '${namespace}' texts are sent only to the pages of its site`)
  return texts as PublicMessages[N]
}

const ARABIC_SCRIPT = /[\u0600-\u06FF]/

/**
 * Fills `{name}` placeholders: format('Hello {name}', { name: 'Ali' }). Values given as numbers
 * are written in the template's digits: Eastern Arabic-Indic in a Dari or Pashto string
 * (format('امتیاز {rating} از ۵', { rating: 5 }) → 'امتیاز ۵ از ۵', a fraction with «٫»: 4.5 → '۴٫۵');
 * strings are left as they are.
 *
 * A message with a count (PluralForms) takes the form its language's plural rules choose for the
 * count, the first of its placeholders given a number, and writes the count as a quantity:
 * format(forms.notices.rateLimitedText, { minutes: 1 }) → '… Please wait 1 minute …';
 * format(admin.requests.total, { count: 1234 }) → '1,234 requests' ('۱٬۲۳۴' in Dari and Pashto).
 */
export function format(message: string | PluralForms, values: Record<string, string | number>): string {
  const count = typeof message === 'string' ? undefined : countOf(message, values)
  const template = typeof message === 'string' ? message : count ? plural(message, count.value) : message.other
  const eastern = ARABIC_SCRIPT.test(template)
  return template.replace(/\{(\w+)\}/g, (match, key: string) => {
    if (!(key in values)) return match
    const value = values[key]
    if (typeof value !== 'number') return String(value)
    // Dari and Pashto write numbers alike (digits and separators).
    if (key === count?.key) return formatNumber(value, eastern ? 'fa' : 'en')
    if (!eastern) return String(value)
    // A fraction takes the Arabic decimal separator («۴٫۵»), as formatNumber writes it.
    return Number.isInteger(value) ? toEasternDigits(value) : formatNumber(value, 'fa', { maximumFractionDigits: 6 })
  })
}

/** The count of a message: the first of its placeholders given a number. */
function countOf(forms: PluralForms, values: Record<string, string | number>): { key: string; value: number } | undefined {
  for (const [, key] of forms.other.matchAll(/\{(\w+)\}/g)) {
    const value = values[key!]
    if (typeof value === 'number') return { key: key!, value }
  }
  return undefined
}
