import { sql } from 'drizzle-orm'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { connectDatabase, disconnectDatabase } from '../platform/db.server'
import { getTheme } from './published-site.server'
import { forgetPublishedSite } from './stored-site.server'
import { saveDocument } from './site-documents.server'
import { CHECK_INTERVAL_MS, knownSiteVersion, siteChanged, siteVersion, STALE_GRACE_MS } from './site-version.server'
import { DEFAULT_THEME } from './theme'

describe('the published site version', () => {
  afterEach(async () => {
    siteChanged()
    forgetPublishedSite()
    await disconnectDatabase()
  })

  it('changes at once after a publish from this process', async () => {
    const { db } = await connectDatabase({ memory: true })
    const before = await siteVersion()
    await saveDocument(db, 'theme', { ...DEFAULT_THEME, clinicPrimary: '#0f766e' }, null)
    expect(await siteVersion()).not.toBe(before)
    expect((await getTheme({})).clinicPrimary).toBe('#0f766e')
  })

  it('sees a publish from another process once the interval has passed, and the pages then show it', async () => {
    const { db } = await connectDatabase({ memory: true })
    await saveDocument(db, 'theme', { ...DEFAULT_THEME, clinicPrimary: '#0f766e' }, null)
    const start = Date.now()
    const first = await siteVersion(start)
    expect((await getTheme({})).clinicPrimary).toBe('#0f766e')

    // Another server process publishes: only the database changes.
    await db.execute(
      sql`update site_documents set value = jsonb_set(value, '{clinicPrimary}', '"#7c2d12"'), updated_at = now() + interval '1 second' where key = 'theme'`,
    )
    expect(await siteVersion(start + 10)).toBe(first)
    expect(await siteVersion(start + CHECK_INTERVAL_MS + 1_000)).not.toBe(first)
    expect((await getTheme({})).clinicPrimary).toBe('#7c2d12')
  })

  it('answers the fast path with the last stamp while a new reading runs, and not once the grace is over', async () => {
    const { db } = await connectDatabase({ memory: true })
    await saveDocument(db, 'theme', { ...DEFAULT_THEME, clinicPrimary: '#0f766e' }, null)
    const start = Date.now()
    const first = await siteVersion(start)
    expect(knownSiteVersion(start + 10)).toBe(first)
    await db.execute(sql`update site_documents set updated_at = now() + interval '1 second' where key = 'theme'`)
    // Past the interval: the last stamp still, and a reading begins; once it is in, the new stamp.
    expect(knownSiteVersion(Date.now() + CHECK_INTERVAL_MS)).toBe(first)
    await expect.poll(() => knownSiteVersion(), { timeout: 2_000 }).not.toBe(first)
    // Nothing read for longer than the interval and the grace: the fast path does not guess.
    const latest = knownSiteVersion()
    expect(latest).not.toBeNull()
    expect(knownSiteVersion(Date.now() + CHECK_INTERVAL_MS + STALE_GRACE_MS + 1_000)).toBeNull()
  })

  it('sees a publish stamped earlier than the newest one (a machine whose clock is behind)', async () => {
    const { db } = await connectDatabase({ memory: true })
    await saveDocument(db, 'theme', { ...DEFAULT_THEME, clinicPrimary: '#0f766e' }, null)
    // Another document, saved last by a machine whose clock is an hour ahead.
    await db.execute(sql`insert into site_documents (key, value, updated_at) values ('mediaSlots', '{}', now() + interval '1 hour')`)
    const start = Date.now()
    const first = await siteVersion(start)
    expect((await getTheme({})).clinicPrimary).toBe('#0f766e')

    // Another machine publishes the theme; its clock is an hour behind the newest save.
    await db.execute(
      sql`update site_documents set value = jsonb_set(value, '{clinicPrimary}', '"#7c2d12"'), updated_at = now() - interval '1 hour' where key = 'theme'`,
    )
    expect(await siteVersion(start + CHECK_INTERVAL_MS + 1_000)).not.toBe(first)
    expect((await getTheme({})).clinicPrimary).toBe('#7c2d12')
  })

  it('does not read the published site again while the version stays the same', async () => {
    const { db } = await connectDatabase({ memory: true })
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      await saveDocument(db, 'theme', { ...DEFAULT_THEME, clinicPrimary: '#0f766e' }, null)
      const held = await getTheme({})
      // A change made elsewhere, before the stamp is read again: the held copy is shown.
      await db.execute(sql`update site_documents set value = jsonb_set(value, '{clinicPrimary}', '"#111111"') where key = 'theme'`)
      expect((await getTheme({})).clinicPrimary).toBe(held.clinicPrimary)
      // Once the interval has passed, the stamp is read again and the change shows.
      vi.setSystemTime(Date.now() + CHECK_INTERVAL_MS + 1)
      expect((await getTheme({})).clinicPrimary).toBe('#111111')
    } finally {
      vi.useRealTimers()
    }
  })

  it("changes when a post is saved, and again when a scheduled post's time comes", async () => {
    const { db } = await connectDatabase({ memory: true })
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const start = Date.now()
      const first = await siteVersion()
      await db.execute(
        sql`insert into posts (stream, status, publish_at, texts, languages) values ('articles', 'scheduled', ${new Date(start + 60_000).toISOString()}::timestamptz, '{"en":{"title":"A","summary":"","body":"B"},"fa":{"title":"","summary":"","body":""},"ps":{"title":"","summary":"","body":""}}', '{en}')`,
      )
      siteChanged()
      const saved = await siteVersion()
      expect(saved).not.toBe(first)
      vi.setSystemTime(start + 30_000)
      siteChanged()
      expect(await siteVersion()).toBe(saved)
      // The scheduled time has come: cached pages are stale, with nothing saved.
      vi.setSystemTime(start + 61_000)
      siteChanged()
      expect(await siteVersion()).not.toBe(saved)
    } finally {
      vi.useRealTimers()
    }
  })

  it('changes when an event ends, so cached lists stop calling it upcoming', async () => {
    const { db } = await connectDatabase({ memory: true })
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const start = Date.now()
      await db.execute(
        sql`insert into posts (stream, status, publish_at, event_start, event_end, texts, languages) values ('news', 'published', ${new Date(start - 60_000).toISOString()}::timestamptz, ${new Date(start + 60_000).toISOString()}::timestamptz, ${new Date(start + 120_000).toISOString()}::timestamptz, '{"en":{"title":"Open day","summary":"","body":"B"},"fa":{"title":"","summary":"","body":""},"ps":{"title":"","summary":"","body":""}}', '{en}')`,
      )
      siteChanged()
      const saved = await siteVersion()
      // Begun, not over: still to be listed as under way.
      vi.setSystemTime(start + 90_000)
      siteChanged()
      expect(await siteVersion()).toBe(saved)
      vi.setSystemTime(start + 121_000)
      siteChanged()
      expect(await siteVersion()).not.toBe(saved)
    } finally {
      vi.useRealTimers()
    }
  })
})
