import type express from 'express'
import type { RouterContextProvider } from 'react-router'
import { requestContext, type PageCopyOf } from '~/lib/platform/request-context'

/** The typed context of one request (lib/platform/request-context.ts). */
export function loadContext(req: express.Request, res: express.Response, copyOf?: PageCopyOf): RouterContextProvider {
  return requestContext(
    {
      nonce: String(res.locals.nonce ?? ''),
      clientAddress: req.ip ?? req.socket.remoteAddress ?? 'unknown',
    },
    copyOf,
  )
}
