import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from 'react-router'
import { ServerRouter } from 'react-router'
import { NonceContext } from '~/lib/platform/nonce'
import { requestInfo } from '~/lib/platform/request-context'
import { logServerError } from '~/lib/platform/server-errors.server'
import { scriptsAfterFirstPaint } from '~/lib/platform/scripts-after-paint.server'
import { env } from '~/lib/platform/env.server'
import { workerChoice, workerScript } from '~/lib/offline/registration.server'
import { answerFromCopy } from '~/components/public-form/answer-from-copy.server'
import { isStaffPath } from '~/lib/platform/staff-path'
import { publicRoutes } from '~/lib/platform/public-routes.server'
import { PUBLIC_STYLESHEET, STAFF_STYLESHEET, StylesheetTextContext } from '~/lib/platform/stylesheet'
import publicStylesheetText from '~/styles/public.css?inline'
import staffStylesheetText from '~/styles/staff.css?inline'

export const streamTimeout = 5_000

export const handleError: HandleErrorFunction = (error, { request }) => {
  logServerError(error, request)
}

/** The stylesheets pages carry inline, by address (lib/platform/stylesheet.tsx). */
const STYLESHEET_TEXTS = { [PUBLIC_STYLESHEET]: publicStylesheetText, [STAFF_STYLESHEET]: staffStylesheetText }

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  const fromCopy = answerFromCopy(request, responseStatusCode, responseHeaders, routerContext, loadContext)
  if (fromCopy) return Promise.resolve(fromCopy)
  return renderPage(request, responseStatusCode, responseHeaders, routerContext, loadContext)
}

function renderPage(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
): Promise<Response> {
  const { nonce } = loadContext.get(requestInfo)
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    // Crawlers and non-streaming clients get the whole document at once.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <StylesheetTextContext.Provider value={STYLESHEET_TEXTS}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </StylesheetTextContext.Provider>
      </NonceContext.Provider>,
      {
        // The style nonce goes on the stylesheet React sends inline (lib/platform/stylesheet.tsx).
        nonce: { script: nonce, style: nonce },
        // A Suspense boundary's content stays in its place in the HTML, however large the page
        // before it: React would otherwise send a large one at the end, hidden, for a script to
        // move, and a page without JavaScript would not show it (ui/hydrate-on-use.tsx).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true
          const staffPage = isStaffPath(new URL(request.url).pathname)
          const body = scriptsAfterFirstPaint(
            workerScript(workerChoice(env().SERVICE_WORKER, staffPage)),
            staffPage ? undefined : publicRoutes(routerContext.manifest.routes),
          )
          const stream = createReadableStreamFromReadable(body)
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(error)
        },
      },
    )
    setTimeout(abort, streamTimeout + 1_000)
  })
}
