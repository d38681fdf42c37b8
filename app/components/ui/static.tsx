import { useLayoutEffect, useRef, useState } from 'react'
import { useRootData } from '~/lib/site/root-data'
import { isFirstLoad } from './first-load'
import { useFollowLinks } from './site-links'

const SERVER_HTML = { __html: '' }

type StaticTag = 'div' | 'section' | 'footer' | 'p' | 'ul' | 'address'

/**
 * A part of a page that shows only what the server sent for it: its texts, links and images, with
 * nothing to press that needs a script (docs/decisions/025-hydration.md). On a page's first load
 * it is not hydrated: React keeps the server's HTML inside the element as it is and never walks
 * it, which on a slow phone is most of the work of making the page interactive. Its links still
 * move inside the site without a full load, as React Router's links do (`useFollowLinks`).
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
  const [adopted, setAdopted] = useState<readonly unknown[] | null>(() => (isFirstLoad() ? shown : null))
  const ref = useRef<HTMLElement>(null)
  const followLinks = useFollowLinks()

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
      onClick={followLinks}
    />
  )
}

function sameValue(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.every((value, index) => value === b[index] || JSON.stringify(value) === JSON.stringify(b[index]))
}
