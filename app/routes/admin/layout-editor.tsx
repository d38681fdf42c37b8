import { useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { useHydrated } from '~/components/admin/feedback'
import { cardClass, EditorPage, SaveBar } from '~/components/editor/editor-page'
import { ArrowDownIcon, ArrowUpIcon, EyeIcon, EyeOffIcon, GripIcon } from '~/components/editor/icons'
import { RowButtons, type RowButton } from '~/components/editor/row-buttons'
import { applyLayoutMove, moveSectionTo, type LayoutMove } from '~/lib/site/editor-schemas'
import type { HomepageSection, HomepageSectionId } from '~/lib/site/site-data'
import { formResult } from '~/lib/staff/form-result'
import { format } from '~/locales'
import type { Route } from './+types/layout-editor'
import { layoutAction, layoutLoader } from './layout-editor.server'
import { AdminRouteError } from '~/components/admin/route-error'

export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.messages.layout.title ?? 'Layout & Sections Editor' }]

export const loader = (args: Route.LoaderArgs) => layoutLoader(args)
export const action = (args: Route.ActionArgs) => layoutAction(args)

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
  const buttons: RowButton<LayoutMove['kind']>[] = [
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
  ]
  return <RowButtons id={section.id} buttons={buttons} focus={focus} onPress={(kind) => onMove({ kind, id: section.id })} />
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
