import { database } from '~/lib/platform/db.server'
import { AltTextSchema, altFromForm, MEDIA_SLOTS, type MediaSlot } from '~/lib/site/editor-schemas'
import { correctTheFields, editorScreen, invalid, requireEditor } from './+shared/editor.server'
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
import { parseRowId } from '~/lib/platform/row-id'
import { formFailure, formSuccess } from '~/lib/staff/form-result.server'
import { format } from '~/locales'
import { formatList } from '~/lib/i18n/format'
import type { StaffContext } from '~/lib/staff/staff-context.server'
import type { Route } from './+types/media'

/** The media library: every image with its variants and where it is used. */
export async function mediaLoader({ context }: Route.LoaderArgs) {
  const staff = requireEditor(context)
  const items = await listMedia(await database())
  return editorScreen(staff, { items: items.map(({ createdAt, ...item }) => ({ ...item, createdAt: createdAt.toISOString() })) })
}

function slotNames(staff: StaffContext, slots: MediaSlot[], people: string[] = []): string {
  const m = staff.messages.editor.media
  return formatList([...slots.map((slot) => m.slots[slot]), ...people], staff.locale)
}

/** Uploads, alternative texts, slot choices and deletions. */
export async function mediaAction({ request, context }: Route.ActionArgs) {
  const staff = requireEditor(context)
  const member = staff.account
  const m = staff.messages.editor.media
  const refused = (title: string, text: string, status = 400) => formFailure(status, { feedback: { variant: 'destructive', title, text } })
  const problem = (text: string, status = 400) => refused(m.uploadErrorTitle, text, status)
  const done = (title: string, text?: string) => formSuccess({ variant: 'success', title, text })
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
  /** The alternative texts of the form, checked; a refusal names the fields `alt.<language>`. */
  const altTexts = (title: string) => {
    const parsed = AltTextSchema.safeParse(altFromForm(form))
    if (parsed.success) return { ok: true as const, alt: parsed.data }
    return { ok: false as const, refusal: invalid(staff, parsed.error, correctTheFields(staff, title), undefined, (k) => `alt.${k}`) }
  }
  try {
    switch (intent) {
      case 'upload': {
        const file = form.get('file')
        if (!(file instanceof File) || file.size === 0) return problem(m.problems.missing)
        const checked = altTexts(m.uploadErrorTitle)
        if (!checked.ok) return checked.refusal
        let image
        try {
          image = await processImage(new Uint8Array(await file.arrayBuffer()))
        } catch (error) {
          if (error instanceof UploadError) return problem(m.problems[error.problem], error.status)
          throw error
        }
        const { created } = await storeImage(db, mediaStorage(), image, checked.alt, member.id)
        return done(m.uploadedTitle, created ? m.uploadedText : m.duplicateText)
      }
      case 'slot': {
        const slot = String(form.get('slot')) as MediaSlot
        const clearing = form.get('assetId') === ''
        const chosen = clearing ? null : assetId
        if (!MEDIA_SLOTS.includes(slot) || (!clearing && chosen === null)) return problem(m.notFound, 404)
        if (!(await assignSlot(db, slot, chosen, member.id))) return problem(m.notFound, 404)
        return done(m.slotSavedTitle, format(chosen === null ? m.slotClearedText : m.slotSavedText, { slot: m.slots[slot] }))
      }
      case 'alt': {
        const checked = altTexts(m.errorTitle)
        if (!checked.ok) return checked.refusal
        if (assetId === null || !(await updateAltText(db, assetId, checked.alt, member.id))) return problem(m.notFound, 404)
        return done(m.altSavedTitle)
      }
      case 'delete': {
        try {
          if (assetId === null || !(await deleteImage(db, mediaStorage(), assetId, member.id))) return problem(m.notFound, 404)
        } catch (error) {
          if (error instanceof MediaInUseError)
            return refused(m.inUseTitle, format(m.inUseText, { slots: slotNames(staff, error.slots, error.people) }), 409)
          throw error
        }
        return done(m.deletedTitle)
      }
      default:
        return problem(m.errorText)
    }
  } catch (error) {
    console.error('A media change failed:', error)
    return refused(m.errorTitle, m.errorText, 500)
  }
}
