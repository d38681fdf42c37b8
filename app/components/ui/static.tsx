import { useLayoutEffect, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { useRootData } from '~/lib/site/root-data'

/**
 * True until the page's first render in the browser has been committed (`markHydrated`, called by
 * the root once hydrated). Parts rendered before then are hydrating the server's HTML.
 */
let hydrating = true

/** Called by the root's first effect: parts mounted from now on are rendered, not hydrated. */
export function markHydrated() {
  hydrating = false
}

const SERVER_HTML = { __html: '' }

type StaticTag = 'div' | 'section' | 'footer' | 'p' | 'ul' | 'address'

/**
 * A part of a page that shows only what the server sent for it: its texts, links and images, with
 * nothing to press that needs a script (docs/decisions/025-hydration.md). On a page's first load
 * it is not hydrated: React keeps the server's HTML inside the element as it is and never walks
 * it, which on a slow phone is most of the work of making the page interactive. Its links still
 * move inside the site without a full load, as React Router's links do (`followLink`).
 *
 * It shows its children as any element would when it is mounted in the browser (a navigation to
 * the page), and as soon as what it shows could differ from the server's HTML: when the published
 * site or the page's data (`data`, and the root's data it always watches) change in value, or
 * the language. Its children must depend on nothing else (no state, no effects, no handlers, no
 * location): they are never run in the browser on a first load.
 */
export function Static({
  as: Tag = 'div',
  data,
  children,
  ...attributes
}: {
  as?: StaticTag
  /** What the children show besides the root's data (a route's loader data). */
  data?: unknown
  children: React.ReactNode
  id?: string
  className?: string
  'aria-labelledby'?: string
  'aria-label'?: string
}) {
  const root = useRootData()
  const shown = [root, data] as const
  // What the server's HTML shows: set once, when this part hydrates; null when it was rendered.
  const [adopted, setAdopted] = useState<readonly unknown[] | null>(() => (hydrating && typeof document !== 'undefined' ? shown : null))
  const ref = useRef<HTMLElement>(null)
  const navigate = useNavigate()
  const location = useLocation()

  let keep = adopted !== null
  if (adopted && (adopted[0] !== shown[0] || adopted[1] !== shown[1])) {
    // New data (a revalidation, another language): keep the HTML while the values are the same.
    keep = sameValue(adopted, shown)
    setAdopted(keep ? shown : null)
  }

  // A render that was not a hydration after all (React renders the page anew when the server's
  // HTML did not match): the element is empty, and shows its children at once, before the paint.
  useLayoutEffect(() => {
    if (keep && ref.current && !ref.current.hasChildNodes()) setAdopted(null)
  }, [keep])

  if (!keep) {
    return (
      <Tag key="rendered" {...attributes}>
        {children}
      </Tag>
    )
  }
  return (
    <Tag
      key="server"
      {...attributes}
      ref={ref as React.Ref<never>}
      suppressHydrationWarning
      dangerouslySetInnerHTML={SERVER_HTML}
      onClick={(event: React.MouseEvent<HTMLElement>) => followLink(event, navigate, location)}
    />
  )
}

function sameValue(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.every((value, index) => value === b[index] || JSON.stringify(value) === JSON.stringify(b[index]))
}

/**
 * A click on a link of the site inside the server's HTML moves there as React Router's <Link>
 * would (a navigation in the page, replacing the entry when it is the current address); a new tab,
 * a download, another origin or a modified click is left to the browser.
 */
function followLink(
  event: React.MouseEvent<HTMLElement>,
  navigate: ReturnType<typeof useNavigate>,
  location: { pathname: string; search: string; hash: string },
) {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return
  const link = event.target instanceof Element ? event.target.closest('a') : null
  if (!link || !event.currentTarget.contains(link) || link.hasAttribute('download')) return
  const target = link.getAttribute('target')
  if (target && target !== '_self') return
  const url = new URL(link.href, window.location.href)
  if (url.origin !== window.location.origin) return
  event.preventDefault()
  const to = `${url.pathname}${url.search}${url.hash}`
  void navigate(to, { replace: to === `${location.pathname}${location.search}${location.hash}` })
}
