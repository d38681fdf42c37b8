import { toEasternDigits } from '~/lib/i18n/digits'
import type { Locale } from '~/lib/i18n/locale'
import { en } from './en'
import { fa } from './fa'
import { ps } from './ps'

type Widen<T> = T extends string ? string : { [K in keyof T]: Widen<T[K]> }
/** The shape of a complete catalogue. */
export type Messages = Widen<typeof en>
export type PartialMessages = { [K in keyof Messages]?: DeepPartial<Messages[K]> }
type DeepPartial<T> = T extends string ? T : { [K in keyof T]?: DeepPartial<T[K]> }

/**
 * A translation (Dari, Pashto): every public namespace complete, so a missing string fails the
 * typecheck; the staff-only namespaces (admin, editor) may be partial and fall back to English.
 */
export type Translation = Pick<Messages, PublicNamespace> & {
  [K in Exclude<keyof Messages, PublicNamespace>]?: DeepPartial<Messages[K]>
}

const catalogues: Record<Locale, PartialMessages> = { en, fa, ps }

function merge<T>(base: T, override: unknown): T {
  if (typeof base === 'string' || override === undefined || override === null) {
    return (typeof override === typeof base && override !== '' ? override : base) as T
  }
  const result: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(base as Record<string, unknown>)) {
    result[key] = merge(value, (override as Record<string, unknown>)[key])
  }
  return result as T
}

const cache = new Map<Locale, Messages>()

/** The catalogue for a locale, each missing string falling back to English. */
export function messagesFor(locale: Locale): Messages {
  let messages = cache.get(locale)
  if (!messages) {
    messages = locale === 'en' ? en : merge<Messages>(en, catalogues[locale])
    cache.set(locale, messages)
  }
  return messages
}

/** The namespaces public pages need; the admin namespaces are sent only to admin pages. */
export const PUBLIC_NAMESPACES = ['common', 'clinic', 'chat', 'academy', 'forms', 'seo'] as const
export type PublicNamespace = (typeof PUBLIC_NAMESPACES)[number]
export type PublicMessages = Pick<Messages, PublicNamespace>

export function publicMessagesFor(locale: Locale): PublicMessages {
  const messages = messagesFor(locale)
  return Object.fromEntries(PUBLIC_NAMESPACES.map((ns) => [ns, messages[ns]])) as PublicMessages
}

const ARABIC_SCRIPT = /[\u0600-\u06FF]/

/**
 * Fills `{name}` placeholders: format('Hello {name}', { name: 'Ali' }). Values given as numbers
 * are written in the template's digits: Eastern Arabic-Indic in a Dari or Pashto string
 * (format('امتیاز {rating} از ۵', { rating: 5 }) → 'امتیاز ۵ از ۵'); strings are left as they are.
 */
export function format(template: string, values: Record<string, string | number>): string {
  const eastern = ARABIC_SCRIPT.test(template)
  return template.replace(/\{(\w+)\}/g, (match, key: string) => {
    if (!(key in values)) return match
    const value = values[key]
    return typeof value === 'number' && eastern ? toEasternDigits(value) : String(value)
  })
}
