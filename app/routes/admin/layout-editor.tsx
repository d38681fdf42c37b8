import { useState } from 'react'
import { data, Form, useNavigation } from 'react-router'
import { cardClass, EditorPage, SaveBar } from '~/components/editor/editor-page'
import { editorIconButton } from '~/components/ui/button'
import { useHydrated, type Feedback } from '~/components/editor/feedback'
import { ArrowDownIcon, ArrowUpIcon, EyeIcon, EyeOffIcon, GripIcon } from '~/components/editor/icons'
import { database } from '~/lib/platform/db.server'
import { readForm } from '~/lib/forms/read-form.server'
import { applyLayoutMove, LayoutSchema, layoutFromForm, moveSectionTo, parseLayoutMove } from '~/lib/site/editor-schemas'
import { editorMessages, lastSavedText, requireEditor, requireEditorAction, unreadableForm } from '~/lib/site/editor.server'
import { DEFAULT_HOMEPAGE_LAYOUT, type HomepageSection, type HomepageSectionId } from '~/lib/site/site-data'
import { readDocument, saveDocument } from '~/lib/site/site-store.server'
import { format } from '~/locales'
import type { Route } from './+types/layout-editor'

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.messages.layout.title ?? 'Layout & Sections Editor' }]

export async function loader({ request }: Route.LoaderArgs) {
  await requireEditor(request)
  const stored = await readDocument(await database(), 'layout')
  return data(
    {
      messages: editorMessages(request),
      sections: stored?.value ?? DEFAULT_HOMEPAGE_LAYOUT.map((section) => ({ ...section })),
      status: lastSavedText(request, stored),
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}

export async function action({ request }: Route.ActionArgs) {
  const member = await requireEditorAction(request)
  const m = editorMessages(request).layout
  const read = await readForm(request)
  if (!read.ok) return unreadableForm(request, m.errorTitle, read.status)
  const { form } = read
  const parsed = LayoutSchema.safeParse(layoutFromForm(form))
  if (!parsed.success) {
    const feedback: Feedback = { variant: 'destructive', title: m.errorTitle, text: editorMessages(request).errors.layout }
    return data({ ok: false as const, feedback }, { status: 400 })
  }
  const intent = String(form.get('intent') ?? '')
  // Without JavaScript, Move up / Move down / Show / Hide are form posts: the changed list comes
  // back unsaved, exactly as the buttons change it in the browser.
  const move = parseLayoutMove(intent)
  if (move) {
    const sections = applyLayoutMove(parsed.data, move)
    const index = sections.findIndex((section) => section.id === move.id)
    return { ok: true as const, draft: sections, focus: `${move.kind}:${move.id}`, position: index + 1, feedback: null }
  }
  try {
    await saveDocument(await database(), 'layout', parsed.data, member.id)
  } catch (error) {
    console.error('Saving the layout failed:', error)
    const feedback: Feedback = { variant: 'destructive', title: m.errorTitle, text: m.errorText }
    return data({ ok: false as const, feedback, draft: parsed.data }, { status: 500 })
  }
  const feedback: Feedback = { variant: 'success', title: m.savedTitle, text: m.savedText }
  return { ok: true as const, feedback }
}

const same = (a: readonly HomepageSection[], b: readonly HomepageSection[]) =>
  a.length === b.length && a.every((section, i) => section.id === b[i]!.id && section.visible === b[i]!.visible)

export default function LayoutEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, status } = loaderData
  const m = messages.layout
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save'
  const draft = actionData && 'draft' in actionData ? actionData.draft : undefined
  const [sections, setSections] = useState<HomepageSection[]>(() => draft ?? loaderData.sections)
  const [announcement, setAnnouncement] = useState('')
  const [dragging, setDragging] = useState<HomepageSectionId | null>(null)
  const [saved, setSaved] = useState(loaderData.sections)
  // After a save the loader's list is the published one.
  if (!same(saved, loaderData.sections)) {
    setSaved(loaderData.sections)
    setSections(loaderData.sections)
  }
  const unsaved = !same(sections, loaderData.sections)
  const name = (id: HomepageSectionId) => m.sections[id]

  const apply = (next: HomepageSection[], moved?: HomepageSectionId) => {
    setSections(next)
    if (moved) {
      const position = next.findIndex((section) => section.id === moved) + 1
      setAnnouncement(format(m.moved, { section: name(moved), position }))
    }
  }

  return (
    <EditorPage title={m.title} intro={m.intro} status={status} feedback={actionData?.feedback}>
      <Form method="post" className="space-y-6">
        <div className={cardClass}>
          <ol aria-label={m.listLabel} className="space-y-2">
            {sections.map((section, index) => {
              const label = name(section.id)
              return (
                <li
                  key={section.id}
                  data-section={section.id}
                  draggable={hydrated}
                  onDragStart={(event) => {
                    event.dataTransfer.effectAllowed = 'move'
                    event.dataTransfer.setData('text/plain', section.id)
                    setDragging(section.id)
                  }}
                  onDragEnd={() => setDragging(null)}
                  onDragOver={(event) => {
                    event.preventDefault()
                    event.dataTransfer.dropEffect = 'move'
                  }}
                  onDrop={(event) => {
                    event.preventDefault()
                    const id = (event.dataTransfer.getData('text/plain') || dragging) as HomepageSectionId | null
                    setDragging(null)
                    if (!id || id === section.id) return
                    apply(moveSectionTo(sections, id, index), id)
                  }}
                  className={`flex items-center gap-3 rounded-lg border p-3 ${
                    dragging === section.id ? 'border-blue-700 bg-blue-50' : 'border-slate-200 bg-white'
                  } ${section.visible ? '' : 'opacity-75'}`}
                >
                  <input type="hidden" name="order" value={section.id} />
                  {section.visible ? <input type="hidden" name="visible" value={section.id} /> : null}
                  {hydrated ? (
                    <span className="cursor-grab text-slate-500" title={format(m.dragHandle, { section: label })}>
                      <GripIcon />
                    </span>
                  ) : null}
                  <span className="flex-1">
                    <span className={`block font-bold ${section.visible ? 'text-slate-900' : 'text-slate-600 line-through'}`}>{label}</span>
                    <span className="block text-xs text-slate-600">
                      {format(m.position, { position: index + 1, total: sections.length })} · {section.visible ? m.shown : m.hidden}
                    </span>
                  </span>
                  <button
                    type="submit"
                    name="intent"
                    value={`toggle:${section.id}`}
                    className={editorIconButton}
                    aria-label={format(section.visible ? m.hide : m.show, { section: label })}
                    aria-pressed={!section.visible}
                    onClick={(event) => {
                      event.preventDefault()
                      apply(applyLayoutMove(sections, { kind: 'toggle', id: section.id }))
                    }}
                    autoFocus={draft && actionData && 'focus' in actionData && actionData.focus === `toggle:${section.id}`}
                  >
                    {section.visible ? <EyeIcon /> : <EyeOffIcon />}
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value={`up:${section.id}`}
                    className={editorIconButton}
                    aria-label={format(m.moveUpLabel, { section: label })}
                    title={m.moveUp}
                    aria-disabled={index === 0 || undefined}
                    onClick={(event) => {
                      event.preventDefault()
                      if (index > 0) apply(applyLayoutMove(sections, { kind: 'up', id: section.id }), section.id)
                    }}
                    autoFocus={draft && actionData && 'focus' in actionData && actionData.focus === `up:${section.id}`}
                  >
                    <ArrowUpIcon />
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value={`down:${section.id}`}
                    className={editorIconButton}
                    aria-label={format(m.moveDownLabel, { section: label })}
                    title={m.moveDown}
                    aria-disabled={index === sections.length - 1 || undefined}
                    onClick={(event) => {
                      event.preventDefault()
                      if (index < sections.length - 1) apply(applyLayoutMove(sections, { kind: 'down', id: section.id }), section.id)
                    }}
                    autoFocus={draft && actionData && 'focus' in actionData && actionData.focus === `down:${section.id}`}
                  >
                    <ArrowDownIcon />
                  </button>
                </li>
              )
            })}
          </ol>
          <p aria-live="polite" className="sr-only">
            {announcement}
          </p>
        </div>
        <SaveBar label={m.save} saving={saving} messages={messages.common} intent="save">
          {unsaved ? <p className="text-sm font-bold text-amber-800">{m.unsaved}</p> : null}
        </SaveBar>
      </Form>
    </EditorPage>
  )
}
