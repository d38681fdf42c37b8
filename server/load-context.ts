import type express from 'express'
import type { AppLoadContext } from 'react-router'
import type { CopyForm, FormPost } from '~/lib/forms/page-answer'

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
     * A form sent without JavaScript to a page the page cache keeps: what its action gave, for the
     * answer made from the page's copy (server/form-posts.ts). Set by that server layer.
     */
    formPost?: FormPost
    /** Set while a page is rendered: the public form it shows, which its cached copy keeps. */
    pageForm?: CopyForm | null
  }
}

export function loadContext(req: express.Request, res: express.Response): AppLoadContext {
  return {
    nonce: String(res.locals.nonce ?? ''),
    clientAddress: req.ip ?? req.socket.remoteAddress ?? 'unknown',
  }
}
