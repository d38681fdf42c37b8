/** The staff Gallery screen's forms: an album and a photo, read from the form and checked by one schema each. */
import { z } from 'zod'
import { LOCALES, type Locale } from '../i18n/locale'
import { code } from '../site/editor-schemas/errors'
import { parseRowId } from '../platform/row-id'

const text = (max: number) => z.string().trim().max(max, code('tooLong'))
const texts = (max: number, tooLong = text(max)) => z.object({ en: tooLong, fa: tooLong, ps: tooLong })

export const AlbumSchema = z.object({
  titles: z.object({ en: text(120).min(1, code('required')), fa: text(120), ps: text(120) }),
  descriptions: texts(600),
  published: z.boolean(),
})
export type AlbumInput = z.output<typeof AlbumSchema>

export const PhotoSchema = z.object({
  captions: texts(300),
  alt: texts(250, z.string().trim().max(250, code('altTooLong'))),
  /** The "after" photo this one is the "before" of, or none. */
  afterId: z.number().int().positive().nullable(),
  showsPatient: z.boolean(),
  consentOnFile: z.boolean(),
})
export type PhotoInput = z.output<typeof PhotoSchema>

/** `<prefix>.en`, `<prefix>.fa`, `<prefix>.ps` of a form. */
function localeTexts(form: FormData, prefix: string): Record<Locale, string> {
  return Object.fromEntries(LOCALES.map((l) => [l, String(form.get(`${prefix}.${l}`) ?? '')])) as Record<Locale, string>
}

const ticked = (form: FormData, name: string) => form.get(name) === 'on'

/** An album form's values, as typed (to check, or to show again after a refusal). */
export function albumFromForm(form: FormData) {
  return { titles: localeTexts(form, 'titles'), descriptions: localeTexts(form, 'descriptions'), published: ticked(form, 'published') }
}

/** A photo form's values, as typed; an unreadable pairing is none. */
export function photoFromForm(form: FormData) {
  return {
    captions: localeTexts(form, 'captions'),
    alt: localeTexts(form, 'alt'),
    afterId: parseRowId(form.get('afterId')),
    showsPatient: ticked(form, 'showsPatient'),
    consentOnFile: ticked(form, 'consentOnFile'),
  }
}

/** The text of `texts` in `locale`, else English, else the first language that has one. */
export function textIn(texts: Record<Locale, string>, locale: Locale): string {
  return texts[locale]?.trim() || texts.en?.trim() || LOCALES.map((l) => texts[l]?.trim()).find(Boolean) || ''
}
