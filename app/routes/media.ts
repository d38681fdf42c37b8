import { MEDIA_FILE } from '~/lib/media/media'
import { mediaStorage } from '~/lib/media/storage.server'
import type { Route } from './+types/media'

/** A year, and never revalidated: a file's name is its content's hash, so it never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

/** Uploaded images: /media/<content hash>-<width>.webp */
export async function loader({ params, request }: Route.LoaderArgs) {
  const name = params.file
  const notFound = () => new Response('Not found', { status: 404, headers: { 'Cache-Control': 'no-cache', 'Content-Type': 'text/plain' } })
  if (!MEDIA_FILE.test(name)) return notFound()
  const etag = `"${name}"`
  if (request.headers.get('if-none-match') === etag) {
    return new Response(null, { status: 304, headers: { 'Cache-Control': IMMUTABLE, ETag: etag } })
  }
  const file = await mediaStorage().get(name)
  if (!file) return notFound()
  return new Response(file.body, {
    headers: {
      'Content-Type': 'image/webp',
      'Content-Length': String(file.size),
      'Cache-Control': IMMUTABLE,
      ETag: etag,
    },
  })
}
