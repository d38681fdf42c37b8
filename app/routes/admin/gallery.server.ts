import { redirect } from 'react-router'
import { addPhoto, deleteAlbum, deletePhoto, listAlbums, readAlbum, saveAlbum, savePhoto } from '~/lib/gallery/gallery.server'
import { moveAlbum, movePhoto } from '~/lib/gallery/gallery-order.server'
import { AlbumSchema, albumFromForm, photoFromForm, PhotoSchema } from '~/lib/gallery/gallery-form'
import { formatStaffDate } from '~/lib/i18n/staff-dates'
import { listMedia } from '~/lib/media/media.server'
import { mediaSrc } from '~/lib/media/media'
import { database } from '~/lib/platform/db.server'
import { readForm } from '~/lib/platform/read-form.server'
import { parseRowId } from '~/lib/platform/row-id'
import { formFailure, formSuccess } from '~/lib/staff/form-result.server'
import { format } from '~/locales'
import type { StaffContext } from '~/lib/staff/staff-context.server'
import { correctTheFields, editorScreen, invalid, requireEditor, unreadableForm } from './+shared/editor.server'
import type { Route } from './+types/gallery'

const SCREEN = '/admin/gallery'

/** The albums; with `?album=<id>` (or `new`), one album with its photos and the media library to add from. */
export async function galleryLoader({ request, context }: Route.LoaderArgs) {
  const staff = requireEditor(context)
  const db = await database()
  const param = new URL(request.url).searchParams.get('album')
  if (param === null)
    return editorScreen(staff, { view: 'list' as const, albums: await listAlbums(db), album: null, photos: [], library: [] })
  if (param === 'new') return editorScreen(staff, { view: 'album' as const, albums: [], album: null, photos: [], library: [] })
  const id = parseRowId(param)
  const found = id === null ? null : await readAlbum(db, id)
  if (!found) throw redirect(SCREEN)
  const library = (await listMedia(db)).map((item) => ({
    id: item.id,
    thumbnail: mediaSrc(item, 480),
    alt: item.alt[staff.locale] || item.alt.en,
  }))
  const m = staff.messages.editor.gallery
  const photos = found.photos.map(({ consentAt, consentBy, ...photo }) => ({
    ...photo,
    consentText:
      consentAt && consentBy
        ? format(m.consentBy, { name: consentBy, date: formatStaffDate(consentAt, staff.locale, { withTime: true }) })
        : null,
  }))
  const { id: albumId, titles, descriptions, published } = found.album
  return editorScreen(staff, {
    view: 'album' as const,
    albums: [],
    album: { id: albumId, titles, descriptions, published },
    photos,
    library,
  })
}

function messages(staff: StaffContext) {
  const m = staff.messages.editor.gallery
  return {
    m,
    refused: (text: string, status = 400, extra: object = {}) =>
      formFailure(status, { feedback: { variant: 'destructive', title: m.errorTitle, text } }, extra),
    done: (title: string, extra: object = {}) => formSuccess({ variant: 'success', title }, extra),
  }
}

/** Every change of the screen, by `intent`; each answers with its feedback, or a refusal that keeps what was typed. */
export async function galleryAction({ request, context }: Route.ActionArgs) {
  const staff = requireEditor(context)
  const actor = { id: staff.account.id, username: staff.account.username }
  const { m, refused, done } = messages(staff)
  const read = await readForm(request, { whole: true })
  if (!read.ok) return unreadableForm(staff, m.errorTitle, read)
  const form = read.form
  const db = await database()
  const albumId = parseRowId(form.get('albumId'))
  const photoId = parseRowId(form.get('photoId'))
  const direction = form.get('direction') === 'up' ? 'up' : 'down'
  const gone = () => refused(m.notFound, 404)
  switch (String(form.get('intent') ?? '')) {
    case 'save-album': {
      const values = albumFromForm(form)
      const parsed = AlbumSchema.safeParse(values)
      if (!parsed.success) return invalid(staff, parsed.error, correctTheFields(staff, m.errorTitle), values)
      const saved = await saveAlbum(db, actor, albumId, parsed.data)
      if (saved === null) return gone()
      if (albumId === null) throw redirect(`${SCREEN}?album=${saved}`)
      return done(m.albumSaved)
    }
    case 'delete-album': {
      if (albumId === null) return gone()
      if (form.get('confirm') !== 'yes') return refused(m.confirmNeeded)
      if (!(await deleteAlbum(db, actor, albumId))) return gone()
      throw redirect(SCREEN)
    }
    case 'move-album':
      if (albumId === null || !(await moveAlbum(db, actor, albumId, direction))) return gone()
      return done(m.moved)
    case 'add-photo': {
      const assetId = parseRowId(form.get('assetId'))
      if (albumId === null || assetId === null) return gone()
      if ((await addPhoto(db, actor, albumId, assetId, form.get('showsPatient') === 'on')) === null) return gone()
      return done(m.photoAdded)
    }
    case 'save-photo': {
      if (albumId === null || photoId === null) return gone()
      const values = photoFromForm(form)
      const parsed = PhotoSchema.safeParse(values)
      if (!parsed.success) return invalid(staff, parsed.error, correctTheFields(staff, m.errorTitle), { ...values, photoId })
      const result = await savePhoto(db, actor, albumId, photoId, parsed.data)
      if (result === 'not-found') return gone()
      if (result === 'bad-pair') return refused(m.badPair, 400, { values: { ...values, photoId } })
      return done(m.photoSaved)
    }
    case 'move-photo':
      if (albumId === null || photoId === null || !(await movePhoto(db, actor, albumId, photoId, direction))) return gone()
      return done(m.moved)
    case 'remove-photo':
      if (albumId === null || photoId === null || !(await deletePhoto(db, actor, albumId, photoId))) return gone()
      return done(m.photoRemoved)
    default:
      return refused(m.notFound)
  }
}
