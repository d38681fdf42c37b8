/**
 * What the server hands every loader and action of one request, as React Router's typed context
 * (`context.get(requestInfo)`): set once by the server (server/load-context.ts), read-only after.
 */
import { createContext, RouterContextProvider } from 'react-router'

export interface RequestInfo {
  /** The Content-Security-Policy nonce of this response. */
  readonly nonce: string
  /**
   * The client's address: the connection's, or behind TRUST_PROXY reverse proxies the address the
   * outermost of them saw (Express's `trust proxy` hop count), never a value the client wrote.
   */
  readonly clientAddress: string
}

export const requestInfo = createContext<RequestInfo>()

/** A public page as the page cache holds it: its bytes and the policy they are sent with. */
export interface PageCopy {
  readonly body: Buffer
  readonly contentSecurityPolicy: string
}

/**
 * The page cache's copy of the page a request is for, as a GET of its address would be answered
 * now (server/page-cache.ts), or null: the page a form was sent from, whose saved answer is that
 * copy with the success panel (components/public-form/answer-from-copy.server.tsx). Null in
 * development, where nothing is cached.
 */
export type PageCopyOf = (request: Request) => PageCopy | null

export const pageCopyOf = createContext<PageCopyOf>(() => null)

/** A new context for one request, holding `info`, and the page cache's copies when there is a cache. */
export function requestContext(info: RequestInfo, copyOf?: PageCopyOf): RouterContextProvider {
  const context = new RouterContextProvider()
  context.set(requestInfo, info)
  if (copyOf) context.set(pageCopyOf, copyOf)
  return context
}
