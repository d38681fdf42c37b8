import type express from 'express'
import type { AppLoadContext } from 'react-router'
import type { PageCopy } from '~/lib/forms/page-answer'

declare module 'react-router' {
  interface AppLoadContext {
    /** The Content-Security-Policy nonce of this response. */
    nonce: string
    /**
     * The client's address: the connection's, or behind TRUST_PROXY reverse proxies the address
     * the outermost of them saw (Express's `trust proxy` hop count), never a value the client wrote.
     */
    clientAddress: string
    /**
     * For a POST to a public page: the page cache's copy of that page (rendered and stored if need
     * be), from which the answer to a form sent without JavaScript is made. Set by the page cache.
     */
    pageCopy?: () => Promise<PageCopy | null>
  }
}

export function loadContext(req: express.Request, res: express.Response): AppLoadContext {
  return {
    nonce: String(res.locals.nonce ?? ''),
    clientAddress: req.ip ?? req.socket.remoteAddress ?? 'unknown',
  }
}
