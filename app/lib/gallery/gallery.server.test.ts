import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { and, eq } from 'drizzle-orm'
import { auditLog, galleryPhotos, mediaAssets } from '~db/schema'
import { testDatabases } from '../../../tests/support/databases'
import { createTestStaff } from '../../../tests/support/staff'
import { connectDatabase, disconnectDatabase, type DatabaseHandle } from '../platform/db.server'
import { siteChanged, siteVersion } from '../site/site-version.server'
import { deleteImage, MediaInUseError } from '../media/media.server'
import { databaseStorage } from '../media/storage.server'
import { addPhoto, deletePhoto, listAlbums, publicGallery, readAlbum, saveAlbum, savePhoto } from './gallery.server'
import { moveAlbum, moved } from './gallery-order.server'
import type { PhotoInput } from './gallery-form'

const BLANK = { en: '', fa: '', ps: '' }
const photoInput = (values: Partial<PhotoInput>): PhotoInput => ({
  captions: BLANK,
  alt: BLANK,
  afterId: null,
  showsPatient: false,
  consentOnFile: false,
  ...values,
})

describe.each(testDatabases())('the gallery on $name', ({ open }) => {
  let handle: DatabaseHandle
  let editor: { id: number; username: string }
  let assetId: number

  beforeAll(async () => {
    handle = await open()
    editor = { id: await createTestStaff(handle.db, 'editor', 'gallery-editor'), username: 'gallery-editor' }
    const [asset] = await handle.db
      .insert(mediaAssets)
      .values({
        name: 'a'.repeat(20),
        width: 1200,
        height: 800,
        widths: [480, 960, 1200],
        bytes: 1000,
        alt: { en: 'A smile', fa: 'لبخند', ps: '' },
      })
      .returning({ id: mediaAssets.id })
    assetId = asset!.id
  })
  afterAll(async () => {
    await handle.close()
  })

  const album = (published = true, title = 'Smiles') =>
    saveAlbum(handle.db, editor, null, { titles: { en: title, fa: 'لبخندها', ps: '' }, descriptions: BLANK, published }) as Promise<number>

  it('never shows a photo of a patient before the consent is ticked, and logs who ticked it', async () => {
    const albumId = await album()
    const photo = (await addPhoto(handle.db, editor, albumId, assetId, true))!
    const shownIds = async () => (await publicGallery(handle.db, 'fa')).flatMap((a) => a.photos.map((p) => p.id))
    expect(await shownIds()).not.toContain(photo)

    expect(await savePhoto(handle.db, editor, albumId, photo, photoInput({ showsPatient: true, consentOnFile: true }))).toBe('saved')
    expect(await shownIds()).toContain(photo)
    const [row] = await handle.db.select().from(galleryPhotos).where(eq(galleryPhotos.id, photo))
    expect(row).toMatchObject({ consentOnFile: true, consentBy: 'gallery-editor' })
    const entries = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'gallery-consent'), eq(auditLog.target, `gallery-photo:${photo}`)))
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({ staffId: editor.id, actor: 'gallery-editor', details: { album: albumId, consent: true } })

    // Saved again with the tick kept: no second entry; cleared: private again, and logged.
    await savePhoto(
      handle.db,
      editor,
      albumId,
      photo,
      photoInput({ showsPatient: true, consentOnFile: true, captions: { ...BLANK, en: 'After' } }),
    )
    await savePhoto(handle.db, editor, albumId, photo, photoInput({ showsPatient: true, consentOnFile: false }))
    expect(await shownIds()).not.toContain(photo)
    const after = await handle.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `gallery-photo:${photo}`))
    expect(after.filter((e) => e.action === 'gallery-consent').map((e) => e.details)).toEqual([
      { album: albumId, consent: true },
      { album: albumId, consent: false },
    ])
  })

  it('refuses, in the database, a consent without who ticked it', async () => {
    const albumId = await album()
    const photo = (await addPhoto(handle.db, editor, albumId, assetId, true))!
    await expect(handle.db.update(galleryPhotos).set({ consentOnFile: true }).where(eq(galleryPhotos.id, photo))).rejects.toThrow()
  })

  it('shows only published albums, in the reader language with the library alt text, and pairs side by side', async () => {
    const hidden = await album(false, 'Hidden album')
    await addPhoto(handle.db, editor, hidden, assetId, false)
    const albumId = await album(true, 'Before and after')
    const before = (await addPhoto(handle.db, editor, albumId, assetId, false))!
    const after = (await addPhoto(handle.db, editor, albumId, assetId, false))!
    expect(await savePhoto(handle.db, editor, albumId, before, photoInput({ afterId: before }))).toBe('bad-pair')
    expect(await savePhoto(handle.db, editor, hidden, before, photoInput({}))).toBe('not-found')
    await savePhoto(handle.db, editor, albumId, before, photoInput({ afterId: after, captions: { en: 'Before', fa: 'قبل', ps: '' } }))
    const gallery = await publicGallery(handle.db, 'fa')
    expect(gallery.map((a) => a.id)).not.toContain(hidden)
    const shown = gallery.find((a) => a.id === albumId)!
    expect(shown.title).toBe('لبخندها')
    expect(shown.photos.map((p) => [p.id, p.after?.id])).toEqual([[before, after]])
    expect(shown.photos[0]).toMatchObject({ caption: 'قبل', image: { alt: 'لبخند', width: 1200, height: 800 } })
    expect(shown.photos[0]!.image.srcSet).toContain(`/media/${'a'.repeat(20)}-480.webp 480w`)
    // Pashto has no alt text of its own: the English one.
    expect((await publicGallery(handle.db, 'ps')).find((a) => a.id === albumId)!.photos[0]!.image.alt).toBe('A smile')
  })

  it('keeps the order staff chose', async () => {
    const first = await album(true, 'First')
    const second = await album(true, 'Second')
    expect(await moveAlbum(handle.db, editor, second, 'up')).toBe(true)
    const order = (await listAlbums(handle.db)).map((a) => a.id)
    expect(order.indexOf(second)).toBeLessThan(order.indexOf(first))
    const photo = (await addPhoto(handle.db, editor, first, assetId, false))!
    expect(await deletePhoto(handle.db, editor, first, photo)).toBe(true)
    expect((await readAlbum(handle.db, first))!.photos).toEqual([])
    expect(await addPhoto(handle.db, editor, first, 999_999, false)).toBeNull()
  })

  it('keeps a library image while an album shows it, naming the album', async () => {
    const albumId = await album(true, 'Implants')
    await addPhoto(handle.db, editor, albumId, assetId, false)
    const deleting = deleteImage(
      handle.db,
      databaseStorage(async () => handle.db),
      assetId,
      editor.id,
    )
    await expect(deleting).rejects.toBeInstanceOf(MediaInUseError)
    await expect(
      deleteImage(
        handle.db,
        databaseStorage(async () => handle.db),
        assetId,
        editor.id,
      ),
    ).rejects.toMatchObject({
      people: expect.arrayContaining(['Implants']),
    })
  })

  it('moves one step, never past the ends', () => {
    expect(moved([1, 2, 3], 3, 'up')).toEqual([1, 3, 2])
    expect(moved([1, 2, 3], 1, 'up')).toBeNull()
    expect(moved([1, 2, 3], 4, 'down')).toBeNull()
  })
})

describe('the site version', () => {
  afterAll(async () => {
    siteChanged()
    await disconnectDatabase()
  })

  it('changes with a gallery save, so cached pages are drawn afresh', async () => {
    const { db } = await connectDatabase({ memory: true })
    const editor = { id: await createTestStaff(db, 'editor', 'stamp-editor'), username: 'stamp-editor' }
    const before = await siteVersion()
    await saveAlbum(db, editor, null, { titles: { en: 'Smiles', fa: '', ps: '' }, descriptions: BLANK, published: true })
    expect(await siteVersion()).not.toBe(before)
  })
})
