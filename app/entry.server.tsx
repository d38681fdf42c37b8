import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router'
import { ServerRouter } from 'react-router'
import { formOfPage } from '~/components/public-form/answer-page.server'
import { NonceContext } from '~/lib/platform/nonce'
import { handleServerError } from '~/lib/platform/server-errors.server'
import { scriptsAfterFirstPaint } from '~/lib/platform/scripts-after-paint.server'
import { env } from '~/lib/platform/env.server'
import { workerChoice, workerScript } from '~/lib/offline/registration.server'
import { isStaffPath } from '~/lib/staff/staff-path'
import { PUBLIC_STYLESHEET, STAFF_STYLESHEET, StylesheetTextContext } from '~/lib/platform/stylesheet'
import publicStylesheetText from '~/styles/public.css?inline'
import staffStylesheetText from '~/styles/staff.css?inline'

export const streamTimeout = 5_000

export const handleError: HandleErrorFunction = (error, args) => handleServerError(error, args)

/** The stylesheets pages carry inline, by address (lib/platform/stylesheet.tsx). */
const STYLESHEET_TEXTS = { [PUBLIC_STYLESHEET]: publicStylesheetText, [STAFF_STYLESHEET]: staffStylesheetText }

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  // The page's public form, kept with the page cache's copy of the page (server/form-posts.ts).
  if (request.method === 'GET' || request.method === 'HEAD') loadContext.pageForm = formOfPage(request, routerContext)
  return renderPage(request, responseStatusCode, responseHeaders, routerContext, loadContext)
}

function renderPage(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  const nonce = loadContext.nonce
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
        [readyOption]() {
          shellRendered = true
          const staffPage = isStaffPath(new URL(request.url).pathname)
          const body = scriptsAfterFirstPaint(workerScript(workerChoice(env().SERVICE_WORKER, staffPage)))
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
