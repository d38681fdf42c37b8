import { createContext, useContext } from 'react'

/** The Content-Security-Policy nonce; set on the server, empty in the browser (it is not needed there). */
export const NonceContext = createContext('')

export function useNonce(): string {
  return useContext(NonceContext)
}
