import { database } from '~/lib/platform/db.server'
import { readForm } from '~/lib/platform/read-form.server'
import {
  applyItemMove,
  blankItem,
  COLLECTION_IDS,
  COLLECTION_LIMITS,
  CollectionsSchema,
  documentItem,
  formItems,
  isErrorCode,
  itemToForm,
  nameNewItems,
  newItemId,
  parseItemMove,
  seedCollections,
  type CollectionId,
  type Collections,
  type FormItem,
  type Photo,
} from '~/lib/site/editor-schemas'
import {
  conflict,
  editedVersion,
  editorScreen,
  historyForScreen,
  lastSavedText,
  requireEditor,
  unreadableForm,
} from './+shared/editor.server'
import { itemText } from '~/lib/site/collections'
import { LOCALES, type Locale } from '~/lib/i18n/locale'
import { listMedia } from '~/lib/media/media.server'
import { applyContent } from '~/lib/site/site-content'
import { listHistory, readDocument, restoreVersion, saveDocument, VersionConflictError } from '~/lib/site/site-documents.server'
import { parseRowId } from '~/lib/platform/row-id'
import { formFailure, formInvalid, formSuccess, type FormReply } from '~/lib/staff/form-result.server'
import type { FormAnswer } from '~/lib/staff/form-result'
import { messagesFor } from '~/locales'
import type { Route } from './+types/collections'

const KEY = 'collections'

function collectionOf(value: unknown): CollectionId {
  return (COLLECTION_IDS as readonly unknown[]).includes(value) ? (value as CollectionId) : 'services'
}

/** The published collections, or the spec's items (with the content editor's fees) before the first save. */
async function current(db: Awaited<ReturnType<typeof database>>) {
  const [stored, content] = await Promise.all([readDocument(db, KEY), readDocument(db, 'content')])
  return { stored, content: content?.value ?? { texts: {}, fees: {} }, value: stored?.value ?? seedCollections(content?.value.fees) }
}

export async function collectionsLoader({ request, context }: Route.LoaderArgs) {
  const staff = requireEditor(context)
  const db = await database()
  const [{ stored, content, value }, history, media] = await Promise.all([current(db), listHistory(db, KEY, 10), listMedia(db)])
  const collection = collectionOf(new URL(request.url).searchParams.get('c'))
  const catalogues = Object.fromEntries(LOCALES.map((locale) => [locale, applyContent(messagesFor(locale), content, locale)])) as Record<
    Locale,
    unknown
  >
  // A spec item whose text was never saved shows the built-in text of each language.
  const items = value[collection].map((item) =>
    itemToForm(collection, item, (field, locale) => {
      const own = itemText(collection, { id: item.id }, field, locale, catalogues[locale])
      return locale === 'en' || own !== itemText(collection, { id: item.id }, field, 'en', catalogues.en) ? own : ''
    }),
  )
  return editorScreen(staff, {
    collection,
    items,
    photos: media.map((image) => ({ name: image.name, label: image.alt.en || image.name })),
    version: stored?.version ?? null,
    status: lastSavedText(staff, stored, (m) => m.collections.neverSaved),
    history: historyForScreen(staff, history),
  })
}

/** A move without JavaScript answers the changed list unsaved (`draft`), and the button to focus again. */
type CollectionsAnswer = FormAnswer<undefined> & { draft?: FormItem[]; focus?: string }

/** Moves, adds, hides and retires (answered unsaved), saves one collection, or restores a version. */
export async function collectionsAction({ request, context }: Route.ActionArgs): Promise<FormReply<CollectionsAnswer>> {
  const staff = requireEditor(context)
  const member = staff.account
  const messages = staff.messages.editor
  const m = messages.collections
  const read = await readForm(request, { whole: true })
  if (!read.ok) return unreadableForm(staff, m.errorTitle, read)
  const { form } = read
  const db = await database()
  const refused = (status: number, text: string, draft?: FormItem[]) =>
    formFailure(status, { feedback: { variant: 'destructive', title: m.errorTitle, text } }, { draft })
  const intent = String(form.get('intent') ?? '')

  if (intent === 'restore') {
    const sent = form.get('versionId')
    const versionId = sent === null || sent === '' ? undefined : parseRowId(sent)
    if (versionId === null) return refused(404, messages.content.history.nothingToRestore)
    try {
      if (!(await restoreVersion(db, KEY, member.id, versionId))) return refused(404, messages.content.history.nothingToRestore)
    } catch (error) {
      console.error('Restoring the collections failed:', error)
      return refused(500, m.errorText)
    }
    return formSuccess({ variant: 'success', title: messages.content.history.restoredTitle, text: m.savedText })
  }

  const collection = collectionOf(form.get('collection'))
  const items = formItems(collection, form)
  const move = parseItemMove(intent)
  if (move) {
    if (move.kind === 'add') {
      if (items.length >= COLLECTION_LIMITS.items) return refused(400, messages.errors.tooMany, items)
      const id = newItemId(
        'new',
        items.map((item) => item.id),
      )
      return formSuccess(null, { draft: [...items, blankItem(collection, id)], focus: `item-${id}` })
    }
    return formSuccess(null, { draft: applyItemMove(items, move), focus: `${move.kind}:${move.id}` })
  }
  if (intent !== 'save') return refused(400, messages.common.formUnreadable, items)

  const named = nameNewItems(collection, items)
  try {
    const { value } = await current(db)
    const photos = new Map<string, Photo>(
      (await listMedia(db)).map((image) => [
        image.name,
        { name: image.name, width: image.width, height: image.height, widths: image.widths },
      ]),
    )
    const next: Record<string, unknown> = { ...value, [collection]: named.map((item) => documentItem(collection, item, photos)) }
    const parsed = CollectionsSchema.safeParse(next)
    if (!parsed.success) {
      const listError = parsed.error.issues.find((issue) => issue.path.length === 1)
      const feedback = {
        variant: 'destructive' as const,
        title: m.errorTitle,
        text: listError ? messages.errors.tooMany : messages.common.errorSummary,
      }
      const text = (code: string) => messages.errors[isErrorCode(code) ? code : 'required']
      return formInvalid(parsed.error, text, { feedback, rename: (path) => renameField(collection, path) }, { draft: items })
    }
    await saveDocument(db, KEY, parsed.data as Collections, member.id, { expectedVersion: editedVersion(form) })
  } catch (error) {
    if (error instanceof VersionConflictError) return conflict(staff, error, undefined, { draft: items })
    console.error('Saving the collections failed:', error)
    return refused(500, m.errorText, items)
  }
  return formSuccess({ variant: 'success', title: m.savedTitle, text: m.savedText })
}

/** The schema's path (`services.2.title.en`) as the form's field name (`item.2.title.en`). */
function renameField(collection: CollectionId, path: string): string {
  const parts = path.split('.')
  if (parts[0] !== collection || parts.length < 3) return 'form'
  const [, index, field, ...rest] = parts
  if (field === 'feeAfn') return `item.${index}.fee`
  if (field === 'photo') return `item.${index}.photo`
  return ['item', index, field, ...rest].join('.')
}
