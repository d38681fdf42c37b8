/** Plural forms: the text of a message that carries a count, chosen by Intl.PluralRules. */
import { LOCALE_INFO, type Locale } from './locale'

/**
 * A message with a count, one text per plural category: `{ one: '{count} minute', other: '{count}
 * minutes' }`. English, Dari and Pashto have only these two categories (CLDR). Dari writes a noun
 * after a number in the singular, so its two forms are usually the same; Pashto's are not
 * ('۱ دقیقه', '۵ دقیقې').
 */
export interface PluralForms {
  one: string
  other: string
  /**
   * The language the forms are written in, whose rules choose between them. messagesFor() sets it
   * on a translation's forms; absent, English (the catalogue every translation falls back to).
   */
  locale?: Locale
}

export function isPluralForms(value: unknown): value is PluralForms {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as PluralForms).one === 'string' &&
    typeof (value as PluralForms).other === 'string'
  )
}

const rules = new Map<Locale, Intl.PluralRules>()

/**
 * The plural rules of a language. A browser without a language's data would silently use its own
 * default language's rules (French calls 0 'one'); English's rules are Pashto's for whole numbers and
 * give Dari's forms the same text, so they stand in, and the server's and the browser's text agree.
 */
function pluralRules(locale: Locale): Intl.PluralRules {
  let rule = rules.get(locale)
  if (!rule) {
    const tag = LOCALE_INFO[locale].tag
    rule = new Intl.PluralRules(Intl.PluralRules.supportedLocalesOf(tag).length > 0 ? tag : 'en')
    rules.set(locale, rule)
  }
  return rule
}

/** The form for `count`: plural({ one: '{count} minute', other: '{count} minutes' }, 2) → '{count} minutes'. */
export function plural(forms: PluralForms, count: number): string {
  return pluralRules(forms.locale ?? 'en').select(count) === 'one' ? forms.one : forms.other
}
