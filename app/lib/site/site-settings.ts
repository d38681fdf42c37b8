/**
 * The clinic's contact details. The defaults are placeholders that a clinic replaces on day one
 * (the 000 phone number and example.com addresses are deliberately not real).
 */
export interface SiteSettings {
  /** Display form, e.g. '+93 70 000 0000'. */
  phone: string
  clinicEmail: string
  academyEmail: string
  /** An empty Dari or Pashto address shows the English one. */
  address: { en: string; fa: string; ps: string }
  /** Empty when the address has none (then structured data names none). */
  postalCode: string
  /** Decimal degrees, for Get Directions. */
  map: { latitude: number; longitude: number }
  social: { facebook: string; instagram: string; youtube: string; linkedin: string }
  /** Where the WhatsApp messages and the floating button go; digits or +E.164. */
  whatsappNumber: string
  notifyOnAppointment: boolean
  notifyOnRegistration: boolean
}

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  phone: '+93 70 000 0000',
  clinicEmail: 'clinic@example.com',
  academyEmail: 'academy@example.com',
  address: {
    en: '3rd Floor, Lab Building, Kabul 1005, Afghanistan',
    fa: 'منزل سوم، ساختمان لابراتوار، کابل ۱۰۰۵، افغانستان',
    ps: 'دریم پوړ، د لابراتوار ودانۍ، کابل ۱۰۰۵، افغانستان',
  },
  postalCode: '1005',
  map: { latitude: 34.5553, longitude: 69.2075 },
  social: { facebook: '', instagram: '', youtube: '', linkedin: '' },
  whatsappNumber: '+93 70 000 0000',
  notifyOnAppointment: true,
  notifyOnRegistration: true,
}

type Address = SiteSettings['address']

/**
 * The Dari and Pashto addresses that are the built-in placeholders are no address of the clinic:
 * empty, so that they show the English one. (Only while the English address is the built-in one
 * too do they say the same thing.)
 */
export function withoutPlaceholderTranslations(address: Address, { always = false } = {}): Address {
  const placeholder = DEFAULT_SITE_SETTINGS.address
  if (!always && address.en === placeholder.en) return address
  return {
    en: address.en,
    fa: address.fa === placeholder.fa ? '' : address.fa,
    ps: address.ps === placeholder.ps ? '' : address.ps,
  }
}
