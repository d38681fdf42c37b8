import QRCode from 'qrcode'
import { describe, expect, it } from 'vitest'
import { modulesFromQrSvg, withMargin } from '../../../tests/support/qr-svg'
import { phoneQrCodeSvg } from './qr-code.server'

describe('phoneQrCodeSvg', () => {
  it('encodes tel: and the phone digits at error-correction level L', async () => {
    const svg = await phoneQrCodeSvg('+93 70 000 0000', 'QR code to call +93 70 000 0000')
    const expected = QRCode.create('tel:+93700000000', { errorCorrectionLevel: 'L' })
    expect(modulesFromQrSvg(svg)).toEqual(withMargin(expected.modules, 1))
    // A different number draws a different code: the comparison above can fail.
    const other = QRCode.create('tel:+93700000001', { errorCorrectionLevel: 'L' })
    expect(modulesFromQrSvg(svg)).not.toEqual(withMargin(other.modules, 1))
  })

  it('is 128 px on white, an image with a name, and has no style attribute', async () => {
    const svg = await phoneQrCodeSvg('+93 70 000 0000', 'Call "us" <now>')
    expect(svg).toMatch(/^<svg role="img" aria-label="Call &quot;us&quot; &lt;now&gt;" /)
    expect(svg).toContain('width="128" height="128"')
    expect(svg).toContain('<path fill="#ffffff" d="M0 0h')
    expect(svg).not.toMatch(/style=/)
  })
})
