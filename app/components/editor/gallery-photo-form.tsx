import { Form } from 'react-router'
import { LanguageFields } from '~/components/editor/language-fields'
import { editorButton, editorDangerButton, editorSecondaryButton } from '~/components/ui/button'
import type { Locale } from '~/lib/i18n/locale'
import type { Messages } from '~/locales'
import { format } from '~/locales'
import { FormEnd } from './form-end'

type GalleryMessages = Messages['editor']['gallery']
type LanguageNames = { english: string; dari: string; pashto: string }

export interface PhotoCardData {
  id: number
  thumbnail: string
  captions: Record<Locale, string>
  alt: Record<Locale, string>
  libraryAlt: Record<Locale, string>
  afterId: number | null
  showsPatient: boolean
  consentOnFile: boolean
  consentText: string | null
}

/** A checkbox with its label beside it; a plain form control, so the screen works without JavaScript. */
export function Tick({ name, label, defaultChecked, help }: { name: string; label: string; defaultChecked: boolean; help?: string }) {
  return (
    <div>
      <label className="flex items-center gap-2 font-bold text-slate-900">
        <input
          type="checkbox"
          name={name}
          defaultChecked={defaultChecked}
          className="h-5 w-5 accent-blue-700 focus-visible:outline-3 focus-visible:outline-blue-700"
        />
        {label}
      </label>
      {help ? <p className="ms-7 text-sm text-slate-600">{help}</p> : null}
    </div>
  )
}

/**
 * One photo of an album: captions and alternative texts per language, the before/after pairing,
 * the patient and consent ticks, and the buttons that move or remove it. `typed` is what the
 * staff member sent when a save was refused, shown again.
 */
export function PhotoCard({
  albumId,
  photo,
  number,
  count,
  others,
  typed,
  errors,
  m,
  languages,
}: {
  albumId: number
  photo: PhotoCardData
  number: number
  count: number
  others: { id: number; label: string }[]
  typed: Partial<PhotoCardData> | null
  errors: Record<string, string>
  m: GalleryMessages
  languages: LanguageNames
}) {
  const name = format(m.photoLabel, { position: number })
  const shown = { ...photo, ...typed }
  const waiting = photo.showsPatient && !photo.consentOnFile
  const hidden = (
    <>
      <input type="hidden" name="albumId" value={albumId} />
      <input type="hidden" name="photoId" value={photo.id} />
    </>
  )
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" aria-labelledby={`photo-${photo.id}-name`}>
      <div className="flex flex-wrap items-start gap-4">
        <img src={photo.thumbnail} alt={photo.libraryAlt.en} width={160} className="h-auto w-40 rounded" />
        <div className="min-w-0 flex-1">
          <h3 id={`photo-${photo.id}-name`} className="font-bold text-slate-900">
            {name}
          </h3>
          {waiting ? <p className="mt-1 rounded bg-yellow-100 px-2 py-1 text-sm font-bold text-yellow-900">{m.waiting}</p> : null}
          <Form method="post" className="mt-2 flex flex-wrap gap-2">
            {hidden}
            <input type="hidden" name="intent" value="move-photo" />
            <button type="submit" name="direction" value="up" disabled={number === 1} className={editorSecondaryButton}>
              {format(m.moveUp, { name })}
            </button>
            <button type="submit" name="direction" value="down" disabled={number === count} className={editorSecondaryButton}>
              {format(m.moveDown, { name })}
            </button>
            <FormEnd />
          </Form>
        </div>
      </div>
      <Form method="post" className="mt-4 space-y-4" noValidate>
        {hidden}
        <LanguageFields
          name="captions"
          idPrefix={`captions-${photo.id}`}
          label={(language) => format(m.caption, { language })}
          languages={languages}
          values={shown.captions}
          errors={errors}
        />
        <LanguageFields
          name="alt"
          idPrefix={`alt-${photo.id}`}
          label={(language) => format(m.alt, { language })}
          languages={languages}
          values={shown.alt}
          errors={errors}
          help={{ en: m.altHelp, fa: m.altHelp, ps: m.altHelp }}
        />
        <div>
          <label htmlFor={`after-${photo.id}`} className="block text-sm font-bold text-slate-800">
            {m.pair}
          </label>
          <select
            id={`after-${photo.id}`}
            name="afterId"
            defaultValue={shown.afterId ?? ''}
            className="mt-1 rounded-md border border-slate-300 px-3 py-2"
          >
            <option value="">{m.noPair}</option>
            {others.map((other) => (
              <option key={other.id} value={other.id}>
                {other.label}
              </option>
            ))}
          </select>
        </div>
        <Tick name="showsPatient" label={m.showsPatient} defaultChecked={shown.showsPatient} />
        <Tick name="consentOnFile" label={m.consentOnFile} defaultChecked={shown.consentOnFile} help={photo.consentText ?? m.consentHelp} />
        <button type="submit" name="intent" value="save-photo" className={editorButton}>
          {m.savePhoto}
        </button>
        <FormEnd />
      </Form>
      <Form method="post" className="mt-3">
        {hidden}
        <button type="submit" name="intent" value="remove-photo" className={editorDangerButton}>
          {format(m.removePhoto, { name })}
        </button>
        <FormEnd />
      </Form>
    </li>
  )
}
