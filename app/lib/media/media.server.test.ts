import { crc32, deflateSync } from 'node:zlib'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { mediaSrcSet, variantWidths } from './media'
import { processImage, sniffImageType, UploadError, type UploadProblem } from './media.server'

/** A photo-like test image (noise compresses badly, so sizes are realistic). */
function noise(width: number, height: number, channels: 3 | 4 = 3) {
  const pixels = Buffer.alloc(width * height * channels)
  let seed = 42
  for (let i = 0; i < pixels.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff
    pixels[i] = seed >> 16
  }
  return sharp(pixels, { raw: { width, height, channels } })
}

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer()
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer()

async function problemOf(bytes: Uint8Array): Promise<UploadProblem | 'accepted'> {
  try {
    await processImage(bytes)
    return 'accepted'
  } catch (error) {
    if (error instanceof UploadError) return error.problem
    throw error
  }
}

/** A PNG chunk: length, type, data and CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/** A PNG whose header declares any size (its pixel data is a token few bytes). */
function pngHeader(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 2 // RGB
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(Buffer.alloc(1024))),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/** A real JPEG whose frame header (SOF0) is rewritten to declare another size. */
async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const bytes = Buffer.from(await jpeg(16, 16))
  for (let i = 2; i < bytes.length - 9; i++) {
    if (bytes[i] === 0xff && bytes[i + 1] === 0xc0) {
      bytes.writeUInt16BE(height, i + 5)
      bytes.writeUInt16BE(width, i + 7)
      return bytes
    }
  }
  throw new Error('no SOF0 marker')
}

/** Every variant of an accepted image, as one buffer to search. */
async function variantBytes(bytes: Uint8Array): Promise<Buffer> {
  const image = await processImage(bytes)
  for (const variant of image.variants) expect(sniffImageType(variant.bytes)).toBe('webp')
  return Buffer.concat(image.variants.map((variant) => variant.bytes))
}

describe('upload checks', () => {
  it('knows JPEG, PNG and WebP by their first bytes', async () => {
    expect(sniffImageType(await jpeg(10, 10))).toBe('jpeg')
    expect(sniffImageType(await png(10, 10))).toBe('png')
    expect(
      sniffImageType(
        await sharp(await png(10, 10))
          .webp()
          .toBuffer(),
      ),
    ).toBe('webp')
    expect(sniffImageType(new TextEncoder().encode('GIF89a......'))).toBeNull()
  })

  it('accepts a PNG named .jpg: the content decides, not the name', async () => {
    const file = new File([await png(640, 480)], 'photo.jpg', { type: 'image/jpeg' })
    const image = await processImage(new Uint8Array(await file.arrayBuffer()))
    expect(image.type).toBe('png')
    expect(image.width).toBe(640)
  })

  it('refuses a text file named .png', async () => {
    const file = new File(['<?php echo "hello"; ?>'], 'logo.png', { type: 'image/png' })
    expect(await problemOf(new Uint8Array(await file.arrayBuffer()))).toBe('notImage')
  })

  it('refuses a file that only starts like an image', async () => {
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really a png')])
    expect(await problemOf(fake)).toBe('corrupt')
  })

  it('refuses a truncated image', async () => {
    const whole = await noise(800, 600).jpeg({ quality: 90 }).toBuffer()
    expect(await problemOf(whole.subarray(0, Math.floor(whole.length * 0.6)))).toBe('corrupt')
    const wholePng = await noise(300, 300).png().toBuffer()
    expect(await problemOf(wholePng.subarray(0, Math.floor(wholePng.length * 0.5)))).toBe('corrupt')
  })

  it('refuses a file over 5 MB', async () => {
    const big = await noise(2000, 2000).png({ compressionLevel: 0 }).toBuffer()
    expect(big.length).toBeGreaterThan(6 * 1024 * 1024 - 1)
    expect(await problemOf(big.subarray(0, 6 * 1024 * 1024))).toBe('tooLarge')
  })

  it('refuses an image over 4096 × 4096 pixels', async () => {
    const huge = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer()
    expect(huge.length).toBeLessThan(5 * 1024 * 1024)
    expect(await problemOf(huge)).toBe('tooManyPixels')
    const tall = await sharp({ create: { width: 100, height: 4097, channels: 3, background: '#ffffff' } })
      .jpeg()
      .toBuffer()
    expect(await problemOf(tall)).toBe('tooManyPixels')
  })

  it('refuses a 20000 × 20000 image as too many pixels, not as damaged', async () => {
    expect(await problemOf(pngHeader(20_000, 20_000))).toBe('tooManyPixels')
    expect(await problemOf(pngHeader(100, 60_000))).toBe('tooManyPixels')
    expect(await problemOf(await jpegDeclaring(20_000, 20_000))).toBe('tooManyPixels')
  })

  it('refuses an SVG or an HTML page named .png, and a GIF that carries a script', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'
    expect(await problemOf(new TextEncoder().encode(svg))).toBe('notImage')
    expect(await problemOf(new TextEncoder().encode('<!doctype html><script>alert(1)</script>'))).toBe('notImage')
    expect(await problemOf(new TextEncoder().encode('GIF89a/*<script>alert(1)</script>*/'))).toBe('notImage')
    // A PNG signature followed by a page, not by an image.
    expect(await problemOf(Buffer.concat([PNG_SIGNATURE, Buffer.from('<html><script>alert(1)</script></html>')]))).toBe('corrupt')
  })

  it('keeps only the pixels of polyglot images: a page or a zip after the image, a script in a text chunk', async () => {
    const script = '<html><body><script>alert(document.cookie)</script></body></html>'
    const clean = await png(64, 48)
    const withPage = Buffer.concat([clean, Buffer.from(script)])
    const zip = Buffer.concat([Buffer.from('PK\u0003\u0004', 'latin1'), Buffer.from('payload.js:alert(1)'.repeat(10))])
    const withZip = Buffer.concat([Buffer.from(await jpeg(64, 48)), zip])
    // The same PNG with the script in a tEXt chunk before the pixel data.
    const iend = clean.length - 12
    const firstIdat = clean.indexOf(Buffer.from('IDAT', 'latin1')) - 4
    const withText = Buffer.concat([
      clean.subarray(0, firstIdat),
      pngChunk('tEXt', Buffer.from(`Comment\0${script}`, 'latin1')),
      clean.subarray(firstIdat, iend),
      clean.subarray(iend),
    ])

    for (const polyglot of [withPage, withZip, withText]) {
      const variants = await variantBytes(polyglot)
      expect(variants.includes(Buffer.from('<script'))).toBe(false)
      expect(variants.includes(Buffer.from('alert('))).toBe(false)
      expect(variants.includes(Buffer.from('PK\u0003\u0004', 'latin1'))).toBe(false)
    }
    // The appended page does not change the picture: it is the same image by content.
    expect((await processImage(withPage)).name).toBe((await processImage(clean)).name)
  })

  it('strips EXIF data, GPS included, and applies the orientation first', async () => {
    const withGps = await noise(400, 200)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '34/1 33/1 19/1', GPSLongitudeRef: 'E', GPSLongitude: '69/1 12/1 27/1' },
      })
      .toBuffer()
    const before = await sharp(withGps).metadata()
    expect(before.exif).toBeDefined()
    expect(before.exif!.toString('latin1')).toContain('PhoneMaker')
    expect(before.orientation).toBe(6)

    const image = await processImage(withGps)
    // Orientation 6 means "rotate 90°": the stored picture is upright.
    expect([image.width, image.height]).toEqual([200, 400])
    for (const variant of image.variants) {
      const after = await sharp(variant.bytes).metadata()
      expect(after.format).toBe('webp')
      expect(after.exif).toBeUndefined()
      expect(after.xmp).toBeUndefined()
      expect(after.icc).toBeUndefined()
      expect(variant.bytes.toString('latin1')).not.toContain('PhoneMaker')
      expect(variant.bytes.toString('latin1')).not.toContain('GPS')
    }
  })

  it('makes WebP variants at 480, 960 and 1600 px, never larger than the upload', async () => {
    const image = await processImage(await jpeg(2000, 1000))
    expect(image.variants.map((v) => [v.width, v.height])).toEqual([
      [480, 240],
      [960, 480],
      [1600, 800],
    ])
    const small = await processImage(await png(300, 120))
    expect(small.variants.map((v) => v.width)).toEqual([300])
    expect((await sharp(small.variants[0]!.bytes).metadata()).hasAlpha).toBe(true)
    expect(variantWidths(1000)).toEqual([480, 960, 1000])
    expect(mediaSrcSet({ name: 'abc', width: 1000, height: 500, widths: [480, 960, 1000] })).toBe(
      '/media/abc-480.webp 480w, /media/abc-960.webp 960w, /media/abc-1000.webp 1000w',
    )
  })

  it('names an image by its content', async () => {
    const a = await processImage(await jpeg(500, 500))
    const b = await processImage(await jpeg(500, 500))
    const c = await processImage(await jpeg(500, 501))
    expect(a.name).toMatch(/^[a-f0-9]{20}$/)
    expect(a.name).toBe(b.name)
    expect(a.name).not.toBe(c.name)
  })
})
