/** The order of the gallery's albums and of an album's photos: one step up or down at a time. */
import { asc, eq } from 'drizzle-orm'
import { galleryAlbums, galleryPhotos } from '~db/schema'
import type { Database } from '../platform/db.server'
import { siteChanged } from '../site/site-version.server'
import { recordAudit, type AuditActor } from '../staff/audit.server'

export type Direction = 'up' | 'down'

/** The ids in their new order, or null when `id` is not among them or cannot move that way. */
export function moved(ids: number[], id: number, direction: Direction): number[] | null {
  const from = ids.indexOf(id)
  const to = direction === 'up' ? from - 1 : from + 1
  if (from < 0 || to < 0 || to >= ids.length) return null
  const order = [...ids]
  order[from] = ids[to]!
  order[to] = id
  return order
}

export async function moveAlbum(db: Database, actor: AuditActor, id: number, direction: Direction): Promise<boolean> {
  const done = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: galleryAlbums.id })
      .from(galleryAlbums)
      .orderBy(asc(galleryAlbums.position), asc(galleryAlbums.id))
      .for('update')
    const order = moved(
      rows.map((row) => row.id),
      id,
      direction,
    )
    if (!order) return false
    for (const [position, albumId] of order.entries()) await tx.update(galleryAlbums).set({ position }).where(eq(galleryAlbums.id, albumId))
    await recordAudit(tx as unknown as Database, actor, 'gallery-save', `gallery-album:${id}`, { moved: direction })
    return true
  })
  if (done) siteChanged()
  return done
}

export async function movePhoto(db: Database, actor: AuditActor, albumId: number, id: number, direction: Direction): Promise<boolean> {
  const done = await db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: galleryPhotos.id })
      .from(galleryPhotos)
      .where(eq(galleryPhotos.albumId, albumId))
      .orderBy(asc(galleryPhotos.position), asc(galleryPhotos.id))
      .for('update')
    const order = moved(
      rows.map((row) => row.id),
      id,
      direction,
    )
    if (!order) return false
    for (const [position, photoId] of order.entries()) await tx.update(galleryPhotos).set({ position }).where(eq(galleryPhotos.id, photoId))
    await recordAudit(tx as unknown as Database, actor, 'gallery-save', `gallery-photo:${id}`, { album: albumId, moved: direction })
    return true
  })
  if (done) siteChanged()
  return done
}
