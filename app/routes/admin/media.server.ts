import { data } from 'react-router'
import { type Feedback } from '~/components/editor/feedback'
import { database } from '~/lib/platform/db.server'
import { AltTextSchema, altFromForm, MEDIA_SLOTS, type MediaSlot } from '~/lib/site/editor-schemas'
import { editorMessages, invalid, requireEditor, requireEditorAction } from '~/lib/site/editor.server'
import {
  assignSlot,
  deleteImage,
  listMedia,
  MediaInUseError,
  processImage,
  readUploadForm,
  storeImage,
  updateAltText,
  UploadError,
} from '~/lib/media/media.server'
import { mediaStorage } from '~/lib/media/storage.server'
import { parseRowId } from '~/lib/forms/row-id'
import { format } from '~/locales'
import type { Route } from './+types/media'

/** The media library: every image with its variants and where it is used. */
export async function mediaLoader({ request }: Route.LoaderArgs) {
  await requireEditor(request)
  const items = await listMedia(await database())
  return data(
    {
      messages: editorMessages(request),
      items: items.map(({ createdAt, ...item }) => ({ ...item, createdAt: createdAt.toISOString() })),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

function slotNames(request: Request, slots: MediaSlot[]): string {
  const m = editorMessages(request).media
  return slots.map((slot) => m.slots[slot]).join(', ')
}

/** Uploads, alternative texts, slot choices and deletions. */
export async function mediaAction({ request }: Route.ActionArgs) {
  const member = await requireEditorAction(request)
  const m = editorMessages(request).media
  const problem = (text: string, status = 400) =>
    data({ ok: false as const, feedback: { variant: 'destructive', title: m.uploadErrorTitle, text } satisfies Feedback }, { status })
  let form: FormData
  try {
    form = await readUploadForm(request)
  } catch (error) {
    if (error instanceof UploadError) return problem(m.problems[error.problem], error.status)
    throw error
  }
  const db = await database()
  const intent = String(form.get('intent') ?? '')
  const assetId = parseRowId(form.get('assetId'))
  try {
    switch (intent) {
      case 'upload': {
        const file = form.get('file')
        if (!(file instanceof File) || file.size === 0) return problem(m.problems.missing)
        const alt = altFromForm(form)
        const parsedAlt = AltTextSchema.safeParse(alt)
        if (!parsedAlt.success)
          return invalid(
            request,
            parsedAlt.error,
            { variant: 'destructive', title: m.uploadErrorTitle, text: editorMessages(request).common.errorSummary },
            {},
            (k) => `alt.${k}`,
          )
        let image
        try {
          image = await processImage(new Uint8Array(await file.arrayBuffer()))
        } catch (error) {
          if (error instanceof UploadError) return problem(m.problems[error.problem])
          throw error
        }
        const { created } = await storeImage(db, mediaStorage(), image, parsedAlt.data, member.id)
        const feedback: Feedback = { variant: 'success', title: m.uploadedTitle, text: created ? m.uploadedText : m.duplicateText }
        return { ok: true as const, feedback }
      }
      case 'slot': {
        const slot = String(form.get('slot')) as MediaSlot
        const clearing = form.get('assetId') === ''
        const chosen = clearing ? null : assetId
        if (!MEDIA_SLOTS.includes(slot) || (!clearing && chosen === null)) return problem(m.notFound, 404)
        if (!(await assignSlot(db, slot, chosen, member.id))) return problem(m.notFound, 404)
        const text = format(chosen === null ? m.slotClearedText : m.slotSavedText, { slot: m.slots[slot] })
        const feedback: Feedback = { variant: 'success', title: m.slotSavedTitle, text }
        return { ok: true as const, feedback }
      }
      case 'alt': {
        const parsed = AltTextSchema.safeParse(altFromForm(form))
        if (!parsed.success)
          return invalid(
            request,
            parsed.error,
            { variant: 'destructive', title: m.errorTitle, text: editorMessages(request).common.errorSummary },
            {},
            (k) => `alt.${k}`,
          )
        if (assetId === null || !(await updateAltText(db, assetId, parsed.data, member.id))) return problem(m.notFound, 404)
        const feedback: Feedback = { variant: 'success', title: m.altSavedTitle }
        return { ok: true as const, feedback }
      }
      case 'delete': {
        try {
          if (assetId === null || !(await deleteImage(db, mediaStorage(), assetId, member.id))) return problem(m.notFound, 404)
        } catch (error) {
          if (error instanceof MediaInUseError) {
            const feedback: Feedback = {
              variant: 'destructive',
              title: m.inUseTitle,
              text: format(m.inUseText, { slots: slotNames(request, error.slots) }),
            }
            return data({ ok: false as const, feedback }, { status: 409 })
          }
          throw error
        }
        const feedback: Feedback = { variant: 'success', title: m.deletedTitle }
        return { ok: true as const, feedback }
      }
      default:
        return problem(m.errorText)
    }
  } catch (error) {
    console.error('A media change failed:', error)
    return data(
      { ok: false as const, feedback: { variant: 'destructive', title: m.errorTitle, text: m.errorText } satisfies Feedback },
      { status: 500 },
    )
  }
}
