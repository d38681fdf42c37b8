/**
 * The browser's side of the live updates. `useDeskConnection` (once, in the admin shell) keeps the
 * event stream open, keeps the pending counts and passes what it hears to the pages;
 * `useRevalidateOnDeskEvent` (in the dashboard and the request lists) reloads the page's data when
 * a request of its kind arrives, and once after a reconnection, when announcements may have been
 * missed. EventSource reconnects by itself.
 */
import { useEffect, useRef, useState } from 'react'
import { useFetchers, useNavigation, useRevalidator } from 'react-router'
import { DESK_EVENTS_PATH, parseDeskEvent, SESSION_CHECK_PATH, type DeskCounts, type DeskEvent, type DeskKind } from './desk-events'

/** How long after a refused stream (not a signed-out session) the page asks for it again. */
const REOPEN_MS = 5_000

type BrowserDeskMessage = { type: 'created'; event: DeskEvent } | { type: 'resync' }

const listeners = new Set<(message: BrowserDeskMessage) => void>()

function publish(message: BrowserDeskMessage) {
  for (const listener of [...listeners]) listener(message)
}

/**
 * Opens the stream for the given kinds and returns the pending counts. With no kinds (an editor) it
 * carries only the end of the session. `onCreated` hears every new request (for the notification).
 * The stream is opened again after a form of this tab changed something, so the counts follow
 * status changes made here.
 */
export function useDeskConnection(kinds: readonly DeskKind[], onCreated: (event: DeskEvent) => void): DeskCounts {
  const [counts, setCounts] = useState<DeskCounts>({})
  const created = useRef(onCreated)
  useEffect(() => {
    created.current = onCreated
  })
  const generation = useMutationsDone()
  const key = kinds.join(',')
  const [attempt, setAttempt] = useState(0)

  useEffect(() => {
    if (typeof EventSource === 'undefined') return
    const source = new EventSource(DESK_EVENTS_PATH)
    let opened = false
    let stopped = false
    let reopen: ReturnType<typeof setTimeout> | undefined
    source.addEventListener('open', () => {
      // A reconnection: announcements made meanwhile were not heard.
      if (opened) publish({ type: 'resync' })
      opened = true
    })
    source.addEventListener('hello', (message) => {
      try {
        setCounts(JSON.parse((message as MessageEvent<string>).data) as DeskCounts)
      } catch {
        // Not our stream's message; the counts stay.
      }
    })
    source.addEventListener('created', (message) => {
      const event = parseDeskEvent((message as MessageEvent<string>).data)
      if (!event) return
      setCounts((current) => ({ ...current, [event.kind]: event.pending }))
      publish({ type: 'created', event })
      created.current(event)
    })
    source.addEventListener('resync', () => publish({ type: 'resync' }))
    // Another tab took this one's place (too many open): this one stops instead of taking it back.
    source.addEventListener('evicted', () => source.close())
    // The session was signed out, ended or disabled: the page loads again, and the server sends it
    // to the sign-in page (or to the set-up of two-step sign-in).
    source.addEventListener('reload', () => {
      source.close()
      window.location.reload()
    })
    // After a dropped connection the browser tries again by itself. After an answer that is no
    // stream it stops: a 401 when the session ended while the stream was away (the page then goes
    // to the sign-in page), or a 503 while the database is away (the stream is asked for again later).
    source.addEventListener('error', () => {
      if (source.readyState !== EventSource.CLOSED) return
      void sessionHolds().then((holds) => {
        if (stopped) return
        if (holds === false) window.location.reload()
        else reopen = setTimeout(() => setAttempt((n) => n + 1), REOPEN_MS)
      })
    })
    return () => {
      stopped = true
      clearTimeout(reopen)
      source.close()
    }
  }, [key, generation, attempt])

  return counts
}

/** Whether the session holds: false once it is over, null when the server cannot tell now. */
async function sessionHolds(): Promise<boolean | null> {
  try {
    const response = await fetch(SESSION_CHECK_PATH, { cache: 'no-store' })
    return response.status === 401 ? false : response.ok ? true : null
  } catch {
    return null
  }
}

/** Counts the finished form submissions (not searches) of this tab: navigations and fetchers. */
function useMutationsDone(): number {
  const navigation = useNavigation()
  const fetchers = useFetchers()
  const mutating =
    (navigation.state !== 'idle' && Boolean(navigation.formMethod) && navigation.formMethod !== 'GET') ||
    fetchers.some((f) => f.state !== 'idle' && Boolean(f.formMethod) && f.formMethod !== 'GET')
  const [done, setDone] = useState({ mutating: false, count: 0 })
  if (done.mutating !== mutating) setDone({ mutating, count: mutating ? done.count : done.count + 1 })
  return done.count
}

/** Reloads the page's data when a request of one of `kinds` arrives (all kinds when none given). */
export function useRevalidateOnDeskEvent(...kinds: DeskKind[]): void {
  const { revalidate } = useRevalidator()
  const key = kinds.join(',')
  useEffect(() => {
    const wanted = key ? key.split(',') : null
    const listener = (message: BrowserDeskMessage) => {
      if (message.type === 'resync' || !wanted || wanted.includes(message.event.kind)) void revalidate()
    }
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  }, [key, revalidate])
}
