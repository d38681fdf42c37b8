import { useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { useHydrated } from '~/components/admin/feedback'
import { cardClass, EditorPage, SaveBar } from '~/components/editor/editor-page'
import { ArrowDownIcon, ArrowUpIcon, EyeIcon, EyeOffIcon, GripIcon } from '~/components/editor/icons'
import { RowButtons, type RowButton } from '~/components/editor/row-buttons'
import {
  applyLayoutMove,
  LAYOUT_SECTION_IDS,
  moveSectionTo,
  type LayoutMove,
  type LayoutSection,
  type LayoutSite,
} from '~/lib/site/editor-schemas'
import { formResult } from '~/lib/staff/form-result'
import { format } from '~/locales'
import type { Route } from './+types/layout-editor'
import { layoutAction, layoutLoader } from './layout-editor.server'
import { AdminRouteError } from '~/components/admin/route-error'
import { FormEnd } from '~/components/editor/form-end'

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
  name,
  index,
  count,
  messages: m,
  focus,
  onMove,
}: {
  section: LayoutSection
  name: string
  index: number
  count: number
  messages: LayoutMessages
  focus?: string
  onMove: (move: LayoutMove) => void
}) {
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

const same = (a: readonly LayoutSection[], b: readonly LayoutSection[]) =>
  a.length === b.length && a.every((section, i) => section.id === b[i]!.id && section.visible === b[i]!.visible)

/** A section this role may not use (403) and other errors, inside the admin shell. */
export const ErrorBoundary = AdminRouteError

/** The two homepages, each a page of this screen (`?site=`), the one shown marked as current. */
function HomepageTabs({ site, messages: m }: { site: LayoutSite; messages: LayoutMessages }) {
  return (
    <nav aria-label={m.sitesLabel} className="flex flex-wrap gap-2">
      {(Object.keys(LAYOUT_SECTION_IDS) as LayoutSite[]).map((entry) => (
        <Link
          key={entry}
          to={`?site=${entry}`}
          aria-current={entry === site ? 'page' : undefined}
          className={`rounded-lg border px-4 py-2 text-sm font-bold ${
            entry === site ? 'border-blue-800 bg-blue-800 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'
          }`}
        >
          {m.sites[entry]}
        </Link>
      ))}
    </nav>
  )
}

export default function LayoutEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, status, site } = loaderData
  const m = messages.layout
  const names: Record<string, string> = site === 'academy' ? m.academySections : m.sections
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save'
  const { draft, focus, feedback } = formResult(actionData)
  const [sections, setSections] = useState<LayoutSection[]>(() => draft ?? loaderData.sections)
  const [announcement, setAnnouncement] = useState('')
  const [dragging, setDragging] = useState<string | null>(null)
  const [saved, setSaved] = useState(loaderData.sections)
  // After a save the loader's list is the published one.
  if (!same(saved, loaderData.sections)) {
    setSaved(loaderData.sections)
    setSections(loaderData.sections)
  }
  const unsaved = !same(sections, loaderData.sections)
  const name = (id: string) => names[id] ?? id

  const apply = (next: LayoutSection[], moved?: string) => {
    setSections(next)
    if (moved) {
      const position = next.findIndex((section) => section.id === moved) + 1
      setAnnouncement(format(m.moved, { section: name(moved), position }))
    }
  }

  return (
    <EditorPage title={m.title} intro={site === 'academy' ? m.academyIntro : m.intro} status={status} feedback={feedback}>
      <HomepageTabs site={site} messages={m} />
      <Form method="post" className="space-y-6">
        <input type="hidden" name="site" value={site} />
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
                    const id = event.dataTransfer.getData('text/plain') || dragging
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
                    name={label}
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
        <FormEnd />
      </Form>
    </EditorPage>
  )
}
