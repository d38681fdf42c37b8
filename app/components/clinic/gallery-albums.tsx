import { useRef, useState } from 'react'
import { SiteImage } from '~/components/site-image'
import type { GalleryAlbum, GalleryPhoto } from '~/lib/gallery/gallery.server'
import { format } from '~/locales'

export interface GalleryTexts {
  before: string
  after: string
  open: string
  close: string
  viewer: string
}

const THUMB_SIZES = '(min-width: 1024px) 320px, (min-width: 640px) 33vw, 50vw'
const photoAnchor = (id: number) => `photo-${id}`
const albumAnchor = (id: number) => `album-${id}`

/** A photo's thumbnail: a link to its large image (an anchor of this page, or the viewer with JavaScript). */
function PhotoLink({
  photo,
  label,
  priority,
  onOpen,
  texts,
}: {
  photo: GalleryPhoto
  label?: string
  priority: boolean
  onOpen: (photo: GalleryPhoto) => void
  texts: GalleryTexts
}) {
  return (
    <a
      href={`#${photoAnchor(photo.id)}`}
      aria-label={format(texts.open, { name: [label, photo.caption || photo.image.alt].filter(Boolean).join(' – ') })}
      className="relative block overflow-hidden rounded-lg focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary"
      onClick={(event) => {
        event.preventDefault()
        onOpen(photo)
      }}
    >
      <SiteImage image={photo.image} sizes={THUMB_SIZES} priority={priority} decorative className="aspect-[4/3] w-full object-cover" />
      {label ? (
        <span className="absolute start-2 top-2 rounded bg-slate-900/80 px-2 py-0.5 text-sm font-bold text-white">{label}</span>
      ) : null}
    </a>
  )
}

/** A photo or a before/after pair side by side, with its caption. */
function GalleryItem({
  photo,
  priority,
  onOpen,
  texts,
}: {
  photo: GalleryPhoto
  priority: boolean
  onOpen: (photo: GalleryPhoto) => void
  texts: GalleryTexts
}) {
  const pair = photo.after
  return (
    <li className={pair ? 'col-span-2' : undefined}>
      <figure>
        {pair ? (
          <div className="grid grid-cols-2 gap-2">
            <PhotoLink photo={photo} label={texts.before} priority={priority} onOpen={onOpen} texts={texts} />
            <PhotoLink photo={pair} label={texts.after} priority={priority} onOpen={onOpen} texts={texts} />
          </div>
        ) : (
          <PhotoLink photo={photo} priority={priority} onOpen={onOpen} texts={texts} />
        )}
        {photo.caption ? <figcaption className="mt-2 text-slate-700">{photo.caption}</figcaption> : null}
      </figure>
    </li>
  )
}

function LargePhoto({ photo }: { photo: GalleryPhoto }) {
  return (
    <img
      src={photo.large}
      width={photo.image.width}
      height={photo.image.height}
      alt={photo.image.alt}
      loading="lazy"
      className="max-h-[80vh] w-auto max-w-full object-contain"
    />
  )
}

/**
 * The albums, and the viewer: every thumbnail links to its large image further down the page (shown
 * over the page while its anchor is the target, so it works without JavaScript); with JavaScript
 * the link opens the same image in a modal `<dialog>` (Escape or Close closes it, and the focus goes back).
 */
export function GalleryAlbums({ albums, texts }: { albums: GalleryAlbum[]; texts: GalleryTexts }) {
  const dialog = useRef<HTMLDialogElement>(null)
  const [shown, setShown] = useState<GalleryPhoto | null>(null)
  const open = (photo: GalleryPhoto) => {
    setShown(photo)
    dialog.current?.showModal()
  }
  const all = albums.flatMap((album) =>
    album.photos.flatMap((photo) =>
      photo.after
        ? [
            { album, photo },
            { album, photo: photo.after },
          ]
        : [{ album, photo }],
    ),
  )
  return (
    <>
      {albums.map((album, index) => (
        <section
          key={album.id}
          id={albumAnchor(album.id)}
          aria-labelledby={`${albumAnchor(album.id)}-title`}
          className="mx-auto max-w-5xl px-4 py-8"
        >
          <h2 id={`${albumAnchor(album.id)}-title`} className="text-2xl font-bold text-slate-900">
            {album.title}
          </h2>
          {album.description ? <p className="mt-2 text-slate-700">{album.description}</p> : null}
          <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3">
            {album.photos.map((photo, at) => (
              <GalleryItem key={photo.id} photo={photo} priority={index === 0 && at === 0} onOpen={open} texts={texts} />
            ))}
          </ul>
        </section>
      ))}
      {all.map(({ album, photo }) => (
        <figure
          key={photo.id}
          id={photoAnchor(photo.id)}
          className="fixed inset-0 z-50 hidden flex-col items-center justify-center gap-3 bg-slate-900/95 p-4 text-white target:flex"
        >
          <LargePhoto photo={photo} />
          {photo.caption ? <figcaption>{photo.caption}</figcaption> : null}
          <a
            href={`#${albumAnchor(album.id)}`}
            className="rounded-md border border-white px-4 py-2 font-bold focus-visible:outline-3 focus-visible:outline-white"
          >
            {texts.close}
          </a>
        </figure>
      ))}
      <dialog
        ref={dialog}
        aria-label={texts.viewer}
        className="m-auto max-h-[95vh] max-w-[95vw] bg-slate-900 p-4 text-white backdrop:bg-slate-900/80"
        onClose={() => setShown(null)}
      >
        {shown ? (
          <figure className="flex flex-col items-center gap-3">
            <LargePhoto photo={shown} />
            {shown.caption ? <figcaption>{shown.caption}</figcaption> : null}
          </figure>
        ) : null}
        <form method="dialog" className="mt-3 text-center">
          <button className="rounded-md border border-white px-4 py-2 font-bold focus-visible:outline-3 focus-visible:outline-white">
            {texts.close}
          </button>
        </form>
      </dialog>
    </>
  )
}
