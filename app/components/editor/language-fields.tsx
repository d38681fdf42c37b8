import { LOCALE_INFO, LOCALES, type Locale } from '~/lib/i18n/locale'
import { TextArea, TextField } from './fields'

const LANGUAGE_NAME = { en: 'english', fa: 'dari', ps: 'pashto' } as const

/** The languages' names in the editor's strings (`editor.common`). */
type LanguageNames = Record<(typeof LANGUAGE_NAME)[Locale], string>

/**
 * One field per language, side by side: `${name}.${locale}`, each in its language's direction.
 * With `englishPlaceholder`, Dari and Pashto show the English text, which is what they show empty.
 */
export function LanguageFields({
  name,
  label,
  languages,
  values,
  errors = {},
  rows,
  idPrefix,
  englishPlaceholder,
  englishRequired,
  help,
  className = 'grid gap-4 md:grid-cols-3',
}: {
  name: string
  label: (language: string) => React.ReactNode
  languages: LanguageNames
  values?: Partial<Record<Locale, string>>
  errors?: Record<string, string>
  /** A text area of so many rows; without, a one-line field. */
  rows?: number
  idPrefix?: string
  englishPlaceholder?: boolean
  englishRequired?: boolean
  /** A note under a language's field (an empty Dari or Pashto text that shows the English). */
  help?: Partial<Record<Locale, string>>
  className?: string
}) {
  return (
    <div className={className}>
      {LOCALES.map((locale) => {
        const field = {
          id: idPrefix ? `${idPrefix}-${locale}` : undefined,
          name: `${name}.${locale}`,
          label: label(languages[LANGUAGE_NAME[locale]]),
          defaultValue: values?.[locale],
          placeholder: englishPlaceholder && locale !== 'en' ? values?.en : undefined,
          dir: LOCALE_INFO[locale].dir,
          lang: LOCALE_INFO[locale].tag,
          error: errors[`${name}.${locale}`],
          required: englishRequired && locale === 'en',
          help: help?.[locale],
        }
        return rows ? <TextArea key={locale} rows={rows} {...field} /> : <TextField key={locale} {...field} />
      })}
    </div>
  )
}
