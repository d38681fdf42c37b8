import { useEffect, useRef, useState } from 'react'
import { Form, Link, useNavigation, useSubmit } from 'react-router'
import { useHydrated } from '~/components/admin/feedback'
import { cardClass, EditorPage, SaveBar } from '~/components/editor/editor-page'
import { VersionHistory } from '~/components/editor/version-history'
import { EditorLabelled, controlClass, TextField } from '~/components/editor/fields'
import { LanguageFields } from '~/components/editor/language-fields'
import { ArrowDownIcon, ArrowUpIcon, EyeIcon, EyeOffIcon, GripIcon, HistoryIcon, TrashIcon } from '~/components/editor/icons'
import { editorIconButton, editorSecondaryButton } from '~/components/ui/button'
import {
  COLLECTION_FIELDS,
  COLLECTION_IDS,
  COLLECTION_LIMITS,
  COURSE_MODES,
  hasPhoto,
  MAIN_FIELDS,
  type CollectionId,
  type FormItem,
} from '~/lib/site/editor-schemas'
import { formResult } from '~/lib/staff/form-result'
import { format } from '~/locales'
import { AdminRouteError } from '~/components/admin/route-error'
import type { Route } from './+types/collections'
import { collectionsAction, collectionsLoader } from './collections.server'

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
  const buttons = [
    {
      kind: 'toggle',
      label: format(item.visible ? m.hide : m.show, { name: label }),
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
    item.retired
      ? { kind: 'unretire', label: format(m.unretire, { name: label }), possible: true, icon: <HistoryIcon /> }
      : { kind: 'retire', label: format(m.retire, { name: label }), possible: true, icon: <TrashIcon /> },
  ] as const
  return buttons.map((button) => (
    <button
      key={button.kind}
      type="submit"
      name="intent"
      value={`${button.kind}:${item.id}`}
      className={editorIconButton}
      aria-label={button.label}
      title={'title' in button ? button.title : button.label}
      aria-pressed={'pressed' in button ? button.pressed : undefined}
      aria-disabled={button.possible ? undefined : true}
      onClick={(event) => {
        if (!button.possible) event.preventDefault()
      }}
      autoFocus={focus === `${button.kind}:${item.id}`}
    >
      {button.icon}
    </button>
  ))
}

function ItemFields({
  collection,
  item,
  index,
  label,
  errors,
  messages,
  photos,
}: {
  collection: CollectionId
  item: FormItem
  index: number
  label: string
  errors: Record<string, string>
  messages: Messages
  photos: Array<{ name: string; label: string }>
}) {
  const m = messages.collections
  const name = (field: string) => `item.${index}.${field}`
  const prefix = `collection-${item.id}`
  return (
    <div className="mt-3 space-y-4">
      {COLLECTION_FIELDS[collection].map(([field, kind]) => (
        <fieldset key={field} className="rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-bold text-slate-900">{m.fields[field]}</legend>
          <LanguageFields
            name={name(field)}
            idPrefix={`${prefix}-${field}`}
            rows={kind === 'text' ? 3 : undefined}
            label={(language) => (
              <>
                <span className="sr-only">
                  {label}: {m.fields[field]}{' '}
                </span>
                {language}
              </>
            )}
            languages={messages.common}
            values={item.texts[field]}
            errors={errors}
            englishPlaceholder
          />
        </fieldset>
      ))}
      <div className="grid gap-4 sm:grid-cols-2">
        {collection === 'testimonials' ? (
          <EditorLabelled id={`${prefix}-rating`} label={<Hidden prefix={label}>{m.fields.rating}</Hidden>} error={errors[name('rating')]}>
            {(wiring) => (
              <select {...wiring} name={name('rating')} defaultValue={item.rating} className={controlClass(errors[name('rating')])}>
                {/* A rating outside 1–5 sent by hand stays visible, so the refusal names it. */}
                {['1', '2', '3', '4', '5', ...(['1', '2', '3', '4', '5'].includes(item.rating) ? [] : [item.rating])].map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </select>
            )}
          </EditorLabelled>
        ) : null}
        {collection === 'courses' ? (
          <>
            <EditorLabelled id={`${prefix}-mode`} label={<Hidden prefix={label}>{m.fields.mode}</Hidden>} error={errors[name('mode')]}>
              {(wiring) => (
                <select {...wiring} name={name('mode')} defaultValue={item.mode} className={controlClass(errors[name('mode')])}>
                  {COURSE_MODES.map((mode) => (
                    <option key={mode} value={mode}>
                      {m.modes[mode]}
                    </option>
                  ))}
                </select>
              )}
            </EditorLabelled>
            <TextField
              id={`${prefix}-fee`}
              name={name('fee')}
              label={<Hidden prefix={label}>{m.fields.fee}</Hidden>}
              inputMode="numeric"
              defaultValue={item.fee}
              help={m.feeHelp}
              error={errors[name('fee')]}
            />
            <label className="flex items-center gap-2 font-bold text-slate-900">
              <input type="checkbox" name={name('open')} defaultChecked={item.open} className="h-5 w-5 accent-blue-700" />
              <Hidden prefix={label}>{m.fields.open}</Hidden>
            </label>
          </>
        ) : null}
        {hasPhoto(collection) ? (
          <EditorLabelled id={`${prefix}-photo`} label={<Hidden prefix={label}>{m.fields.photo}</Hidden>} error={errors[name('photo')]}>
            {(wiring) => (
              <select {...wiring} name={name('photo')} defaultValue={item.photo} className={controlClass(errors[name('photo')])}>
                <option value="">{m.noPhoto}</option>
                {photos.map((photo) => (
                  <option key={photo.name} value={photo.name}>
                    {photo.label}
                  </option>
                ))}
              </select>
            )}
          </EditorLabelled>
        ) : null}
      </div>
      {hasPhoto(collection) ? (
        <fieldset className="rounded-lg border border-slate-200 p-3">
          <legend className="px-1 text-sm font-bold text-slate-900">{m.fields.photoAlt}</legend>
          <LanguageFields
            name={name('photoAlt')}
            idPrefix={`${prefix}-photoAlt`}
            label={(language) => (
              <>
                <span className="sr-only">
                  {label}: {m.fields.photoAlt}{' '}
                </span>
                {language}
              </>
            )}
            languages={messages.common}
            values={item.photoAlt}
            errors={errors}
            englishPlaceholder
          />
        </fieldset>
      ) : null}
    </div>
  )
}

/** A label with the item's name before it for screen readers ('Dr. Sara: Photo'). */
function Hidden({ prefix, children }: { prefix: string; children: React.ReactNode }) {
  return (
    <>
      <span className="sr-only">{prefix}: </span>
      {children}
    </>
  )
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
                    </span>
                    <ItemButtons item={item} label={label} index={index} count={items.length} m={m} focus={draft ? focus : undefined} />
                  </div>
                  {item.retired ? (
                    <RetiredFields collection={collection} item={item} index={index} />
                  ) : (
                    <ItemFields
                      collection={collection}
                      item={item}
                      index={index}
                      label={label}
                      errors={errors}
                      messages={messages}
                      photos={photos}
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
      </Form>

      <VersionHistory history={history} texts={messages.content.history} restoring={restoring} />
    </EditorPage>
  )
}

/** A retired item keeps its values, sent along unchanged (hidden), so a save keeps it as it was. */
function RetiredFields({ collection, item, index }: { collection: CollectionId; item: FormItem; index: number }) {
  const name = (field: string) => `item.${index}.${field}`
  const hidden = (field: string, value: string) => <input key={field} type="hidden" name={name(field)} value={value} />
  return (
    <>
      {COLLECTION_FIELDS[collection].flatMap(([field]) =>
        (['en', 'fa', 'ps'] as const).map((locale) => hidden(`${field}.${locale}`, item.texts[field]?.[locale] ?? '')),
      )}
      {hidden('rating', item.rating)}
      {hidden('mode', item.mode)}
      {hidden('fee', item.fee)}
      {item.open ? hidden('open', 'on') : null}
      {hidden('photo', item.photo)}
      {(['en', 'fa', 'ps'] as const).map((locale) => hidden(`photoAlt.${locale}`, item.photoAlt[locale]))}
    </>
  )
}
