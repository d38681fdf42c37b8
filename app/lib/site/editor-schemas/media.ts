/** The image slots and their alternative texts. */
import { z } from 'zod'
import { type Locale } from '../../i18n/locale'
import { code } from './errors'

export const MEDIA_SLOTS = ['clinicLogo', 'academyLogo', 'clinicHero', 'academyHero'] as const
export type MediaSlot = (typeof MEDIA_SLOTS)[number]

export const AltTextSchema = z.object({
  en: z.string().trim().max(250, code('altTooLong')),
  fa: z.string().trim().max(250, code('altTooLong')),
  ps: z.string().trim().max(250, code('altTooLong')),
})

export function altFromForm(form: FormData): Record<Locale, string> {
  return { en: String(form.get('alt.en') ?? ''), fa: String(form.get('alt.fa') ?? ''), ps: String(form.get('alt.ps') ?? '') }
}
