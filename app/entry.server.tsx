import { createReadableStreamFromReadable } from '@react-router/node'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router'
import { ServerRouter } from 'react-router'
import { answerPageFromCopy } from '~/components/public-form/answer-page.server'
import { NonceContext } from '~/lib/platform/nonce'
import { logServerError } from '~/lib/platform/server-errors.server'
import { scriptsAfterFirstPaint } from '~/lib/platform/scripts-after-paint.server'
import { PUBLIC_STYLESHEET, STAFF_STYLESHEET, StylesheetTextContext } from '~/lib/platform/stylesheet'
import publicStylesheetText from '~/styles/public.css?inline'
import staffStylesheetText from '~/styles/staff.css?inline'

export const streamTimeout = 5_000

export const handleError: HandleErrorFunction = (error, { request }) => logServerError(error, request)

/** The stylesheets pages carry inline, by address (lib/platform/stylesheet.tsx). */
const STYLESHEET_TEXTS = { [PUBLIC_STYLESHEET]: publicStylesheetText, [STAFF_STYLESHEET]: staffStylesheetText }

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  // A form sent without JavaScript: its answer in the page's cached copy, when there is one.
  const answer = await answerPageFromCopy(request, routerContext, loadContext.pageCopy)
  if (answer) {
    // The copy brings its own hydration data.
    await routerContext.serverHandoffStream?.cancel()
    responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
    responseHeaders.set('Content-Security-Policy', answer.policy)
    return new Response(streamOf(answer.body), { status: responseStatusCode, headers: responseHeaders })
  }
  return renderPage(request, responseStatusCode, responseHeaders, routerContext, loadContext)
}

/** Bytes already in memory as one chunk, not copied again (a Response copies a buffer it is given). */
function streamOf(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes)
      controller.close()
    },
  })
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
          const body = scriptsAfterFirstPaint()
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
