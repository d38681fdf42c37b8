import QRCode from 'qrcode'
import { telHref } from './whatsapp'

/** 128 px, error-correction level L, white background (docs/product.md#contact-details). */
const QR_CODE_OPTIONS = {
  type: 'svg',
  errorCorrectionLevel: 'L',
  width: 128,
  margin: 1,
  color: { light: '#ffffff', dark: '#000000' },
} as const

function escapeAttribute(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

/**
 * An inline SVG QR code of the text, rendered on the server so the browser needs no QR library.
 * It carries role="img" and an accessible name, and no style attribute (the CSP forbids them).
 */
export async function qrCodeSvg(text: string, label: string): Promise<string> {
  const svg = await QRCode.toString(text, QR_CODE_OPTIONS)
  const name = escapeAttribute(label)
  return svg.replace(/^<svg /, `<svg role="img" aria-label="${name}" focusable="false" `)
}

/** The QR code of the contact page: the clinic phone as a tel: link. */
export function phoneQrCodeSvg(phone: string, label: string): Promise<string> {
  return qrCodeSvg(telHref(phone), label)
}
