import { createContext, useContext } from 'react'
import publicStylesheetUrl from '~/styles/public.css?url'
import staffStylesheetUrl from '~/styles/staff.css?url'
import { isStaffPath } from './staff-path'

/** The stylesheets' addresses (their texts are the server's: app/entry.server.tsx). */
export const PUBLIC_STYLESHEET = publicStylesheetUrl
export const STAFF_STYLESHEET = staffStylesheetUrl

/**
 * The stylesheet of a page: the public pages' or, with the staff screens' rules too, the admin's
 * (app/styles). Public pages then carry none of the staff screens' rules.
 */
export function stylesheetOf(pathname: string): string {
  return isStaffPath(pathname) ? STAFF_STYLESHEET : PUBLIC_STYLESHEET
}

/**
 * The texts of the stylesheets by address, which the page's HTML carries inline: the first paint
 * then needs no second request, which on a slow mobile link is a round trip and a share of the
 * bandwidth with the scripts (docs/decisions/013). The server provides them (app/entry.server.tsx);
 * the browser has none.
 */
export const StylesheetTextContext = createContext<Readonly<Record<string, string>>>({})

/**
 * On the server: the stylesheet's text, which React writes ahead of everything else in <head>. The
 * nonce must be the response's style nonce (renderToPipeableStream's `nonce.style`), or React leaves
 * the text out. In the browser React finds the element the server sent by its `href` and keeps it.
 * A navigation in the browser to a page of the other stylesheet (the home page's staff sign-in link)
 * loads that one as a file; React shows the page once it has arrived.
 */
export function InlineStylesheet({ href, nonce }: { href: string; nonce: string }) {
  const text = useContext(StylesheetTextContext)[href]
  if (text === undefined && !sentWithPage(href)) return <link rel="stylesheet" href={href} precedence="default" />
  return (
    <style href={href} precedence="default" nonce={nonce}>
      {text ?? ''}
    </style>
  )
}

/** Whether the page's HTML brought this stylesheet (React marks it with `data-href`). */
function sentWithPage(href: string): boolean {
  if (typeof document === 'undefined') return true
  return [...document.querySelectorAll('style[data-href]')].some((element) => element.getAttribute('data-href') === href)
}
