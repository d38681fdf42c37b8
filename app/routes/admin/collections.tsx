import { useEffect, useRef, useState } from 'react'
import { Form, Link, useNavigation, useSubmit } from 'react-router'
import { useHydrated } from '~/components/admin/feedback'
import { cardClass, EditorPage, SaveBar } from '~/components/editor/editor-page'
import { VersionHistory } from '~/components/editor/version-history'
import { CollectionItemFields, RetiredItemFields } from '~/components/editor/collection-item-fields'
import { RowButtons, type RowButton } from '~/components/editor/row-buttons'
import { ArrowDownIcon, ArrowUpIcon, EyeIcon, EyeOffIcon, GripIcon, HistoryIcon, TrashIcon } from '~/components/editor/icons'
import { editorSecondaryButton } from '~/components/ui/button'
import {
  COLLECTION_IDS,
  COLLECTION_LIMITS,
  itemLanguagesMissing,
  MAIN_FIELDS,
  missingInFormItem,
  type CollectionId,
  type FormItem,
} from '~/lib/site/editor-schemas'
import { formResult } from '~/lib/staff/form-result'
import { format } from '~/locales'
import { AdminRouteError } from '~/components/admin/route-error'
import type { Route } from './+types/collections'
import { collectionsAction, collectionsLoader } from './collections.server'
import { FormEnd } from '~/components/editor/form-end'

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.messages.collections.title ?? 'Collections' }]

export const loader = (args: Route.LoaderArgs) => collectionsLoader(args)
export const action = (args: Route.ActionArgs) => collectionsAction(args)

/** A section this role may not use (403) and other errors, inside the admin shell. */
export const ErrorBoundary = AdminRouteError

type Messages = Route.ComponentProps['loaderData']['messages']

function itemLabel(collection: CollectionId, item: FormItem, m: Messages['collections']): string {
  return item.texts[MAIN_FIELDS[collection]]?.en.trim().slice(0, 60) || m.newItem
}

/** Show or hide, move up, move down, retire: form posts that work without JavaScript (the action answers the changed list unsaved). */
function ItemButtons({
  item,
  label,
  index,
  count,
  m,
  focus,
}: {
  item: FormItem
  label: string
  index: number
  count: number
  m: Messages['collections']
  focus?: string
}) {
  // Their tooltips say what they do to this item.
  const toggle = format(item.visible ? m.hide : m.show, { name: label })
  const retire = format(item.retired ? m.unretire : m.retire, { name: label })
  const buttons: RowButton<'toggle' | 'up' | 'down' | 'retire' | 'unretire'>[] = [
    {
      kind: 'toggle',
      label: toggle,
      title: toggle,
      pressed: !item.visible,
      possible: !item.retired,
      icon: item.visible ? <EyeIcon /> : <EyeOffIcon />,
    },
    { kind: 'up', label: format(m.moveUpLabel, { name: label }), title: m.moveUp, possible: index > 0, icon: <ArrowUpIcon /> },
    {
      kind: 'down',
      label: format(m.moveDownLabel, { name: label }),
      title: m.moveDown,
      possible: index < count - 1,
      icon: <ArrowDownIcon />,
    },
    {
      kind: item.retired ? 'unretire' : 'retire',
      label: retire,
      title: retire,
      possible: true,
      icon: item.retired ? <HistoryIcon /> : <TrashIcon />,
    },
  ]
  return <RowButtons id={item.id} buttons={buttons} focus={focus} />
}

export default function CollectionsEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, status, collection, version, history, photos } = loaderData
  const m = messages.collections
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const submit = useSubmit()
  const formRef = useRef<HTMLFormElement>(null)
  const [dragging, setDragging] = useState<string | null>(null)
  const busy = navigation.state === 'submitting'
  const saving = busy && navigation.formData?.get('intent') === 'save'
  const restoring = busy && navigation.formData?.get('intent') === 'restore'
  const { draft, focus, feedback, errors } = formResult(actionData)
  const items: FormItem[] = draft ?? loaderData.items
  const unsaved = Boolean(draft)
  const movedId = focus && /^(up|down|to):/.test(focus) ? focus.split(':')[1] : undefined
  const movedIndex = movedId ? items.findIndex((item) => item.id === movedId) : -1
  const announcement =
    movedIndex >= 0 ? format(m.moved, { name: itemLabel(collection, items[movedIndex]!, m), position: movedIndex + 1 }) : ''
  const name = m.tabs[collection]

  // After a move the list is drawn again: the button pressed keeps the focus (or the new item's first field).
  useEffect(() => {
    if (!focus || !formRef.current) return
    const target = focus.startsWith('item-')
      ? formRef.current.querySelector<HTMLElement>(`#${CSS.escape(focus)} input:not([type=hidden]), #${CSS.escape(focus)} textarea`)
      : formRef.current.querySelector<HTMLElement>(`button[name=intent][value="${CSS.escape(focus)}"]`)
    target?.focus()
  }, [actionData, focus])

  const drop = (id: string, index: number) => {
    if (!formRef.current) return
    const data = new FormData(formRef.current)
    data.set('intent', `to:${id}:${index}`)
    submit(data, { method: 'post' })
  }

  return (
    <EditorPage title={m.title} intro={m.intro} status={status} feedback={feedback}>
      <nav aria-label={m.tabsLabel}>
        <ul className="flex flex-wrap gap-2">
          {COLLECTION_IDS.map((id) => (
            <li key={id}>
              <Link
                to={`?c=${id}`}
                aria-current={id === collection ? 'page' : undefined}
                className={`inline-block rounded-md border px-3 py-2 text-sm font-bold focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700 ${
                  id === collection
                    ? 'border-blue-800 bg-blue-800 text-white'
                    : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
                }`}
              >
                {m.tabs[id]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="text-sm text-slate-700">
        {m.homepageNote} {m.limitNote}
      </p>
      <Form method="post" ref={formRef} key={`${collection}-${version ?? 'new'}`} className="space-y-6" noValidate>
        {/* Enter in a field saves (the first submit button of a form is the one Enter presses). */}
        <button type="submit" name="intent" value="save" className="sr-only" tabIndex={-1} aria-hidden="true" />
        <input type="hidden" name="version" value={version ?? ''} />
        <input type="hidden" name="collection" value={collection} />
        <input type="hidden" name="count" value={items.length} />
        <div className={cardClass}>
          <h2 id="collection-heading" className="text-lg font-bold text-slate-900">
            {name}
          </h2>
          <ol aria-label={format(m.listLabel, { section: name })} className="mt-4 space-y-3">
            {items.map((item, index) => {
              const label = itemLabel(collection, item, m)
              const missing = item.retired ? {} : missingInFormItem(collection, item)
              const languages = { fa: messages.common.dari, ps: messages.common.pashto }
              return (
                <li
                  key={item.id}
                  id={`item-${item.id}`}
                  data-item={item.id}
                  onDragOver={(event) => {
                    event.preventDefault()
                    event.dataTransfer.dropEffect = 'move'
                  }}
                  onDrop={(event) => {
                    event.preventDefault()
                    const id = event.dataTransfer.getData('text/plain') || dragging
                    setDragging(null)
                    if (id && id !== item.id) drop(id, index)
                  }}
                  className={`rounded-lg border p-3 ${dragging === item.id ? 'border-blue-700 bg-blue-50' : 'border-slate-200 bg-white'}`}
                >
                  <input type="hidden" name={`item.${index}.id`} value={item.id} />
                  {item.isNew ? <input type="hidden" name={`item.${index}.new`} value="1" /> : null}
                  {item.visible ? <input type="hidden" name={`item.${index}.visible`} value="on" /> : null}
                  {item.retired ? <input type="hidden" name={`item.${index}.retired`} value="1" /> : null}
                  <div className="flex flex-wrap items-center gap-3">
                    {hydrated ? (
                      // Only the handle starts a drag, so that text in the fields can still be selected with the mouse.
                      <span
                        className="cursor-grab text-slate-500"
                        title={format(m.dragHandle, { name: label })}
                        data-drag-handle={item.id}
                        draggable
                        onDragStart={(event) => {
                          event.dataTransfer.effectAllowed = 'move'
                          event.dataTransfer.setData('text/plain', item.id)
                          setDragging(item.id)
                        }}
                        onDragEnd={() => setDragging(null)}
                      >
                        <GripIcon />
                      </span>
                    ) : null}
                    <span className="min-w-0 flex-1">
                      <h3 className={`font-bold ${item.visible && !item.retired ? 'text-slate-900' : 'text-slate-600 line-through'}`}>
                        {label}
                      </h3>
                      <span className="block text-xs text-slate-600">
                        {format(m.position, { position: index + 1, total: items.length })} ·{' '}
                        {item.retired ? m.retired : item.visible ? m.shown : m.hidden}
                      </span>
                      {itemLanguagesMissing(missing).map((locale) => (
                        <span
                          key={locale}
                          data-missing-language={locale}
                          className="me-2 mt-1 inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900"
                        >
                          {format(m.missingItem, { language: languages[locale] })}
                        </span>
                      ))}
                    </span>
                    <ItemButtons item={item} label={label} index={index} count={items.length} m={m} focus={draft ? focus : undefined} />
                  </div>
                  {item.retired ? (
                    <RetiredItemFields collection={collection} item={item} index={index} />
                  ) : (
                    <CollectionItemFields
                      collection={collection}
                      item={item}
                      index={index}
                      label={label}
                      errors={errors}
                      messages={messages}
                      photos={photos}
                      missing={missing}
                    />
                  )}
                </li>
              )
            })}
          </ol>
          <p aria-live="polite" className="sr-only">
            {announcement}
          </p>
          <button
            type="submit"
            name="intent"
            value="add"
            className={`mt-4 ${editorSecondaryButton}`}
            disabled={busy}
            aria-disabled={items.length >= COLLECTION_LIMITS.items ? true : undefined}
          >
            {m.add[collection]}
          </button>
        </div>
        <SaveBar label={format(m.save, { section: name })} saving={saving} messages={messages.common} intent="save">
          {unsaved ? <p className="text-sm font-bold text-amber-800">{m.unsaved}</p> : null}
        </SaveBar>
        <FormEnd />
      </Form>

      <VersionHistory history={history} texts={messages.content.history} restoring={restoring} />
    </EditorPage>
  )
}
