/** WhatsApp click-to-chat links and the pre-filled messages (docs/product.md#whatsapp-message). */
import { isolateLtr } from '../i18n/bidi'
import type { Locale } from '../i18n/locale'

/** Digits only, as wa.me requires: '+93 70 000 0000' → '93700000000'. */
function whatsappDigits(phone: string): string {
  return phone.replace(/\D/g, '')
}

export function whatsappLink(phone: string, text?: string): string {
  const base = `https://wa.me/${whatsappDigits(phone)}`
  return text ? `${base}?text=${encodeURIComponent(text)}` : base
}

export interface MessageLabels {
  appointmentHeader: string
  registrationHeader: string
  name: string
  phone: string
  email: string
  date: string
  message: string
  address: string
  education: string
  course: string
  notAvailable: string
}

export interface AppointmentMessage {
  name: string
  phone: string
  email?: string | null
  date: string
  message?: string | null
}

/** The phone and e-mail stay in order inside a Dari or Pashto message (lib/i18n/bidi.ts). */
export function appointmentWhatsappText(labels: MessageLabels, a: AppointmentMessage, locale: Locale): string {
  return [
    `*${labels.appointmentHeader}*`,
    `${labels.name}: ${a.name}`,
    `${labels.phone}: ${isolateLtr(a.phone, locale)}`,
    `${labels.email}: ${a.email ? isolateLtr(a.email, locale) : labels.notAvailable}`,
    `${labels.date}: ${a.date}`,
    `${labels.message}: ${a.message || labels.notAvailable}`,
  ].join('\n')
}

export interface RegistrationMessage {
  name: string
  email: string
  phone: string
  address: string
  education: string
  course: string
}

export function registrationWhatsappText(labels: MessageLabels, r: RegistrationMessage, locale: Locale): string {
  return [
    `*${labels.registrationHeader}*`,
    `${labels.name}: ${r.name}`,
    `${labels.email}: ${isolateLtr(r.email, locale)}`,
    `${labels.phone}: ${isolateLtr(r.phone, locale)}`,
    `${labels.address}: ${r.address}`,
    `${labels.education}: ${r.education}`,
    `${labels.course}: ${r.course}`,
  ].join('\n')
}

/** A tel: link in international form: '+93 70 000 0000' → 'tel:+93700000000'. */
export function telHref(phone: string): string {
  return `tel:+${whatsappDigits(phone)}`
}
