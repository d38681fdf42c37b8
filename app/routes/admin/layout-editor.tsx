import { useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { useHydrated } from '~/components/admin/feedback'
import { cardClass, EditorPage, SaveBar } from '~/components/editor/editor-page'
import { editorIconButton } from '~/components/ui/button'
import { ArrowDownIcon, ArrowUpIcon, EyeIcon, EyeOffIcon, GripIcon } from '~/components/editor/icons'
import { database } from '~/lib/platform/db.server'
import { readForm } from '~/lib/forms/read-form.server'
import {
  applyLayoutMove,
  hasVisibleSection,
  LayoutSchema,
  layoutFromForm,
  moveSectionTo,
  parseLayoutMove,
  type LayoutMove,
} from '~/lib/site/editor-schemas'
import {
  conflict,
  editedVersion,
  editorMessages,
  editorScreen,
  lastSavedText,
  requireEditor,
  requireEditorAction,
  unreadableForm,
} from '~/lib/site/editor.server'
import { DEFAULT_HOMEPAGE_LAYOUT, type HomepageSection, type HomepageSectionId } from '~/lib/site/site-data'
import { readDocument, saveDocument, VersionConflictError } from '~/lib/site/site-store.server'
import { formResult, type FormAnswer } from '~/lib/staff/form-result'
import { formFailure, formSuccess, type FormReply } from '~/lib/staff/form-result.server'
import { format } from '~/locales'
import type { Route } from './+types/layout-editor'
import { AdminRouteError } from '~/components/admin/route-error'

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.messages.layout.title ?? 'Layout & Sections Editor' }]

export async function loader({ request }: Route.LoaderArgs) {
  await requireEditor(request)
  const stored = await readDocument(await database(), 'layout')
  return editorScreen(request, {
    sections: stored?.value ?? DEFAULT_HOMEPAGE_LAYOUT.map((section) => ({ ...section })),
    version: stored?.version ?? null,
    status: lastSavedText(request, stored, (m) => m.unpublished.layout),
  })
}

/** A move without JavaScript answers the changed list unsaved (`draft`), and the button to focus again. */
type LayoutAnswer = FormAnswer<undefined> & { draft?: HomepageSection[]; focus?: string; position?: number }

export async function action({ request }: Route.ActionArgs): Promise<FormReply<LayoutAnswer>> {
  const member = await requireEditorAction(request)
  const m = editorMessages(request).layout
  const read = await readForm(request)
  if (!read.ok) return unreadableForm(request, m.errorTitle, read.status)
  const { form } = read
  const parsed = LayoutSchema.safeParse(layoutFromForm(form))
  if (!parsed.success) {
    return formFailure(400, { feedback: { variant: 'destructive', title: m.errorTitle, text: editorMessages(request).errors.layout } })
  }
  const intent = String(form.get('intent') ?? '')
  // Without JavaScript, Move up / Move down / Show / Hide are form posts: the changed list comes
  // back unsaved, exactly as the buttons change it in the browser.
  const move = parseLayoutMove(intent)
  if (move) {
    const sections = applyLayoutMove(parsed.data, move)
    const index = sections.findIndex((section) => section.id === move.id)
    return formSuccess(null, { draft: sections, focus: `${move.kind}:${move.id}`, position: index + 1 })
  }
  // Every section hidden would leave the homepage empty: refused, the editor's choices kept.
  if (!hasVisibleSection(parsed.data)) {
    const text = editorMessages(request).layoutRules.noneVisible
    return formFailure(400, { feedback: { variant: 'destructive', title: m.errorTitle, text } }, { draft: parsed.data })
  }
  try {
    await saveDocument(await database(), 'layout', parsed.data, member.id, { expectedVersion: editedVersion(form) })
  } catch (error) {
    if (error instanceof VersionConflictError) return conflict(request, error, undefined, { draft: parsed.data })
    console.error('Saving the layout failed:', error)
    return formFailure(500, { feedback: { variant: 'destructive', title: m.errorTitle, text: m.errorText } }, { draft: parsed.data })
  }
  return formSuccess({ variant: 'success', title: m.savedTitle, text: m.savedText })
}

type LayoutMessages = Route.ComponentProps['loaderData']['messages']['layout']

/**
 * Show or hide, move up, move down: form posts that work without JavaScript (the action answers the
 * changed list unsaved), applied at once in the browser with it.
 */
function SectionButtons({
  section,
  index,
  count,
  messages: m,
  focus,
  onMove,
}: {
  section: HomepageSection
  index: number
  count: number
  messages: LayoutMessages
  focus?: string
  onMove: (move: LayoutMove) => void
}) {
  const name = m.sections[section.id]
  const buttons = [
    {
      kind: 'toggle',
      label: format(section.visible ? m.hide : m.show, { section: name }),
      pressed: !section.visible,
      possible: true,
      icon: section.visible ? <EyeIcon /> : <EyeOffIcon />,
    },
    { kind: 'up', label: format(m.moveUpLabel, { section: name }), title: m.moveUp, possible: index > 0, icon: <ArrowUpIcon /> },
    {
      kind: 'down',
      label: format(m.moveDownLabel, { section: name }),
      title: m.moveDown,
      possible: index < count - 1,
      icon: <ArrowDownIcon />,
    },
  ] as const
  return buttons.map((button) => (
    <button
      key={button.kind}
      type="submit"
      name="intent"
      value={`${button.kind}:${section.id}`}
      className={editorIconButton}
      aria-label={button.label}
      title={'title' in button ? button.title : undefined}
      aria-pressed={'pressed' in button ? button.pressed : undefined}
      aria-disabled={button.possible ? undefined : true}
      onClick={(event) => {
        event.preventDefault()
        if (button.possible) onMove({ kind: button.kind, id: section.id })
      }}
      autoFocus={focus === `${button.kind}:${section.id}`}
    >
      {button.icon}
    </button>
  ))
}

const same = (a: readonly HomepageSection[], b: readonly HomepageSection[]) =>
  a.length === b.length && a.every((section, i) => section.id === b[i]!.id && section.visible === b[i]!.visible)

/** A section this role may not use (403) and other errors, inside the admin shell. */
export const ErrorBoundary = AdminRouteError

export default function LayoutEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, status } = loaderData
  const m = messages.layout
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save'
  const { draft, focus, feedback } = formResult(actionData)
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
    <EditorPage title={m.title} intro={m.intro} status={status} feedback={feedback}>
      <Form method="post" className="space-y-6">
        <input type="hidden" name="version" value={loaderData.version ?? ''} />
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
                  <SectionButtons
                    section={section}
                    index={index}
                    count={sections.length}
                    messages={m}
                    focus={draft ? focus : undefined}
                    onMove={(move) => apply(applyLayoutMove(sections, move), move.kind === 'toggle' ? undefined : move.id)}
                  />
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
