import { useEffect, useRef } from 'react'
import { useLocation } from 'react-router'
import { ChevronDownIcon } from './icons'

/**
 * A disclosure menu built on <details>, so it works before JavaScript loads. With JavaScript it
 * also closes on navigation, on Escape and on a click elsewhere.
 */
export function Dropdown({
  label,
  summaryClassName = '',
  align = 'end',
  children,
}: {
  label: React.ReactNode
  summaryClassName?: string
  align?: 'start' | 'end'
  children: React.ReactNode
}) {
  const ref = useRef<HTMLDetailsElement>(null)
  const location = useLocation()

  useEffect(() => {
    function close(event: Event) {
      const details = ref.current
      if (!details?.open) return
      if (event instanceof KeyboardEvent) {
        if (event.key !== 'Escape') return
        details.open = false
        details.querySelector('summary')?.focus()
        return
      }
      if (!details.contains(event.target as Node)) details.open = false
    }
    document.addEventListener('click', close)
    document.addEventListener('keydown', close)
    return () => {
      document.removeEventListener('click', close)
      document.removeEventListener('keydown', close)
    }
  }, [])

  // Each location has its own <details>, so a navigation in the page leaves the menu closed. Not an
  // effect on the location: that also runs when the menu is hydrated, which on a first load happens
  // at its first use (ui/hydrate-on-use.tsx), and it would close the menu being opened.
  return (
    <details key={location.key} ref={ref} className="group relative">
      <summary
        className={`flex cursor-pointer list-none items-center gap-1 rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100 [&::-webkit-details-marker]:hidden ${summaryClassName}`}
      >
        {label}
        <ChevronDownIcon className="h-4 w-4 transition-transform group-open:rotate-180" />
      </summary>
      <div
        className={`absolute top-full z-50 mt-1 min-w-44 rounded-md border border-slate-200 bg-white py-1 shadow-lg ${
          align === 'end' ? 'end-0' : 'start-0'
        }`}
      >
        {children}
      </div>
    </details>
  )
}

export const dropdownItemClass = 'block w-full px-4 py-2 text-start text-sm text-slate-800 hover:bg-slate-100 focus-visible:bg-slate-100'
