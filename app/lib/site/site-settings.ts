/**
 * The clinic's contact details. The defaults are placeholders that a clinic replaces on day one
 * (the 000 phone number and example.com addresses are deliberately not real).
 */
export interface SiteSettings {
  /** Display form, e.g. '+93 70 000 0000'. */
  phone: string
  clinicEmail: string
  academyEmail: string
  address: { en: string; fa: string; ps: string }
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
  map: { latitude: 34.5553, longitude: 69.2075 },
  social: { facebook: '', instagram: '', youtube: '', linkedin: '' },
  whatsappNumber: '+93 70 000 0000',
  notifyOnAppointment: true,
  notifyOnRegistration: true,
}
