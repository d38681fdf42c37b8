import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mediaFiles } from '~db/schema'
import { testDatabases } from '../../../tests/support/databases'
import type { DatabaseHandle } from '../platform/db.server'
import { mediaFileName } from './media'
import {
  assignSlot,
  deleteImage,
  listMedia,
  MAX_UPLOAD_REQUEST_BYTES,
  MediaInUseError,
  processImage,
  readUploadForm,
  storeImage,
  updateAltText,
} from './media.server'
import { readSiteData } from '../site/stored-site.server'
import { saveDocument } from '../site/site-documents.server'
import { seedCollections } from '../site/editor-schemas'
import { databaseStorage, type FileStorage } from './storage.server'

const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer()
const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer()

describe('reading the upload request', () => {
  const url = 'http://localhost/admin/media'

  it('refuses a request that declares more than the limit before reading it', async () => {
    let pulled = false
    const body = new ReadableStream(
      {
        pull() {
          pulled = true
        },
      },
      { highWaterMark: 0 },
    )
    const request = new Request(url, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(6 * 1024 * 1024) },
      body,
      duplex: 'half',
    } as RequestInit)
    await expect(readUploadForm(request)).rejects.toMatchObject({ problem: 'tooLarge' })
    expect(pulled).toBe(false)
  })

  it('cuts off a body that is larger than it said', async () => {
    const form = new FormData()
    form.append('file', new File([new Uint8Array(MAX_UPLOAD_REQUEST_BYTES + 10)], 'big.jpg'))
    const encoded = new Request(url, { method: 'POST', body: form })
    const request = new Request(url, {
      method: 'POST',
      headers: { 'content-type': encoded.headers.get('content-type')!, 'content-length': '1000' },
      body: encoded.body,
      duplex: 'half',
    } as RequestInit)
    await expect(readUploadForm(request)).rejects.toMatchObject({ problem: 'tooLarge' })
  })

  it('answers 415 for a body that is not a form and 400 for a broken one', async () => {
    const text = new Request(url, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'file=x' })
    await expect(readUploadForm(text)).rejects.toMatchObject({ problem: 'missing', status: 415 })
    const broken = new Request(url, {
      method: 'POST',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      body: '--x\r\nbroken',
    })
    await expect(readUploadForm(broken)).rejects.toMatchObject({ problem: 'missing', status: 400 })
  })

  it('removes control characters from the alt texts', async () => {
    const form = new FormData()
    form.append('file', new File([await png(20, 20)], 'logo.png', { type: 'image/png' }))
    form.append('alt.fa', 'لوگو\u0000\u0085')
    const fields = await readUploadForm(new Request(url, { method: 'POST', body: form }))
    expect(fields.get('alt.fa')).toBe('لوگو')
  })

  it('reads a normal upload', async () => {
    const form = new FormData()
    form.append('file', new File([await png(20, 20)], 'logo.png', { type: 'image/png' }))
    form.append('alt.en', 'Logo')
    const fields = await readUploadForm(new Request(url, { method: 'POST', body: form }))
    expect(fields.get('alt.en')).toBe('Logo')
    expect(fields.get('file')).toBeInstanceOf(File)
  })
})

describe.each(testDatabases())('media library on $name', ({ open }) => {
  let handle: DatabaseHandle
  let storage: FileStorage
  const storedNames = async () => (await handle.db.select({ name: mediaFiles.name }).from(mediaFiles)).map((row) => row.name).sort()

  beforeAll(async () => {
    handle = await open()
    storage = databaseStorage(async () => handle.db)
  })
  afterAll(async () => {
    await handle.close()
  })

  it('stores the variants, lists the image and shows it in a slot', async () => {
    const image = await processImage(await jpeg(1200, 800))
    const { id, created } = await storeImage(handle.db, storage, image, { en: 'Our clinic', fa: '', ps: '' }, null)
    expect(created).toBe(true)
    expect(await storedNames()).toEqual([480, 960, 1200].map((w) => mediaFileName(image.name, w)).sort())
    const file = await storage.get(mediaFileName(image.name, 480))
    expect(file?.size).toBe(image.variants[0]!.bytes.length)
    await file?.body.cancel()

    // The same picture again is not stored twice.
    expect(await storeImage(handle.db, storage, image, { en: '', fa: '', ps: '' }, null)).toEqual({ id, created: false })

    expect(await assignSlot(handle.db, 'clinicHero', id, null)).toBe(true)
    expect(await updateAltText(handle.db, id, { en: 'Reception', fa: 'پذیرش', ps: '' }, null)).toBe(true)
    const [item] = await listMedia(handle.db)
    expect(item).toMatchObject({ id, width: 1200, height: 800, widths: [480, 960, 1200], slots: ['clinicHero'] })
    const site = await readSiteData(handle.db)
    expect(site.media.clinicHero).toMatchObject({ name: image.name, alt: { en: 'Reception', fa: 'پذیرش', ps: '' } })
  })

  it('refuses to delete an image in use, and deletes it with its files once free', async () => {
    const [item] = await listMedia(handle.db)
    await expect(deleteImage(handle.db, storage, item!.id, null)).rejects.toBeInstanceOf(MediaInUseError)
    await expect(deleteImage(handle.db, storage, item!.id, null)).rejects.toMatchObject({ slots: ['clinicHero'] })
    expect(await storage.get(mediaFileName(item!.name, 480))).not.toBeNull()

    await assignSlot(handle.db, 'clinicHero', null, null)
    expect(await deleteImage(handle.db, storage, item!.id, null)).toBe(true)
    expect(await storedNames()).toEqual([])
    expect(await listMedia(handle.db)).toEqual([])
    expect((await readSiteData(handle.db)).media).toEqual({})
    expect(await deleteImage(handle.db, storage, item!.id, null)).toBe(false)
  })

  it('refuses to delete the photo of a doctor, naming them', async () => {
    const image = await processImage(await png(600, 600))
    const { id } = await storeImage(handle.db, storage, image, { en: 'Portrait', fa: '', ps: '' }, null)
    const collections = seedCollections()
    collections.doctors.push({
      id: 'sara',
      visible: true,
      retired: true,
      name: { en: 'Dr. Sara', fa: '', ps: '' },
      role: { en: '', fa: '', ps: '' },
      bio: { en: '', fa: '', ps: '' },
      photo: { name: image.name, width: 600, height: 600, widths: [480, 600] },
      photoAlt: { en: '', fa: '', ps: '' },
    })
    await saveDocument(handle.db, 'collections', collections, null)
    await expect(deleteImage(handle.db, storage, id, null)).rejects.toMatchObject({ slots: [], people: ['Dr. Sara'] })
    await saveDocument(handle.db, 'collections', seedCollections(), null)
    expect(await deleteImage(handle.db, storage, id, null)).toBe(true)
  })

  it('refuses an unknown image for a slot', async () => {
    expect(await assignSlot(handle.db, 'academyLogo', 999_999, null)).toBe(false)
  })
})
