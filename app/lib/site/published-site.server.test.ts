import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { connectDatabase, disconnectDatabase, type DatabaseHandle } from '../platform/db.server'
import { getSiteData, getTheme, SiteUnavailableError } from './published-site.server'
import { forgetPublishedSite } from './stored-site.server'
import { saveDocument } from './site-documents.server'
import { DEFAULT_THEME } from './theme'

/**
 * The public read of the published site while the database goes away. The process's database is
 * an embedded one; closing it under the running code is what a lost database looks like here
 * (every query fails).
 */
describe('the published site while the database cannot be reached', () => {
  let handle: DatabaseHandle | undefined
  afterEach(async () => {
    forgetPublishedSite()
    await disconnectDatabase().catch(() => {})
    handle = undefined
  })

  async function connect(): Promise<DatabaseHandle> {
    forgetPublishedSite()
    handle = await connectDatabase({ memory: true })
    return handle
  }
  const quietly = async <T>(work: () => Promise<T>): Promise<T> => {
    const original = console.warn
    console.warn = () => {}
    try {
      return await work()
    } finally {
      console.warn = original
    }
  }

  it('with nothing read before: fails with SiteUnavailableError', async () => {
    const db = await connect()
    await db.close()
    await quietly(async () => {
      await expect(getSiteData()).rejects.toBeInstanceOf(SiteUnavailableError)
      await expect(getSiteData({})).rejects.toBeInstanceOf(SiteUnavailableError)
    })
  })

  it('after a read: pages keep the published site', async () => {
    const db = await connect()
    await saveDocument(db.db, 'theme', { ...DEFAULT_THEME, clinicPrimary: '#0f766e' }, null)
    expect((await getTheme()).clinicPrimary).toBe('#0f766e')
    await db.close()
    await quietly(async () => {
      expect((await getTheme({})).clinicPrimary).toBe('#0f766e')
    })
  })

  it('a save shows at once, and is what stays shown when the database goes away right after it', async () => {
    const db = await connect()
    expect((await getTheme()).clinicPrimary).toBe(DEFAULT_THEME.clinicPrimary)
    await saveDocument(db.db, 'theme', { ...DEFAULT_THEME, clinicPrimary: '#b45309' }, null)
    await db.close()
    // No page was read between the save and the loss.
    await quietly(async () => {
      expect((await getTheme({})).clinicPrimary).toBe('#b45309')
    })
  })

  it('reads afresh once the database answers again', async () => {
    const db = await connect()
    await saveDocument(db.db, 'theme', { ...DEFAULT_THEME, clinicPrimary: '#0f766e' }, null)
    expect((await getTheme()).clinicPrimary).toBe('#0f766e')
    // Another process publishes while this one keeps reading.
    await db.db.execute(
      sql`update site_documents set value = jsonb_set(value, '{clinicPrimary}', '"#7c3aed"'), updated_at = now() where key = 'theme'`,
    )
    expect((await getTheme()).clinicPrimary).toBe('#7c3aed')
  })
})
