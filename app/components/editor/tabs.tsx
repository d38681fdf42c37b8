import { useRef } from 'react'

/**
 * Tabs that work without JavaScript, and with it a click or the arrow keys switch at once. Every
 * panel stays in the form, so saving sends all tabs.
 *
 * In a form that `submits`, a tab is a submit button named `param`: without JavaScript it sends
 * what was typed in every tab, and the action answers it back unsaved with that tab open
 * (`switchedTab`), so nothing typed is lost. Otherwise (a form that cannot be changed) each tab is
 * a link to `?<param>=<id>`, and the loader picks the selected tab.
 */
export function Tabs({
  label,
  tabs,
  selected,
  onSelect,
  param = 'tab',
  keep = {},
  submits = true,
  saveIntent,
  idPrefix,
}: {
  label: string
  tabs: ReadonlyArray<{ id: string; label: string; invalid?: boolean }>
  selected: string
  onSelect: (id: string) => void
  param?: string
  /** Query values each tab's link keeps (a new post's stream). */
  keep?: Record<string, string>
  /** Whether a tab sends the form it is in (false where nothing in it can be changed). */
  submits?: boolean
  /** The `intent` of the form's Save button, if it sends one. */
  saveIntent?: string
  idPrefix: string
}) {
  const list = useRef<HTMLDivElement>(null)
  const focusTab = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length]!
    onSelect(tab.id)
    list.current?.querySelector<HTMLElement>(`[data-tab="${tab.id}"]`)?.focus()
  }
  const tablist = (
    <div ref={list} role="tablist" aria-label={label} className="flex flex-wrap gap-1 border-b border-slate-200">
      {tabs.map((tab, index) => {
        const active = tab.id === selected
        const Control = submits ? 'button' : 'a'
        const target = submits
          ? { type: 'submit' as const, name: param, value: tab.id, formNoValidate: true }
          : { href: `?${new URLSearchParams({ ...keep, [param]: tab.id }).toString()}` }
        return (
          <Control
            key={tab.id}
            {...target}
            role="tab"
            id={`${idPrefix}-tab-${tab.id}`}
            data-tab={tab.id}
            aria-selected={active}
            aria-controls={`${idPrefix}-panel-${tab.id}`}
            tabIndex={active ? 0 : -1}
            onClick={(event) => {
              event.preventDefault()
              onSelect(tab.id)
            }}
            onKeyDown={(event) => {
              const rtl = getComputedStyle(event.currentTarget).direction === 'rtl'
              const next = rtl ? 'ArrowLeft' : 'ArrowRight'
              const previous = rtl ? 'ArrowRight' : 'ArrowLeft'
              if (event.key === next) focusTab(index + 1)
              else if (event.key === previous) focusTab(index - 1)
              else if (event.key === 'Home') focusTab(0)
              else if (event.key === 'End') focusTab(tabs.length - 1)
              else return
              event.preventDefault()
            }}
            className={`-mb-px rounded-t-md border-b-2 px-4 py-2 text-sm font-bold ${
              active ? 'border-blue-700 text-blue-800' : 'border-transparent text-slate-700 hover:text-slate-900'
            }`}
          >
            {tab.label}
            {tab.invalid ? (
              <span aria-hidden="true" className="ms-1 text-red-700">
                •
              </span>
            ) : null}
          </Control>
        )
      })}
    </div>
  )
  if (!submits) return tablist
  // Enter in a field presses the form's first submit button: this one, so that it still saves
  // rather than opening the first tab.
  return (
    <>
      <button type="submit" name={saveIntent ? 'intent' : undefined} value={saveIntent} hidden tabIndex={-1} />
      {tablist}
    </>
  )
}

export function TabPanel({
  idPrefix,
  id,
  selected,
  children,
}: {
  idPrefix: string
  id: string
  selected: string
  children: React.ReactNode
}) {
  return (
    <div
      role="tabpanel"
      id={`${idPrefix}-panel-${id}`}
      aria-labelledby={`${idPrefix}-tab-${id}`}
      hidden={id !== selected}
      tabIndex={0}
      className="pt-6 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-700"
    >
      {children}
    </div>
  )
}

/** The tab an action's answer opens after a tab was pressed without JavaScript, when it is one of `ids`. */
export function answeredTab<Id extends string>(answer: unknown, ids: readonly Id[]): Id | undefined {
  const tab = answer && typeof answer === 'object' && 'tab' in answer ? answer.tab : undefined
  return ids.find((id) => id === tab)
}
