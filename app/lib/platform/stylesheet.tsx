import { createContext, useContext } from 'react'

/**
 * The site's stylesheet, sent inside the page's HTML: the first paint then needs no second request,
 * which on a slow mobile link is a round trip and a share of the bandwidth with the scripts
 * (docs/performance.md). The server provides the text (app/entry.server.tsx); in the browser React
 * finds the element by its `href` and keeps it, so the text is not needed there.
 */
export const StylesheetTextContext = createContext('')

/**
 * React writes the element ahead of everything else in <head>. The nonce must be the response's
 * style nonce (renderToPipeableStream's `nonce.style`), or React leaves the text out.
 */
export function InlineStylesheet({ href, nonce }: { href: string; nonce: string }) {
  const text = useContext(StylesheetTextContext)
  return (
    <style href={href} precedence="default" nonce={nonce}>
      {text}
    </style>
  )
}
