import { Form, Link } from 'react-router'
import { AdminRouteError } from '~/components/admin/route-error'
import { EditorPage, EditorSection } from '~/components/editor/editor-page'
import { PhotoCard, Tick, type PhotoCardData } from '~/components/editor/gallery-photo-form'
import { LanguageFields } from '~/components/editor/language-fields'
import { editorButton, editorDangerButton, editorSecondaryButton } from '~/components/ui/button'
import { formResult } from '~/lib/staff/form-result'
import { format } from '~/locales'
import type { Route } from './+types/gallery'
import { galleryAction, galleryLoader } from './gallery.server'
import { FormEnd } from '~/components/editor/form-end'

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.messages.gallery.title ?? 'Gallery' }]

export const loader = (args: Route.LoaderArgs) => galleryLoader(args)
export const action = (args: Route.ActionArgs) => galleryAction(args)

/** A section this role may not use (403) and other errors, inside the admin shell. */
export const ErrorBoundary = AdminRouteError

type Data = Route.ComponentProps['loaderData']
type Typed = {
  titles?: Record<string, string>
  descriptions?: Record<string, string>
  published?: boolean
  photoId?: number
} & Partial<PhotoCardData>

function AlbumList({ albums, m }: { albums: Data['albums']; m: Data['messages']['gallery'] }) {
  if (albums.length === 0) return <p className="text-slate-700">{m.noAlbums}</p>
  return (
    <table className="w-full text-start">
      <thead>
        <tr className="border-b border-slate-200 text-sm text-slate-700">
          <th className="py-2 text-start">{m.colAlbum}</th>
          <th className="py-2 text-start">{m.colStatus}</th>
          <th className="py-2 text-start">{m.colPhotos}</th>
          <th className="py-2 text-start">{m.colWaiting}</th>
          <th className="py-2 text-start">{m.colActions}</th>
        </tr>
      </thead>
      <tbody>
        {albums.map((album, index) => {
          const name = album.titles.en
          return (
            <tr key={album.id} className="border-b border-slate-100">
              <td className="py-2">
                <Link to={`?album=${album.id}`} aria-label={format(m.edit, { name })} className="font-bold text-blue-800 underline">
                  {name}
                </Link>
              </td>
              <td className="py-2">{album.published ? m.publishedBadge : m.draftBadge}</td>
              <td className="py-2">{album.photos}</td>
              <td className="py-2">{album.waiting}</td>
              <td className="py-2">
                <Form method="post" className="flex gap-2">
                  <input type="hidden" name="intent" value="move-album" />
                  <input type="hidden" name="albumId" value={album.id} />
                  <button type="submit" name="direction" value="up" disabled={index === 0} className={editorSecondaryButton}>
                    {format(m.moveUp, { name })}
                  </button>
                  <button
                    type="submit"
                    name="direction"
                    value="down"
                    disabled={index === albums.length - 1}
                    className={editorSecondaryButton}
                  >
                    {format(m.moveDown, { name })}
                  </button>
                  <FormEnd />
                </Form>
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}

export default function GalleryEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, view, albums, album, photos, library } = loaderData
  const m = messages.gallery
  const languages = messages.common
  const { feedback, errors, values } = formResult(actionData)
  const typed = (values ?? null) as Typed | null
  if (view === 'list')
    return (
      <EditorPage title={m.title} intro={m.intro} feedback={feedback}>
        <EditorSection id="albums-heading" title={m.albumsHeading}>
          <AlbumList albums={albums} m={m} />
          <Link to="?album=new" className={editorButton}>
            {m.newAlbum}
          </Link>
        </EditorSection>
      </EditorPage>
    )
  const albumTyped = typed && typed.photoId === undefined ? typed : null
  const photoLabel = (index: number) => format(m.photoLabel, { position: index + 1 })
  return (
    <EditorPage title={album ? album.titles.en : m.newAlbum} intro={m.intro} feedback={feedback}>
      <Link to="/admin/gallery" className="text-blue-800 underline">
        {m.backToAlbums}
      </Link>
      <EditorSection id="album-heading" title={m.colAlbum}>
        <Form method="post" className="space-y-4" noValidate>
          {album ? <input type="hidden" name="albumId" value={album.id} /> : null}
          <LanguageFields
            name="titles"
            idPrefix="title"
            label={(language) => format(m.albumTitle, { language })}
            languages={languages}
            values={albumTyped?.titles ?? album?.titles}
            errors={errors}
            englishRequired
          />
          <LanguageFields
            name="descriptions"
            idPrefix="description"
            rows={3}
            label={(language) => format(m.albumDescription, { language })}
            languages={languages}
            values={albumTyped?.descriptions ?? album?.descriptions}
            errors={errors}
          />
          <Tick name="published" label={m.published} defaultChecked={albumTyped?.published ?? album?.published ?? false} />
          <button type="submit" name="intent" value="save-album" className={editorButton}>
            {m.saveAlbum}
          </button>
          <FormEnd />
        </Form>
      </EditorSection>
      {album ? (
        <>
          <EditorSection id="photos-heading" title={m.photosHeading} help={m.consentHelp}>
            {photos.length === 0 ? <p className="text-slate-700">{m.noPhotos}</p> : null}
            <ol className="space-y-4">
              {photos.map((photo, index) => (
                <PhotoCard
                  key={photo.id}
                  albumId={album.id}
                  photo={photo}
                  number={index + 1}
                  count={photos.length}
                  others={photos.flatMap((other, at) => (other.id === photo.id ? [] : [{ id: other.id, label: photoLabel(at) }]))}
                  typed={typed?.photoId === photo.id ? typed : null}
                  errors={typed?.photoId === photo.id ? errors : {}}
                  m={m}
                  languages={languages}
                />
              ))}
            </ol>
          </EditorSection>
          <EditorSection id="add-photo-heading" title={m.addPhotoHeading} help={m.addPhotoHelp}>
            {library.length === 0 ? (
              <p className="text-slate-700">{m.noImages}</p>
            ) : (
              <Form method="post" className="space-y-4">
                <input type="hidden" name="albumId" value={album.id} />
                <fieldset>
                  <legend className="text-sm font-bold text-slate-800">{m.chooseImage}</legend>
                  <ul className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4">
                    {library.map((image, index) => (
                      <li key={image.id}>
                        <label className="block rounded-lg border border-slate-200 p-2 has-[:checked]:border-blue-700 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-blue-700">
                          <input type="radio" name="assetId" value={image.id} defaultChecked={index === 0} className="me-2" />
                          <img src={image.thumbnail} alt={image.alt} width={160} className="mt-1 h-auto w-full rounded" />
                        </label>
                      </li>
                    ))}
                  </ul>
                </fieldset>
                <Tick name="showsPatient" label={m.showsPatient} defaultChecked={false} help={m.consentHelp} />
                <button type="submit" name="intent" value="add-photo" className={editorButton}>
                  {m.addPhoto}
                </button>
                <FormEnd />
              </Form>
            )}
          </EditorSection>
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <input type="hidden" name="albumId" value={album.id} />
            <label className="flex items-center gap-2">
              <input type="checkbox" name="confirm" value="yes" className="h-5 w-5" />
              {m.confirmDelete}
            </label>
            <button type="submit" name="intent" value="delete-album" className={editorDangerButton}>
              {m.deleteAlbum}
            </button>
            <FormEnd />
          </Form>
        </>
      ) : null}
    </EditorPage>
  )
}
