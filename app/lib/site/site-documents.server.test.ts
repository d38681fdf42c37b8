import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabases } from '../../../tests/support/databases'
import { mediaAssets, staff } from '~db/schema'
import type { DatabaseHandle } from '../platform/db.server'
import { DEFAULT_INTEGRATIONS } from './editor-schemas'
import { DEFAULT_HOMEPAGE_LAYOUT } from './site-data'
import { listHistory, readDocument, restoreVersion, saveDocument, VersionConflictError } from './site-documents.server'
import { readSiteData } from './stored-site.server'
import { DEFAULT_THEME } from './theme'
import { assignSlot } from '../media/media.server'

const hero = (en: string, fa = '', ps = '') => ({ texts: { 'clinic.hero.title': { en, fa, ps } }, fees: {} })

describe.each(testDatabases())('site store on $name', ({ open }) => {
  let handle: DatabaseHandle
  let editorId: number

  beforeAll(async () => {
    handle = await open()
    const [row] = await handle.db
      .insert(staff)
      .values({ username: 'editor', passwordHash: 'x', displayName: 'Site Editor', role: 'editor' })
      .returning({ id: staff.id })
    editorId = row!.id
  })
  afterAll(async () => {
    await handle.close()
  })

  it('reads the defaults when nothing was saved', async () => {
    const data = await readSiteData(handle.db)
    expect(data.theme).toEqual(DEFAULT_THEME)
    expect(data.layout).toEqual(DEFAULT_HOMEPAGE_LAYOUT)
    expect(data.settings).toBeNull()
    expect(data.integrations).toEqual(DEFAULT_INTEGRATIONS)
    expect(data.content).toEqual({ texts: {}, fees: {} })
    expect(data.media).toEqual({})
    expect(await readDocument(handle.db, 'content')).toBeNull()
  })

  it('publishes a save at once and records who saved it', async () => {
    await saveDocument(handle.db, 'theme', { ...DEFAULT_THEME, clinicPrimary: '#0F766E', font: 'Lato' }, editorId)
    const data = await readSiteData(handle.db)
    expect(data.theme.clinicPrimary).toBe('#0f766e')
    expect(data.theme.font).toBe('Lato')
    const stored = await readDocument(handle.db, 'theme')
    expect(stored?.savedBy).toBe('Site Editor')
    expect(stored?.savedAt).toBeInstanceOf(Date)
    const history = await listHistory(handle.db, 'theme')
    expect(history).toHaveLength(1)
    expect(history[0]!.savedBy).toBe('Site Editor')
  })

  it('refuses an invalid document without storing it', async () => {
    await expect(saveDocument(handle.db, 'theme', { ...DEFAULT_THEME, clinicPrimary: 'red' }, editorId)).rejects.toThrow()
    expect((await readSiteData(handle.db)).theme.clinicPrimary).toBe('#0f766e')
  })

  it('restores the previous version of the content, as a new version', async () => {
    await saveDocument(handle.db, 'content', hero('First', 'اول'), editorId)
    await saveDocument(handle.db, 'content', hero('Second'), editorId)
    expect((await readSiteData(handle.db)).content.texts['clinic.hero.title']?.en).toBe('Second')

    expect(await restoreVersion(handle.db, 'content', editorId)).toBe(true)
    const restored = (await readSiteData(handle.db)).content.texts['clinic.hero.title']
    expect(restored).toEqual({ en: 'First', fa: 'اول', ps: '' })
    expect(await listHistory(handle.db, 'content')).toHaveLength(3)

    // Restoring again goes back to 'Second': a restore can be undone.
    await restoreVersion(handle.db, 'content', editorId)
    expect((await readSiteData(handle.db)).content.texts['clinic.hero.title']?.en).toBe('Second')

    // A named version.
    const [, , , oldest] = await listHistory(handle.db, 'content')
    expect(await restoreVersion(handle.db, 'content', editorId, oldest!.id)).toBe(true)
    expect((await readSiteData(handle.db)).content.texts['clinic.hero.title']?.en).toBe('First')
  })

  it('has nothing to restore before a second version exists', async () => {
    await saveDocument(
      handle.db,
      'layout',
      DEFAULT_HOMEPAGE_LAYOUT.map((s) => ({ ...s })),
      editorId,
    )
    expect(await restoreVersion(handle.db, 'layout', editorId)).toBe(false)
    expect(await restoreVersion(handle.db, 'settings', editorId)).toBe(false)
  })

  it('refuses a save based on an outdated version', async () => {
    const current = await readDocument(handle.db, 'content')
    await saveDocument(handle.db, 'content', hero('Newer'), editorId, { expectedVersion: current!.version })
    await expect(saveDocument(handle.db, 'content', hero('Stale'), editorId, { expectedVersion: current!.version })).rejects.toBeInstanceOf(
      VersionConflictError,
    )
    expect((await readSiteData(handle.db)).content.texts['clinic.hero.title']?.en).toBe('Newer')
  })

  it('reads the documents and the slot images in one query', async () => {
    const [asset] = await handle.db
      .insert(mediaAssets)
      .values({ name: 'a'.repeat(20), width: 800, height: 600, widths: [480, 800], bytes: 1000, alt: { en: 'Logo', fa: '', ps: '' } })
      .returning({ id: mediaAssets.id })
    await assignSlot(handle.db, 'clinicLogo', asset!.id, editorId)
    let queries = 0
    const db = new Proxy(handle.db, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver)
        if (property === 'execute' || property === 'select') {
          return (...args: unknown[]) => {
            queries++
            return (value as (...a: unknown[]) => unknown).apply(target, args)
          }
        }
        return value
      },
    })
    const data = await readSiteData(db)
    expect(queries).toBe(1)
    expect(data.media.clinicLogo).toEqual({
      name: 'a'.repeat(20),
      width: 800,
      height: 600,
      widths: [480, 800],
      alt: { en: 'Logo', fa: '', ps: '' },
    })
    expect(data.theme.font).toBe('Lato')
  })
})

describe('phone numbers on save', () => {
  it('stores phones in international form, from local or Eastern digits', async () => {
    const { SAVE_SCHEMAS } = await import('./site-documents.server')
    const { internationalPhone } = await import('../contact/phone.server')
    expect(internationalPhone('0701234567')).toBe('+93 70 123 4567')
    expect(internationalPhone('۰۷۰۱۲۳۴۵۶۷')).toBe('+93 70 123 4567')
    expect(internationalPhone('+93 70 000 0000')).toBe('+93 70 000 0000')
    expect(internationalPhone('0712')).toBeNull()
    const settings = SAVE_SCHEMAS.settings.parse({
      phone: '070 123 4567',
      clinicEmail: 'a@example.org',
      academyEmail: 'b@example.org',
      address: { en: 'Kabul', fa: '', ps: '' },
      map: { latitude: 34.5, longitude: 69.2 },
      social: { facebook: '', instagram: '', youtube: '', linkedin: '' },
    })
    expect(settings.phone).toBe('+93 70 123 4567')
    const refused = SAVE_SCHEMAS.integrations.safeParse({ ...DEFAULT_INTEGRATIONS, whatsappNumber: '+99 999 999 999' })
    expect(refused.success).toBe(false)
    expect(refused.error?.issues[0]).toMatchObject({ path: ['whatsappNumber'], message: 'phone' })
  })
})
