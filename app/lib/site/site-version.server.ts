/**
 * Which version of the published site is current: a short stamp read from the database (a hash of
 * the documents' row versions and save times), shared by every server process and machine. The
 * published site held in memory and the page cache are keyed by it, so a publish in any process
 * shows on every process's next request once the stamp is read again: at most every
 * CHECK_INTERVAL_MS, and at once in the process that published.
 */
import { sql } from 'drizzle-orm'
import { galleryAlbums, galleryPhotos, posts, siteDocuments } from '~db/schema'
import { database } from '../platform/db.server'
import { selectRows } from '../platform/select-rows.server'

export const CHECK_INTERVAL_MS = 500
/**
 * Past the interval, the page cache's fast path keeps answering with the last stamp this much
 * longer while the new reading is under way (a few milliseconds, as a rule), instead of sending
 * every request of that moment down the slow path. A publish elsewhere still shows within a second.
 */
export const STALE_GRACE_MS = 400

let known: { stamp: string; at: number } | null = null
let reading: Promise<string> | null = null
/** Counts publishes from this process, so a reading begun before one is not kept after it. */
let publishes = 0

/** The current version stamp; read again when the last reading is older than the interval. */
export function siteVersion(now = Date.now()): Promise<string> {
  if (known && now - known.at < CHECK_INTERVAL_MS) return Promise.resolve(known.stamp)
  if (reading) return reading
  // Many requests at once share one reading.
  const startedAfter = publishes
  const current = readStamp(new Date())
    .then((stamp) => {
      if (startedAfter === publishes) known = { stamp, at: Date.now() }
      return stamp
    })
    .finally(() => {
      if (reading === current) reading = null
    })
  reading = current
  return current
}

/**
 * The version when it was read within the interval (or the grace after it, while a new reading
 * runs), else null. Past the interval a reading starts, for the requests that follow.
 */
export function knownSiteVersion(now = Date.now()): string | null {
  const age = known ? now - known.at : Infinity
  if (age < CHECK_INTERVAL_MS) return known!.stamp
  void siteVersion(now).catch(() => {})
  return age < CHECK_INTERVAL_MS + STALE_GRACE_MS ? known!.stamp : null
}

/** The site was published from this process: the next request reads the stamp again. */
export function siteChanged(): void {
  publishes++
  known = null
  reading = null
}

/**
 * The stamp names every document's current row version (xmin, the transaction that wrote it) and
 * save time, so any committed change alters it: a save stamped with an earlier time than the
 * newest one (another machine whose clock is behind, or a transaction that began earlier and
 * committed later) is seen as well.
 */
async function readStamp(now: Date): Promise<string> {
  const db = await database()
  const [row] = await selectRows<{ stamp: string }>(
    db,
    sql`select md5(coalesce(string_agg(${siteDocuments.key} || ':' || xmin::text || ':' || ${siteDocuments.updatedAt}::text, ',' order by ${siteDocuments.key}), '') || (${postsStamp(now)}) || (${galleryStamp()})) as stamp from ${siteDocuments}`,
  )
  return row?.stamp ?? ''
}

/**
 * The posts' part of the stamp: how many there are, the newest row version, how many are shown now
 * and how many events are over. A save or deletion changes it at once, a scheduled post when its
 * time comes and an event when it ends, so cached lists, pages and the academy homepage's next
 * events show it then (docs/decisions/036-posts.md).
 */
function postsStamp(now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`
  return sql`select count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text || ':' || count(*) filter (where ${posts.status} in ('published', 'scheduled') and ${posts.publishAt} <= ${at})::text || ':' || count(*) filter (where coalesce(${posts.eventEnd}, ${posts.eventStart}) < ${at})::text from ${posts}`
}

/**
 * The gallery's part: how many albums and photos there are and their newest row versions, so any
 * save, move or deletion in the gallery renders cached pages afresh (docs/decisions/041-gallery.md).
 */
function galleryStamp() {
  const part = (table: typeof galleryAlbums | typeof galleryPhotos) =>
    sql`select count(*)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text from ${table}`
  return sql`select ':' || (${part(galleryAlbums)}) || ':' || (${part(galleryPhotos)})`
}
