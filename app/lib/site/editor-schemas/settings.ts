/** Global settings (contact details, address, hours, social links) and integrations (maps). */
import { z } from 'zod'
import { isPlausiblePhone, MAX_PHONE_INPUT_LENGTH } from '../../contact/phone'
import { toLatinDigits } from '../../i18n/digits'
import { DEFAULT_SITE_SETTINGS, withoutPlaceholderTranslations, type SiteSettings } from '../site-settings'
import { code } from './errors'

/**
 * A phone number as typed. The browser checks that it is plausible; the server checks it against
 * the numbering plans and stores it in international form (site-documents.server).
 */
const PhoneSchema = z
  .string(code('phone'))
  .trim()
  .min(1, code('required'))
  .max(MAX_PHONE_INPUT_LENGTH, code('phone'))
  .refine((value) => isPlausiblePhone(value), code('phone'))

const EmailSchema = z
  .string()
  .trim()
  .min(1, code('required'))
  .max(254, code('tooLong'))
  .pipe(z.email(code('email')))

const SocialUrlSchema = z
  .string()
  .trim()
  .max(500, code('tooLong'))
  .refine((value) => {
    if (value === '') return true
    try {
      const url = new URL(value)
      return url.protocol === 'https:' && url.hostname.includes('.') && !url.username && !url.password
    } catch {
      return false
    }
  }, code('https'))

const AddressLine = z.string().trim().max(300, code('tooLong'))

export const SettingsSchema = z.object({
  phone: PhoneSchema,
  clinicEmail: EmailSchema,
  academyEmail: EmailSchema,
  address: z.object({ en: AddressLine.min(1, code('required')), fa: AddressLine, ps: AddressLine }),
  /** Settings saved before the field existed have none: unknown, so structured data names none. */
  postalCode: z.string().trim().max(20, code('tooLong')).default(''),
  map: z.object({
    latitude: z.coerce.number(code('latitude')).min(-90, code('latitude')).max(90, code('latitude')),
    longitude: z.coerce.number(code('longitude')).min(-180, code('longitude')).max(180, code('longitude')),
  }),
  social: z.object({ facebook: SocialUrlSchema, instagram: SocialUrlSchema, youtube: SocialUrlSchema, linkedin: SocialUrlSchema }),
})
export type StoredSettings = z.output<typeof SettingsSchema>

export function settingsFromForm(form: FormData) {
  const get = (name: string) => String(form.get(name) ?? '')
  // Eastern digits and the Arabic decimal separator as typed in Dari or Pashto: «۳۴٫۵۵۵۳» is 34.5553.
  const number = (name: string) => {
    const value = toLatinDigits(get(name))
      .replace(/\u066B/g, '.')
      .trim()
    return value === '' ? undefined : value
  }
  return {
    phone: get('phone'),
    clinicEmail: get('clinicEmail'),
    academyEmail: get('academyEmail'),
    address: { en: get('address.en'), fa: get('address.fa'), ps: get('address.ps') },
    postalCode: get('postalCode'),
    map: { latitude: number('latitude'), longitude: number('longitude') },
    social: { facebook: get('facebook'), instagram: get('instagram'), youtube: get('youtube'), linkedin: get('linkedin') },
  }
}

const MAPS_KEY_PATTERN = /^[A-Za-z0-9_-]{20,100}$/

export const IntegrationsSchema = z.object({
  mapsEnabled: z.boolean(),
  /**
   * Not a secret: the Embed API takes it in the public map frame's address, so it must be restricted
   * to this site in the Google Cloud console. The admin screen never shows it again once saved.
   */
  mapsApiKey: z
    .string()
    .trim()
    .refine((value) => value === '' || MAPS_KEY_PATTERN.test(value), code('mapsKey')),
  notifyOnAppointment: z.boolean(),
  notifyOnRegistration: z.boolean(),
  /** Empty: the primary phone number of the global settings. */
  whatsappNumber: z.union([z.literal(''), PhoneSchema]),
})
export type StoredIntegrations = z.output<typeof IntegrationsSchema>

export const DEFAULT_INTEGRATIONS: StoredIntegrations = {
  mapsEnabled: false,
  mapsApiKey: '',
  notifyOnAppointment: DEFAULT_SITE_SETTINGS.notifyOnAppointment,
  notifyOnRegistration: DEFAULT_SITE_SETTINGS.notifyOnRegistration,
  whatsappNumber: '',
}

/**
 * The integrations form. The maps key is never sent back to the browser: an empty key field keeps
 * the stored key, and `removeMapsKey` clears it.
 */
export function integrationsFromForm(form: FormData, storedKey: string) {
  const newKey = String(form.get('mapsApiKey') ?? '').trim()
  const remove = form.get('removeMapsKey') === 'on'
  return {
    mapsEnabled: form.get('mapsEnabled') === 'on',
    mapsApiKey: remove ? '' : newKey || storedKey,
    notifyOnAppointment: form.get('notifyOnAppointment') === 'on',
    notifyOnRegistration: form.get('notifyOnRegistration') === 'on',
    whatsappNumber: String(form.get('whatsappNumber') ?? '').trim(),
  }
}

export const IntegrationsWithKeyRule = IntegrationsSchema.refine((value) => !value.mapsEnabled || value.mapsApiKey !== '', {
  path: ['mapsApiKey'],
  error: 'mapsKeyMissing',
})

/**
 * The public settings: defaults, then stored settings, then stored integrations (without the maps
 * key). WhatsApp goes to the primary phone unless integrations name another number.
 */
export function mergeSiteSettings(settings: StoredSettings | null, integrations: StoredIntegrations | null): SiteSettings {
  const merged: SiteSettings = { ...DEFAULT_SITE_SETTINGS, ...(settings ?? {}) }
  return {
    ...merged,
    address: withoutPlaceholderTranslations(merged.address),
    whatsappNumber: integrations?.whatsappNumber || (settings ? merged.phone : DEFAULT_SITE_SETTINGS.whatsappNumber),
    notifyOnAppointment: integrations?.notifyOnAppointment ?? DEFAULT_SITE_SETTINGS.notifyOnAppointment,
    notifyOnRegistration: integrations?.notifyOnRegistration ?? DEFAULT_SITE_SETTINGS.notifyOnRegistration,
  }
}
