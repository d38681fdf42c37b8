import { LOCALE_INFO, type Locale } from './locale'

/** Left-to-right isolate and its end (Unicode's bidirectional isolates), as the catalogues write them. */
export const LRI = '\u2066'
export const PDI = '\u2069'

/**
 * Left-to-right text (a phone number, an e-mail address) inside a sentence of a right-to-left
 * language, isolated so its parts keep their order: otherwise '+93 70 123 4567' shows its digit
 * groups reversed. Where markup is possible, components use <Ltr> (components/ui/bdi.tsx) instead;
 * this is for plain text (WhatsApp messages, alternative texts).
 */
export function isolateLtr(text: string, locale: Locale): string {
  return LOCALE_INFO[locale].dir === 'rtl' && text ? `${LRI}${text}${PDI}` : text
}
