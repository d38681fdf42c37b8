import { useRef, useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { useHydrated } from '~/components/admin/feedback'
import { cardClass, EditorFieldset, EditorPage } from '~/components/editor/editor-page'
import { editorButton, editorDangerButton, editorSecondaryButton } from '~/components/ui/button'
import { controlClass, EditorLabelled } from '~/components/editor/fields'
import { LanguageFields } from '~/components/editor/language-fields'
import { ImageIcon, TrashIcon, UploadIcon } from '~/components/editor/icons'
import { MEDIA_SLOTS, type MediaSlot } from '~/lib/site/editor-schemas'
import { ACCEPTED_TYPES, MAX_UPLOAD_BYTES, mediaUrl, scaledHeight } from '~/lib/media/media'
import { formResult } from '~/lib/staff/form-result'
import { format } from '~/locales'
import { formatList } from '~/lib/i18n/format'
import { useAdmin } from '~/components/admin/admin-data'
import { localizeDigits } from '~/lib/i18n/digits'
import type { Route } from './+types/media'
import { AdminRouteError } from '~/components/admin/route-error'
import { mediaAction, mediaLoader } from './media.server'

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.messages.media.title ?? 'Media Manager' }]

export const loader = (args: Route.LoaderArgs) => mediaLoader(args)
export const action = (args: Route.ActionArgs) => mediaAction(args)

type LoaderData = Route.ComponentProps['loaderData']
type Item = LoaderData['items'][number]

function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`
}

function Thumbnail({ item, alt }: { item: Item; alt: string }) {
  const width = item.widths[0]!
  return (
    <img
      src={mediaUrl(item.name, width)}
      width={width}
      height={scaledHeight(item, width)}
      alt={alt}
      loading="lazy"
      decoding="async"
      className="h-36 w-full rounded-md bg-slate-100 object-contain"
    />
  )
}

function SlotCard({ slot, items, messages }: { slot: MediaSlot; items: Item[]; messages: LoaderData['messages'] }) {
  const m = messages.media
  const current = items.find((item) => item.slots.includes(slot))
  return (
    <li className={`${cardClass} flex flex-col gap-3`}>
      <h3 className="font-bold text-slate-900">{m.slots[slot]}</h3>
      {current ? (
        <Thumbnail item={current} alt={current.alt.en} />
      ) : (
        <div className="flex h-36 items-center justify-center gap-2 rounded-md bg-slate-100 p-3 text-center text-sm text-slate-600">
          <ImageIcon />
          {m.slotEmpty}
        </div>
      )}
      <Form method="post" encType="multipart/form-data" className="mt-auto space-y-2">
        <input type="hidden" name="intent" value="slot" />
        <input type="hidden" name="slot" value={slot} />
        <EditorLabelled id={`slot-${slot}`} label={format(m.chooseFor, { slot: m.slots[slot] })}>
          {(wiring) => (
            <select {...wiring} name="assetId" defaultValue={current ? String(current.id) : ''} className={controlClass()}>
              <option value="">{m.noImage}</option>
              {items.map((item) => (
                <option key={item.id} value={item.id}>
                  {format(m.imageOption, { id: item.id, width: item.width, height: item.height })}
                  {item.alt.en ? ` – ${item.alt.en}` : ''}
                </option>
              ))}
            </select>
          )}
        </EditorLabelled>
        <button type="submit" className={editorSecondaryButton}>
          {m.useImage}
        </button>
      </Form>
    </li>
  )
}

function UploadForm({ messages, errors }: { messages: LoaderData['messages']; errors: Record<string, string> }) {
  const m = messages.media
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const uploading = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'upload'
  const [clientProblem, setClientProblem] = useState<string | null>(null)
  const form = useRef<HTMLFormElement>(null)
  return (
    <section aria-labelledby="media-upload" className={cardClass}>
      <h2 id="media-upload" className="flex items-center gap-2 text-lg font-bold text-slate-900">
        <UploadIcon />
        {m.upload}
      </h2>
      <Form
        ref={form}
        method="post"
        encType="multipart/form-data"
        className="mt-4 space-y-4"
        onSubmit={(event) => {
          // A quick check before sending 5 MB over a slow line; the server checks the content.
          const file = (event.currentTarget.elements.namedItem('file') as HTMLInputElement | null)?.files?.[0]
          if (file && file.size > MAX_UPLOAD_BYTES) {
            event.preventDefault()
            setClientProblem(m.problems.tooLarge)
          } else setClientProblem(null)
        }}
      >
        <input type="hidden" name="intent" value="upload" />
        <EditorLabelled id="media-file" label={m.file} error={clientProblem ?? undefined} help={m.fileHelp}>
          {(wiring) => (
            <input
              {...wiring}
              name="file"
              type="file"
              accept={ACCEPTED_TYPES.join(',')}
              required
              className="block w-full text-sm text-slate-800 file:me-3 file:rounded-md file:border-0 file:bg-slate-200 file:px-3 file:py-2 file:font-bold"
            />
          )}
        </EditorLabelled>
        <EditorFieldset legend={m.altHeading} help={m.altHelp}>
          <LanguageFields name="alt" label={(language) => format(m.altIn, { language })} languages={messages.common} errors={errors} />
        </EditorFieldset>
        <button type="submit" className={editorButton} disabled={uploading && hydrated}>
          {uploading ? m.uploading : m.uploadButton}
        </button>
      </Form>
    </section>
  )
}

function LibraryItem({ item, messages }: { item: Item; messages: LoaderData['messages'] }) {
  const m = messages.media
  const { locale } = useAdmin()
  return (
    <li className={`${cardClass} space-y-3`}>
      <a href={mediaUrl(item.name, item.widths[item.widths.length - 1]!)} target="_blank" rel="noreferrer" title={m.openImage}>
        <Thumbnail item={item} alt={item.alt.en} />
      </a>
      <p className="text-sm text-slate-700">
        <span className="font-bold">#{localizeDigits(item.id, locale)}</span> ·{' '}
        {format(m.details, { width: item.width, height: item.height, size: localizeDigits(formatBytes(item.bytes), locale) })}
      </p>
      <p className="text-sm text-slate-700">
        {item.slots.length
          ? format(m.usedIn, {
              slots: formatList(
                item.slots.map((slot) => m.slots[slot]),
                locale,
              ),
            })
          : m.unused}
      </p>
      <Form method="post" encType="multipart/form-data" className="space-y-2">
        <input type="hidden" name="intent" value="alt" />
        <input type="hidden" name="assetId" value={item.id} />
        <LanguageFields
          name="alt"
          idPrefix={`alt-${item.id}`}
          label={(language) => `#${item.id} ${format(m.altIn, { language })}`}
          languages={messages.common}
          values={item.alt}
          className="space-y-2"
        />
        <button type="submit" className={editorSecondaryButton}>
          {m.saveAlt}
        </button>
      </Form>
      <Form
        method="post"
        encType="multipart/form-data"
        onSubmit={(event) => {
          if (!window.confirm(m.deleteConfirm)) event.preventDefault()
        }}
      >
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="assetId" value={item.id} />
        <button type="submit" className={editorDangerButton} aria-label={format(m.deleteLabel, { id: item.id })}>
          <TrashIcon className="h-4 w-4" />
          {m.delete}
        </button>
      </Form>
    </li>
  )
}

/** A section this role may not use (403) and other errors, inside the admin shell. */
export const ErrorBoundary = AdminRouteError

export default function MediaManager({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, items } = loaderData
  const m = messages.media
  const { ok, errors, feedback } = formResult(actionData)
  return (
    <EditorPage title={m.title} intro={m.intro} feedback={feedback}>
      <section aria-labelledby="media-slots">
        <h2 id="media-slots" className="mb-3 text-lg font-bold text-slate-900">
          {m.slotsHeading}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {MEDIA_SLOTS.map((slot) => (
            <SlotCard key={slot} slot={slot} items={items} messages={messages} />
          ))}
        </ul>
      </section>
      <UploadForm key={ok ? JSON.stringify(feedback) + items.length : 'upload'} messages={messages} errors={errors} />
      <section aria-labelledby="media-library">
        <h2 id="media-library" className="mb-3 text-lg font-bold text-slate-900">
          {m.library}
        </h2>
        {items.length === 0 ? (
          <p className="text-slate-700">{m.libraryEmpty}</p>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((item) => (
              <LibraryItem key={item.id} item={item} messages={messages} />
            ))}
          </ul>
        )}
      </section>
    </EditorPage>
  )
}
