/** Calling route loaders and actions as the server does, and reading what they answered. */
import { requestContext } from '~/lib/platform/request-context'

export type Handler = (args: never) => Promise<unknown>

export interface Answer {
  status: number
  /** The returned or thrown value's data (a data() result, or a Response). */
  data: unknown
  response: Response | null
  thrown: boolean
}

/** The HTTP status and data a loader or action answers with: returned or thrown, data() or Response. */
export async function answerOf(handler: Handler, args: object): Promise<Answer> {
  let value: unknown
  let thrown = false
  try {
    value = await handler(args as never)
  } catch (error) {
    value = error
    thrown = true
  }
  if (value instanceof Response) return { status: value.status, data: null, response: value, thrown }
  if (value && typeof value === 'object' && (value as { type?: unknown }).type === 'DataWithResponseInit') {
    const { data, init } = value as { data: unknown; init: ResponseInit | null }
    return { status: init?.status ?? 200, data, response: null, thrown }
  }
  // Anything else thrown is an exception: a server error.
  if (thrown) return { status: 500, data: value, response: null, thrown }
  return { status: 200, data: value, response: null, thrown }
}

export function loadContext(clientAddress = '203.0.113.7') {
  return requestContext({ nonce: 'fuzz-nonce', clientAddress })
}
