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

/** A new context for one request, holding `info`. */
export function requestContext(info: RequestInfo): RouterContextProvider {
  const context = new RouterContextProvider()
  context.set(requestInfo, info)
  return context
}
