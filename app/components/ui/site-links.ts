import { useCallback } from 'react'
import { useLocation, useNavigate } from 'react-router'

/**
 * Plain links of the site moved between as React Router's <Link> would, by one click handler on
 * the element around them (docs/decisions/025-hydration.md): each <Link> reads the location, the
 * navigation and its route, which on a first load is work for every link on the page. A click on a
 * link of the site is a navigation in the page (replacing the entry when it is the current
 * address); a new tab, a download, another origin or a modified click is left to the browser.
 */
export function useFollowLinks(): (event: React.MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate()
  const { pathname, search, hash } = useLocation()
  return useCallback(
    (event: React.MouseEvent<HTMLElement>) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return
      const link = event.target instanceof Element ? event.target.closest('a') : null
      if (!link || !event.currentTarget.contains(link) || link.hasAttribute('download')) return
      const target = link.getAttribute('target')
      if (target && target !== '_self') return
      const url = new URL(link.href, window.location.href)
      if (url.origin !== window.location.origin) return
      event.preventDefault()
      const to = `${url.pathname}${url.search}${url.hash}`
      void navigate(to, { replace: to === `${pathname}${search}${hash}` })
    },
    [navigate, pathname, search, hash],
  )
}

/** What a <NavLink> marks as active: the address itself, or (unless `end`) a page under it. */
export function isCurrentPath(pathname: string, to: string, end = false): boolean {
  const here = pathname.toLowerCase()
  const path = to.toLowerCase()
  if (here === path) return true
  return !end && path !== '/' && here.startsWith(path) && here.charAt(path.endsWith('/') ? path.length - 1 : path.length) === '/'
}
