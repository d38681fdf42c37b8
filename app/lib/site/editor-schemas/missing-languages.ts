/**
 * Content in two of three languages: an item whose English text has no Dari or Pashto one shows
 * the English text to Dari and Pashto readers (lib/site/collections.ts, itemText). The editor marks
 * each such field and item, and the dashboard counts the published ones (docs/product.md).
 */
import { COLLECTION_FIELDS, COLLECTION_IDS, hasPhoto, type CollectionId, type Collections, type FormItem } from './collections'

/** The languages that fall back to English when their text is empty. */
const TRANSLATED_LOCALES = ['fa', 'ps'] as const
export type TranslatedLocale = (typeof TRANSLATED_LOCALES)[number]

type Texts = Partial<Record<'en' | TranslatedLocale, string>> | undefined

/** The languages a text lacks: English written, Dari or Pashto empty. An English-less text lacks none. */
export function languagesMissing(texts: Texts): TranslatedLocale[] {
  if (!texts?.en?.trim()) return []
  return TRANSLATED_LOCALES.filter((locale) => !texts[locale]?.trim())
}

/** Each field of an item in the editor that lacks a language, by its name in the form (`title`, `photoAlt`). */
export function missingInFormItem(collection: CollectionId, item: FormItem): Record<string, TranslatedLocale[]> {
  const fields: [string, Texts][] = COLLECTION_FIELDS[collection].map(([field]) => [field, item.texts[field]])
  if (hasPhoto(collection) && item.photo) fields.push(['photoAlt', item.photoAlt])
  return Object.fromEntries(fields.map(([field, texts]) => [field, languagesMissing(texts)]).filter(([, missing]) => missing!.length > 0))
}

/** The languages an item lacks in any of its fields. */
export function itemLanguagesMissing(missing: Record<string, readonly TranslatedLocale[]>): TranslatedLocale[] {
  const all = new Set(Object.values(missing).flat())
  return TRANSLATED_LOCALES.filter((locale) => all.has(locale))
}

export interface MissingLanguagesCount {
  collection: CollectionId
  /** Published items (shown, not retired) with a field lacking Dari or Pashto. */
  count: number
}

/** Per collection, how many published items show English to Dari or Pashto readers (collections with none left out). */
export function countMissingLanguages(collections: Collections): MissingLanguagesCount[] {
  return COLLECTION_IDS.map((collection) => {
    const items = collections[collection] as ReadonlyArray<{ visible: boolean; retired: boolean } & Record<string, unknown>>
    const count = items.filter((item) => {
      if (!item.visible || item.retired) return false
      const fields: Texts[] = COLLECTION_FIELDS[collection].map(([field]) => item[field] as Texts)
      if (hasPhoto(collection) && item.photo) fields.push(item.photoAlt as Texts)
      return fields.some((texts) => languagesMissing(texts).length > 0)
    }).length
    return { collection, count }
  }).filter((entry) => entry.count > 0)
}
